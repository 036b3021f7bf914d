/// A fragment's sequence number (`mfhd`, ISO/IEC 14496-12 §8.8.5).
package struct MovieFragmentHeaderBox: SingleTypeBox {
    package static let type: FourCC = "mfhd"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// Increases with each fragment in the file.
    package var sequenceNumber: UInt32

    /// A header with the given sequence number.
    package init(sequenceNumber: UInt32) { self.sequenceNumber = sequenceNumber }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        sequenceNumber = try reader.readUInt32()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        writer.writeUInt32(sequenceNumber)
    }
}
