import MediaFormats

/// Chunk framing shared by RIFF (little-endian sizes) and AIFF (big-endian sizes), both descendants of EA IFF 85:
/// a four-character ID, a 32-bit size, the payload, and a pad byte after an odd-sized payload.
enum IFFChunks {
    /// Whether `id` is made of printable ASCII, as every registered chunk ID is.
    static func isChunkID(_ id: UInt32) -> Bool {
        FourCharacterCode.bytes(id).allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// The 32-bit size field at `offset`.
    static func size(_ data: AudioFileData, at offset: Int, endianness: Endianness) -> UInt64? {
        data.reader.getUInt(at: offset, size: 4, endianness: endianness)
    }

    /// Whether a plausible chunk header (printable ID, size within the file) starts at `offset`.
    static func isChunkHeader(_ data: AudioFileData, at offset: Int, endianness: Endianness) -> Bool {
        guard let id = data.reader.getUInt(at: offset, size: 4), let size = size(data, at: offset + 4, endianness: endianness)
        else { return false }
        return isChunkID(UInt32(id)) && size <= UInt64(data.count - offset - 8)
    }

    /// Where the chunk after one of `size` bytes at `payload` starts: after the pad byte that makes an odd size
    /// even, unless the writer left it out (a chunk header starts right after the payload and none after the pad).
    static func nextChunk(_ data: AudioFileData, after payload: Int, size: Int, endianness: Endianness) -> Int {
        let end = payload + size
        guard size & 1 == 1 else { return end }
        if !isChunkHeader(data, at: end + 1, endianness: endianness) && isChunkHeader(data, at: end, endianness: endianness) {
            return end
        }
        return end + 1
    }
}
