import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer

// Fragmented movies (ISO/IEC 14496-12 §8.8): `ftyp` and a `moov` with empty sample tables and `mvex` (`mehd`,
// one `trex` per track) as soon as every track has a sample description, followed by `free` space reserved so the
// end can rewrite the movie box in place; then a `moof` + `mdat` pair per fragment interval, each written whole and
// handed to the kernel before the next begins, its `moof` committed last (so a killed process leaves a file that
// plays up to its last complete fragment); at the end `mfra` (`tfra` per track, `mfro`) and the movie box rewritten
// with the final edit lists and the `mehd` duration.
//
// To an append-only output (a pipe) the same boxes go out once, in order: no room after the movie box, no commit
// (a reader of a stream sees a fragment only once its bytes arrive), and the movie box stays as first written. The
// segmented layout writes its fragments through the same `writeFragment`, into an `OutputSegmentCollector`.
//
// A fragment closes at its time boundary once every unfinished track has samples at or past it; each track
// contributes its samples that decode before the boundary (`default-base-is-moof` data offsets, `tfdt`, and a `trun`
// with per-sample durations, sizes, flags and composition offsets only where they vary).
extension MovieWriter {
    /// Writes `ftyp` (already written by `start`) + `moov` once every track has a sample description.
    func writeFragmentedMovieBoxIfReady() throws(ContainerWriterError) {
        guard let fragments, !fragments.movieBoxWritten, case .writing = state,
              tracks.allSatisfy({ !$0.descriptions.isEmpty }) else { return }
        if let segments = fragments.segments {
            try writeInitializationSegment(segments)
            fragments.movieBoxWritten = true
            // Samples may already be queued (a track described after another's first sample): keep them.
            if fragments.samples.count != tracks.count { fragments.samples = Array(repeating: [], count: tracks.count) }
            return
        }
        guard let file else { return }
        let movie = try fragmentedMovieBox(duration: fragmentDurationHint(), includesDefaultEdits: false)
        // Room for the final movie box, which only a patchable output can take.
        let reserve = file.isPatchable ? 256 + MovieWriterLimits.fragmentedMovieReservePerTrack * tracks.count : 0
        fragments.movieBoxOffset = file.position
        fragments.movieBoxReservedSize = movie.count + reserve
        try file.write(movie)
        if reserve > 0 { try file.write(Self.freeBox(size: reserve)) }
        try file.flush()
        fragments.movieBoxWritten = true
        fragments.samples = Array(repeating: [], count: tracks.count)
        fragments.randomAccess = Array(repeating: [], count: tracks.count)
    }

    /// A `free` box of exactly `size` bytes (at least 8).
    static func freeBox(size: Int) -> [UInt8] {
        var writer = BoxWriter(capacity: size)
        writer.writeUInt32(UInt32(size))
        writer.writeFourCC("free")
        writer.writeZeros(size - 8)
        return writer.bytes
    }

    /// The movie box of a fragmented movie, with the given `mehd` duration.
    func fragmentedMovieBox(duration: UInt64, includesDefaultEdits: Bool = true) throws(ContainerWriterError)
        -> [UInt8] {
        var builder = MovieBoxBuilder(fileType: fileType, options: options, tracks: tracks, metadata: movieMetadata)
        builder.fragmented = true
        builder.includesDefaultEdits = includesDefaultEdits
        builder.fragmentDuration = duration
        return try builder.build { _ in 0 }
    }

    /// The `overallDurationHint` in the movie timescale, 0 without one.
    private func fragmentDurationHint() -> UInt64 {
        guard let hint = options.overallDurationHint, hint.isNumeric, hint > .zero else { return 0 }
        return UInt64(max(0, CMTimeConvertScale(hint, timescale: options.movieTimescale,
                                                method: .roundHalfAwayFromZero).value))
    }

