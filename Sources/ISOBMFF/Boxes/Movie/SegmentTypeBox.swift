/// Segment type (`styp`, ISO/IEC 14496-12 §8.16.2): `ftyp`'s layout at the start of a media segment.
package struct SegmentTypeBox: SingleTypeBox {
    package static let type: FourCC = "styp"
    /// The brand the segment mainly conforms to.
    package var majorBrand: FourCC
    /// The major brand's version.
    package var minorVersion: UInt32
    /// Every brand the segment conforms to.
    package var compatibleBrands: [FourCC]

    /// A segment type with the given brands.
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
}
