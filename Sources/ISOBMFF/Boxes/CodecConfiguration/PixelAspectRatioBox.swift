/// Pixel aspect ratio (`pasp`, ISO/IEC 14496-12 §12.1.4): a pixel's width to height as `hSpacing:vSpacing`.
package struct PixelAspectRatioBox: SingleTypeBox {
    package static let type: FourCC = "pasp"
    /// Relative width of a pixel.
    package var hSpacing: UInt32
    /// Relative height of a pixel.
    package var vSpacing: UInt32

    /// A ratio.
    package init(hSpacing: UInt32, vSpacing: UInt32) {
        self.hSpacing = hSpacing
        self.vSpacing = vSpacing
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        hSpacing = try reader.readUInt32()
        vSpacing = try reader.readUInt32()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeUInt32(hSpacing)
        writer.writeUInt32(vSpacing)
    }
}
