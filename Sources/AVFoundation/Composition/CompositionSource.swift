import CoreMedia
import Foundation

/// A track of a file that a composition's segments read: the file's URL and the track's ID, and the track itself
/// once opened.
///
/// Segments inserted from an asset's track share that track's already open backing; segments made from a URL
/// (`AVCompositionTrackSegment(url:trackID:sourceTimeRange:targetTimeRange:)`) open the file when the composition
/// first needs it (its format, or a read reaching the segment), with the composition's
/// `urlAssetInitializationOptions`, and report a file that cannot be opened then.
///
/// Thread safety: `lock` guards `state`; `url` and `trackID` are immutable.
// Safe because `lock` guards `state`; `url` and `trackID` are immutable.
final class CompositionSource: @unchecked Sendable {
    /// The file's URL, when the track has one (tracks of assets made over an open reader may not).
    let url: URL?
    /// The track's ID in its file.
    let trackID: CMPersistentTrackID

    private enum State {
        case open(ContainerTrackBacking)
        case closed(@Sendable () throws -> ContainerTrackBacking)
        case failed(any Error)
    }

    private let lock = NSLock()
    private var state: State

    /// A source over a track that is already open.
    init(backing: ContainerTrackBacking, trackID: CMPersistentTrackID) {
        url = backing.fileURL
        self.trackID = trackID
        state = .open(backing)
    }

    /// A source that `open` opens on first use.
    init(url: URL, trackID: CMPersistentTrackID, open: @escaping @Sendable () throws -> ContainerTrackBacking) {
        self.url = url
        self.trackID = trackID
        state = .closed(open)
    }

    /// The source track, opened now if this is its first use; the open's error (kept for later askers) otherwise.
    func backing() throws -> ContainerTrackBacking {
        lock.lock()
        defer { lock.unlock() }
        switch state {
        case .open(let backing): return backing
        case .failed(let error): throw error
        case .closed(let open):
            do {
                let backing = try open()
                state = .open(backing)
                return backing
            } catch {
                state = .failed(error)
                throw error
            }
        }
    }

    /// The source track if it is open already (no file is opened to answer).
    var openedBacking: ContainerTrackBacking? {
        lock.withLock {
            if case .open(let backing) = state { return backing }
            return nil
        }
    }

    /// The source's URL and track, for messages.
    var name: String { "track \(trackID) of \(url?.lastPathComponent ?? "an asset without a URL")" }
}