    /// Throws when the movie box, rebuilt with the current edits and metadata, no longer fits the space written for
    /// it in a fragmented movie (only then: before the movie box is written anything goes), or went out for good (a
    /// segment, an append-only output).
    func checkFragmentedMovieBoxFits() throws(ContainerWriterError) {
        guard let fragments, fragments.movieBoxWritten else { return }
        guard outputIsPatchable else {
            throw ContainerWriterError(.invalidState, "the movie box already went out (in the initialization segment "
                                       + "or to an append-only output) and cannot change: set edits, metadata and "
                                       + "the encoder delay before the first sample")
        }
        let size = try fragmentedMovieBox(duration: UInt64(UInt32.max) + 1).count
        guard size == fragments.movieBoxReservedSize || size + 8 <= fragments.movieBoxReservedSize else {
            throw ContainerWriterError(.invalidState, "the fragmented movie's movie box is on disk with "
                                   + "\(fragments.movieBoxReservedSize) bytes of room; this change needs \(size)")
        }
    }

    /// True unless the track has samples past the open fragment's boundary (a segment's cut) while another track has
    /// not reached it.
    func fragmentAcceptsMore(_ track: WriterTrack) -> Bool {
        if let segments = fragments?.segments {
            // Segments the handler has not taken yet are memory too.
            guard !segments.delivery.isBackedUp else { return false }
            guard let time = segments.pendingCutTime, track.firstDecodeTime != nil else { return true }
            return CMTime(value: track.lastDecodeTime, timescale: track.timescale) < time || allTracksReached(time)
        }
        guard let fragments, let boundary = fragments.boundary, track.firstDecodeTime != nil else { return true }
        let time = CMTime(value: track.lastDecodeTime, timescale: track.timescale)
        return time < boundary || allTracksReached(boundary)
    }

    /// True when every unfinished track has appended a sample at or past `boundary`.
    func allTracksReached(_ boundary: CMTime) -> Bool {
        tracks.allSatisfy { track in
            track.isFinished || (track.firstDecodeTime != nil
                                 && CMTime(value: track.lastDecodeTime, timescale: track.timescale) >= boundary)
        }
    }

    /// Queues a validated sample for its fragment and writes the fragments that are due.
    func appendToFragment(_ sample: OutputSample, timing: SampleTiming, track: WriterTrack) throws(ContainerWriterError) {
        guard let fragments else { return }
        if fragments.samples.isEmpty {
            fragments.samples = Array(repeating: [], count: tracks.count)
            fragments.randomAccess = Array(repeating: [], count: tracks.count)
        }
        let dependency = sample.dependency?.codes
        let sync = sample.isSync || timing.sampleCount > 1
        let flags = SampleFlags(isLeading: dependency?.isLeading ?? 0, dependsOn: dependency?.dependsOn ?? (sync ? 2 : 1),
                                isDependedOn: dependency?.isDependedOn ?? 0, hasRedundancy: dependency?.hasRedundancy ?? 0,
                                isNonSyncSample: !sync)
        // Segments copy a sample's bytes now, while a mapped source's pages are still resident: a segment is cut
        // seconds later, after the reader has given those pages back, and copying them then faulted them in again
        // for good (a 600 s 1080p passthrough ended with 430 MB of the source resident, 40 MB with the copy here).
        var payload = sample.payload
        if fragments.segments != nil, case .blockBuffer(let buffer) = payload {
            payload = .data(try Self.bytes(of: buffer))
        }
        fragments.samples[track.index].append(FragmentWriterState.Sample(
            payload: payload, decodeTime: timing.decodeTime, sampleCount: timing.sampleCount,
            sampleSize: timing.sampleSize, duration: timing.duration, compositionOffset: timing.compositionOffset,
            flags: flags, descriptionIndex: sample.descriptionIndex))
        let bytes = Int(timing.sampleSize) * Int(timing.sampleCount)
        track.bufferedBytes += bytes
        bufferedBytes += bytes
        if let segments = fragments.segments {
            try noteSegmentCut(segments, track: track, timing: timing, isSync: sync)
            try writeFragmentedMovieBoxIfReady()
            try flushSegmentsIfDue(segments, force: false)
            return
        }
        if fragments.boundary == nil {
            fragments.boundary = CMTimeAdd(CMTime(value: timing.decodeTime, timescale: track.timescale),
                                           fragments.initialInterval)
        }
        try writeFragmentedMovieBoxIfReady()
        try flushFragmentsIfDue(force: false)
    }

