import CoreMedia
import Foundation

/// A stitched track's samples: each piece's encoded video as stored, one piece after another, moved from the
/// piece's own timeline (0 at its segment's start) onto the export's.
///
/// Every piece was encoded with the same settings by a fresh encoder starting with a key frame, so its samples
/// follow the previous piece's in decode order and its format description is the first piece's; a piece whose
/// format description differs fails the export instead of writing a second sample description. So does a piece whose
/// bytes are not those the plan says its receipt recorded (checked as it is opened).
///
/// The next piece is opened (checked, its movie read, its reader started) on another thread while this one is read
/// (`PieceOpening`): done in turn, the opening of 60 pieces took a fifth of a 600 s stitch's time on the thread that
/// feeds the writer.
// Safe because `lock` guards every `var`; the pieces' readers are thread-safe.
final class StitchedVideoFeed: ExportFeed, @unchecked Sendable {
    private struct OpenPiece {
        let number: Int
        let reader: AVAssetReader
        let output: AVAssetReaderTrackOutput
        let offset: CMTime
    }

    private let pieces: [ExportPlan.Stitch.Piece]
    /// Whether a piece's bytes are checked against its receipt's as it is opened (`ExportPlan.Stitch`).
    private let checksContent: Bool
    private let trackID: CMPersistentTrackID
    /// The first piece's format: the output track's.
    let formatDescription: CMFormatDescription

    private let lock = NSLock()
    private var current: OpenPiece?
    private var nextPiece = 0
    /// Piece `nextPiece`, being opened ahead.
    private var upcoming: PieceOpening?
    private weak var job: ExportJob?

    private typealias Opened = (piece: OpenPiece, format: CMFormatDescription)

    /// A piece being opened on a thread of its own: `result()` waits for it.
    // Safe because `opened` is written once, before `done` is signalled, and read only after waiting on it.
    private final class PieceOpening: @unchecked Sendable {
        let number: Int
        private let done = DispatchSemaphore(value: 0)
        private var opened: Result<Opened, any Error>?

        init(number: Int, open: @escaping @Sendable () throws -> Opened) {
            self.number = number
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                opened = Result { try open() }
                done.signal()
            }
        }

