/// The bytes a `ByteReader` reads: an array it holds, or memory another object keeps alive (a whole-file mapping),
/// so that a reader over a multi-gigabyte mapped file copies nothing. Immutable.
///
/// Visible to the package so that a table loop in another module can run over the bytes in place: a closure handed
/// to `ByteReader.withUnsafeBytes(count:)` from another module is called through a pointer for every entry (this
/// toolchain does not inline `package` methods across modules), which made million-entry tables twice as slow.
package enum ByteStorage {
    /// Bytes held by the reader (box payloads, codec configurations, tests).
    case array([UInt8])
    /// Memory that `owner` keeps valid for as long as it lives.
    case memory(UnsafeRawBufferPointer, owner: AnyObject)

    /// Number of bytes.
    @inlinable
    package var count: Int {
        switch self {
        case .array(let bytes): bytes.count
        case .memory(let bytes, _): bytes.count
        }
    }

    /// Gives `body` the bytes.
    @inlinable
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        switch self {
        case .array(let bytes): try bytes.withUnsafeBytes(body)
        case .memory(let bytes, _): try body(bytes)
        }
    }
}
