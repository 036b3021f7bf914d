/// The last box of `mfra`, giving its size so a reader can find `mfra` from the end of the file (`mfro`, ISO/IEC
/// 14496-12 §8.8.11).
package struct MovieFragmentRandomAccessOffsetBox: SingleTypeBox {
    package static let type: FourCC = "mfro"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// Size of the enclosing `mfra` in bytes.
    package var mfraSize: UInt32

    /// A trailer for an `mfra` of `mfraSize` bytes.
    package init(mfraSize: UInt32) { self.mfraSize = mfraSize }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        mfraSize = try reader.readUInt32()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        writer.writeUInt32(mfraSize)
    }
}