        func result() -> Result<Opened, any Error> {
            done.wait()
            done.signal()
            return opened ?? .failure(AVError(.exportFailed, "piece \(number) was not opened"))
        }
    }

    /// Opens the first piece to learn the track's format. Throws when there is no piece or it holds no video.
    init(_ stitch: ExportPlan.Stitch, trackID: CMPersistentTrackID) throws {
        pieces = stitch.pieces
        checksContent = stitch.checksContent
        self.trackID = trackID
        guard let first = pieces.first else {
            throw AVError(.exportFailed, "track \(trackID): the plan stitches no pieces")
        }
        let opened = try Self.open(first, number: 0, trackID: trackID, checksContent: checksContent)
        formatDescription = opened.format
        current = opened.piece
        nextPiece = 1
        upcoming = opening(1)
    }

    /// Starts opening piece `number` ahead, when there is one.
    private func opening(_ number: Int) -> PieceOpening? {
        guard number < pieces.count else { return nil }
        let (piece, trackID, checksContent) = (pieces[number], trackID, checksContent)
        return PieceOpening(number: number) {
            try Self.open(piece, number: number, trackID: trackID, checksContent: checksContent)
        }
    }

    func start(in job: ExportJob) {
        lock.withLock { self.job = job }
    }

    /// The next sample; a failure fails the job once the lock is released (failing the job cancels this feed's
    /// stage, which takes the lock).
    func next() -> CMSampleBuffer? {
        let (buffer, failure, job) = lock.withLock { () -> (CMSampleBuffer?, AVError?, ExportJob?) in
            let (buffer, failure) = nextLocked()
            return (buffer, failure, self.job)
        }
        if let failure { job?.fail(failure) }
        return buffer
    }

    /// The next sample, or why there is none (nil and nil at the end, or once the export stops). Call with `lock`
    /// held.
    private func nextLocked() -> (CMSampleBuffer?, AVError?) {
        while true {
            guard let piece = current else {
                guard nextPiece < pieces.count, job?.isStopping != true else { return (nil, nil) }
                do {
                    let opened: Opened
                    if let upcoming, upcoming.number == nextPiece {
                        self.upcoming = nil
                        opened = try upcoming.result().get()
                    } else {
                        opened = try Self.open(pieces[nextPiece], number: nextPiece, trackID: trackID,
                                               checksContent: checksContent)
                    }
                    guard CMFormatDescriptionEqual(opened.format, otherFormatDescription: formatDescription) else {
                        opened.piece.reader.cancelReading()
                        throw AVError(.exportFailed, "track \(trackID): piece \(nextPiece) "
                                      + "(\(pieces[nextPiece].path)) was encoded with another configuration than "
                                      + "piece 0; every piece of a plan must come from the same settings")
                    }
                    current = opened.piece
                    nextPiece += 1
                    upcoming = opening(nextPiece)
                } catch {
                    return (nil, ExportFailure.avError(error))
                }
                continue
            }
            if let buffer = piece.output.copyNextSampleBuffer() {
                guard let moved = Self.moved(buffer, by: piece.offset) else {
                    return (nil, AVError(.exportFailed, "track \(trackID): a sample of piece \(piece.number) could "
                                         + "not be moved onto the export's timeline"))
                }
                return (moved, nil)
            }
            if piece.reader.status == .failed {
                let cause = piece.reader.error ?? AVError(.exportFailed, "the reader failed")
                return (nil, AVError(.exportFailed, "track \(trackID): piece \(piece.number) "
                                     + "(\(pieces[piece.number].path)) cannot be read", underlying: cause))
            }
            current = nil
        }
    }

    func cancelStage() {
        let (piece, pending): (OpenPiece?, PieceOpening?) = lock.withLock {
            defer { current = nil; upcoming = nil; nextPiece = pieces.count }
            return (current, upcoming)
        }
        piece?.reader.cancelReading()
        // A piece opened ahead stops reading once it is open, off this thread (its opening may still be under way).
        if let pending {
            DispatchQueue.global(qos: .utility).async {
                if case .success(let opened) = pending.result() { opened.piece.reader.cancelReading() }
            }
        }
    }

    /// A reader of the piece's one video track, started.
    private static func open(_ piece: ExportPlan.Stitch.Piece, number: Int, trackID: CMPersistentTrackID,
                             checksContent: Bool) throws
        -> (piece: OpenPiece, format: CMFormatDescription) {
        let url = URL(fileURLWithPath: piece.path)
        if checksContent, let problem = piece.content?.problem(withFile: url) {
            throw ExportPlan.Stitch.refusal(ofPiece: number, file: url, problem: problem)
        }
        let asset = AVURLAsset(url: url)
        let videoTracks = asset.tracks(withMediaType: .video)
        guard videoTracks.count == 1, let track = videoTracks.first,
              let format = track.backing.formatDescriptions.first else {
            let cause = asset.readingRefusal.map { ": \($0.localizedDescription)" } ?? ""
            throw AVError(.exportFailed, "track \(trackID): piece \(number) (\(piece.path)) does not hold one video "
                          + "track\(cause)")
        }
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
        output.alwaysCopiesSampleData = false
        reader.add(output)
        guard reader.startReading() else {
            throw AVError(.exportFailed, "track \(trackID): piece \(number) (\(piece.path)) cannot be read",
                          underlying: reader.error)
        }
        return (OpenPiece(number: number, reader: reader, output: output, offset: piece.start.time), format)
    }

    /// `buffer` with every time moved by `offset`.
    private static func moved(_ buffer: CMSampleBuffer, by offset: CMTime) -> CMSampleBuffer? {
        var count: CMItemCount = 0
        guard CMSampleBufferGetSampleTimingInfoArray(buffer, entryCount: 0, arrayToFill: nil,
                                                     entriesNeededOut: &count) == noErr else { return nil }
        var timings = [CMSampleTimingInfo](repeating: CMSampleTimingInfo(), count: count)
        guard CMSampleBufferGetSampleTimingInfoArray(buffer, entryCount: count, arrayToFill: &timings,
                                                     entriesNeededOut: &count) == noErr else { return nil }
        for index in timings.indices {
            let timing = timings[index]
            if timing.presentationTimeStamp.isNumeric {
                timings[index].presentationTimeStamp = CMTimeAdd(timing.presentationTimeStamp, offset)
            }
            if timing.decodeTimeStamp.isNumeric {
                timings[index].decodeTimeStamp = CMTimeAdd(timing.decodeTimeStamp, offset)
            }
        }
        var moved: CMSampleBuffer?
        guard CMSampleBufferCreateCopyWithNewTiming(allocator: kCFAllocatorDefault, sampleBuffer: buffer,
                                                    sampleTimingEntryCount: count, sampleTimingArray: &timings,
                                                    sampleBufferOut: &moved) == noErr else { return nil }
        return moved
    }
}
