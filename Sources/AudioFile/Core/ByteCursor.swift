/// A bounds-checked sequential reader over a window of an audio file, in one byte order (RIFF is little-endian,
/// AIFF, CAF and MPEG big-endian). A short read throws a malformed-file error naming the format, the chunk path
/// and the absolute offset; nothing here traps on any input.
struct ByteCursor {
    /// The whole file.
    let data: AudioFileData
    /// Absolute offset of the next byte to read.
    private(set) var position: Int
    /// Absolute offset one past this window.
    let end: Int
    /// The format, for errors ("WAVE").
    let format: String
    /// The chunk being read, for errors ("RIFF/fmt ").
    var path: String
    /// Byte order of multi-byte integers.
    let isBigEndian: Bool

    /// A cursor over `start..<end` of `data` (clamped to the file).
    init(_ data: AudioFileData, from start: Int, to end: Int, format: String, path: String, bigEndian: Bool) {
        self.data = data
        let clampedEnd = min(max(end, 0), data.count)
        self.position = min(max(start, 0), clampedEnd)
        self.end = clampedEnd
        self.format = format
        self.path = path
        self.isBigEndian = bigEndian
    }

    /// Bytes left in the window.
    var remaining: Int { end - position }

    /// Whether the window is used up.
    var isAtEnd: Bool { position >= end }

    /// A malformed-file error at `offset` (default: the current position) in this cursor's chunk.
    func error(_ message: String, at offset: Int? = nil, kind: AudioFileError.Kind = .malformed) -> AudioFileError {
        AudioFileError(kind, format: format, path: path, offset: Int64(offset ?? position), message)
    }

    /// Throws unless `count` bytes remain.
    func need(_ count: Int, for what: @autoclosure () -> String) throws(AudioFileError) {
        guard count >= 0, count <= remaining else {
            throw error("\(what()) needs \(count) bytes, \(remaining) remain")
        }
    }

    @inline(__always)
    private mutating func integer(size: Int, bigEndian: Bool) throws(AudioFileError) -> UInt64 {
        try need(size, for: "a \(size * 8)-bit field")
        let value = bigEndian ? data.bigEndian(at: position, size: size) : data.littleEndian(at: position, size: size)
        position += size
        // `need` guaranteed the bytes exist.
        return value ?? 0
    }

    /// Reads one byte.
    mutating func uint8() throws(AudioFileError) -> UInt8 { UInt8(try integer(size: 1, bigEndian: true)) }
    /// Reads a 16-bit integer in the cursor's byte order.
    mutating func uint16() throws(AudioFileError) -> UInt16 { UInt16(try integer(size: 2, bigEndian: isBigEndian)) }
    /// Reads a 32-bit integer in the cursor's byte order.
    mutating func uint32() throws(AudioFileError) -> UInt32 { UInt32(try integer(size: 4, bigEndian: isBigEndian)) }
    /// Reads a 64-bit integer in the cursor's byte order.
    mutating func uint64() throws(AudioFileError) -> UInt64 { try integer(size: 8, bigEndian: isBigEndian) }
    /// Reads a big-endian 32-bit integer whatever the cursor's byte order (four-character codes).
    mutating func fourCC() throws(AudioFileError) -> UInt32 { UInt32(try integer(size: 4, bigEndian: true)) }
    /// Reads a 64-bit IEEE float in the cursor's byte order.
    mutating func float64() throws(AudioFileError) -> Double { Double(bitPattern: try uint64()) }

    /// Reads `count` bytes.
    mutating func bytes(_ count: Int) throws(AudioFileError) -> [UInt8] {
        try need(count, for: "a \(count)-byte field")
        let value = data.copyBytes(at: position, count: count) ?? []
        position += count
        return value
    }

    /// Skips `count` bytes.
    mutating func skip(_ count: Int) throws(AudioFileError) {
        try need(count, for: "skipping")
        position += count
    }

    /// A cursor over the next `count` bytes (same file, order and format), moving past them.
    mutating func slice(_ count: Int, path: String? = nil) throws(AudioFileError) -> ByteCursor {
        try need(count, for: "a \(count)-byte block")
        let slice = ByteCursor(data, from: position, to: position + count, format: format, path: path ?? self.path,
                               bigEndian: isBigEndian)
        position += count
        return slice
    }

    /// Everything left, copied out.
    mutating func remainingBytes() -> [UInt8] {
        let value = data.copyBytes(at: position, count: remaining) ?? []
        position = end
        return value
    }
}
