import MediaFormats

/// A chunk of an audio file in the package's one byte grammar (`MediaFormats.ByteReader`: `read*` consumes,
/// `peek*` does not), in the chunk's byte order (RIFF is little-endian, AIFF, CAF and MPEG big-endian), with the
/// format and chunk path its errors name. A short read throws a malformed-file error carrying the absolute
/// offset; nothing here traps on any input.
struct ChunkReader {
    /// The chunk's bytes and the read position (offsets are file offsets).
    private(set) var bytes: ByteReader
    /// Byte order of multi-byte integers.
    let endianness: Endianness
    /// The format, for errors ("WAVE").
    let format: String
    /// The chunk being read, for errors ("RIFF/fmt ").
    var path: String

    /// A reader over `start..<end` of `data` (clamped to the file).
    init(_ data: AudioFileData, from start: Int, to end: Int, format: String, path: String, endianness: Endianness) {
        let clampedEnd = min(max(end, 0), data.count)
        let clampedStart = min(max(start, 0), clampedEnd)
        let file = data.reader
        bytes = file.getSlice(at: clampedStart, count: clampedEnd - clampedStart) ?? file
        self.endianness = endianness
        self.format = format
        self.path = path
    }

    private init(slice: ByteReader, of parent: ChunkReader, path: String) {
        bytes = slice
        endianness = parent.endianness
        format = parent.format
        self.path = path
    }

    /// Bytes left in the chunk.
    var readableBytes: Int { bytes.readableBytes }

    /// Whether the chunk is used up.
    var isAtEnd: Bool { bytes.isAtEnd }

    /// Absolute file offset of the next byte to read.
    var offset: Int { bytes.readerIndex }

    /// A malformed-file error at `offset` (default: the current position) in this chunk.
    func error(_ message: String, at offset: Int? = nil, kind: AudioFileError.Kind = .malformed) -> AudioFileError {
        AudioFileError(kind, format: format, path: path, offset: Int64(offset ?? self.offset), message)
    }

    /// Runs one read of the shared grammar, giving its error this chunk's format and path.
    private mutating func read<T>(_ body: (inout ByteReader) throws(MediaFormatError) -> T) throws(AudioFileError) -> T {
        do {
            return try body(&bytes)
        } catch {
            throw self.error(error.message, at: Int(error.offset))
        }
    }

    /// Reads one byte.
    mutating func readUInt8() throws(AudioFileError) -> UInt8 {
        try read { r throws(MediaFormatError) in try r.readUInt8() }
    }
    /// Reads a 16-bit integer in the chunk's byte order.
    mutating func readUInt16() throws(AudioFileError) -> UInt16 {
        let order = endianness
        return try read { r throws(MediaFormatError) in try r.readUInt16(endianness: order) }
    }
    /// Reads a 32-bit integer in the chunk's byte order.
    mutating func readUInt32() throws(AudioFileError) -> UInt32 {
        let order = endianness
        return try read { r throws(MediaFormatError) in try r.readUInt32(endianness: order) }
    }
    /// Reads a 64-bit integer in the chunk's byte order.
    mutating func readUInt64() throws(AudioFileError) -> UInt64 {
        let order = endianness
        return try read { r throws(MediaFormatError) in try r.readUInt64(endianness: order) }
    }
    /// Reads a four-character code: big-endian whatever the chunk's byte order.
    mutating func readFourCC() throws(AudioFileError) -> UInt32 {
        try read { r throws(MediaFormatError) in try r.readUInt32() }
    }
    /// Reads a 64-bit IEEE float in the chunk's byte order.
    mutating func readFloat64() throws(AudioFileError) -> Double { Double(bitPattern: try readUInt64()) }

    /// Reads `count` bytes.
    mutating func readBytes(count: Int) throws(AudioFileError) -> [UInt8] {
        try read { r throws(MediaFormatError) in try r.readBytes(count: count) }
    }

    /// Skips `count` bytes.
    mutating func skip(_ count: Int) throws(AudioFileError) {
        try read { r throws(MediaFormatError) in try r.skip(count) }
    }

    /// A reader over the next `count` bytes (same file, byte order and format), moving past them.
    mutating func readSlice(count: Int, path: String? = nil) throws(AudioFileError) -> ChunkReader {
        let slice = try read { r throws(MediaFormatError) in try r.readSlice(count: count) }
        return ChunkReader(slice: slice, of: self, path: path ?? self.path)
    }

    /// Everything left, copied out.
    mutating func readRemainingBytes() -> [UInt8] { bytes.readRemainingBytes() }
}
