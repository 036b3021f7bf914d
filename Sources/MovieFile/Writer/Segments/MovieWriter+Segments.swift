import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer

// The segmented layout: the fragments of a fragmented movie, handed out as segments instead of written to a file
// (`MovieSegmentation`). The initialization segment is `ftyp` + the fragmented movie box as soon as every track
// has a sample description; each media segment is one `moof` + `mdat` (after `styp` for CMAF), cut before a sync
// sample of the cutting track (the video track if there is one), and written once every other track has reached
// the cut, so that each segment holds every track's samples up to it.
extension MovieWriter {
    /// Writes segments to `segmentation.handler` instead of a file. Only MPEG-4 carries segments.
    package convenience init(segmentation: MovieSegmentation, fileType: MovieFileType,
                             options: MovieWriterOptions = MovieWriterOptions()) throws(ContainerWriterError) {
        guard fileType == .mpeg4 else {
            throw ContainerWriterError(.unsupportedFormat, "segment output is MPEG-4 (fragmented), not \(fileType)")
        }
        if case .every(let interval, let start) = segmentation.cut {
            guard interval.isNumeric, interval > .zero, start.isNumeric else {
                throw ContainerWriterError(.invalidArgument, "a segment interval must be a positive time from a "
                                           + "numeric start")
            }
        }
        try self.init(output: nil, fileType: fileType, options: options, segmentation: segmentation)
    }

    /// The index of the track whose sync samples decide the cuts: the first video track, else the first track.
    var cuttingTrackIndex: Int { tracks.first { $0.kind == .video }?.index ?? 0 }

    /// Checks, when writing starts, what segments cannot carry.
    func checkSegmentable(_ segments: SegmentWriterState) throws(ContainerWriterError) {
        guard !tracks.isEmpty else {
            throw ContainerWriterError(.invalidState, "segment output needs at least one track")
        }
        if segments.segmentation.profile == .cmaf, tracks.count > 1 {
            throw ContainerWriterError(.unsupportedFormat, "a CMAF track file holds one track (ISO/IEC 23000-19 "
                                       + "§7.3.1): write each of the \(tracks.count) tracks with its own writer")
        }
        for track in tracks where track.configuration.mediaDataLocation != .interleavedWithMainMediaData {
            throw ContainerWriterError(.unsupportedFormat, "track \(track.trackID): segments carry their media "
                                       + "data in each segment, so it cannot be placed before the main media data "
                                       + "or in another file")
        }
    }

    /// Hands out `ftyp` + the movie box.
    func writeInitializationSegment(_ segments: SegmentWriterState) throws(ContainerWriterError) {
        var writer = BoxWriter()
        do throws(BoxWriteError) {
            try writer.writeBox(segmentFileTypeBox(segments.segmentation.profile))
        } catch {
            throw ContainerWriterError.box(error)
        }
        let movie = try fragmentedMovieBox(duration: 0, includesDefaultEdits: false)
        try segments.output.write(writer.bytes)
        try segments.output.write(movie)
        segments.initializationWritten = true
        segments.delivery.deliver(MovieSegment(kind: .initialization, data: segments.output.cut(), tracks: []))
    }

    /// The initialization segment's `ftyp`: `iso6` (fragments with `tfdt` and `default-base-is-moof`) for HLS;
    /// for CMAF also `cmfc`, the CMAF track brand (ISO/IEC 23000-19 §7.2).
    private func segmentFileTypeBox(_ profile: MovieSegmentation.Profile) -> FileTypeBox {
        switch profile {
        case .appleHLS: FileTypeBox(majorBrand: "iso6", minorVersion: 1, compatibleBrands: ["iso6", "mp41"])
        case .cmaf: FileTypeBox(majorBrand: "cmfc", minorVersion: 0, compatibleBrands: ["iso6", "cmfc"])
        }
    }

    /// Notes a sample of the cutting track: the first (and the first after a flush) must be a sync sample; with an
    /// interval, a sync sample at or past the boundary starts a new segment.
    func noteSegmentCut(_ segments: SegmentWriterState, track: WriterTrack, timing: SampleTiming,
                        isSync: Bool) throws(ContainerWriterError) {
        guard track.index == cuttingTrackIndex else { return }
        let time = CMTime(value: timing.decodeTime + Int64(timing.compositionOffset), timescale: track.timescale)
        if segments.awaitingSync {
            guard isSync else {
                throw ContainerWriterError(.invalidArgument, "track \(track.trackID): every segment starts with a sync "
                                           + "sample, and the sample at \(time.seconds) s that starts one is not a "
                                           + "sync sample" + (segments.segmentation.cut == .onFlush
                                                              ? " (call flushSegment() before a sync sample)" : ""))
            }
            segments.awaitingSync = false
            if case .every(let interval, let start) = segments.segmentation.cut, segments.nextBoundary == nil {
                segments.nextBoundary = try Self.boundary(after: time, start: start, interval: interval)
            }
            return
        }
        guard case .every(let interval, let start) = segments.segmentation.cut, isSync,
              let boundary = segments.nextBoundary, time >= boundary else { return }
        segments.cuts.append(.before(decodeTime: timing.decodeTime, time: time))
        segments.nextBoundary = try Self.boundary(after: time, start: start, interval: interval)
    }