    /// Writes every fragment whose boundary all tracks have reached (all remaining ones when `force`, or past the
    /// memory cap the next one regardless).
    func flushFragmentsIfDue(force: Bool) throws(ContainerWriterError) {
        guard let fragments else { return }
        if let segments = fragments.segments {
            try flushSegmentsIfDue(segments, force: force)
            return
        }
        guard fragments.movieBoxWritten else {
            if bufferedBytes > options.maximumBufferedBytes || force {
                let missing = tracks.filter { $0.descriptions.isEmpty }.map { String($0.trackID) }
                throw ContainerWriterError(.invalidState, "a fragmented movie cannot start: track(s) "
                                       + "\(missing.joined(separator: ", ")) have no sample description")
            }
            return
        }
        while let boundary = fragments.boundary, fragments.samples.contains(where: { !$0.isEmpty }) {
            let due = force || allTracksReached(boundary) || bufferedBytes > options.maximumBufferedBytes
            guard due else { return }
            // Each track's samples that decode before the boundary (and share the first one's description).
            var parts: [FragmentPart] = []
            for track in tracks {
                let queue = fragments.samples[track.index]
                guard let first = queue.first else { continue }
                var count = 0
                while count < queue.count,
                      CMTime(value: queue[count].decodeTime, timescale: track.timescale) < boundary,
                      queue[count].descriptionIndex == first.descriptionIndex {
                    count += 1
                }
                guard count > 0 else { continue }
                parts.append((track, Array(queue[0..<count]), count < queue.count ? queue[count].decodeTime : nil))
                fragments.samples[track.index].removeFirst(count)
            }
            if parts.isEmpty {
                // Nothing before this boundary (a gap): move it to one interval past the earliest queued sample.
                var earliest: CMTime?
                for track in tracks {
                    guard let first = fragments.samples[track.index].first else { continue }
                    let time = CMTime(value: first.decodeTime, timescale: track.timescale)
                    if earliest == nil || time < earliest! { earliest = time }
                }
                guard let earliest else { return }
                fragments.boundary = CMTimeAdd(earliest, fragments.interval)
                continue
            }
            guard let file else { throw ContainerWriterError(.invalidState, "internal: no output file") }
            try writeFragment(parts, to: file, state: fragments)
            fragments.boundary = CMTimeAdd(boundary, fragments.interval)
        }
    }

    /// Writes one `moof` + `mdat` of `parts` to `sink` and hands it on (to the kernel; a segment collector keeps it
    /// for its cut); returns where each part's media data starts in the sink. The one write path of fragments, for
    /// files, streams and segments alike.
    @discardableResult
    func writeFragment(_ parts: [FragmentPart], to sink: some OutputSink, state fragments: FragmentWriterState)
        throws(ContainerWriterError) -> [UInt64] {
        let moofOffset = sink.position
        let (moof, header) = try fragmentBoxes(parts, state: fragments, moofOffset: moofOffset)
        if sink.isPatchable {
            // Commit protocol: the movie fragment box is written typed `free` and becomes `moof` (one 4-byte write)
            // only once its media data is with the kernel, so a process killed part-way through a fragment leaves a
            // `free` box that readers skip, never a truncated `moof` (FFmpeg 5.1 refuses to open a seekable file
            // that ends inside one).
            var uncommitted = moof
            uncommitted.replaceSubrange(4..<8, with: FourCC("free").bytes)
            try sink.write(uncommitted)
        } else {
            try sink.write(moof)
        }
        try sink.write(header)
        var dataStarts: [UInt64] = []
        dataStarts.reserveCapacity(parts.count)
        for part in parts {
            dataStarts.append(sink.position)
            for sample in part.samples {
                switch sample.payload {
                case .blockBuffer(let buffer): try sink.write(buffer)
                case .data(let data): try sink.write(data)
                case .reference: throw ContainerWriterError(.invalidState, "internal: a sample reference in a fragment")
                }
                release(sample, of: part.track)
            }
        }
        try sink.flush()
        if sink.isPatchable { try sink.overwrite(FourCC("moof").bytes, at: moofOffset + 4) }
        fragments.sequenceNumber &+= 1
        return dataStarts
    }

