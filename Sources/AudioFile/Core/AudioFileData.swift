#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CoreMedia
import MediaContainer

/// The bytes of one audio file, read in place: a whole-file mapping (`MappedFile`) or, for tests and the fuzz
/// target, a private copy. Immutable after `init`; the memory lives as long as this object.
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

    /// The first `count` bytes (fewer if the file is shorter), for sniffing.
    package func prefix(_ count: Int) -> [UInt8] { Array(bytes.prefix(max(0, count))) }

    /// The byte at `offset`, or `nil` outside the file.
    @inline(__always)
    package func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    /// `count` bytes at `offset` copied out, or `nil` if they run past the end.
    package func copyBytes(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset <= bytes.count, count <= bytes.count - offset else { return nil }
        return Array(bytes[offset..<offset + count])
    }

    /// The offset of the first byte equal to `value` in `range` (clamped to the file), found with `memchr`.
    package func firstIndex(of value: UInt8, in range: Range<Int>) -> Int? {
        let lower = max(0, range.lowerBound), upper = min(bytes.count, range.upperBound)
        guard lower < upper, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + lower, Int32(value), upper - lower) else { return nil }
        return UnsafeRawPointer(found) - base
    }

    /// Whether the bytes at `offset` equal `signature`.
    package func matches(_ signature: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset <= bytes.count - signature.count else { return false }
        for (index, byte) in signature.enumerated() where bytes[offset + index] != byte { return false }
        return true
    }

    /// A big-endian integer of `size` bytes (1…8) at `offset`, or `nil` past the end.
    @inline(__always)
    package func bigEndian(at offset: Int, size: Int) -> UInt64? {
        guard offset >= 0, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for index in 0..<size { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }

    /// A little-endian integer of `size` bytes (1…8) at `offset`, or `nil` past the end.
    @inline(__always)
    package func littleEndian(at offset: Int, size: Int) -> UInt64? {
        guard offset >= 0, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for index in stride(from: size - 1, through: 0, by: -1) { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }
}
