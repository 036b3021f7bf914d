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
/// The slowest reader can be far behind the others in the file: a transcode's audio is read as the encoded video
/// comes out, about two seconds after the video was read (x264's look-ahead), so the video pages between them
/// would stay. Each reader therefore also gives back the pages of its own samples once it is `ownRetainedBehind` past
/// them; pages it shares with another track's samples wait for the slowest reader.
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
    /// How far behind a reader the pages of its own samples are kept. More than `retainedBehind` plus the usual lag
    /// between tracks of a remux (a chunk, about a second), so that there the slowest reader's release comes first
    /// and the samples a muxer still holds are not faulted in again (measured: at 2 MiB a 600 s remux took 6 % more
    /// time; at 4 MiB the same as without); a transcode's audio lags by 3–5 MB, and the video's pages behind it
    /// now go back (7.7–9.8 MB of the source resident before, under 5 after).
    static let ownRetainedBehind = 4 << 20
    /// Pages are given back in steps at least this large, so that streaming costs one system call per step.
    static let releaseStep = 1 << 20

    private struct State {
        var positions: [Int: Int] = [:]
        /// Per reader: the byte ranges of samples it has read and not yet given back, in reading order.
        var read: [Int: [Range<Int>]] = [:]
        var nextSlot = 0
        /// Everything below this offset has been given back (page aligned).
        var releasedBelow = 0
        /// The furthest position any reader reported.
        var furthest = 0
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

    /// The reader in `slot` has read the samples in `read` (their file bytes, contiguous) and needs nothing more
    /// below file offset `position`, where its next sample starts.
    ///
    /// Both come from what a file declares (a chunk offset can point anywhere, 0xFFFFFFF0 included), so they are
    /// clamped to the mapping here, once: every range below is then built from offsets within `0...length`.
    package func update(_ slot: Int, read: Range<Int>? = nil, position: Int) {
        guard base != 0 else { return }
        let position = min(max(position, 0), length)
        let read = read?.clamped(to: 0..<length)
        let page = Self.pageSize
        var own: [Range<Int>] = []
        let range: Range<Int>? = state.withLock { state in
            if let read, !read.isEmpty {
                let releasedBelow = state.releasedBelow
                own = Self.record(read, in: &state.read[slot, default: []], releasedBelow: releasedBelow,
                                  behind: position - Self.ownRetainedBehind, page: page)
            }
            state.positions[slot] = position
            state.furthest = max(state.furthest, position)
            guard let slowest = state.positions.values.min() else { return nil }
            let target = max(0, (slowest - Self.retainedBehind) / page * page)
            if target < state.releasedBelow {
                // A reader went back (a new time range): let the region it will read stay until passed again.
                state.releasedBelow = target
                return nil
            }
            guard target - state.releasedBelow >= Self.releaseStep else { return nil }
            defer { state.releasedBelow = target }
            return Self.span(state.releasedBelow, min(target, length))
        }
        for range in own { giveBack(range) }
        if let range, !range.isEmpty { giveBack(range) }
    }

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Adds `piece` to a reader's `ranges` (merging it with the last when contiguous) and takes out what to give
    /// back: the parts it is `behind` past, once they add up to a step (one system call per range), as whole pages —
    /// a page that also holds another track's bytes waits for the slowest reader. Ranges already below
    /// `releasedBelow` are gone.
    private static func record(_ piece: Range<Int>, in ranges: inout [Range<Int>], releasedBelow: Int, behind: Int,
                               page: Int) -> [Range<Int>] {
        if let last = ranges.last, last.upperBound == piece.lowerBound {
            ranges[ranges.count - 1] = last.lowerBound..<piece.upperBound
        } else {
            ranges.append(piece)
        }
        if let first = ranges.first, first.upperBound <= releasedBelow {
            ranges.removeAll { $0.upperBound <= releasedBelow }
        }
        // Cut at a page boundary, so the part kept starts where the part given back ends.
        let cut = behind / page * page
        var passed = 0, bytes = 0
        while passed < ranges.count, ranges[passed].lowerBound < cut {
            bytes += min(ranges[passed].upperBound, cut) - ranges[passed].lowerBound
            passed += 1
        }
        guard bytes >= releaseStep else { return [] }
        var release: [Range<Int>] = []
        release.reserveCapacity(passed)
        for index in 0..<passed {
            let range = ranges[index]
            let start = (range.lowerBound + page - 1) / page * page, end = min(range.upperBound, cut) / page * page
            if end > start { release.append(start..<end) }
        }
        // The last range passed may go on past the cut: its remainder stays.
        if ranges[passed - 1].upperBound > cut {
            ranges[passed - 1] = cut..<ranges[passed - 1].upperBound
            ranges.removeFirst(passed - 1)
        } else {
            ranges.removeFirst(passed)
        }
        return release
    }

    /// The offsets from `start` up to `end`, empty when `end` is not past `start`: a range that can always be built.
    private static func span(_ start: Int, _ end: Int) -> Range<Int> {
        start..<max(start, end)
    }

    /// Gives back the pages of `range` (page aligned, within the mapping).
    private func giveBack(_ range: Range<Int>) {
        let clamped = range.clamped(to: 0..<length)
        guard !clamped.isEmpty, let address = UnsafeMutableRawPointer(bitPattern: base + UInt(clamped.lowerBound)) else {
            return
        }
        // Advice only: a failure leaves the pages resident, which is correct, just less frugal.
        _ = madvise(address, clamped.count, MADV_DONTNEED)
    }

    /// The reader in `slot` is done: the pages of its own samples go back (whole pages; a page shared with another
    /// reader's samples is faulted in again if that reader touches it), and when it was the last reader, every page
    /// read. A composition reads many files one after another, and each would otherwise keep the window its reader
    /// last held (4 MiB each: twenty clips joined held 80 MB).
    package func remove(_ slot: Int) {
        guard base != 0 else { return }
        let page = Self.pageSize
        let release: [Range<Int>] = state.withLock { state in
            _ = state.positions.removeValue(forKey: slot)
            var release = (state.read.removeValue(forKey: slot) ?? []).compactMap { range -> Range<Int>? in
                let start = max(range.lowerBound, state.releasedBelow)
                let aligned = (start + page - 1) / page * page, end = range.upperBound / page * page
                return end > aligned ? aligned..<end : nil
            }
            if state.positions.isEmpty, state.furthest > state.releasedBelow {
                release = [Self.span(state.releasedBelow, min(length, (state.furthest + page - 1) / page * page))]
                state.releasedBelow = 0
                state.furthest = 0
                state.read = [:]
            }
            return release
        }
        for range in release { giveBack(range) }
    }
}
