/// File type and compatibility (`ftyp`, ISO/IEC 14496-12 §4.3; QuickTime "File type compatibility atom").
package struct FileTypeBox: SingleTypeBox {
    package static let type: FourCC = "ftyp"
    /// The brand the file mainly conforms to (`isom`, `mp42`, `qt  `, `M4A `…).
    package var majorBrand: FourCC
    /// The major brand's version.
    package var minorVersion: UInt32
    /// Every brand the file conforms to.
    package var compatibleBrands: [FourCC]

    /// A file type with the given brands.
    package init(majorBrand: FourCC, minorVersion: UInt32 = 0, compatibleBrands: [FourCC]) {
        self.majorBrand = majorBrand
        self.minorVersion = minorVersion
        self.compatibleBrands = compatibleBrands
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        (majorBrand, minorVersion, compatibleBrands) = try FileTypeBox.readBrands(&reader)
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        FileTypeBox.writeBrands(majorBrand, minorVersion, compatibleBrands, to: &writer)
    }

    /// True when the brands say QuickTime rather than ISO.
    package var isQuickTime: Bool { majorBrand == "qt  " }

    static func readBrands(_ reader: inout BoxReader) throws(BoxParseError) -> (FourCC, UInt32, [FourCC]) {
        let major = try reader.readFourCC()
        let minor = try reader.readUInt32()
        let brands = try reader.readUInt32Array(count: reader.readableBytes / 4).map(FourCC.init(rawValue:))
        return (major, minor, brands)
    }

    static func writeBrands(_ major: FourCC, _ minor: UInt32, _ brands: [FourCC], to writer: inout BoxWriter) {
        writer.writeFourCC(major)
        writer.writeUInt32(minor)
        for brand in brands { writer.writeFourCC(brand) }
    }
}
