import CoreMedia
import Foundation
import MediaCodecs
import MediaContainer

/// Mixes several audio tracks into one stream of linear PCM (`AVAssetReaderAudioMixOutput`).
///
/// Every track is decoded, cut to what it presents (as `AudioDecodeProducer` does) and converted to 32-bit float
/// at the mix's rate and channel count; the tracks are then summed sample by sample on the asset's timeline, each
/// scaled by its volume curve (`AVAudioMixInputParameters`), and the sum converted to the output's format.
///
/// The mix of a time range runs from the later of the range's start and the first time any track presents audio,
/// to the earlier of the range's end and the last time any track presents audio; where no track presents audio
/// (an empty edit, a track that ends early) the mix is silence, so its timestamps are contiguous. Frame k of the
/// mix is at start + k / rate exactly.
///
/// Silence that no edit asks for (a track's timeline presents media there, but its samples give no audio) is made
/// up for at most `ReadingLimits.maximumSynthesizedSilence`: past it the mix ends with a warning if no track has
/// audio later, and fails naming the track if one has, so that a file whose declared durations its samples do not
/// back cannot make hours of silence.
final class AudioMixProducer: SampleProducer {
    /// What one mixed track is read with: its timeline, its decoders and its volume curve.
    struct Track {
        let timeline: TrackTimeline
        let sessions: DecoderSessions
        let curve: VolumeCurve
    }

    /// One track being mixed.
    private final class Input {
        let track: Track
        var producer: AudioDecodeProducer?
        var finished = false
        /// Decoded audio not yet mixed: its first frame's position in the mix, and one plane per channel.
        var chunks: [(start: Int64, planes: [[Float]])] = []

        init(_ track: Track) {
            self.track = track
        }

        /// The mix position after the last frame received.
        var end: Int64 { chunks.last.map { $0.start + Int64($0.planes.first?.count ?? 0) } ?? Int64.min }
    }

    private let inputs: [Input]
    private let ranges: [CMTimeRange]
    private let sampleRate: Double
    private let channels: Int
    private let mixDescription: CMAudioFormatDescription
    private let converter: AudioConverterSession?
    /// How the tracks' scaled segments are stretched (to planes; the mix converts after summing).
    private let stretching: AudioStretching
    private var rangeIndex = 0
    /// The range being mixed: its start (frame 0) and its length in frames.
    private var current: (origin: CMTime, frames: Int64, position: Int64)?
    /// Frames of made-up silence in a row (see the type's comment).
    private var synthesizedSilence: Int64 = 0

    /// A mix of `inputs` (decoding to 32-bit float, non-interleaved, at `sampleRate` with `channels`), converted by
    /// `converter` when the output format is another.
    init(tracks: [Track], ranges: [CMTimeRange], sampleRate: Double, channels: Int,
         mixDescription: CMAudioFormatDescription, converter: AudioConverterSession?, stretching: AudioStretching) {
        self.stretching = stretching
        inputs = tracks.map(Input.init)
        self.ranges = ranges
        self.sampleRate = sampleRate
        self.channels = channels
        self.mixDescription = mixDescription
        self.converter = converter
    }

    func next() throws(ReadingFailure) -> [CMSampleBuffer]? {
        while true {
            if current == nil {
                guard rangeIndex < ranges.count else { return nil }
                let range = ranges[rangeIndex]
                rangeIndex += 1
                guard let bounds = presented(in: range) else { continue }
                let frames = PCMSlices.frameIndex(of: bounds.end, from: bounds.start, rate: sampleRate)
                guard frames > 0 else { continue }
                current = (bounds.start, Int64(frames), 0)
                synthesizedSilence = 0
                for input in inputs {
                    input.producer = AudioDecodeProducer(timeline: input.track.timeline, sessions: input.track.sessions,
                                                         ranges: [bounds], stretching: stretching)
                    input.finished = false
                    input.chunks = []
                }
            }
            guard let (origin, frames, position) = current else { continue }
            if position >= frames {
                current = nil
                for input in inputs { input.producer = nil }
                if let converter {
                    do throws(CodecError) {
                        let tail = try converter.finish()
                        if !tail.isEmpty { return tail }
                    } catch {
                        throw ReadingFailure(error, trackID: nil, while: "converting the mixed audio")
                    }
                }
                continue
            }
            let count = Int(min(Int64(ReadingLimits.mixFrames), frames - position))
            for input in inputs { try fill(input, through: position + Int64(count), origin: origin) }
            let endsHere = try boundSilence(from: position, count: count, origin: origin)
            let mixed = mix(from: position, count: count, origin: origin)
            current = (origin, endsHere ? position + Int64(count) : frames, position + Int64(count))
            let start = origin + PassthroughBufferMaker.duration(frames: position, sampleRate: sampleRate)
            let buffer = try FloatPlanes.sampleBuffer(mixed, frames: count, start: start, description: mixDescription)
            guard let converter else { return [buffer] }
            do throws(CodecError) {
                return try converter.convert(buffer)
            } catch {
                throw ReadingFailure(error, trackID: nil, while: "converting the mixed audio")
            }
        }
    }

