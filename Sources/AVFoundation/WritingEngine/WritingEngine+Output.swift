import CoreMedia
import Foundation
import MediaContainer

// The output side of the engine: making the output's tracks, writing samples, ending tracks, and finishing.
// Every function here is called with the engine's lock held unless it says otherwise.
extension WritingEngine {
    /// Makes the output's tracks once every input's track can be described, then writes what was staged (in
    /// decode-time order across tracks, which is the order the muxer interleaves best).
    func createTracksIfReady() throws(AVError) {
        guard !tracksCreated, tracks.allSatisfy(\.isDescribable) else { return }
        tracksCreated = true
        for track in tracks {
            guard let first = track.staged.first, let timescale = track.timescale else { continue }
            let spec = track.spec
            var configuration = OutputTrackConfiguration(mediaType: spec.cmMediaType, mediaTimescale: timescale,
                                                        formatDescriptions: [first.format])
            configuration.languageCode = spec.languageCode
            configuration.extendedLanguageTag = spec.extendedLanguageTag
            configuration.isEnabled = spec.isEnabled
            configuration.alternateGroup = spec.alternateGroup
            let t = spec.transform
            configuration.transform = TransformMatrix(a: t.a, b: t.b, c: t.c, d: t.d, x: t.tx, y: t.ty)
            configuration.volume = spec.preferredVolume
            if spec.naturalSize != .zero {
                configuration.naturalSize = (Double(spec.naturalSize.width), Double(spec.naturalSize.height))
            }
            if spec.preferredChunkDuration.isNumeric, spec.preferredChunkDuration > .zero {
                configuration.preferredChunkDuration = spec.preferredChunkDuration
            }
            configuration.preferredChunkAlignment = spec.preferredChunkAlignment
            if spec.beforeMainMediaData { configuration.mediaDataLocation = .beforeMainMediaDataNotInterleaved }
            configuration.metadata = spec.metadata
            do throws(ContainerWriterError) {
                track.handle = try output.addTrack(configuration)
            } catch {
                throw WriterFailure.container(error, "cannot add the track of input \(spec.index) (\(spec.mediaType.rawValue))")
            }
            track.descriptions = [first.format]
        }
        for track in tracks {
            guard let from = track.handle else { continue }
            for association in track.spec.associations {
                guard let to = tracks[association.target].handle else { continue }
                do throws(ContainerWriterError) {
                    try output.addTrackReference(type: fourCharCode(association.type), from: from, to: to)
                } catch {
                    throw WriterFailure.container(error, "cannot add the '\(association.type)' track association")
                }
            }
        }
        // Write the staged samples, earliest decode time first.
        var positions = Array(repeating: 0, count: tracks.count)
        while true {
            var best: Int?
            for (index, track) in tracks.enumerated() where positions[index] < track.staged.count {
                let time = track.staged[positions[index]].effectiveDecodeTime
                if let current = best, tracks[current].staged[positions[current]].effectiveDecodeTime <= time { continue }
                best = index
            }
            guard let index = best else { break }
            try write(tracks[index].staged[positions[index]], track: tracks[index])
            positions[index] += 1
        }
        for track in tracks {
            track.staged = []
            track.stagedBytes = 0
            if track.ended { try endTrack(track) }
        }
    }

    /// Writes one sample to the output, which serialises itself (called without the engine's lock from `deliver`).
    func write(_ sample: EncodedSample, track: EngineTrack) throws(AVError) {
        guard let timescale = track.timescale else { return }
        func ticks(_ time: CMTime) -> Int64 {
            CMTimeConvertScale(time, timescale: timescale, method: .roundHalfAwayFromZero).value
        }
        guard let handle = track.handle else { return }
        do throws(ContainerWriterError) {
            let descriptionIndex = try sampleDescriptionIndex(of: sample.format, track: track, handle: handle)
            var outputSample = OutputSample(payload: .blockBuffer(sample.data), decodeTime: ticks(sample.effectiveDecodeTime),
                                          presentationTime: ticks(sample.presentationTime),
                                          duration: max(0, ticks(sample.duration)), sampleCount: sample.frameCount,
                                          isSync: sample.isSync, descriptionIndex: descriptionIndex)
            outputSample.isPartialSync = sample.isPartialSync
            outputSample.dependency = sample.dependency
            try output.append(outputSample, to: handle)
        } catch {
            throw WriterFailure.container(error, "writing a sample of input \(track.spec.index) (\(track.spec.mediaType.rawValue)) at \(sample.presentationTime.messageSeconds) s")
        }
    }

