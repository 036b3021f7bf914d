import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer

extension MovieWriter {
    /// Starts writing: `ftyp` and the reserved `mdat` header (or, for a fragmented movie, nothing until every track
    /// has a sample description). Called by the first `append` if not before; no track can be added afterwards.
    package func start() throws(ContainerWriterError) {
        try withLock { () throws(ContainerWriterError) in try startLocked() }
    }

    func startLocked() throws(ContainerWriterError) {
        try checkWritable()
        guard case .configuring = state else { return }
        try failing { () throws(ContainerWriterError) in
            if let segments = fragments?.segments {
                // Segments: the initialization segment carries `ftyp`; nothing is written until it can be made.
                try checkSegmentable(segments)
                state = .writing
                try writeFragmentedMovieBoxIfReady()
                return
            }
            guard let file else { throw ContainerWriterError(.invalidState, "no output file") }
            if tracks.contains(where: { $0.configuration.mediaDataLocation == .beforeMainMediaDataNotInterleaved }) {
                guard let url else { throw ContainerWriterError(.invalidState, "internal: a spool without an output") }
                spool = try OutputFile(creating: TemporaryFileName.url(for: url, purpose: "mediadata",
                                                                       in: options.temporaryDirectory))
            }
            var writer = BoxWriter()
            do throws(BoxWriteError) {
                try writer.writeBox(fileType.fileTypeBox)
            } catch {
                throw ContainerWriterError.box(error)
            }
            try file.write(writer.bytes)
            if fragments == nil {
                try reserveMovieBox(in: file)
                mediaDataHeaderOffset = file.position
                try file.write(MediaDataBox.header(payloadSize: 0))
            }
            state = .writing
            if fragments != nil { try writeFragmentedMovieBoxIfReady() }
        }
    }

    /// With fast start and a `MovieBoxReservation`, writes a `free` box as large as the movie box can become.
    private func reserveMovieBox(in file: OutputFile) throws(ContainerWriterError) {
        guard options.shouldOptimizeForNetworkUse, spool == nil, let reservation = options.movieBoxReservation else {
            return
        }
        let builder = MovieBoxBuilder(fileType: fileType, options: options, tracks: tracks, metadata: movieMetadata)
        // A track not yet describable gives no size to start from: then there is no reservation (the data moves at
        // the end, as without one), never a failure.
        guard let empty = try? builder.build(resolve: { _ in 0 }) else { return }
        let bytes = reservation.bytes(emptyMovieBoxSize: empty.count, trackCount: tracks.count)
        guard bytes >= 8, bytes <= MovieWriterLimits.maximumMovieBoxReserve else { return }
        var header = BoxWriter(capacity: 8)
        header.writeUInt32(UInt32(bytes))
        header.writeFourCC("free")
        try file.write(header.bytes)
        try file.writeZeros(bytes - 8)
        movieBoxReserve = UInt64(bytes)
    }

    /// Appends a sample (or a run of equal samples) to a track, in decode order. A sample the writer cannot accept
    /// (times out of order, a missing description) is refused with `.invalidArgument` and the writer carries on;
    /// a file-system failure fails the writer.
    package func append(_ sample: OutputSample, to handle: OutputTrack) throws(ContainerWriterError) {
        try withLock { () throws(ContainerWriterError) in
            try checkWritable()
            if case .configuring = state { try startLocked() }
            let track = try self.track(handle)
            let timing = try validate(sample, for: track)
            try failing { () throws(ContainerWriterError) in
                record(sample, timing: timing, in: track)
                if fragments != nil {
                    try appendToFragment(sample, timing: timing, track: track)
                } else {
                    try place(sample, timing: timing, in: track)
                }
            }
        }
    }

    /// True when the track should be given more samples now: false while it has a full chunk waiting for slower
    /// tracks (it is ahead of them), which is the interleaving back-pressure (`isReadyForMoreMediaData`).
    package func isReadyForMoreMediaData(_ handle: OutputTrack) -> Bool {
        withLock {
            guard case .writing = state else {
                if case .configuring = state { return true }
                return false
            }
            guard let track = try? self.track(handle), !track.isFinished else { return false }
            if fragments != nil { return fragmentAcceptsMore(track) }
            return track.waiting.isEmpty
        }
    }

    /// Marks a track as complete: its last chunk is closed and it no longer holds other tracks back.
    package func markFinished(_ handle: OutputTrack) throws(ContainerWriterError) {
        try withLock { () throws(ContainerWriterError) in
            try checkWritable()
            let track = try self.track(handle)
            guard !track.isFinished else { return }
            track.isFinished = true
            guard case .writing = state else { return }
            try failing { () throws(ContainerWriterError) in
                if fragments != nil {
                    try flushFragmentsIfDue(force: false)
                } else {
                    closePendingChunk(of: track)
                    try writeDueChunks()
                }
            }
        }
    }

    // MARK: Validation

    /// A sample's times as the track will store them.
    struct SampleTiming {
        var decodeTime: Int64
        var compositionOffset: Int32
        var previousDelta: UInt32?
        var duration: UInt32
        var sampleCount: UInt32
        var sampleSize: UInt32
        var dependencyByte: UInt8?
    }

