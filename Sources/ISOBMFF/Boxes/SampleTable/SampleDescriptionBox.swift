/// The codec configurations of a track (`stsd`, ISO/IEC 14496-12 §8.5.2; QuickTime "Sample description atom"):
/// one sample entry per configuration, read according to the media handler.
///
/// A parsed `stsd` keeps its entries as the file stores them (`StoredSampleEntries`: their bytes, one buffer) and
/// parses an entry again when it is asked for: every entry is parsed once while the box is read, so a malformed one
/// is refused then as before, but a table of 100,000 entries is kept in its own bytes rather than as 100,000 parsed
/// boxes. An `stsd` made in memory (the writer's) holds parsed entries.
package struct SampleDescriptionBox: SingleTypeBox, BoxContainer {
    package static let type: FourCC = "stsd"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// The entries when they were made, not read (then `stored` is nil).
    private var made: BoxList
    /// The entries as the file stores them, when the box was read.
    package private(set) var stored: StoredSampleEntries?

    /// The sample entries; a sample's description index is 1-based into this list. For a box that was read, every
    /// entry is parsed again: `entryCount`, `entry(at:)` and `entryType(at:)` ask for one.
    package var children: BoxList {
        get { stored.map { stored in BoxList(nodes: (0..<stored.count).map(stored.entry(at:))) } ?? made }
        set {
            made = newValue
            stored = nil
        }
    }

    /// The number of sample entries.
    package var entryCount: Int { stored?.count ?? made.count }

    /// The sample entry at `index` (0-based), parsed now when the box was read.
    package func entry(at index: Int) -> BoxNode { stored?.entry(at: index) ?? made[index] }

    /// The type (coding name) of the sample entry at `index`, without parsing it.
    package func entryType(at index: Int) -> FourCC { stored?.type(at: index) ?? made[index].type }

    /// A table with the given entries.
    package init(entries: BoxList) { made = entries }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        let count = try reader.readUInt32()
        made = []
        stored = try StoredSampleEntries(parsing: &reader, count: count)
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        try writer.writeCount(entryCount, in: Self.type)
        if let stored {
            writer.writeBytes(stored.bytes)
        } else {
            try made.write(to: &writer)
        }
    }

    /// Equal when the headers and the entries are, however each box holds them.
    package static func == (lhs: SampleDescriptionBox, rhs: SampleDescriptionBox) -> Bool {
        guard lhs.fullBoxHeader == rhs.fullBoxHeader else { return false }
        if let left = lhs.stored, let right = rhs.stored { return left.bytes == right.bytes && left.starts == right.starts }
        return lhs.children == rhs.children
    }
}

/// The sample entries of a read `stsd`: their bytes as the file stores them and where each starts, and what parsing
/// one again needs (the parse context of the `stsd`).
package struct StoredSampleEntries: Sendable {
    /// The entries' bytes, back to back, as in the file.
    package let bytes: [UInt8]
    /// Where each entry starts in `bytes`; an entry ends where the next starts (the last at the end).
    package let starts: [UInt32]
    /// The file offset of `bytes[0]`.
    private let baseOffset: Int64
    /// The parts of the `stsd`'s parse context that its entries are read with.
    private let options: ParseOptions
    private let handlerType: FourCC?
    private let isQuickTimeFile: Bool?
    private let isInsideMetadata: Bool
    private let metadataItemsUseKeys: Bool

    /// The number of entries.
    package var count: Int { starts.count }

    /// Reads `count` entries from `reader`, parsing each (a malformed entry throws, as a parsed list would) but
    /// keeping only their bytes; bytes after the last entry stay unread for the box's node.
    init(parsing reader: inout BoxReader, count: UInt32) throws(BoxParseError) {
        // Every entry needs at least an 8-byte header: refuse counts the data cannot hold before reserving.
        let n = try reader.checkCount(count, elementSize: 8, "child box")
        var starts: [UInt32] = []
        starts.reserveCapacity(n)
        var probe = reader
        let first = reader.readerIndex
        var counts: [FourCC: Int] = [:]
        for index in 0..<n {
            starts.append(UInt32(probe.readerIndex - first))
            guard let (header, payload) = try probe.readChild(counts: &counts) else {
                throw probe.error(.unexpectedEnd, "declares \(n) entries but only \(index) fit")
            }
            _ = try BoxNode.parse(header: header, payload: payload, scope: .sampleDescriptions)
        }
        baseOffset = reader.offset
        bytes = try reader.readBytes(count: probe.readerIndex - first)
        self.starts = starts
        options = reader.context.options
        handlerType = reader.context.handlerType
        isQuickTimeFile = reader.context.isQuickTimeFile
        isInsideMetadata = reader.context.isInsideMetadata
        metadataItemsUseKeys = reader.context.metadataItemsUseKeys
    }

    private func range(at index: Int) -> Range<Int> {
        Int(starts[index])..<(index + 1 < starts.count ? Int(starts[index + 1]) : bytes.count)
    }

    /// The type of entry `index`, read from its header.
    package func type(at index: Int) -> FourCC {
        let start = Int(starts[index])
        return FourCC(rawValue: bytes[start + 4..<start + 8].reduce(0) { $0 << 8 | UInt32($1) })
    }

    /// Entry `index`, parsed from its bytes with the context it was first parsed with (its warnings are not
    /// recorded again, and it is given the path `stsd/…`, not the track's: no message of this parse is kept, and
    /// its nesting is shallower than the first parse's, which passed the depth limit). The first parse succeeded on
    /// the same bytes, so this one does too; should it not, the entry is given as its raw bytes rather than failing
    /// a caller that can only use it.
    package func entry(at index: Int) -> BoxNode {
        let range = range(at: index)
        var context = ParseContext(options: options)
        context.scope = .sampleDescriptions
        context.handlerType = handlerType
        context.isQuickTimeFile = isQuickTimeFile
        context.isInsideMetadata = isInsideMetadata
        context.metadataItemsUseKeys = metadataItemsUseKeys
        var reader = BoxReader(Array(bytes[range]), baseOffset: baseOffset + Int64(range.lowerBound),
                               path: BoxPath.root.appending(SampleDescriptionBox.type), context: context)
        var counts: [FourCC: Int] = [:]
        if let (header, payload) = try? reader.readChild(counts: &counts),
           let node = try? BoxNode.parse(header: header, payload: payload, scope: .sampleDescriptions) {
            return node
        }
        return BoxNode(UnknownBox(type: type(at: index), payload: Array(bytes[range].dropFirst(8))))
    }
}
