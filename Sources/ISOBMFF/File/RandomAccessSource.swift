/// Bytes that can be read at any offset: a file, or memory in tests and fuzzing. Implementations are safe to read
/// from several threads at once (the demuxer reads sample data while the scanner is done with headers).
package protocol RandomAccessSource: Sendable {
    /// Total length in bytes.
    var size: Int64 { get }
    /// Up to `count` bytes starting at `offset`; fewer only when the source ends first, none past its end.
    func read(at offset: Int64, count: Int) throws -> [UInt8]
}

/// An in-memory source.
package struct MemorySource: RandomAccessSource {
    /// The bytes.
    package let bytes: [UInt8]

    /// A source over `bytes`.
    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package var size: Int64 { Int64(bytes.count) }

    package func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard offset >= 0, count >= 0, offset < Int64(bytes.count) else { return [] }
        let start = Int(offset)
        return Array(bytes[start..<start + min(count, bytes.count - start)])
    }
}