    /// Checks a sample against its track and works out its stored timing; throws `.invalidArgument` without changing
    /// anything.
    func validate(_ sample: OutputSample, for track: WriterTrack) throws(ContainerWriterError) -> SampleTiming {
        func bad(_ message: String) -> ContainerWriterError {
            ContainerWriterError(.invalidArgument, "track \(track.trackID): \(message)")
        }
        guard !track.isFinished else { throw ContainerWriterError(.invalidState, "track \(track.trackID) is marked finished") }
        guard (1...max(1, track.descriptions.count)).contains(sample.descriptionIndex), !track.descriptions.isEmpty else {
            throw bad("sample description \(sample.descriptionIndex) does not exist (the track has "
                      + "\(track.descriptions.count)); add it with addSampleDescription first")
        }
        guard sample.sampleCount >= 1, sample.sampleCount <= MovieWriterLimits.maximumSamplesPerAppend else {
            throw bad("a run holds 1…\(MovieWriterLimits.maximumSamplesPerAppend) samples, not \(sample.sampleCount)")
        }
        let bytes = sample.byteCount
        guard bytes % sample.sampleCount == 0 else {
            throw bad("\(bytes) bytes do not divide into \(sample.sampleCount) equal samples")
        }
        let size = bytes / sample.sampleCount
        guard size <= MovieWriterLimits.maximumSampleSize else { throw bad("a \(size)-byte sample is too large") }
        switch (sample.payload, track.configuration.mediaDataLocation) {
        case (.reference, .referenced), (.blockBuffer, .interleavedWithMainMediaData),
             (.data, .interleavedWithMainMediaData), (.blockBuffer, .beforeMainMediaDataNotInterleaved),
             (.data, .beforeMainMediaDataNotInterleaved):
            break
        case (.reference, _):
            throw bad("a sample reference needs a track whose media data location is .referenced")
        default:
            throw bad("a track of sample references takes .reference payloads only")
        }
        guard sample.duration >= 0, let duration = UInt32(exactly: sample.duration) else {
            throw bad("duration \(sample.duration) does not fit 0…\(UInt32.max) ticks")
        }
        let decodeTime = sample.decodeTime ?? track.nextDecodeTime ?? 0
        var previousDelta: UInt32?
        if track.firstDecodeTime != nil {
            let (delta, overflow) = decodeTime.subtractingReportingOverflow(track.lastDecodeTime)
            guard !overflow, delta > 0 else {
                throw bad("decode time \(decodeTime) does not follow the previous sample's \(track.lastDecodeTime); "
                          + "samples are appended in increasing decode order")
            }
            guard let fits = UInt32(exactly: delta) else { throw bad("a gap of \(delta) ticks between samples is too long") }
            previousDelta = fits
        }
        let presentation = sample.presentationTime ?? decodeTime
        let (offset, overflow) = presentation.subtractingReportingOverflow(decodeTime)
        guard !overflow, let compositionOffset = Int32(exactly: offset) else {
            throw bad("presentation time \(presentation) is too far from decode time \(decodeTime)")
        }
        guard sample.sampleCount == 1 || compositionOffset == 0 else {
            throw bad("a run of samples is presented at its decode times")
        }
        if sample.sampleCount > 1 { guard duration > 0 else { throw bad("a run of samples needs a duration") } }
        guard UInt64(track.table.sampleCount) + UInt64(sample.sampleCount) < UInt64(UInt32.max) else {
            throw bad("a track holds at most \(UInt32.max) samples")
        }
        return SampleTiming(decodeTime: decodeTime, compositionOffset: compositionOffset, previousDelta: previousDelta,
                            duration: duration, sampleCount: UInt32(sample.sampleCount), sampleSize: UInt32(size),
                            dependencyByte: sample.dependency?.sdtpByte)
    }

    /// Records a validated sample's timing on its track (and, unless fragmented, in its sample table).
    func record(_ sample: OutputSample, timing: SampleTiming, in track: WriterTrack) {
        if track.firstDecodeTime == nil {
            track.firstDecodeTime = timing.decodeTime
            track.firstCompositionOffset = timing.compositionOffset
        }
        let runLength = Int64(timing.duration) * Int64(timing.sampleCount - 1)
        track.lastDecodeTime = timing.decodeTime + runLength
        track.lastDuration = Int64(timing.duration)
        let presentation = timing.decodeTime + Int64(timing.compositionOffset)
        track.minimumPresentationTime = min(track.minimumPresentationTime, presentation)
        track.maximumPresentationEnd = max(track.maximumPresentationEnd,
                                           presentation + runLength + Int64(timing.duration))
        if fragments == nil {
            track.table.append(count: timing.sampleCount, size: timing.sampleSize, previousDelta: timing.previousDelta,
                               duration: timing.duration, compositionOffset: timing.compositionOffset,
                               isSync: sample.isSync || timing.sampleCount > 1, isPartialSync: sample.isPartialSync,
                               dependency: timing.dependencyByte)
        }
    }
}
