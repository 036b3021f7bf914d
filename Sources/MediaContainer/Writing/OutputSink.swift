import CoreMedia
import Foundation

/// Where a container writer's bytes go, and what a layout may do with what it wrote: the writing side's byte sink.
///
/// Every sink appends, in order (`write`; `position` counts what was appended). A patchable sink (`isPatchable`: an
/// `OutputFile` on a file or on client storage) can also go back over its bytes (overwrite, read back, truncate),
/// which a layout that fixes a size or moves a box at the end needs. An append-only sink (an `OutputFile` on a pipe,
/// an `OutputSegmentCollector`) sends each byte once and never revisits it. A writer checks when it is created that
/// its sink can carry its layout, so a layout never finds out midway.
package protocol OutputSink: AnyObject {
    /// Whether bytes already written can be overwritten (`overwrite`), read back and cut off.
    var isPatchable: Bool { get }
    /// The bytes appended so far: where the next `write` lands.
    var position: UInt64 { get }
    /// Appends `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws(ContainerWriterError)
    /// Appends every byte of `blockBuffer`.
    func write(_ blockBuffer: CMBlockBuffer) throws(ContainerWriterError)
    /// Hands what is buffered on (to the kernel, for a file or a pipe).
    func flush() throws(ContainerWriterError)
    /// Overwrites bytes at `offset`, which must lie in what has been written. Only a patchable sink can.
    func overwrite(_ bytes: [UInt8], at offset: UInt64) throws(ContainerWriterError)
}

extension OutputSink {
    /// Appends `bytes`.
    package func write(_ bytes: [UInt8]) throws(ContainerWriterError) {
        var failure: ContainerWriterError?
        bytes.withUnsafeBytes { raw in
            do throws(ContainerWriterError) { try write(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Appends `data`.
    package func write(_ data: Data) throws(ContainerWriterError) {
        var failure: ContainerWriterError?
        data.withUnsafeBytes { raw in
            do throws(ContainerWriterError) { try write(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Appends `count` zero bytes.
    package func writeZeros(_ count: Int) throws(ContainerWriterError) {
        var remaining = count
        let zeros = [UInt8](repeating: 0, count: min(count, 65_536))
        var failure: ContainerWriterError?
        zeros.withUnsafeBytes { raw in
            while remaining > 0, failure == nil {
                let piece = min(remaining, raw.count)
                do throws(ContainerWriterError) {
                    try write(UnsafeRawBufferPointer(rebasing: raw[0..<piece]))
                } catch {
                    failure = error
                }
                remaining -= piece
            }
        }
        if let failure { throw failure }
    }

    /// The error of a patch asked of a sink that only appends: the layout's check at creation should have refused
    /// the layout, so reaching it is a bug.
    package func notPatchable(_ operation: String) -> ContainerWriterError {
        ContainerWriterError(.invalidState, "internal: \(operation) on an append-only output, which cannot go back "
                             + "over what it wrote")
    }
}