    /// Forgets a written sample's bytes in the memory accounting.
    func release(_ sample: FragmentWriterState.Sample, of track: WriterTrack) {
        let bytes = Int(sample.sampleSize) * Int(sample.sampleCount)
        track.bufferedBytes -= bytes
        bufferedBytes -= bytes
    }

    /// The `moof` (data offsets resolved) and the `mdat` header of one fragment of `parts`; records each track's
    /// random access entry at `moofOffset`.
    func fragmentBoxes(_ parts: [FragmentPart], state fragments: FragmentWriterState, moofOffset: UInt64)
        throws(ContainerWriterError) -> (moof: [UInt8], mdatHeader: [UInt8]) {
        var trafs: [TrackFragmentBox] = []
        var dataSizes: [UInt64] = []
        for (trafIndex, part) in parts.enumerated() {
            let (box, size, access) = try trackFragment(part.track, samples: part.samples, next: part.next,
                                                        trafNumber: UInt32(trafIndex + 1), moofOffset: moofOffset)
            trafs.append(box)
            dataSizes.append(size)
            if let access, fragments.segments == nil { fragments.randomAccess[part.track.index].append(access) }
        }
        // Sizes are known once the boxes are: data offsets (from the start of `moof`) are patched in afterwards;
        // a `trun` data offset is always 4 bytes, so patching does not change the size.
        func encode(_ trafs: [TrackFragmentBox]) throws(ContainerWriterError) -> [UInt8] {
            var children = BoxList([MovieFragmentHeaderBox(sequenceNumber: fragments.sequenceNumber)])
            for traf in trafs { children.append(traf) }
            var writer = BoxWriter()
            do throws(BoxWriteError) { try writer.writeBox(MovieFragmentBox(children: children)) } catch { throw ContainerWriterError.box(error) }
            return writer.bytes
        }
        let payloadSize = dataSizes.reduce(0, +)
        let mdatHeaderSize: UInt64 = payloadSize + 8 > UInt64(UInt32.max) ? 16 : 8
        let moofSize = UInt64(try encode(trafs).count)
        var dataOffset = moofSize + mdatHeaderSize
        for index in trafs.indices {
            guard let offset = Int32(exactly: dataOffset) else {
                throw ContainerWriterError(.invalidArgument, "a fragment's data offset \(dataOffset) does not fit 32 bits; "
                                       + "use a shorter fragment interval")
            }
            var children = trafs[index].children
            if let runIndex = children.firstIndex(where: { $0.box is TrackRunBox }),
               var run = children[runIndex].box as? TrackRunBox {
                run.dataOffset = offset
                children[runIndex].box = run
            }
            trafs[index].children = children
            dataOffset += dataSizes[index]
        }
        var header = BoxWriter()
        if mdatHeaderSize == 16 {
            header.writeUInt32(1)
            header.writeFourCC("mdat")
            header.writeUInt64(payloadSize + 16)
        } else {
            header.writeUInt32(UInt32(payloadSize + 8))
            header.writeFourCC("mdat")
        }
        return (try encode(trafs), header.bytes)
    }

