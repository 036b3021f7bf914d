import CoreGraphics
import CoreMedia
import Foundation

/// One request of an image generator for a list of times, answered on a thread of its own: every time exactly
/// once, in the order given, with an image, a failure or a cancellation.
///
/// Shape (`docs/image-generator.md`): the times are taken a window at a time (`ReadingLimits.frameGrabWindow`,
/// fewer for large images). Each time of the window is resolved to a frame (`FrameResolver`); frames already made
/// are answered from the batch's cache; the rest are grouped by group of pictures (`GroupOfPicturesJob`: the sync
/// sample decoding starts at), and the groups are decoded in decode order, in parallel on up to one worker per core
/// plus one (`FrameDecodeContext`, each with its own sources and one-thread decoders; a lone group uses every core's frame
/// threads instead). Answers leave as soon as every earlier time has been answered. With a video composition the
/// times are read in time order, a window at a time, by one `AVAssetReaderVideoCompositionOutput` read per window
/// (`FrameGrabBatch+Composition.swift`).
// Safe because `lock` guards every `var`; the rest is immutable after `init`.
final class FrameGrabBatch: @unchecked Sendable {
    /// Receives the answer for time `index` of the batch (called in index order, once each).
    typealias Deliver = @Sendable (_ index: Int, _ requestedTime: CMTime, _ outcome: FrameGrabOutcome) -> Void

    let asset: AVAsset
    let settings: FrameGrabSettings
    let compositor: (any AVVideoCompositing)?
    let times: [CMTime]
    private let deliver: Deliver
    private let externallyCancelled: @Sendable () -> Bool

    // The lock protects everything below.
    private let lock = NSLock()
    private var cancelled = false
    private var outcomes: [Int: FrameGrabOutcome] = [:]
    private var nextToDeliver = 0
    private var delivering = false
    private var cache = FrameCache()
    private var queuedJobs: ArraySlice<GroupOfPicturesJob> = []
    private var wantedBy: [FrameKey: [(index: Int, actualTime: CMTime)]] = [:]
    private var composedReads = 0

    init(asset: AVAsset, settings: FrameGrabSettings, compositor: (any AVVideoCompositing)?, times: [CMTime],
         isCancelled: @escaping @Sendable () -> Bool, deliver: @escaping Deliver) {
        self.asset = asset
        self.settings = settings
        self.compositor = compositor
        self.times = times
        self.deliver = deliver
        externallyCancelled = isCancelled
    }

    /// Starts answering on a thread of the batch's own; when the system refuses the thread, every time is answered
    /// with the failure at once.
    func start() {
        do {
            try DetachedThread.start(name: "AVAssetImageGenerator", stackSize: ExportThreads.stackSize) { [self] in
                run()
            }
        } catch {
            let failure = AVError(.outOfMemory, "the image generator could not start: \(error)", underlying: error)
            for index in times.indices { record(index, .failed(failure)) }
        }
    }

    /// Answers every time not answered yet with `.cancelled`, as soon as the work in hand stops.
    func cancel() { lock.withLock { cancelled = true } }

    /// Readers started to read composed frames so far (tests check that a window of times shares one).
    var composedReaderRuns: Int { lock.withLock { composedReads } }

    /// Counts a reader of composed frames.
    func countComposedRead() { lock.withLock { composedReads += 1 } }

    /// Whether the batch, or every request of its generator, was cancelled.
    var isCancelled: Bool { lock.withLock { cancelled } || externallyCancelled() }

    // MARK: Running

    private func run() {
        do throws(AVError) {
            if let composition = settings.videoComposition {
                try runComposed(composition)
            } else {
                try runTrack()
            }
        } catch {
            for index in times.indices { record(index, .failed(error)) }
        }
        // Times not reached: cancelled (a failure of the whole batch answered them above).
        for index in times.indices { record(index, .cancelled) }
    }

