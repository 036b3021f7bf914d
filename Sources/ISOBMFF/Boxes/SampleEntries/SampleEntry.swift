/// What every sample entry shares (ISO/IEC 14496-12 §8.5.2.2 SampleEntry; QuickTime "General structure of a sample
/// description"): six reserved bytes and a data reference index, then format-specific fields and child boxes.
package protocol SampleEntry: Box {
    /// The 8-byte header.
    var header: SampleEntryHeader { get set }
}

extension SampleEntry {
    /// 1-based index into the track's `dref`.
    package var dataReferenceIndex: UInt16 {
        get { header.dataReferenceIndex }
        set { header.dataReferenceIndex = newValue }
    }
}

/// The 8-byte header of a sample entry.
package struct SampleEntryHeader: Hashable, Sendable {
    /// Six bytes that must be zero (ISO/IEC 14496-12 §8.5.2.2); kept as stored so a producer that filled them
    /// round-trips.
    package var reserved: [UInt8]
    /// 1-based index into the track's `dref`.
    package var dataReferenceIndex: UInt16

    /// A header with zero reserved bytes.
    package init(dataReferenceIndex: UInt16 = 1) {
        reserved = [0, 0, 0, 0, 0, 0]
        self.dataReferenceIndex = dataReferenceIndex
    }

    init(reserved: [UInt8], dataReferenceIndex: UInt16) {
        self.reserved = reserved
        self.dataReferenceIndex = dataReferenceIndex
    }
}

extension BoxReader {
    /// Reads the 8-byte sample entry header.
    package mutating func readSampleEntryHeader() throws(BoxParseError) -> SampleEntryHeader {
        let reserved = try readBytes(count: 6)
        if reserved.contains(where: { $0 != 0 }) { warn("sample entry reserved bytes are not zero: \(reserved)") }
        return SampleEntryHeader(reserved: reserved, dataReferenceIndex: try readUInt16())
    }
}

extension BoxWriter {
    /// Appends the 8-byte sample entry header.
    package mutating func writeSampleEntryHeader(_ header: SampleEntryHeader) throws(BoxWriteError) {
        guard header.reserved.count == 6 else { throw BoxWriteError("stsd", "sample entry reserved bytes must be 6") }
        writeBytes(header.reserved)
        writeUInt16(header.dataReferenceIndex)
    }
}