    /// One track's `traf` (`tfhd` with default-base-is-moof, `tfdt`, `trun`), the size of its data, and its random
    /// access entry (the first sync sample) if it has one.
    private func trackFragment(_ track: WriterTrack, samples: [FragmentWriterState.Sample], next: Int64?,
                               trafNumber: UInt32, moofOffset: UInt64) throws(ContainerWriterError)
        -> (TrackFragmentBox, UInt64, TrackFragmentRandomAccessBox.Entry?) {
        var durations: [UInt32] = [], sizes: [UInt32] = [], flags: [UInt32] = [], offsets: [Int32] = []
        var dataSize: UInt64 = 0
        let origin = fragments?.segments != nil ? segmentOrigin(of: track) : 0
        for (index, sample) in samples.enumerated() {
            let following = index + 1 < samples.count ? samples[index + 1].decodeTime : next
            for subsample in 0..<Int(sample.sampleCount) {
                var duration = sample.duration
                if subsample == Int(sample.sampleCount) - 1, let following {
                    let lastTime = sample.decodeTime + Int64(sample.duration) * Int64(sample.sampleCount - 1)
                    guard let delta = UInt32(exactly: following - lastTime) else {
                        throw ContainerWriterError(.invalidArgument, "track \(track.trackID): a gap of "
                                               + "\(following - lastTime) ticks between samples is too long")
                    }
                    duration = delta
                }
                durations.append(duration)
                sizes.append(sample.sampleSize)
                flags.append(sample.flags.rawValue)
                // Segments move decode times by the origin and the offsets back, so presentation times stay the
                // caller's (a negative offset makes the `trun` version 1).
                guard let shifted = Int32(exactly: Int64(sample.compositionOffset) + origin) else {
                    throw ContainerWriterError(.invalidArgument, "track \(track.trackID): decode times start "
                                               + "\(-origin) ticks before zero, more than a composition offset holds")
                }
                offsets.append(shifted)
            }
            dataSize += UInt64(sample.sampleSize) * UInt64(sample.sampleCount)
        }
        let first = samples[0]
        // Fragmented files start each track at media time 0 (the edit list places it); segments keep the caller's
        // timeline, less the shared origin that keeps decode times non-negative.
        let segmentation = fragments?.segments?.segmentation
        let baseTime = first.decodeTime - (segmentation != nil ? origin : (track.firstDecodeTime ?? first.decodeTime))
        let combinable = segmentation?.producesCombinableFragments == true
        if combinable, baseTime < 0 {
            throw ContainerWriterError(.invalidArgument, "track \(track.trackID): combinable fragments start decoding "
                                       + "when the first sample is presented, and it is presented at "
                                       + "\(CMTime(value: baseTime, timescale: track.timescale).seconds) s; a "
                                       + "fragment's decode time (tfdt) cannot be negative")
        }
        var header = TrackFragmentHeaderBox(trackID: track.trackID, defaultBaseIsMoof: true)
        // Combinable fragments may follow another writer's movie box: name the description rather than rely on a
        // `trex` default.
        if first.descriptionIndex != 1 || combinable { header.sampleDescriptionIndex = UInt32(first.descriptionIndex) }
        let constantDuration = Set(durations).count == 1
        let constantSize = Set(sizes).count == 1
        let laterFlags = flags.dropFirst()
        let constantFlags = Set(flags).count == 1
        if constantDuration { header.defaultSampleDuration = durations[0] }
        if constantSize { header.defaultSampleSize = sizes[0] }
        var firstSampleFlags: SampleFlags?
        if constantFlags {
            header.defaultSampleFlags = SampleFlags(rawValue: flags[0])
        } else if Set(laterFlags).count == 1, let later = laterFlags.first {
            header.defaultSampleFlags = SampleFlags(rawValue: later)
            firstSampleFlags = SampleFlags(rawValue: flags[0])
        }
        let hasOffsets = offsets.contains { $0 != 0 }
        let run = TrackRunBox(
            version: offsets.contains { $0 < 0 } ? 1 : 0, sampleCount: UInt32(durations.count), dataOffset: 0,
            firstSampleFlags: firstSampleFlags, sampleDurations: constantDuration ? nil : durations,
            sampleSizes: constantSize ? nil : sizes,
            sampleFlags: constantFlags || firstSampleFlags != nil ? nil : flags,
            sampleCompositionTimeOffsets: hasOffsets ? offsets : nil)
        let box = TrackFragmentBox(children: [
            header, TrackFragmentBaseMediaDecodeTimeBox(baseMediaDecodeTime: UInt64(max(0, baseTime))), run,
        ])
        // Random access: the first sync sample, at its presentation time (ISO/IEC 14496-12 §8.8.10).
        var access: TrackFragmentRandomAccessBox.Entry?
        var time = baseTime
        for index in flags.indices {
            if !SampleFlags(rawValue: flags[index]).isNonSyncSample {
                access = .init(time: UInt64(max(0, time + Int64(offsets[index]))), moofOffset: moofOffset,
                               trafNumber: trafNumber, trunNumber: 1, sampleNumber: UInt32(index + 1))
                break
            }
            time += Int64(durations[index])
        }
        return (box, dataSize, access)
    }

