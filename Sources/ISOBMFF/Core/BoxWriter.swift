import MediaFormats

/// Box writing is the package's one byte writer (`MediaFormats.ByteWriter`: `write*` appends big-endian fields,
/// `set*(at:)` patches) with the box verbs below. A box is begun with a placeholder size and back-patched when it
/// ends (`beginBox`/`endBox`, or `writeBox`); a box that ends up larger than 4 GiB is switched to a 64-bit
/// `largesize` header then.
package typealias BoxWriter = ByteWriter

/// A box begun with `beginBox` and not yet ended.
package struct OpenBox: Sendable {
    /// Index of the header's first byte.
    package let start: Int
    /// The box type.
    package let type: FourCC
    /// How the size is to be written.
    package let sizeEncoding: BoxSizeEncoding
}

extension ByteWriter {
    /// Appends a four-character code.
    package mutating func writeFourCC(_ code: FourCC) { writeUInt32(code.rawValue) }
    /// Appends a fixed-point number in its stored width.
    package mutating func writeFixed<F: FixedPointNumber>(_ value: F) { writeInteger(value.rawValue) }
    /// Appends a packed language code.
    package mutating func writeLanguage(_ language: PackedLanguageCode) { writeUInt16(language.rawValue) }

    /// Appends a Pascal string: a count byte, then the bytes. Throws if there are more than 255.
    package mutating func writePascalString(_ text: [UInt8], in boxType: FourCC) throws(BoxWriteError) {
        guard text.count <= 255 else {
            throw BoxWriteError(boxType, "a Pascal string holds at most 255 bytes, not \(text.count)")
        }
        writeUInt8(UInt8(text.count))
        writeBytes(text)
    }

    /// Appends a full box's version and 24-bit flags (ISO/IEC 14496-12 §4.2).
    package mutating func writeFullBoxHeader(version: UInt8, flags: UInt32) {
        writeUInt8(version)
        writeUInt24(flags)
    }

    /// Appends `count` bytes that `body` fills in place: how tables are written without a call per field. The bytes
    /// are filled here rather than through `ByteWriter.writeInPlace(count:)`: a closure handed to the shared writer in
    /// another module is called through a pointer for every entry, never inlined.
    @inline(__always)
    package mutating func writeTable(count: Int, _ body: (UnsafeMutableRawBufferPointer) -> Void) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        bytes.withUnsafeMutableBytes { raw in body(UnsafeMutableRawBufferPointer(rebasing: raw[start..<start + count])) }
    }

    /// Appends `records`, each encoded by `encode` into its `recordSize` bytes, in one pass.
    @inline(__always)
    package mutating func writeRecords<T>(_ records: [T], recordSize: Int,
                                          _ encode: (T, UnsafeMutableRawBufferPointer, Int) -> Void) {
        writeTable(count: records.count * recordSize) { raw in
            var offset = 0
            for record in records {
                encode(record, raw, offset)
                offset &+= recordSize
            }
        }
    }

    /// Appends an entry count, throwing if it does not fit 32 bits.
    package mutating func writeCount(_ count: Int, in type: FourCC) throws(BoxWriteError) {
        guard let value = UInt32(exactly: count) else {
            throw BoxWriteError(type, "\(count) entries do not fit a 32-bit count")
        }
        writeUInt32(value)
    }

    // MARK: Boxes

    /// Writes a header with a placeholder size; the payload follows, then `endBox` patches the size.
    package mutating func beginBox(_ type: FourCC, sizeEncoding: BoxSizeEncoding = .compact) -> OpenBox {
        let start = count
        writeUInt32(sizeEncoding == .large ? 1 : 0)
        writeFourCC(type)
        if sizeEncoding == .large { writeUInt64(0) }
        return OpenBox(start: start, type: type, sizeEncoding: sizeEncoding)
    }

    /// Patches the size of `box`, which must be the innermost open box. A compact box larger than 4 GiB gets a
    /// 64-bit `largesize` (its payload moves 8 bytes up).
    package mutating func endBox(_ box: OpenBox) throws(BoxWriteError) {
        try endBox(box, largestCompactSize: Int(UInt32.max))
    }

    /// `endBox` with the largest size written compactly given: only tests lower it, to exercise the switch to
    /// `largesize` without writing 4 GiB.
    mutating func endBox(_ box: OpenBox, largestCompactSize: Int) throws(BoxWriteError) {
        do throws(MediaFormatError) {
            let size = count - box.start
            guard box.start >= 0, size >= (box.sizeEncoding == .large ? 16 : 8) else {
                throw MediaFormatError(.invalidValue, at: Int64(box.start), "the box was not begun in this writer")
            }
            switch box.sizeEncoding {
            case .extendsToEnd:
                return
            case .large:
                try setUInt64(UInt64(size), at: box.start + 8)
            case .compact:
                if size <= largestCompactSize, let size32 = UInt32(exactly: size) {
                    try setUInt32(size32, at: box.start)
                } else {
                    try insertBytes([UInt8](repeating: 0, count: 8), at: box.start + 8)
                    try setUInt32(1, at: box.start)
                    try setUInt64(UInt64(size + 8), at: box.start + 8)
                }
            }
        } catch {
            throw BoxWriteError(box.type, "cannot end the box: \(error.message)")
        }
    }

    /// Writes `box` with its header: begin, payload, end.
    package mutating func writeBox(_ box: any Box, sizeEncoding: BoxSizeEncoding = .compact) throws(BoxWriteError) {
        let open = beginBox(box.boxType, sizeEncoding: sizeEncoding)
        try box.write(to: &self)
        try endBox(open)
    }

    /// Writes a parsed or built node: its box, then any bytes the parser left unread, with the header form it had.
    package mutating func writeNode(_ node: BoxNode) throws(BoxWriteError) {
        let open = beginBox(node.box.boxType, sizeEncoding: node.sizeEncoding)
        try node.box.write(to: &self)
        writeBytes(node.trailingBytes)
        try endBox(open)
    }

    /// Writes each node in order.
    package mutating func writeNodes(_ list: BoxList) throws(BoxWriteError) {
        for node in list { try writeNode(node) }
    }
}
