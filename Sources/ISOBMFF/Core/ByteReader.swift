/// A bounds-checked cursor over bytes read from a file, in swift-nio's grammar: `read*` consumes, `peek*` does not,
/// `get*(at:)` reads at an index without moving. Integers are big-endian, as in every ISO/QuickTime box.
///
/// `read*` throws a `BoxParseError` carrying the box path and the absolute file offset when the data is short;
/// `peek*` and `get*` return `nil`. Nothing here traps on any input.
///
/// A reader over a box payload also carries the box's path (for errors) and a `ParseContext` (what the enclosing
/// boxes said: the media handler, the metadata key style…). Sub-readers share the storage: no bytes are copied to
/// descend into a child box.
package struct ByteReader {
    /// The bytes; only `startIndex..<endIndex` belong to this reader.
    package let storage: [UInt8]
    /// First index of this reader's window in `storage`.
    package let startIndex: Int
    /// Index of the next byte `read*` consumes.
    package internal(set) var readerIndex: Int
    /// One past the last index of this reader's window.
    package let endIndex: Int
    /// File offset of `storage[0]`, so errors name absolute offsets.
    package let baseOffset: Int64
    /// The box being read, for errors.
    package var path: BoxPath
    /// What the enclosing boxes established.
    package var context: ParseContext

    /// A reader over all of `bytes`, whose first byte sits at `baseOffset` in the file.
    package init(_ bytes: [UInt8], baseOffset: Int64 = 0, path: BoxPath = .root,
                 context: ParseContext = ParseContext()) {
        storage = bytes
        startIndex = 0
        readerIndex = 0
        endIndex = bytes.count
        self.baseOffset = baseOffset
        self.path = path
        self.context = context
    }

    private init(window reader: ByteReader, from start: Int, to end: Int) {
        storage = reader.storage
        startIndex = start
        readerIndex = start
        endIndex = end
        baseOffset = reader.baseOffset
        path = reader.path
        context = reader.context
    }

    // MARK: Position

    /// Bytes left to read.
    package var readableBytes: Int { endIndex - readerIndex }

    /// True when nothing is left to read.
    package var isAtEnd: Bool { readerIndex >= endIndex }

    /// Absolute file offset of the next byte to read.
    package var offset: Int64 { baseOffset + Int64(readerIndex) }

    /// Absolute file offset of `index` (an index into `storage`).
    package func fileOffset(ofIndex index: Int) -> Int64 { baseOffset + Int64(index) }

    /// Moves the read position to `index`, which must lie inside the window.
    package mutating func moveReaderIndex(to index: Int) throws(BoxParseError) {
        guard index >= startIndex, index <= endIndex else {
            throw error(.invalidValue, "cannot move to index \(index) outside \(startIndex)..<\(endIndex)")
        }
        readerIndex = index
    }

    // MARK: Errors

    /// An error about the box being read, at the current offset unless `offset` is given.
    package func error(_ code: BoxParseError.Code, _ message: String, at offset: Int64? = nil) -> BoxParseError {
        BoxParseError(code, path: path, offset: offset ?? self.offset, message)
    }

    /// Records a tolerated oddity.
    package func warn(_ message: String, at offset: Int64? = nil) {
        context.log.record(BoxParseWarning(path: path, offset: offset ?? self.offset, message))
    }

    /// Throws unless `count` bytes remain.
    package func checkAvailable(_ count: Int) throws(BoxParseError) {
        guard count >= 0, count <= readableBytes else {
            throw error(.unexpectedEnd, "needs \(count) bytes, \(readableBytes) remain")
        }
    }

    /// Converts a count read from the file to `Int`, refusing it unless `count × elementSize` bytes remain: the rule
    /// that keeps every table allocation no larger than the data that declares it.
    package func checkCount<T: BinaryInteger>(_ count: T, elementSize: Int, _ what: @autoclosure () -> String)
        throws(BoxParseError) -> Int {
        guard let n = Int(exactly: count), n >= 0 else {
            throw error(.countExceedsData, "\(what()) count \(count) is not a valid count")
        }
        let (bytes, overflow) = n.multipliedReportingOverflow(by: elementSize)
        guard !overflow, bytes <= readableBytes else {
            throw error(.countExceedsData,
                        "\(what()) count \(n) needs \(overflow ? "more than Int.max" : "\(bytes)") bytes, "
                            + "\(readableBytes) remain")
        }
        return n
    }

    // MARK: Integers

    @inline(__always)
    private func load<T: FixedWidthInteger>(_ index: Int, as type: T.Type) -> T {
        storage.withUnsafeBytes { T(bigEndian: $0.loadUnaligned(fromByteOffset: index, as: T.self)) }
    }

    @inline(__always)
    private mutating func read<T: FixedWidthInteger>(_ type: T.Type) throws(BoxParseError) -> T {
        let size = MemoryLayout<T>.size
        guard readableBytes >= size else {
            throw error(.unexpectedEnd, "needs \(size) bytes for a \(size * 8)-bit field, \(readableBytes) remain")
        }
        let value = load(readerIndex, as: T.self)
        readerIndex += size
        return value
    }

    /// Reads an unsigned 8-bit integer.
    package mutating func readUInt8() throws(BoxParseError) -> UInt8 { try read(UInt8.self) }
    /// Reads an unsigned big-endian 16-bit integer.
    package mutating func readUInt16() throws(BoxParseError) -> UInt16 { try read(UInt16.self) }
    /// Reads an unsigned big-endian 32-bit integer.
    package mutating func readUInt32() throws(BoxParseError) -> UInt32 { try read(UInt32.self) }
    /// Reads an unsigned big-endian 64-bit integer.
    package mutating func readUInt64() throws(BoxParseError) -> UInt64 { try read(UInt64.self) }
    /// Reads a signed 8-bit integer.
    package mutating func readInt8() throws(BoxParseError) -> Int8 { try read(Int8.self) }
    /// Reads a signed big-endian 16-bit integer.
    package mutating func readInt16() throws(BoxParseError) -> Int16 { try read(Int16.self) }
    /// Reads a signed big-endian 32-bit integer.
    package mutating func readInt32() throws(BoxParseError) -> Int32 { try read(Int32.self) }
    /// Reads a signed big-endian 64-bit integer.
    package mutating func readInt64() throws(BoxParseError) -> Int64 { try read(Int64.self) }

    /// Reads an unsigned big-endian 24-bit integer (full-box flags, buffer sizes).
    package mutating func readUInt24() throws(BoxParseError) -> UInt32 {
        try checkAvailable(3)
        let value = UInt32(storage[readerIndex]) << 16 | UInt32(storage[readerIndex + 1]) << 8
            | UInt32(storage[readerIndex + 2])
        readerIndex += 3
        return value
    }

    /// Reads an unsigned big-endian integer of `size` bytes (1 to 8), as `tfra` and `iloc` store them.
    package mutating func readUInt(size: Int) throws(BoxParseError) -> UInt64 {
        guard (1...8).contains(size) else { throw error(.invalidValue, "integer field size \(size) is not 1…8") }
        try checkAvailable(size)
        var value: UInt64 = 0
        for index in readerIndex..<readerIndex + size { value = value << 8 | UInt64(storage[index]) }
        readerIndex += size
        return value
    }

    /// Reads a four-character code.
    package mutating func readFourCC() throws(BoxParseError) -> FourCC { FourCC(rawValue: try readUInt32()) }

    /// Reads a 64-bit IEEE float (QuickTime sound description v2 sample rate).
    package mutating func readFloat64() throws(BoxParseError) -> Double { Double(bitPattern: try readUInt64()) }

    /// Reads a 32-bit IEEE float.
    package mutating func readFloat32() throws(BoxParseError) -> Float { Float(bitPattern: try readUInt32()) }

    /// Reads a signed 16.16 fixed-point number.
    package mutating func readFixed16x16() throws(BoxParseError) -> Fixed16x16 {
        Fixed16x16(rawValue: try readInt32())
    }

    /// Reads an unsigned 16.16 fixed-point number.
    package mutating func readUnsignedFixed16x16() throws(BoxParseError) -> UnsignedFixed16x16 {
        UnsignedFixed16x16(rawValue: try readUInt32())
    }

    /// Reads a signed 2.30 fixed-point number.
    package mutating func readFixed2x30() throws(BoxParseError) -> Fixed2x30 { Fixed2x30(rawValue: try readInt32()) }

    /// Reads a signed 8.8 fixed-point number.
    package mutating func readFixed8x8() throws(BoxParseError) -> Fixed8x8 { Fixed8x8(rawValue: try readInt16()) }

    /// Reads a 16-bit packed ISO 639-2/T or Macintosh language code.
    package mutating func readLanguage() throws(BoxParseError) -> PackedLanguageCode {
        PackedLanguageCode(rawValue: try readUInt16())
    }

    // MARK: Bytes

    /// Reads `count` bytes.
    package mutating func readBytes(count: Int) throws(BoxParseError) -> [UInt8] {
        try checkAvailable(count)
        let bytes = Array(storage[readerIndex..<readerIndex + count])
        readerIndex += count
        return bytes
    }

    /// Reads everything that is left.
    package mutating func readRemainingBytes() -> [UInt8] {
        let bytes = Array(storage[readerIndex..<endIndex])
        readerIndex = endIndex
        return bytes
    }

    /// Skips `count` bytes.
    package mutating func skip(_ count: Int) throws(BoxParseError) {
        try checkAvailable(count)
        readerIndex += count
    }

    /// Reads a reader over the next `count` bytes (sharing storage) and moves past them.
    package mutating func readSlice(count: Int) throws(BoxParseError) -> ByteReader {
        try checkAvailable(count)
        let slice = ByteReader(window: self, from: readerIndex, to: readerIndex + count)
        readerIndex += count
        return slice
    }

    /// Gives `body` the next `count` bytes without copying them, then moves past them. Table parsers loop over the
    /// buffer directly: one bounds check for the whole table instead of one per entry.
    package mutating func withUnsafeBytes<R>(count: Int, _ body: (UnsafeRawBufferPointer) -> R)
        throws(BoxParseError) -> R {
        try checkAvailable(count)
        let start = readerIndex
        readerIndex += count
        return storage.withUnsafeBytes { raw in body(UnsafeRawBufferPointer(rebasing: raw[start..<start + count])) }
    }

    // MARK: Tables

    /// Reads `count` big-endian 32-bit integers in one pass.
    package mutating func readUInt32Array(count: Int) throws(BoxParseError) -> [UInt32] {
        let n = try checkCount(count, elementSize: 4, "32-bit entry")
        return try withUnsafeBytes(count: n * 4) { raw in
            [UInt32](unsafeUninitializedCapacity: n) { buffer, initialized in
                for i in 0..<n { buffer[i] = UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)) }
                initialized = n
            }
        }
    }

    /// Reads `count` big-endian 64-bit integers in one pass.
    package mutating func readUInt64Array(count: Int) throws(BoxParseError) -> [UInt64] {
        let n = try checkCount(count, elementSize: 8, "64-bit entry")
        return try withUnsafeBytes(count: n * 8) { raw in
            [UInt64](unsafeUninitializedCapacity: n) { buffer, initialized in
                for i in 0..<n { buffer[i] = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: i &* 8, as: UInt64.self)) }
                initialized = n
            }
        }
    }

    /// Reads `count` big-endian 16-bit integers in one pass.
    package mutating func readUInt16Array(count: Int) throws(BoxParseError) -> [UInt16] {
        let n = try checkCount(count, elementSize: 2, "16-bit entry")
        return try withUnsafeBytes(count: n * 2) { raw in
            [UInt16](unsafeUninitializedCapacity: n) { buffer, initialized in
                for i in 0..<n { buffer[i] = UInt16(bigEndian: raw.loadUnaligned(fromByteOffset: i &* 2, as: UInt16.self)) }
                initialized = n
            }
        }
    }

    // MARK: Peek and get

    /// The next byte, not consumed.
    package func peekUInt8() -> UInt8? { readableBytes >= 1 ? storage[readerIndex] : nil }
    /// The next 16-bit integer, not consumed.
    package func peekUInt16() -> UInt16? { getUInt16(at: readerIndex) }
    /// The next 32-bit integer, not consumed.
    package func peekUInt32() -> UInt32? { getUInt32(at: readerIndex) }
    /// The next 64-bit integer, not consumed.
    package func peekUInt64() -> UInt64? { getUInt64(at: readerIndex) }
    /// The four-character code `distance` bytes ahead, not consumed.
    package func peekFourCC(skipping distance: Int = 0) -> FourCC? {
        getUInt32(at: readerIndex + distance).map(FourCC.init(rawValue:))
    }
    /// The next `count` bytes, not consumed.
    package func peekBytes(count: Int) -> [UInt8]? {
        count >= 0 && count <= readableBytes ? Array(storage[readerIndex..<readerIndex + count]) : nil
    }

    private func isInWindow(_ index: Int, size: Int) -> Bool {
        index >= startIndex && index <= endIndex - size
    }
    /// The byte at `index` of `storage`, if it lies inside this reader's window.
    package func getUInt8(at index: Int) -> UInt8? { isInWindow(index, size: 1) ? storage[index] : nil }
    /// The 16-bit integer at `index`, if it lies inside this reader's window.
    package func getUInt16(at index: Int) -> UInt16? { isInWindow(index, size: 2) ? load(index, as: UInt16.self) : nil }
    /// The 32-bit integer at `index`, if it lies inside this reader's window.
    package func getUInt32(at index: Int) -> UInt32? { isInWindow(index, size: 4) ? load(index, as: UInt32.self) : nil }
    /// The 64-bit integer at `index`, if it lies inside this reader's window.
    package func getUInt64(at index: Int) -> UInt64? { isInWindow(index, size: 8) ? load(index, as: UInt64.self) : nil }
}