    /// Writes what is left, `mfra`, and the final movie box over the first one.
    func finishFragmentedMovie() throws(ContainerWriterError) {
        guard let fragments else { throw ContainerWriterError(.invalidState, "internal: no fragment state") }
        if !fragments.movieBoxWritten {
            // Every track needs a description by now; tracks without samples or descriptions cannot be described.
            try writeFragmentedMovieBoxIfReady()
            guard fragments.movieBoxWritten else {
                let missing = tracks.filter { $0.descriptions.isEmpty }.map { String($0.trackID) }
                throw ContainerWriterError(.invalidState, "a fragmented movie cannot finish: track(s) "
                                       + "\(missing.joined(separator: ", ")) have no sample description")
            }
        }
        try flushFragmentsIfDue(force: true)
        guard fragments.segments == nil else { return }
        guard let file else { throw ContainerWriterError(.invalidState, "internal: no output file") }

        // mfra: a tfra per track with entries, then mfro with the mfra's size.
        var tables = BoxList()
        for track in tracks where !fragments.randomAccess[track.index].isEmpty {
            var table = TrackFragmentRandomAccessBox(trackID: track.trackID, entries: fragments.randomAccess[track.index])
            let largest = table.entries.reduce(UInt32(0)) { max($0, $1.sampleNumber) }
            table.sampleNumberSize = largest > 0xFFFF ? 4 : largest > 0xFF ? 2 : 1
            tables.append(table)
        }
        var writer = BoxWriter()
        do throws(BoxWriteError) {
            var probe = BoxWriter()
            try probe.writeBox(MovieFragmentRandomAccessBox(children: tables))
            let size = UInt32(probe.count + 16)
            tables.append(MovieFragmentRandomAccessOffsetBox(mfraSize: size))
            try writer.writeBox(MovieFragmentRandomAccessBox(children: tables))
        } catch {
            throw ContainerWriterError.box(error)
        }
        guard file.isPatchable else {
            // An append-only output: `mfra` goes out as it is, and the movie box stays as first written.
            try file.write(writer.bytes)
            return
        }
        // The same commit protocol as fragments: `free` until complete, then `mfra`.
        let mfraOffset = file.position
        var mfra = writer.bytes
        mfra.replaceSubrange(4..<8, with: FourCC("free").bytes)
        try file.write(mfra)
        try file.flush()
        try file.overwrite(FourCC("mfra").bytes, at: mfraOffset + 4)

        // The final movie box: edit lists from the whole presentation, the real duration in mehd.
        let origin = TrackEditPlan.origin(of: tracks)
        var duration: UInt64 = 0
        for track in tracks {
            guard let first = track.firstDecodeTime else { continue }
            let plan = try TrackEditPlan.make(for: track, origin: origin, movieTimescale: options.movieTimescale)
            let media = TimeConversion.rescale(track.lastDecodeTime + track.lastDuration - first, from: track.timescale,
                                               to: options.movieTimescale)
            duration = max(duration, plan.entries.isEmpty ? UInt64(max(0, media)) : plan.trackDuration)
        }
        let movie = try fragmentedMovieBox(duration: duration)
        let room = fragments.movieBoxReservedSize
        guard movie.count == room || movie.count + 8 <= room else {
            throw ContainerWriterError(.invalidState, "internal: the final movie box (\(movie.count) bytes) does not fit "
                                   + "its \(room) bytes")
        }
        let padding = room - movie.count
        try file.overwrite(movie + (padding > 0 ? Self.freeBox(size: padding) : []), at: fragments.movieBoxOffset)
    }
}