    /// The frames of the first enabled video track.
    private func runTrack() throws(AVError) {
        let duration = try Self.preparedDuration(of: asset)
        let tracks = asset.tracks(withMediaType: .video)
        guard let track = tracks.first(where: \.isEnabled) ?? tracks.first else {
            throw AVError(.operationNotSupportedForAsset, "the asset has no video track to make images of")
        }
        let backing = track.backing
        guard let description = backing.formatDescriptions.first else {
            throw AVError(.operationNotSupportedForAsset, "video track \(track.trackID) has no sample description")
        }
        for format in backing.formatDescriptions where !DecoderAvailability.canDecode(format) {
            throw AVError(.decoderNotFound, "no decoder for \(DecoderSessions.codecName(format)) video (track \(track.trackID))")
        }
        let geometry = FrameImageGeometry.make(description: description, preferredTransform: backing.preferredTransform,
                                               settings: settings)
        let resolver = FrameResolver(timeline: backing.timeline, duration: duration,
                                     toleranceBefore: settings.toleranceBefore, toleranceAfter: settings.toleranceAfter,
                                     trackID: track.trackID)
        let planning = FrameSources(backing: backing)
        var contexts = DecodeContexts(backing: backing, trackID: track.trackID, geometry: geometry, settings: settings)
        let imageBytes = max(1, geometry.width * geometry.height * 4)
        let windowSize = max(2, min(ReadingLimits.frameGrabWindow, ReadingLimits.frameGrabWindowBytes / imageBytes))
        var start = 0
        while start < times.count, !isCancelled {
            let window = start..<min(times.count, start + windowSize)
            let jobs = plan(window, resolver: resolver, sources: planning)
            run(jobs, contexts: &contexts)
            let used = Set(jobs.map(\.source))
            planning.close(allBut: used)
            contexts.close(allBut: used)
            start = window.upperBound
        }
    }

    /// Resolves the times of `window`, answers those that fail or are cached, and groups the rest into jobs in
    /// decode order.
    private func plan(_ window: Range<Int>, resolver: FrameResolver, sources: FrameSources) -> [GroupOfPicturesJob] {
        var jobs: [JobKey: GroupOfPicturesJob] = [:]
        for index in window {
            let target: FrameTarget
            do throws(AVError) {
                target = try resolver.resolve(times[index], in: sources)
            } catch {
                record(index, .failed(error))
                continue
            }
            let cached: CGImage? = lock.withLock {
                if let image = cache[target.key] { return image }
                wantedBy[target.key, default: []].append((index, target.actualTime))
                return nil
            }
            if let cached {
                record(index, .image(cached, actualTime: target.actualTime))
                continue
            }
            guard let source = try? sources.source(target.source) else { continue }
            let sync = source.table.syncSample(atOrBefore: target.sample) ?? 0
            // A dwell presents one frame for its whole length: its frames are matched by time, so each gets a job.
            let key = JobKey(source: target.source, start: sync, dwell: target.span.segment.isDwell ? index : nil)
            jobs[key, default: GroupOfPicturesJob(source: target.source, span: target.span, start: sync, wanted: [])]
                .wanted.insert(target.sample)
        }
        return jobs.sorted { ($0.key.source, $0.key.start) < ($1.key.source, $1.key.start) }.map(\.value)
    }

    /// Decodes `jobs`: on this thread with every core's frame threads when there is one, else on one worker per
    /// core plus one (up to `ReadingLimits.frameGrabWorkers`), each taking the next job in decode order.
    private func run(_ jobs: [GroupOfPicturesJob], contexts: inout DecodeContexts) {
        guard !jobs.isEmpty else { return }
        let workers = min(jobs.count, ProcessInfo.processInfo.activeProcessorCount + 1, ReadingLimits.frameGrabWorkers)
        if workers <= 1 {
            let context = contexts.solo()
            for job in jobs where !isCancelled { finished(job, context.run(job) { isCancelled }) }
            return
        }
        lock.withLock { queuedJobs = jobs[...] }
        let pool = contexts.parallel(workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let context = pool[worker]
            while let job = takeJob() { finished(job, context.run(job) { isCancelled }) }
        }
    }

