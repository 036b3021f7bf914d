#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Keeps a mapped file's resident memory bounded while readers stream through it.
///
/// Every page of a mapping that has been read stays in the process's resident set until it is unmapped, so a reader
/// that walks a 10 GB file would end up "using" 10 GB. Readers therefore report how far they have got (one slot per
/// reader, since tracks of an interleaved file advance together), and pages more than `retainedBehind` bytes behind
/// the slowest reader are given back with `madvise(MADV_DONTNEED)`.
///
/// This is safe for this mapping: it is private and nothing writes to it (sample data handed out zero-copy must not be
/// modified — Apple's `alwaysCopiesSampleData = false` contract), so its pages are clean copies of the file's page
/// cache. A page given back and then touched again (a buffer still alive far behind, or a reader seeking back) is
/// simply faulted in again from the page cache; no data is lost and nothing is re-read from disk.
package final class MappedFileResidency: Sendable {
    /// How far behind the slowest reader pages are kept: more than the data a remux or decode normally has in flight
    /// between reading and writing (a few chunks). A page given back while a queued buffer still refers to it costs a
    /// page-cache lookup when touched, not a disk read, so the margin trades a little CPU for memory, not safety.
    /// Measured on a 600 s 1080p remux: 8 MiB (with 4 MiB steps) held 54 MB in all, 2 MiB 46 MB with the same page
    /// faults; 1 MiB refaulted pages the muxer still held and ended higher (53–63 MB).
    package static let retainedBehind = 2 << 20
    /// Pages are given back in steps at least this large, so that streaming costs one system call per step.
    static let releaseStep = 1 << 20

    private struct State {
        var positions: [Int: Int] = [:]
        var nextSlot = 0
        /// Everything below this offset has been given back (page aligned).
        var releasedBelow = 0
    }

    private let base: UInt
    private let length: Int
    private let state = Mutex(State())

    init(base: UnsafeMutableRawPointer?, length: Int) {
        self.base = base.map { UInt(bitPattern: $0) } ?? 0
        self.length = length
    }

    /// A slot for one reader; report its position with `update(_:position:)` and give it back with `remove(_:)`.
    package func addReader() -> Int {
        state.withLock { state in
            defer { state.nextSlot += 1 }
            state.positions[state.nextSlot] = 0
            return state.nextSlot
        }
    }

    /// The reader in `slot` has read everything it needs below file offset `position`.
    package func update(_ slot: Int, position: Int) {
        guard base != 0 else { return }
        let range: Range<Int>? = state.withLock { state in
            state.positions[slot] = position
            guard let slowest = state.positions.values.min() else { return nil }
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let target = max(0, (slowest - Self.retainedBehind) / page * page)
            if target < state.releasedBelow {
                // A reader went back (a new time range): let the region it will read stay until passed again.
                state.releasedBelow = target
                return nil
            }
            guard target - state.releasedBelow >= Self.releaseStep else { return nil }
            defer { state.releasedBelow = target }
            return state.releasedBelow..<min(target, length)
        }
        guard let range, !range.isEmpty, let address = UnsafeMutableRawPointer(bitPattern: base + UInt(range.lowerBound))
        else { return }
        // Advice only: a failure leaves the pages resident, which is correct, just less frugal.
        _ = madvise(address, range.count, MADV_DONTNEED)
    }

    /// The reader in `slot` is done.
    package func remove(_ slot: Int) {
        state.withLock { _ = $0.positions.removeValue(forKey: slot) }
    }
}