    /// The first `start` + N × `interval` (N ≥ 1) later than `time`; a timeline the interval cannot count is refused.
    private static func boundary(after time: CMTime, start: CMTime, interval: CMTime) throws(ContainerWriterError)
        -> CMTime {
        guard let boundary = SegmentBoundary.next(after: time, start: start, interval: interval) else {
            throw ContainerWriterError(.invalidArgument, "a sample at \(time.seconds) s is too far from the segment "
                                       + "start \(start.seconds) s to count \(interval.seconds) s intervals")
        }
        return boundary
    }

    /// Closes the current segment where the caller asks (`.onFlush`): it holds everything appended since the last.
    package func flushSegment() throws(ContainerWriterError) {
        try withLock { () throws(ContainerWriterError) in
            try checkWritable()
            guard let segments = fragments?.segments, segments.segmentation.cut == .onFlush else {
                throw ContainerWriterError(.invalidState, "flushSegment() needs segment output with an indefinite "
                                           + "segment interval")
            }
            guard let fragments, !fragments.samples.isEmpty else { return }
            let queued = fragments.samples.map(\.count)
            guard queued.contains(where: { $0 > 0 }) else { return }
            segments.cuts.append(.flush(queued: queued))
            segments.awaitingSync = true
            try failing { () throws(ContainerWriterError) in try flushSegmentsIfDue(segments, force: false) }
        }
    }

    /// Writes the segments whose cuts every track has reached (every remaining sample when `force`).
    func flushSegmentsIfDue(_ segments: SegmentWriterState, force: Bool) throws(ContainerWriterError) {
        guard let fragments, fragments.movieBoxWritten else {
            if force || bufferedBytes > MovieWriterLimits.maximumSegmentBytes {
                let missing = tracks.filter { $0.descriptions.isEmpty }.map { String($0.trackID) }
                throw ContainerWriterError(.invalidState, "segment output cannot start: track(s) "
                                           + "\(missing.joined(separator: ", ")) have no sample description")
            }
            return
        }
        while let cut = segments.cuts.first {
            var counts: [Int]
            switch cut {
            case .before(let decodeTime, let time):
                guard force || allTracksReached(time) || bufferedBytes > MovieWriterLimits.maximumSegmentBytes else {
                    return
                }
                counts = tracks.map { track in
                    let queue = fragments.samples[track.index]
                    let limit = track.index == cuttingTrackIndex ? decodeTime
                        : CMTimeConvertScale(time, timescale: track.timescale, method: .roundTowardNegativeInfinity).value
                    return queue.prefix { $0.decodeTime < limit }.count
                }
            case .flush(let queued):
                counts = queued
            }
            segments.cuts.removeFirst()
            // Earlier cuts took samples already counted by a flush: never more than is queued.
            counts = zip(counts, fragments.samples).map { min($0, $1.count) }
            try writeSegment(counts: counts, segments: segments)
        }
        if force {
            try writeSegment(counts: fragments.samples.map(\.count), segments: segments)
        } else if bufferedBytes > MovieWriterLimits.maximumSegmentBytes {
            let why = segments.segmentation.cut == .onFlush
                ? "flushSegment() was not called"
                : "no sync sample of track \(tracks[cuttingTrackIndex].trackID) to start the next one"
            throw ContainerWriterError(.invalidArgument, "segment output: more than "
                                       + "\(MovieWriterLimits.maximumSegmentBytes >> 20) MiB of media since the last "
                                       + "segment and \(why)")
        }
    }