    /// The sample description index (1-based) of `format` in the track's output: the last one matched when the
    /// sample brings the same object, else the first equal one given so far, else a new one given to the output.
    func sampleDescriptionIndex(of format: CMFormatDescription, track: EngineTrack,
                                handle: OutputTrack) throws(ContainerWriterError) -> Int {
        if let last = track.lastFormat, last.format === format { return last.index + 1 }
        let index: Int
        if let known = track.descriptions.firstIndex(where: {
            $0 === format || CMFormatDescriptionEqual($0, otherFormatDescription: format)
        }) {
            index = known
        } else {
            _ = try output.addSampleDescription(format, to: handle)
            track.descriptions.append(format)
            index = track.descriptions.count - 1
        }
        track.lastFormat = (format, index)
        return index + 1
    }

    /// Tells the output a track has no more samples.
    func endTrack(_ track: EngineTrack) throws(AVError) {
        guard let handle = track.handle else { return }
        do throws(ContainerWriterError) {
            try output.markFinished(handle)
        } catch {
            throw WriterFailure.container(error, "ending the track of input \(track.spec.index)")
        }
    }

    /// The timelines of the finished sessions and the encoder delays, given to the container writer before it
    /// finishes. A format without edit lists (an audio file) takes the encoder delay and padding only; segments
    /// already handed out take neither.
    func applyTimeline() throws(AVError) {
        let capabilities = output.capabilities
        guard capabilities.editLists else {
            guard capabilities.encoderDelay else { return }
            for track in tracks {
                guard let handle = track.handle, let timescale = track.timescale else { continue }
                func ticks(_ time: CMTime) -> Int64 {
                    CMTimeConvertScale(time, timescale: timescale, method: .roundHalfAwayFromZero).value
                }
                do throws(ContainerWriterError) {
                    try output.setEncoderDelay(ticks(track.trimAtStart), padding: ticks(track.trimAtEnd), for: handle)
                } catch {
                    throw WriterFailure.container(error, "recording the encoder delay of input \(track.spec.index)")
                }
            }
            return
        }
        guard !sessions.isEmpty else { return }
        var ranges: [CMTimeRange] = []
        for (position, session) in sessions.enumerated() {
            var end = session.end
            if end == nil {
                // No endSession: the session ends with the latest end of its samples (nothing is cut at the end).
                let ends = tracks.flatMap { $0.presented.filter { $0.end > session.start }.map(\.end) }
                end = ends.max() ?? session.start
                sessions[position].end = end
            }
            ranges.append(CMTimeRange(start: session.start, end: max(session.start, end!)))
        }
        let lastIsEmpty = ranges.last.map { last in
            !tracks.contains { $0.presented.contains { $0.intersection(last).duration > .zero } }
        } ?? false
        let length = ranges.reduce(CMTime.zero) { $0 + $1.duration }
        for track in tracks {
            guard let handle = track.handle, let timescale = track.timescale else { continue }
            func ticks(_ time: CMTime) -> Int64 {
                CMTimeConvertScale(time, timescale: timescale, method: .roundHalfAwayFromZero).value
            }
            do throws(ContainerWriterError) {
                if let layout = track.presentedLayout {
                    // The recorded layout stops where the sessions do: an export cut short by its file length
                    // limit ends its session early.
                    try output.setTimeline(layout.timeline(mediaTimescale: timescale).clipped(to: length), for: handle)
                    continue
                }
                if track.trimAtStart > .zero || track.trimAtEnd > .zero {
                    try output.setEncoderDelay(ticks(track.trimAtStart), padding: ticks(track.trimAtEnd), for: handle)
                }
                try output.setTimeline(SessionTimeline.timeline(sessions: ranges, presented: track.presented,
                                                                hidden: track.hidden, mediaTimescale: timescale,
                                                                padsToEnd: lastIsEmpty), for: handle)
            } catch {
                throw WriterFailure.container(error, "setting the timeline of input \(track.spec.index)")
            }
        }
    }
}
