import CoreMedia
import Foundation

/// An append-only sink that gathers what is written in memory and hands it out at each cut (`cut()`), for a layout
/// whose output is a series of segments (`AVAssetWriter`'s delegate mode) rather than a file. Concatenated, the
/// pieces it hands out are the bytes an append-only file would have received.
///
/// Not thread safe: the writer that owns it serialises all access under its lock.
package final class OutputSegmentCollector: OutputSink {
    /// The bytes appended since the collector was made, across cuts.
    package private(set) var position: UInt64 = 0
    /// What was written since the last cut.
    private var pending = Data()

    /// An empty collector.
    package init() {}

    /// Segments are handed out whole: nothing is revisited.
    package var isPatchable: Bool { false }

    /// The bytes written since the last cut.
    package var pendingCount: Int { pending.count }

    /// Makes room for `count` more bytes before the next cut, so that a segment whose size is known is gathered
    /// without reallocation.
    package func reserveCapacity(_ count: Int) {
        pending.reserveCapacity(pending.count + count)
    }

    package func write(_ bytes: UnsafeRawBufferPointer) throws(ContainerWriterError) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        pending.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        position += UInt64(bytes.count)
    }

    package func write(_ blockBuffer: CMBlockBuffer) throws(ContainerWriterError) {
        let length = CMBlockBufferGetDataLength(blockBuffer)
        guard length > 0 else { return }
        let start = pending.count
        pending.count += length
        let status = pending.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return kCMBlockBufferBadPointerParameterErr }
            return CMBlockBufferCopyDataBytes(blockBuffer, atOffset: 0, dataLength: length, destination: base + start)
        }
        guard status == kCMBlockBufferNoErr else {
            pending.count = start
            throw ContainerWriterError(.invalidArgument,
                                       "a sample's \(length) bytes could not be read (status \(status))")
        }
        position += UInt64(length)
    }

    /// Nothing to hand on: the bytes wait for the cut.
    package func flush() throws(ContainerWriterError) {}

    package func overwrite(_ bytes: [UInt8], at offset: UInt64) throws(ContainerWriterError) {
        throw notPatchable("an overwrite of a segment")
    }

    /// Hands out everything written since the last cut, and starts gathering the next segment.
    package func cut() -> Data {
        defer { pending = Data() }
        return pending
    }
}