    private func takeJob() -> GroupOfPicturesJob? {
        lock.withLock {
            guard !cancelled, !externallyCancelled() else { return nil }
            return queuedJobs.popFirst()
        }
    }

    /// Caches a job's images and answers the times that wanted them.
    private func finished(_ job: GroupOfPicturesJob, _ results: [Int: Result<CGImage, AVError>]) {
        var answers: [(Int, FrameGrabOutcome)] = []
        lock.withLock {
            for (sample, result) in results {
                let key = FrameKey(source: job.source, sample: sample)
                if case .success(let image) = result { cache.insert(image, for: key) }
                for (index, actualTime) in wantedBy.removeValue(forKey: key) ?? [] {
                    switch result {
                    case .success(let image): answers.append((index, .image(image, actualTime: actualTime)))
                    case .failure(let error): answers.append((index, .failed(error)))
                    }
                }
            }
        }
        for (index, outcome) in answers { record(index, outcome) }
    }

    // MARK: Answering

    /// Keeps the answer for time `index` (the first answer wins) and delivers every answer now due, in order.
    func record(_ index: Int, _ outcome: FrameGrabOutcome) {
        let mayDeliver: Bool = lock.withLock {
            if outcomes[index] == nil, index >= nextToDeliver { outcomes[index] = outcome }
            guard !delivering else { return false }
            delivering = true
            return true
        }
        guard mayDeliver else { return }
        while true {
            let due: [(Int, FrameGrabOutcome)] = lock.withLock {
                var due: [(Int, FrameGrabOutcome)] = []
                while let outcome = outcomes.removeValue(forKey: nextToDeliver) {
                    due.append((nextToDeliver, outcome))
                    nextToDeliver += 1
                }
                if due.isEmpty { delivering = false }
                return due
            }
            if due.isEmpty { return }
            for (index, outcome) in due { deliver(index, times[index], outcome) }
        }
    }

    /// The asset's duration once it has opened: its open error (a corrupt file, a missing one) as an `AVError`.
    static func preparedDuration(of asset: AVAsset) throws(AVError) -> CMTime {
        do {
            let duration = try asset.loadedDuration()
            if let refusal = asset.readingRefusal { throw refusal }
            return duration
        } catch let error as AVError {
            throw error
        } catch {
            throw AVError(.fileFailedToParse, "the asset cannot be opened", underlying: error)
        }
    }
}

/// Which job a frame belongs to: its source's group of pictures (and, for a dwell, its own request).
private struct JobKey: Hashable {
    let source: Int
    let start: Int
    let dwell: Int?
}

/// A batch's decoding contexts: one for a lone group of pictures (decoders on every core), and one per parallel
/// worker (one-thread decoders), each made when first needed and kept for the batch.
struct DecodeContexts {
    let backing: any TrackBacking
    let trackID: CMPersistentTrackID
    let geometry: FrameImageGeometry
    let settings: FrameGrabSettings
    private var lone: FrameDecodeContext?
    private var workers: [FrameDecodeContext] = []

    init(backing: any TrackBacking, trackID: CMPersistentTrackID, geometry: FrameImageGeometry,
         settings: FrameGrabSettings) {
        self.backing = backing
        self.trackID = trackID
        self.geometry = geometry
        self.settings = settings
    }

    mutating func solo() -> FrameDecodeContext {
        if let lone { return lone }
        let made = FrameDecodeContext(backing: backing, trackID: trackID, geometry: geometry, settings: settings,
                                      threadCount: nil)
        lone = made
        return made
    }

    mutating func parallel(_ count: Int) -> [FrameDecodeContext] {
        while workers.count < count {
            workers.append(FrameDecodeContext(backing: backing, trackID: trackID, geometry: geometry,
                                              settings: settings, threadCount: 1))
        }
        return Array(workers.prefix(count))
    }

    func close(allBut kept: Set<Int>) {
        lone?.close(allBut: kept)
        for worker in workers { worker.close(allBut: kept) }
    }
}