    /// Writes the first `counts[i]` queued samples of each track as one media segment, if there are any.
    private func writeSegment(counts: [Int], segments: SegmentWriterState) throws(ContainerWriterError) {
        guard let fragments, counts.contains(where: { $0 > 0 }) else { return }
        // Each track's samples, split where the sample description changes (a `traf` has one).
        var parts: [FragmentPart] = []
        for track in tracks where counts[track.index] > 0 {
            let queue = fragments.samples[track.index]
            let taken = Array(queue[0..<counts[track.index]])
            let following = counts[track.index] < queue.count ? queue[counts[track.index]].decodeTime : nil
            var start = 0
            while start < taken.count {
                var end = start + 1
                while end < taken.count, taken[end].descriptionIndex == taken[start].descriptionIndex { end += 1 }
                parts.append((track, Array(taken[start..<end]), end < taken.count ? taken[end].decodeTime : following))
                start = end
            }
            fragments.samples[track.index].removeFirst(counts[track.index])
        }
        let output = segments.output
        output.reserveCapacity(parts.reduce(4096) { total, part in
            part.samples.reduce(total) { $0 + Int($1.sampleSize) * Int($1.sampleCount) }
        })
        let segmentStart = output.position
        if segments.segmentation.profile == .cmaf {
            var writer = BoxWriter()
            do throws(BoxWriteError) {
                try writer.writeBox(SegmentTypeBox(majorBrand: "cmfs", compatibleBrands: ["cmfs", "cmff", "iso6"]))
            } catch {
                throw ContainerWriterError.box(error)
            }
            try output.write(writer.bytes)
        }
        let dataStarts = try writeFragment(parts, to: output, state: fragments)
        var reports: [MovieSegment.TrackReport] = []
        for (part, dataStart) in zip(parts, dataStarts) {
            let first = part.samples[0]
            let last = part.samples[part.samples.count - 1]
            let end = part.next ?? (last.decodeTime + Int64(last.duration) * Int64(last.sampleCount))
            let earliest = part.samples.map { $0.decodeTime + Int64($0.compositionOffset) }.min() ?? first.decodeTime
            let timescale = part.track.timescale
            var firstVideo: MovieSegment.SampleReport?
            if part.track.kind == .video {
                firstVideo = MovieSegment.SampleReport(
                    presentationTime: CMTime(value: first.decodeTime + Int64(first.compositionOffset),
                                             timescale: timescale),
                    offset: Int(dataStart - segmentStart), length: Int(first.sampleSize),
                    isSync: !first.flags.isNonSyncSample)
            }
            let report = MovieSegment.TrackReport(
                trackID: Int32(part.track.trackID), mediaType: part.track.configuration.mediaType,
                earliestPresentationTime: CMTime(value: earliest, timescale: timescale),
                duration: CMTime(value: end - first.decodeTime, timescale: timescale), firstVideoSample: firstVideo)
            if let index = reports.firstIndex(where: { $0.trackID == report.trackID }) {
                // A second part of the same track (a new sample description): one report for the track.
                reports[index].earliestPresentationTime = min(reports[index].earliestPresentationTime,
                                                              report.earliestPresentationTime)
                reports[index].duration = CMTimeAdd(reports[index].duration, report.duration)
            } else {
                reports.append(report)
            }
        }
        segments.delivery.deliver(MovieSegment(kind: .media, data: output.cut(), tracks: reports))
    }

    /// The ticks subtracted from `track`'s decode times in segments: its first decode time when that is before zero
    /// (B-frames: decoding starts before the first frame is shown), so that no `tfdt` is negative; zero otherwise.
    /// The composition offsets absorb it, so presentation times stay the caller's.
    ///
    /// Combinable fragments cannot use that rule: a writer that starts later in the stream has no negative decode
    /// time and would not move, so its fragments would decode earlier than the first writer's. Their decode times
    /// move instead by the first sample's composition offset, so that the first sample decodes when it is
    /// presented: in a uniformly encoded stream the decode delay at a sync sample is the same wherever a writer
    /// starts, so every writer moves by the same amount and their fragments follow each other.
    func segmentOrigin(of track: WriterTrack) -> Int64 {
        if fragments?.segments?.segmentation.producesCombinableFragments == true {
            return -Int64(track.firstCompositionOffset ?? 0)
        }
        return min(0, track.firstDecodeTime ?? 0)
    }

    /// A copy of `buffer`'s bytes, copied once into memory that is not zeroed first.
    static func bytes(of buffer: CMBlockBuffer) throws(ContainerWriterError) -> Data {
        let length = CMBlockBufferGetDataLength(buffer)
        guard length > 0 else { return Data() }
        guard let memory = malloc(length) else {
            throw ContainerWriterError(.invalidState, "no memory for a sample of \(length) bytes")
        }
        let status = CMBlockBufferCopyDataBytes(buffer, atOffset: 0, dataLength: length, destination: memory)
        guard status == kCMBlockBufferNoErr else {
            free(memory)
            throw ContainerWriterError(.invalidArgument, "a sample's \(length) bytes could not be read (status \(status))")
        }
        return Data(bytesNoCopy: memory, count: length, deallocator: .free)
    }

    /// Waits until every segment made so far was handed to the handler (a no-op for a file).
    package func waitUntilOutputDelivered() {
        let delivery = withLock { fragments?.segments?.delivery }
        delivery?.drain()
    }
}

extension SegmentWriterState {
    /// The presentation time of the first pending interval cut, if any: tracks past it wait for the others.
    var pendingCutTime: CMTime? {
        for cut in cuts {
            if case .before(_, let time) = cut { return time }
        }
        return nil
    }
}
