import MediaFormats

/// The box layer over the package's one byte grammar (`MediaFormats.ByteReader`): the same verbs (`read*` consumes,
/// `peek*` does not, `get*(at:)` reads at an index; integers big-endian, as in every ISO and QuickTime box), with
/// the path of the box being read and the `ParseContext` the enclosing boxes established.
///
/// `read*` throws a `BoxParseError` carrying the box path and the absolute file offset when the data is short;
/// `peek*` and `get*` return `nil`. Nothing here traps on any input. Sub-readers share the storage: no bytes are
/// copied to descend into a child box.
package struct BoxReader {
    /// The bytes and the read position.
    package private(set) var bytes: ByteReader
    /// The box being read, for errors.
    package var path: BoxPath
    /// What the enclosing boxes established.
    package var context: ParseContext

    /// A reader over all of `bytes`, whose first byte sits at `baseOffset` in the file.
    package init(_ bytes: [UInt8], baseOffset: Int64 = 0, path: BoxPath = .root,
                 context: ParseContext = ParseContext()) {
        self.init(ByteReader(bytes, baseOffset: baseOffset), path: path, context: context)
    }

    /// A reader over `bytes` in the box at `path`.
    package init(_ bytes: ByteReader, path: BoxPath = .root, context: ParseContext = ParseContext()) {
        self.bytes = bytes
        self.path = path
        self.context = context
    }

    /// Runs one read of the shared grammar, giving its error this box's path.
    @inline(__always)
    package mutating func read<T>(_ body: (inout ByteReader) throws(MediaFormatError) -> T) throws(BoxParseError) -> T {
        do {
            return try body(&bytes)
        } catch {
            throw BoxParseError(error, path: path)
        }
    }

    /// Runs a check of the shared grammar, giving its error this box's path.
    package func check<T>(_ body: (ByteReader) throws(MediaFormatError) -> T) throws(BoxParseError) -> T {
        do {
            return try body(bytes)
        } catch {
            throw BoxParseError(error, path: path)
        }
    }

    // MARK: Position

    /// First index of this reader's window.
    package var startIndex: Int { bytes.startIndex }
    /// Index of the next byte `read*` consumes.
    package var readerIndex: Int { bytes.readerIndex }
    /// One past the last index of this reader's window.
    package var endIndex: Int { bytes.endIndex }
    /// Bytes left to read.
    package var readableBytes: Int { bytes.readableBytes }
    /// True when nothing is left to read.
    package var isAtEnd: Bool { bytes.isAtEnd }
    /// Absolute file offset of the next byte to read.
    package var offset: Int64 { bytes.offset }
    /// Absolute file offset of `index` (an index into the storage).
    package func fileOffset(ofIndex index: Int) -> Int64 { bytes.fileOffset(ofIndex: index) }
    /// Moves the read position to `index`, which must lie inside the window.
    package mutating func moveReaderIndex(to index: Int) throws(BoxParseError) {
        try read { reader throws(MediaFormatError) in try reader.moveReaderIndex(to: index) }
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
        try check { reader throws(MediaFormatError) in try reader.checkAvailable(count) }
    }

    /// Converts a count read from the file to `Int`, refusing it unless `count × elementSize` bytes remain: the rule
    /// that keeps every table allocation no larger than the data that declares it.
    package func checkCount<T: BinaryInteger>(_ count: T, elementSize: Int, _ what: @autoclosure () -> String)
        throws(BoxParseError) -> Int {
        let name = what()
        return try check { reader throws(MediaFormatError) in try reader.checkCount(count, elementSize: elementSize, name) }
    }

    // MARK: Integers

    /// Reads an unsigned 8-bit integer.
    package mutating func readUInt8() throws(BoxParseError) -> UInt8 {
        try read { r throws(MediaFormatError) in try r.readUInt8() }
    }
    /// Reads an unsigned big-endian 16-bit integer.
    package mutating func readUInt16() throws(BoxParseError) -> UInt16 {
        try read { r throws(MediaFormatError) in try r.readUInt16() }
    }
    /// Reads an unsigned big-endian 24-bit integer (full-box flags, buffer sizes).
    package mutating func readUInt24() throws(BoxParseError) -> UInt32 {
        try read { r throws(MediaFormatError) in try r.readUInt24() }
    }
    /// Reads an unsigned big-endian 32-bit integer.
    package mutating func readUInt32() throws(BoxParseError) -> UInt32 {
        try read { r throws(MediaFormatError) in try r.readUInt32() }
    }
    /// Reads an unsigned big-endian 64-bit integer.
    package mutating func readUInt64() throws(BoxParseError) -> UInt64 {
        try read { r throws(MediaFormatError) in try r.readUInt64() }
    }
    /// Reads a signed 8-bit integer.
    package mutating func readInt8() throws(BoxParseError) -> Int8 {
        try read { r throws(MediaFormatError) in try r.readInt8() }
    }
    /// Reads a signed big-endian 16-bit integer.
    package mutating func readInt16() throws(BoxParseError) -> Int16 {
        try read { r throws(MediaFormatError) in try r.readInt16() }
    }
    /// Reads a signed big-endian 32-bit integer.
    package mutating func readInt32() throws(BoxParseError) -> Int32 {
        try read { r throws(MediaFormatError) in try r.readInt32() }
    }
    /// Reads a signed big-endian 64-bit integer.
    package mutating func readInt64() throws(BoxParseError) -> Int64 {
        try read { r throws(MediaFormatError) in try r.readInt64() }
    }
    /// Reads an unsigned big-endian integer of `size` bytes (1 to 8), as `tfra` and `iloc` store them.
    package mutating func readUInt(size: Int) throws(BoxParseError) -> UInt64 {
        try read { r throws(MediaFormatError) in try r.readUInt(size: size) }
    }
    /// Reads a 64-bit IEEE float (QuickTime sound description v2 sample rate).
    package mutating func readFloat64() throws(BoxParseError) -> Double {
        try read { r throws(MediaFormatError) in try r.readFloat64() }
    }
    /// Reads a 32-bit IEEE float.
    package mutating func readFloat32() throws(BoxParseError) -> Float {
        try read { r throws(MediaFormatError) in try r.readFloat32() }
    }

    /// Reads a four-character code.
    package mutating func readFourCC() throws(BoxParseError) -> FourCC { FourCC(rawValue: try readUInt32()) }
    /// Reads a signed 16.16 fixed-point number.
    package mutating func readFixed16x16() throws(BoxParseError) -> Fixed16x16 { Fixed16x16(rawValue: try readInt32()) }
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
        try read { r throws(MediaFormatError) in try r.readBytes(count: count) }
    }
    /// Reads everything that is left.
    package mutating func readRemainingBytes() -> [UInt8] { bytes.readRemainingBytes() }
    /// Skips `count` bytes.
    package mutating func skip(_ count: Int) throws(BoxParseError) {
        try read { r throws(MediaFormatError) in try r.skip(count) }
    }
    /// Reads a reader over the next `count` bytes (sharing storage, same path and context) and moves past them.
    package mutating func readSlice(count: Int) throws(BoxParseError) -> BoxReader {
        BoxReader(try read { r throws(MediaFormatError) in try r.readSlice(count: count) }, path: path, context: context)
    }
    /// Gives `body` the next `count` bytes without copying them, then moves past them. Table parsers loop over the
    /// buffer directly: one bounds check for the whole table instead of one per entry.
    ///
    /// The buffer is opened here rather than through `ByteReader.withUnsafeBytes(count:)`: a closure handed to the
    /// shared reader in another module is called through a pointer for every entry, never inlined.
    @inline(__always)
    package mutating func withUnsafeBytes<R>(count: Int, _ body: (UnsafeRawBufferPointer) -> R) throws(BoxParseError) -> R {
        let start = readerIndex
        try skip(count)
        switch bytes.storage {
        case .array(let array):
            return array.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<start + count])) }
        case .memory(let memory, let owner):
            return withExtendedLifetime(owner) { body(UnsafeRawBufferPointer(rebasing: memory[start..<start + count])) }
        }
    }

    // MARK: Tables

    /// Reads `count` big-endian 16-bit integers in one pass.
    package mutating func readUInt16Array(count: Int) throws(BoxParseError) -> [UInt16] {
        try read { r throws(MediaFormatError) in try r.readUInt16Array(count: count) }
    }
    /// Reads `count` big-endian 32-bit integers in one pass.
    package mutating func readUInt32Array(count: Int) throws(BoxParseError) -> [UInt32] {
        try read { r throws(MediaFormatError) in try r.readUInt32Array(count: count) }
    }
    /// Reads `count` big-endian 64-bit integers in one pass.
    package mutating func readUInt64Array(count: Int) throws(BoxParseError) -> [UInt64] {
        try read { r throws(MediaFormatError) in try r.readUInt64Array(count: count) }
    }
    /// Reads `count` records of `recordSize` bytes, each decoded by `decode` from the raw buffer at its offset. The
    /// count is checked against the remaining bytes first; the loop is here, in the module of its callers, so the
    /// optimiser specialises it for each record type and inlines `decode` into it.
    @inline(__always)
    package mutating func readRecords<T>(count: UInt32, recordSize: Int, _ what: String,
                                         _ decode: (UnsafeRawBufferPointer, Int) -> T) throws(BoxParseError) -> [T] {
        let n = try checkCount(count, elementSize: recordSize, what)
        return try withUnsafeBytes(count: n * recordSize) { raw in
            [T](unsafeUninitializedCapacity: n) { buffer, initialized in
                var offset = 0
                for i in 0..<n {
                    buffer.initializeElement(at: i, to: decode(raw, offset))
                    offset &+= recordSize
                }
                initialized = n
            }
        }
    }

    // MARK: Peek and get

    /// The next byte, not consumed.
    package func peekUInt8() -> UInt8? { bytes.peekUInt8() }
    /// The next 16-bit integer, not consumed.
    package func peekUInt16() -> UInt16? { bytes.peekUInt16() }
    /// The next 32-bit integer, not consumed.
    package func peekUInt32() -> UInt32? { bytes.peekUInt32() }
    /// The next 64-bit integer, not consumed.
    package func peekUInt64() -> UInt64? { bytes.peekUInt64() }
    /// The four-character code `distance` bytes ahead, not consumed.
    package func peekFourCC(skipping distance: Int = 0) -> FourCC? {
        bytes.peekUInt32(skipping: distance).map(FourCC.init(rawValue:))
    }
    /// The next `count` bytes, not consumed.
    package func peekBytes(count: Int) -> [UInt8]? { bytes.peekBytes(count: count) }
    /// The byte at `index` of the storage, if it lies inside this reader's window.
    package func getUInt8(at index: Int) -> UInt8? { bytes.getUInt8(at: index) }
    /// The 16-bit integer at `index`, if it lies inside this reader's window.
    package func getUInt16(at index: Int) -> UInt16? { bytes.getUInt16(at: index) }
    /// The 32-bit integer at `index`, if it lies inside this reader's window.
    package func getUInt32(at index: Int) -> UInt32? { bytes.getUInt32(at: index) }
    /// The 64-bit integer at `index`, if it lies inside this reader's window.
    package func getUInt64(at index: Int) -> UInt64? { bytes.getUInt64(at: index) }
}
