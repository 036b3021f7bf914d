/// Clean aperture (`clap`, ISO/IEC 14496-12 §12.1.4): the displayed rectangle as fractions, centred on the picture
/// centre plus an offset.
package struct CleanApertureBox: SingleTypeBox {
    package static let type: FourCC = "clap"
    /// Width numerator.
    package var widthN: UInt32
    /// Width denominator.
    package var widthD: UInt32
    /// Height numerator.
    package var heightN: UInt32
    /// Height denominator.
    package var heightD: UInt32
    /// Horizontal offset numerator (signed).
    package var horizontalOffsetN: Int32
    /// Horizontal offset denominator.
    package var horizontalOffsetD: UInt32
    /// Vertical offset numerator (signed).
    package var verticalOffsetN: Int32
    /// Vertical offset denominator.
    package var verticalOffsetD: UInt32

    /// An aperture of `width`×`height` pixels centred on the picture.
    package init(width: UInt32, height: UInt32) {
        (widthN, widthD, heightN, heightD) = (width, 1, height, 1)
        (horizontalOffsetN, horizontalOffsetD, verticalOffsetN, verticalOffsetD) = (0, 1, 0, 1)
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        widthN = try reader.readUInt32()
        widthD = try reader.readUInt32()
        heightN = try reader.readUInt32()
        heightD = try reader.readUInt32()
        horizontalOffsetN = try reader.readInt32()
        horizontalOffsetD = try reader.readUInt32()
        verticalOffsetN = try reader.readInt32()
        verticalOffsetD = try reader.readUInt32()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeUInt32(widthN)
        writer.writeUInt32(widthD)
        writer.writeUInt32(heightN)
        writer.writeUInt32(heightD)
        writer.writeInt32(horizontalOffsetN)
        writer.writeUInt32(horizontalOffsetD)
        writer.writeInt32(verticalOffsetN)
        writer.writeUInt32(verticalOffsetD)
    }
}
