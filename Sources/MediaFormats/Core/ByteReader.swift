/// A bounds-checked cursor over bytes, in swift-nio's grammar: `read*` consumes, `peek*` reads at the reader index
/// without moving it, `get*(at:)` reads at an absolute index. Integers are big-endian unless an `endianness` says
/// otherwise (RIFF is little-endian).
///
/// The error convention: `read*` throws a `MediaFormatError` carrying the absolute byte offset when the data is
/// short; `peek*` and `get*` return `nil`. Nothing here traps on any input.
///
/// Indices (`readerIndex`, `get*(at:)`) count from the first byte of the storage; `baseOffset` is that byte's offset
/// in the file, so errors name file offsets. A reader sees only its window `startIndex..<endIndex`; slices share
/// the storage, so descending into a box or chunk copies nothing.
package struct ByteReader {
    /// The bytes; only `startIndex..<endIndex` belong to this reader.
    package let storage: ByteStorage
    /// First index of this reader's window.
    package let startIndex: Int
    /// Index of the next byte `read*` consumes (stored under another name so that inlined reads can move it while
    /// only `moveReaderIndex(to:)` may set it from outside).
    @usableFromInline var cursor: Int
    /// One past the last index of this reader's window.
    package let endIndex: Int
    /// File offset of the storage's first byte, so errors name absolute offsets.
    package let baseOffset: Int64

    /// A reader over all of `bytes`, whose first byte sits at `baseOffset` in the file.
    package init(_ bytes: [UInt8], baseOffset: Int64 = 0) {
        storage = .array(bytes)
        startIndex = 0
        cursor = 0
        endIndex = bytes.count
        self.baseOffset = baseOffset
    }

    /// A reader over memory that `owner` keeps valid for as long as it lives (a file mapping), without copying.
    package init(unsafeBytes bytes: UnsafeRawBufferPointer, owner: AnyObject, baseOffset: Int64 = 0) {
        storage = .memory(bytes, owner: owner)
        startIndex = 0
        cursor = 0
        endIndex = bytes.count
        self.baseOffset = baseOffset
    }

    private init(window reader: ByteReader, from start: Int, to end: Int) {
        storage = reader.storage
        startIndex = start
        cursor = start
        endIndex = end
        baseOffset = reader.baseOffset
    }

    // MARK: Position

    /// Index of the next byte `read*` consumes.
    @inlinable
    package var readerIndex: Int { cursor }

    /// Bytes left to read.
    @inlinable
    package var readableBytes: Int { endIndex - readerIndex }

    /// True when nothing is left to read.
    @inlinable
    package var isAtEnd: Bool { readerIndex >= endIndex }

    /// Absolute file offset of the next byte to read.
    @inlinable
    package var offset: Int64 { baseOffset + Int64(readerIndex) }

    /// Absolute file offset of `index` (an index into the storage).
    @inlinable
    package func fileOffset(ofIndex index: Int) -> Int64 { baseOffset + Int64(index) }

    /// Moves the read position to `index`, which must lie inside the window.
    package mutating func moveReaderIndex(to index: Int) throws(MediaFormatError) {
        guard index >= startIndex, index <= endIndex else {
            throw error(.invalidValue, "cannot move to index \(index) outside \(startIndex)..<\(endIndex)")
        }
        cursor = index
    }

    // MARK: Checks and errors

    /// An error at the current offset unless `offset` is given.
    package func error(_ code: MediaFormatError.Code, _ message: String, at offset: Int64? = nil) -> MediaFormatError {
        MediaFormatError(code, at: offset ?? self.offset, message)
    }

    /// Throws unless `count` bytes remain.
    @inlinable
    package func checkAvailable(_ count: Int) throws(MediaFormatError) {
        guard count >= 0, count <= readableBytes else { throw shortData(count) }
    }

    /// The error for a read of `count` bytes that do not remain (kept out of line: it is the cold path).
    @usableFromInline
    func shortData(_ count: Int) -> MediaFormatError {
        error(.unexpectedEnd, "needs \(count) bytes, \(readableBytes) remain")
    }

    /// Converts a count read from the data to `Int`, refusing it unless `count × elementSize` bytes remain: the rule
    /// that keeps every table allocation no larger than the data that declares it.
    package func checkCount<T: BinaryInteger>(_ count: T, elementSize: Int, _ what: @autoclosure () -> String)
        throws(MediaFormatError) -> Int {
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

    @inlinable
    func load<T: FixedWidthInteger>(_ index: Int, as type: T.Type, _ endianness: Endianness) -> T {
        let raw = storage.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index, as: T.self) }
        return endianness == .big ? T(bigEndian: raw) : T(littleEndian: raw)
    }

    @inlinable
    func isInWindow(_ index: Int, size: Int) -> Bool { index >= startIndex && index <= endIndex - size }

    /// Reads a fixed-width integer.
    @inlinable
    package mutating func readInteger<T: FixedWidthInteger>(endianness: Endianness = .big, as type: T.Type = T.self)
        throws(MediaFormatError) -> T {
        let size = MemoryLayout<T>.size
        guard readableBytes >= size else { throw shortData(size) }
        let value = load(readerIndex, as: T.self, endianness)
        cursor &+= size
        return value
    }

    /// Reads an unsigned 8-bit integer.
    @inlinable
    package mutating func readUInt8() throws(MediaFormatError) -> UInt8 { try readInteger() }
    /// Reads an unsigned 16-bit integer.
    @inlinable
    package mutating func readUInt16(endianness: Endianness = .big) throws(MediaFormatError) -> UInt16 {
        try readInteger(endianness: endianness)
    }
    /// Reads an unsigned 32-bit integer.
    @inlinable
    package mutating func readUInt32(endianness: Endianness = .big) throws(MediaFormatError) -> UInt32 {
        try readInteger(endianness: endianness)
    }
    /// Reads an unsigned 64-bit integer.
    @inlinable
    package mutating func readUInt64(endianness: Endianness = .big) throws(MediaFormatError) -> UInt64 {
        try readInteger(endianness: endianness)
    }
    /// Reads a signed 8-bit integer.
    @inlinable
    package mutating func readInt8() throws(MediaFormatError) -> Int8 { try readInteger() }
    /// Reads a signed 16-bit integer.
    @inlinable
    package mutating func readInt16(endianness: Endianness = .big) throws(MediaFormatError) -> Int16 {
        try readInteger(endianness: endianness)
    }
    /// Reads a signed 32-bit integer.
    @inlinable
    package mutating func readInt32(endianness: Endianness = .big) throws(MediaFormatError) -> Int32 {
        try readInteger(endianness: endianness)
    }
    /// Reads a signed 64-bit integer.
    @inlinable
    package mutating func readInt64(endianness: Endianness = .big) throws(MediaFormatError) -> Int64 {
        try readInteger(endianness: endianness)
    }

    /// Reads an unsigned 24-bit integer (full-box flags, descriptor buffer sizes, FLAC block lengths).
    package mutating func readUInt24(endianness: Endianness = .big) throws(MediaFormatError) -> UInt32 {
        UInt32(truncatingIfNeeded: try readUInt(size: 3, endianness: endianness))
    }

    /// Reads an unsigned integer of `size` bytes (1 to 8), as `tfra`, `iloc` and 48-bit record fields store them.
    package mutating func readUInt(size: Int, endianness: Endianness = .big) throws(MediaFormatError) -> UInt64 {
        guard (1...8).contains(size) else { throw error(.invalidValue, "integer field size \(size) is not 1…8") }
        guard let value = getUInt(at: readerIndex, size: size, endianness: endianness) else { throw shortData(size) }
        cursor += size
        return value
    }

    /// Reads a 32-bit IEEE float.
    package mutating func readFloat32(endianness: Endianness = .big) throws(MediaFormatError) -> Float {
        Float(bitPattern: try readUInt32(endianness: endianness))
    }

    /// Reads a 64-bit IEEE float.
    package mutating func readFloat64(endianness: Endianness = .big) throws(MediaFormatError) -> Double {
        Double(bitPattern: try readUInt64(endianness: endianness))
    }

    // MARK: Bytes

    /// Reads `count` bytes.
    package mutating func readBytes(count: Int) throws(MediaFormatError) -> [UInt8] {
        try checkAvailable(count)
        let start = readerIndex
        cursor += count
        return storage.withUnsafeBytes { Array($0[start..<start + count]) }
    }

    /// Reads everything that is left.
    package mutating func readRemainingBytes() -> [UInt8] {
        let start = readerIndex
        cursor = endIndex
        return storage.withUnsafeBytes { Array($0[start..<endIndex]) }
    }

    /// Skips `count` bytes.
    package mutating func skip(_ count: Int) throws(MediaFormatError) {
        try checkAvailable(count)
        cursor += count
    }

    /// Reads a reader over the next `count` bytes (sharing storage) and moves past them.
    package mutating func readSlice(count: Int) throws(MediaFormatError) -> ByteReader {
        try checkAvailable(count)
        let slice = ByteReader(window: self, from: readerIndex, to: readerIndex + count)
        cursor += count
        return slice
    }

    /// Gives `body` the next `count` bytes without copying them, then moves past them. Table parsers loop over the
    /// buffer directly: one bounds check for the whole table instead of one per entry.
    @inlinable
    package mutating func withUnsafeBytes<R>(count: Int, _ body: (UnsafeRawBufferPointer) -> R)
        throws(MediaFormatError) -> R {
        try checkAvailable(count)
        let start = readerIndex
        cursor += count
        return storage.withUnsafeBytes { raw in body(UnsafeRawBufferPointer(rebasing: raw[start..<start + count])) }
    }

    /// The index of the first `byte` at or after the reader index, if the window holds one (a C string's NUL).
    package func firstIndex(of byte: UInt8) -> Int? { firstIndex(of: byte, in: readerIndex..<endIndex) }

    /// The index of the first `byte` in `range` (clamped to the window): a sync byte, a terminator.
    package func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        let lower = max(range.lowerBound, startIndex), upper = min(range.upperBound, endIndex)
        guard lower < upper else { return nil }
        return storage.withUnsafeBytes { raw in
            UnsafeRawBufferPointer(rebasing: raw[lower..<upper]).firstIndex(of: byte).map { lower + $0 }
        }
    }

    // MARK: Peek and get

    /// The next byte, not consumed.
    @inlinable
    package func peekUInt8() -> UInt8? { getUInt8(at: readerIndex) }
    /// The next 16-bit integer, not consumed.
    @inlinable
    package func peekUInt16(endianness: Endianness = .big) -> UInt16? {
        getInteger(at: readerIndex, endianness: endianness)
    }
    /// The next 32-bit integer, not consumed.
    @inlinable
    package func peekUInt32(endianness: Endianness = .big) -> UInt32? {
        getInteger(at: readerIndex, endianness: endianness)
    }
    /// The 32-bit integer `distance` bytes ahead, not consumed (the type of a box header).
    @inlinable
    package func peekUInt32(skipping distance: Int, endianness: Endianness = .big) -> UInt32? {
        getInteger(at: readerIndex + distance, endianness: endianness)
    }
    /// The next 64-bit integer, not consumed.
    @inlinable
    package func peekUInt64(endianness: Endianness = .big) -> UInt64? {
        getInteger(at: readerIndex, endianness: endianness)
    }
    /// The next `count` bytes, not consumed.
    package func peekBytes(count: Int) -> [UInt8]? { getBytes(at: readerIndex, count: count) }

    /// The integer at `index` of the storage, if it lies inside this reader's window.
    @inlinable
    package func getInteger<T: FixedWidthInteger>(at index: Int, endianness: Endianness = .big,
                                                  as type: T.Type = T.self) -> T? {
        isInWindow(index, size: MemoryLayout<T>.size) ? load(index, as: T.self, endianness) : nil
    }
    /// The byte at `index`, if it lies inside this reader's window.
    @inlinable
    package func getUInt8(at index: Int) -> UInt8? { getInteger(at: index) }
    /// The 16-bit integer at `index`, if it lies inside this reader's window.
    @inlinable
    package func getUInt16(at index: Int, endianness: Endianness = .big) -> UInt16? {
        getInteger(at: index, endianness: endianness)
    }
    /// The 32-bit integer at `index`, if it lies inside this reader's window.
    @inlinable
    package func getUInt32(at index: Int, endianness: Endianness = .big) -> UInt32? {
        getInteger(at: index, endianness: endianness)
    }
    /// The 64-bit integer at `index`, if it lies inside this reader's window.
    @inlinable
    package func getUInt64(at index: Int, endianness: Endianness = .big) -> UInt64? {
        getInteger(at: index, endianness: endianness)
    }
    /// The unsigned integer of `size` bytes (1 to 8) at `index`, if it lies inside this reader's window (the 56-bit
    /// ADTS header, 24-bit fields).
    package func getUInt(at index: Int, size: Int, endianness: Endianness = .big) -> UInt64? {
        guard (1...8).contains(size), isInWindow(index, size: size) else { return nil }
        return storage.withUnsafeBytes { raw in
            var value: UInt64 = 0
            for step in 0..<size {
                value = value << 8 | UInt64(raw[endianness == .big ? index + step : index + size - 1 - step])
            }
            return value
        }
    }
    /// `count` bytes at `index`, if they lie inside this reader's window.
    package func getBytes(at index: Int, count: Int) -> [UInt8]? {
        guard count >= 0, isInWindow(index, size: count) else { return nil }
        return storage.withUnsafeBytes { Array($0[index..<index + count]) }
    }
    /// A reader over `count` bytes at `index` (sharing storage), if they lie inside this reader's window.
    package func getSlice(at index: Int, count: Int) -> ByteReader? {
        guard count >= 0, isInWindow(index, size: count) else { return nil }
        return ByteReader(window: self, from: index, to: index + count)
    }
}
