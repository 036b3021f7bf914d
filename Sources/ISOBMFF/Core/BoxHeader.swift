/// How a box header states the box's size (ISO/IEC 14496-12 §4.2). Kept per box so a re-serialised file matches
/// the original byte for byte.
package enum BoxSizeEncoding: Hashable, Sendable {
    /// A 32-bit size (or a 64-bit one when the box turns out larger than 4 GiB).
    case compact
    /// `size == 1` and a 64-bit `largesize`, even when the box would fit in 32 bits (some muxers always do this for
    /// `mdat`).
    case large
    /// `size == 0`: the box extends to the end of the file (or, inside a box, of its parent).
    case extendsToEnd
}

/// A parsed box header: type, where the box starts, how long it is and how its size was written.
package struct BoxHeader: Hashable, Sendable {
    /// The box type.
    package var type: FourCC
    /// Absolute file offset of the first header byte.
    package var offset: Int64
    /// Total size including the header (resolved for `extendsToEnd`).
    package var size: UInt64
    /// Header length: 8, or 16 with `largesize`. (A `uuid` box's 16-byte user type is read by `UUIDBox` as the
    /// start of its payload, so that every box is framed the same way.)
    package var headerSize: Int
    /// How the size was written.
    package var sizeEncoding: BoxSizeEncoding

    /// Absolute file offset of the first payload byte.
    package var payloadOffset: Int64 { offset + Int64(headerSize) }
    /// Payload length.
    package var payloadSize: UInt64 { size - UInt64(headerSize) }
    /// Absolute file offset one past the box.
    package var endOffset: Int64 { offset + Int64(size) }

    /// A header with the given fields.
    package init(type: FourCC, offset: Int64, size: UInt64, headerSize: Int, sizeEncoding: BoxSizeEncoding) {
        self.type = type
        self.offset = offset
        self.size = size
        self.headerSize = headerSize
        self.sizeEncoding = sizeEncoding
    }

    /// Reads a header at the reader's position. `available` is the number of bytes from the header's first byte to
    /// the end of the parent (or file); it resolves `size == 0`. The declared size may exceed `available`: callers
    /// decide whether that is a truncation (end of file) or an error (a child running past its parent).
    package static func read(from reader: inout BoxReader, available: UInt64) throws(BoxParseError) -> BoxHeader {
        let offset = reader.offset
        let size32 = try reader.readUInt32()
        let type = try reader.readFourCC()
        var headerSize = 8
        var size: UInt64
        var encoding = BoxSizeEncoding.compact
        switch size32 {
        case 0:
            encoding = .extendsToEnd
            size = available
        case 1:
            encoding = .large
            size = try reader.readUInt64()
            headerSize = 16
        default:
            size = UInt64(size32)
        }
        guard size >= UInt64(headerSize) else {
            throw BoxParseError(.invalidBoxSize, path: reader.path.appending(type), offset: offset,
                                "box '\(type)' declares \(size) bytes, less than its \(headerSize)-byte header")
        }
        guard size <= UInt64(Int64.max) else {
            throw BoxParseError(.invalidBoxSize, path: reader.path.appending(type), offset: offset,
                                "box '\(type)' declares \(size) bytes, more than any file can hold")
        }
        return BoxHeader(type: type, offset: offset, size: size, headerSize: headerSize, sizeEncoding: encoding)
    }
}

extension BoxReader {
    /// Reads the next child box's header and returns it with a reader over the child's payload (sharing storage,
    /// path extended by the child). Returns `nil` when fewer than 8 bytes remain: QuickTime ends some atom lists
    /// with a 4-byte zero terminator, which the caller keeps as the parent's trailing bytes.
    ///
    /// Refuses a child that runs past its parent and a nesting deeper than `Limits.maximumDepth`. `counts` tracks
    /// how many siblings of each type were seen, for the child's `BoxPath` index.
    package mutating func readChild(counts: inout [FourCC: Int]) throws(BoxParseError)
        -> (header: BoxHeader, payload: BoxReader)? {
        guard readableBytes >= 8 else { return nil }
        let start = readerIndex
        let header = try BoxHeader.read(from: &self, available: UInt64(endIndex - start))
        let index = counts[header.type, default: 0] + 1
        counts[header.type] = index
        let childPath = path.appending(header.type, index: index)
        guard header.size <= UInt64(endIndex - start) else {
            throw BoxParseError(.invalidBoxSize, path: childPath, offset: header.offset,
                                "box '\(header.type)' declares \(header.size) bytes but its parent has "
                                    + "\(endIndex - start) left")
        }
        guard childPath.depth <= context.options.maximumDepth else {
            throw BoxParseError(.limitExceeded, path: childPath, offset: header.offset,
                                "boxes nest deeper than the limit of \(context.options.maximumDepth)")
        }
        try moveReaderIndex(to: start + header.headerSize)
        var payload = try readSlice(count: Int(header.payloadSize))
        payload.path = childPath
        return (header, payload)
    }
}