    /// Counts the block `position..<position + count` as made-up silence when no track has audio in it but some
    /// track's timeline presents media there; past the bound, returns true (the mix ends after this block) when no
    /// track has audio later, and fails when one has.
    private func boundSilence(from position: Int64, count: Int, origin: CMTime) throws(ReadingFailure) -> Bool {
        let end = position + Int64(count)
        let hasAudio = inputs.contains { input in
            input.chunks.contains { $0.start < end && $0.start + Int64($0.planes.first?.count ?? 0) > position }
        }
        let blockStart = origin + PassthroughBufferMaker.duration(frames: position, sampleRate: sampleRate)
        let block = CMTimeRange(start: blockStart, end: origin + PassthroughBufferMaker.duration(frames: end, sampleRate: sampleRate))
        guard !hasAudio, let claiming = inputs.first(where: { Self.presentsMedia($0.track.timeline, in: block) }) else {
            synthesizedSilence = 0
            return false
        }
        synthesizedSilence += Int64(count)
        let bound = ReadingLimits.maximumSynthesizedSilence
        guard Double(synthesizedSilence) > bound * sampleRate else { return false }
        let silentSince = blockStart.seconds - Double(synthesizedSilence - Int64(count)) / sampleRate
        let later = inputs.compactMap { $0.chunks.first { $0.start >= end }?.start }.min()
        guard let later else {
            ExportLog.warn("AVFoundation: track \(claiming.track.sessions.trackID) presents media past its samples' "
                           + "audio, which ends at \(String(format: "%.3f", silentSince)) s; the mixed audio ends "
                           + "\(Int(bound)) s later instead of being filled with silence to "
                           + "\(String(format: "%.3f", (origin + PassthroughBufferMaker.duration(frames: current?.frames ?? end, sampleRate: sampleRate)).seconds)) s")
            return true
        }
        let resumes = (origin + PassthroughBufferMaker.duration(frames: later, sampleRate: sampleRate)).seconds
        throw ReadingFailure(.mediaData, "the samples give no audio from \(String(format: "%.3f", silentSince)) s to "
                             + "\(String(format: "%.3f", resumes)) s although the track's timing says they play there "
                             + "(declared sample durations far longer than their sound, such as a wrong media timescale); "
                             + "more than \(Int(bound)) s of silence is not made up",
                             trackID: claiming.track.sessions.trackID, time: CMTime(seconds: silentSince, preferredTimescale: 1000))
    }

    /// Whether a segment of `timeline` that presents media overlaps `block` (segments are in track-time order, so
    /// a binary search finds the first that ends after the block's start).
    private static func presentsMedia(_ timeline: TrackTimeline, in block: CMTimeRange) -> Bool {
        let segments = timeline.segments
        var index = segments.firstIndex(endingAfter: block.start)
        while index < segments.count, segments[index].target.start < block.end {
            if segments[index].isPresented { return true }
            index += 1
        }
        return false
    }

    /// The part of `range` in which some track presents audio.
    private func presented(in range: CMTimeRange) -> CMTimeRange? {
        var earliest = CMTime.positiveInfinity, latest = CMTime.negativeInfinity
        for input in inputs {
            for segment in input.track.timeline.segments where segment.isPresented {
                earliest = min(earliest, segment.target.start)
                latest = max(latest, segment.target.end)
            }
        }
        guard earliest.isNumeric, latest.isNumeric else { return nil }
        let bounds = CMTimeRangeGetIntersection(range, otherRange: CMTimeRange(start: earliest, end: latest))
        return bounds.isValid && bounds.duration > .zero ? bounds : nil
    }

    /// Decodes `input` until it has audio up to mix position `end`, or has no more.
    private func fill(_ input: Input, through end: Int64, origin: CMTime) throws(ReadingFailure) {
        while !input.finished && input.end < end {
            guard let producer = input.producer, let buffers = try producer.next() else {
                input.finished = true
                return
            }
            for buffer in buffers {
                let start = PCMSlices.frameIndex(of: CMSampleBufferGetPresentationTimeStamp(buffer), from: origin,
                                                 rate: sampleRate)
                input.chunks.append((Int64(start), try FloatPlanes.planes(of: buffer, channels: channels)))
            }
        }
    }

    /// The sum of every input's audio at mix positions `position..<position + count`, one plane per channel.
    private func mix(from position: Int64, count: Int, origin: CMTime) -> [[Float]] {
        var sum = [[Float]](repeating: [Float](repeating: 0, count: count), count: channels)
        let end = position + Int64(count)
        let blockStart = (origin + PassthroughBufferMaker.duration(frames: position, sampleRate: sampleRate)).seconds
        for input in inputs {
            let gains = input.track.curve.isUnity ? nil : input.track.curve.volumes(from: blockStart, count: count, sampleRate: sampleRate)
            for chunk in input.chunks {
                let length = Int64(chunk.planes.first?.count ?? 0)
                let from = max(position, chunk.start), to = min(end, chunk.start + length)
                guard from < to else { continue }
                for channel in 0..<min(channels, chunk.planes.count) {
                    chunk.planes[channel].withUnsafeBufferPointer { source in
                        sum[channel].withUnsafeMutableBufferPointer { destination in
                            for frame in from..<to {
                                let gain = gains?[Int(frame - position)] ?? 1
                                destination[Int(frame - position)] += gain * source[Int(frame - chunk.start)]
                            }
                        }
                    }
                }
            }
            // Drop what lies wholly before the next block.
            input.chunks.removeAll { $0.start + Int64($0.planes.first?.count ?? 0) <= end }
        }
        return sum
    }
}
