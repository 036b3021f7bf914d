/// Appends big-endian fields and whole boxes to a byte buffer, in swift-nio's grammar: `write*` appends,
/// `set*(at:)` patches an index already written.
///
/// A box is begun with a placeholder size and back-patched when it ends (`beginBox`/`endBox`, or `writeBox`); a box
/// that ends up larger than 4 GiB is switched to a 64-bit `largesize` header then.
package struct BoxWriter: Sendable {
    /// Everything written so far.
    package private(set) var bytes: [UInt8]

    /// Largest box written with a 32-bit size; larger compact boxes switch to `largesize`. Only tests lower it, to
    /// exercise the switch without writing 4 GiB.
    var largestCompactSize = Int(UInt32.max)

    /// An empty writer with room for `capacity` bytes.
    package init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Number of bytes written.
    package var count: Int { bytes.count }

    // MARK: Fields

    /// Appends an 8-bit integer.
    package mutating func writeUInt8(_ value: UInt8) { bytes.append(value) }
    /// Appends a big-endian 16-bit integer.
    package mutating func writeUInt16(_ value: UInt16) { append(value) }
    /// Appends the low 24 bits of `value`, big-endian.
    package mutating func writeUInt24(_ value: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }
    /// Appends a big-endian 32-bit integer.
    package mutating func writeUInt32(_ value: UInt32) { append(value) }
    /// Appends a big-endian 64-bit integer.
    package mutating func writeUInt64(_ value: UInt64) { append(value) }
    /// Appends a signed 8-bit integer.
    package mutating func writeInt8(_ value: Int8) { bytes.append(UInt8(bitPattern: value)) }
    /// Appends a signed big-endian 16-bit integer.
    package mutating func writeInt16(_ value: Int16) { append(value) }
    /// Appends a signed big-endian 32-bit integer.
    package mutating func writeInt32(_ value: Int32) { append(value) }
    /// Appends a signed big-endian 64-bit integer.
    package mutating func writeInt64(_ value: Int64) { append(value) }
    /// Appends the low `size` bytes (1 to 8) of `value`, big-endian, as `tfra` stores its numbers.
    package mutating func writeUInt(_ value: UInt64, size: Int) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
    /// Appends a four-character code.
    package mutating func writeFourCC(_ code: FourCC) { append(code.rawValue) }
    /// Appends a 64-bit IEEE float.
    package mutating func writeFloat64(_ value: Double) { append(value.bitPattern) }
    /// Appends a 32-bit IEEE float.
    package mutating func writeFloat32(_ value: Float) { append(value.bitPattern) }
    /// Appends a fixed-point number in its stored width.
    package mutating func writeFixed<F: FixedPointNumber>(_ value: F) { append(value.rawValue) }
    /// Appends a packed language code.
    package mutating func writeLanguage(_ language: PackedLanguageCode) { append(language.rawValue) }
    /// Appends raw bytes.
    package mutating func writeBytes(_ data: some Sequence<UInt8>) { bytes.append(contentsOf: data) }
    /// Appends `count` zero bytes.
    package mutating func writeZeros(_ count: Int) { bytes.append(contentsOf: repeatElement(0, count: max(0, count))) }

    /// Appends `count` bytes that `body` fills in place: how tables are written without a call per field.
    package mutating func writeInPlace(count: Int, _ body: (UnsafeMutableRawBufferPointer) -> Void) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        bytes.withUnsafeMutableBytes { raw in body(UnsafeMutableRawBufferPointer(rebasing: raw[start..<start + count])) }
    }

    /// Appends `values` as big-endian 32-bit integers.
    package mutating func writeUInt32Array(_ values: [UInt32]) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: values.count * 4))
        bytes.withUnsafeMutableBytes { raw in
            for (i, value) in values.enumerated() { raw.storeBytes(of: value.bigEndian, toByteOffset: start + i * 4, as: UInt32.self) }
        }
    }

    /// Appends `values` as big-endian 64-bit integers.
    package mutating func writeUInt64Array(_ values: [UInt64]) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: values.count * 8))
        bytes.withUnsafeMutableBytes { raw in
            for (i, value) in values.enumerated() { raw.storeBytes(of: value.bigEndian, toByteOffset: start + i * 8, as: UInt64.self) }
        }
    }

    /// Appends bytes and a terminating NUL.
    package mutating func writeCString(_ text: some Sequence<UInt8>) {
        bytes.append(contentsOf: text)
        bytes.append(0)
    }

    /// Appends a Pascal string: a count byte, then the bytes. Throws if there are more than 255.
    package mutating func writePascalString(_ text: [UInt8], in boxType: FourCC) throws(BoxWriteError) {
        guard text.count <= 255 else {
            throw BoxWriteError(boxType, "a Pascal string holds at most 255 bytes, not \(text.count)")
        }
        bytes.append(UInt8(text.count))
        bytes.append(contentsOf: text)
    }

    /// Appends a full box's version and 24-bit flags (ISO/IEC 14496-12 §4.2).
    package mutating func writeFullBoxHeader(version: UInt8, flags: UInt32) {
        writeUInt8(version)
        writeUInt24(flags)
    }

    @inline(__always)
    private mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    // MARK: Patching

    /// Throws unless `count` bytes at `index` have been written.
    private func checkWritten(_ index: Int, _ count: Int) throws(BoxWriteError) {
        guard index >= 0, count >= 0, index <= bytes.count - count else {
            throw BoxWriteError("    ", "cannot patch \(count) bytes at \(index): only \(bytes.count) are written")
        }
    }

    /// Overwrites the 32-bit integer at `index`.
    package mutating func setUInt32(_ value: UInt32, at index: Int) throws(BoxWriteError) {
        try checkWritten(index, 4)
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: value.bigEndian, toByteOffset: index, as: UInt32.self) }
    }

    /// Overwrites the 64-bit integer at `index`.
    package mutating func setUInt64(_ value: UInt64, at index: Int) throws(BoxWriteError) {
        try checkWritten(index, 8)
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: value.bigEndian, toByteOffset: index, as: UInt64.self) }
    }

    /// Overwrites bytes starting at `index`.
    package mutating func setBytes(_ data: [UInt8], at index: Int) throws(BoxWriteError) {
        try checkWritten(index, data.count)
        bytes.replaceSubrange(index..<index + data.count, with: data)
    }

    // MARK: Boxes

    /// A box begun with `beginBox` and not yet ended.
    package struct OpenBox: Sendable {
        /// Index of the header's first byte.
        package let start: Int
        /// The box type.
        package let type: FourCC
        /// How the size is to be written.
        package let sizeEncoding: BoxSizeEncoding
    }

    /// Writes a header with a placeholder size; the payload follows, then `endBox` patches the size.
    package mutating func beginBox(_ type: FourCC, sizeEncoding: BoxSizeEncoding = .compact) -> OpenBox {
        let start = bytes.count
        writeUInt32(sizeEncoding == .large ? 1 : 0)
        writeFourCC(type)
        if sizeEncoding == .large { writeUInt64(0) }
        return OpenBox(start: start, type: type, sizeEncoding: sizeEncoding)
    }

    /// Patches the size of `box`, which must be the innermost open box. A compact box larger than 4 GiB gets a
    /// 64-bit `largesize` (its payload moves 8 bytes up).
    package mutating func endBox(_ box: OpenBox) throws(BoxWriteError) {
        try checkWritten(box.start, box.sizeEncoding == .large ? 16 : 8)
        let size = bytes.count - box.start
        switch box.sizeEncoding {
        case .extendsToEnd:
            return
        case .large:
            try setUInt64(UInt64(size), at: box.start + 8)
        case .compact:
            if size <= largestCompactSize, let size32 = UInt32(exactly: size) {
                try setUInt32(size32, at: box.start)
            } else {
                bytes.insert(contentsOf: repeatElement(0, count: 8), at: box.start + 8)
                try setUInt32(1, at: box.start)
                try setUInt64(UInt64(size + 8), at: box.start + 8)
            }
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
