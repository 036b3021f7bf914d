/// The output file's limits, each with the reason for its number.
package enum OutputFileLimits {
    /// Bytes gathered before a `write(2)`: large enough that small samples (audio packets, headers) cost no system
    /// call each, small enough to be negligible next to a movie's pending chunks.
    package static let writeBufferSize = 1 << 20
    /// Bytes of sample data in one gathered write from which it goes straight from the samples' memory with
    /// `pwritev` instead of through the write buffer: a copy saved per byte is worth a system call from about this
    /// size.
    package static let gatherThreshold = 64 << 10
}
