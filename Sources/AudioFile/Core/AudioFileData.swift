import CoreMedia
import MediaContainer
import MediaFormats

/// The bytes of one audio file, read in place: a whole-file mapping (`MappedFile`) or, for tests and the fuzz
/// target, a private copy. Immutable after `init`; the memory lives as long as this object.
// Safe because immutable after `init`; the memory lives as long as the object.
package final class AudioFileData: @unchecked Sendable {
    /// The file's bytes. Valid for the lifetime of this object (a mapping never moves).
    package let bytes: UnsafeRawBufferPointer
    /// Keeps the mapping alive: a block buffer over the whole file.
    private let mapping: CMBlockBuffer?
    /// Memory this object allocated (the private-copy case), freed in `deinit`.
    private let allocation: UnsafeMutableRawPointer?

    /// The bytes of a mapped file, without copying.
    package init(file: MappedFile) throws {
        allocation = nil
        guard file.length > 0 else {
            mapping = nil
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        let buffer = try file.makeBlockBuffer(range: 0..<file.length)
        // The block buffer refers to the one mapping block, whose address never changes; the pointer stays valid
        // for as long as `mapping` holds the buffer.
        let region = try buffer.withUnsafeMutableBytes { UnsafeRawBufferPointer($0) }
        guard region.count == file.length else {
            throw AudioFileError(.io(errno: 0), "the mapping of \(file.url.path) is not contiguous")
        }
        mapping = buffer
        bytes = region
    }

    /// A private copy of `source`.
    package init(copying source: some Collection<UInt8>) {
        mapping = nil
        let count = source.count
        guard count > 0 else {
            allocation = nil
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        let buffer = UnsafeMutableRawBufferPointer(start: memory, count: count)
        // Arrays and buffers are copied in one go; other collections element by element.
        let copied: Void? = source.withContiguousStorageIfAvailable { storage in
            if let base = storage.baseAddress { memory.copyMemory(from: base, byteCount: count) }
        }
        if copied == nil { _ = buffer.initializeMemory(as: UInt8.self, from: source) }
        allocation = memory
        bytes = UnsafeRawBufferPointer(buffer)
    }

    deinit { allocation?.deallocate() }

    /// The file's length in bytes.
    package var count: Int { bytes.count }

    /// The whole file in the package's one byte grammar (`get*(at:)` reads at a file offset; `ChunkReader` reads a
    /// chunk in order), sharing this object's memory.
    package var reader: ByteReader { ByteReader(unsafeBytes: bytes, owner: self) }

    /// The first `count` bytes (fewer if the file is shorter), for sniffing.
    package func prefix(_ count: Int) -> [UInt8] { Array(bytes.prefix(max(0, count))) }

    /// Whether the bytes at `offset` equal `signature` (a chunk or tag identifier).
    package func matches(_ signature: [UInt8], at offset: Int) -> Bool {
        reader.getBytes(at: offset, count: signature.count) == signature
    }
}
