import CoreMedia
import Foundation
import MediaContainer

/// Makes sample buffers of samples as the file stores them, timed on the asset's timeline through the track's
/// edits, with the attachments Apple's readers put on them.
///
/// Timing: a sample's presentation and decode times are mapped through the edit being played
/// (`TimelineSegment.trackTime`), so decode times before the first presented sample (B-frame reordering) and audio
/// priming come out negative, as Apple's passthrough outputs give them. Durations are divided by the edit's rate.
///
/// Attachments (CMSampleBuffer.h):
/// - per sample: `NotSync` on samples that are not sync samples, `PartialSync` on `stps` samples,
///   `DependsOnOthers` / `IsDependedOnByOthers` / `HasRedundantCoding` from `sdtp` (ISO/IEC 14496-12 §8.6.4), or,
///   without `sdtp`, `DependsOnOthers` = not a sync sample; `DoNotDisplay` on samples that are read only because a
///   shown sample needs them (decoded, never shown);
/// - per buffer (audio): `TrimDurationAtStart` / `TrimDurationAtEnd` for the part of the buffer outside the span
///   read (encoder priming, an edit that starts or ends inside a packet, the pre-roll packets before a time range),
///   a buffer wholly outside having its whole duration as `TrimDurationAtStart` (Apple's convention for audio that
///   only primes the decoder); `SpeedMultiplier` for edits at a rate other than 1.
///
/// In media layout (`Timing.media`) the samples keep their own durations and are timed on an output media timeline
/// (their media times moved by a shift), with no trim, speed or `DoNotDisplay` attachments: an edit list recorded
/// beside them says what plays when (`EditListRecorder`).
struct PassthroughBufferMaker {
    /// How samples are timed.
    enum Timing {
        /// On the track's timeline, through the span's segment.
        case track
        /// On an output media timeline: media time + `shift`, durations as stored.
        case media(shift: CMTime)
    }

    let source: TrackSource
    /// Whether sample bytes are copied out of the mapped file (`alwaysCopiesSampleData`).
    let copiesData: Bool
    var timing: Timing = .track

    private var table: SampleTable { source.table }

    // MARK: One sample (video and everything else)

    /// A buffer holding sample `index`, played by `span`; `shown` is false for samples read only for decoding.
    func sample(_ index: Int, in span: PresentationSpan, shown: Bool) throws(ReadingFailure) -> CMSampleBuffer {
        let segment = span.segment
        let description = try source.formatDescription(ofSample: index)
        let data = try source.data(ofSamples: index..<(index + 1), copying: copiesData)
        var timing: CMSampleTimingInfo
        let scale = source.mediaTimescale
        if case .media(let shift) = self.timing {
            timing = CMSampleTimingInfo(duration: CMTime(value: table.duration(at: index), timescale: scale),
                                        presentationTimeStamp: CMTime(value: table.presentationTime(at: index), timescale: scale) + shift,
                                        decodeTimeStamp: CMTime(value: table.decodeTime(at: index), timescale: scale) + shift)
        } else if segment.isDwell {
            timing = CMSampleTimingInfo(duration: span.trackRange.duration, presentationTimeStamp: span.trackRange.start,
                                        decodeTimeStamp: span.trackRange.start)
        } else {
            timing = CMSampleTimingInfo(
                duration: segment.trackDuration(ofMedia: CMTime(value: table.duration(at: index), timescale: scale)),
                presentationTimeStamp: segment.trackTime(ofMediaTicks: table.presentationTime(at: index)),
                decodeTimeStamp: segment.trackTime(ofMediaTicks: table.decodeTime(at: index)))
        }
        var size = table.size(at: index)
        var buffer: CMSampleBuffer?
        let status = CMSampleBufferCreateReady(allocator: nil, dataBuffer: data, formatDescription: description,
                                               sampleCount: 1, sampleTimingEntryCount: 1, sampleTimingArray: &timing,
                                               sampleSizeEntryCount: 1, sampleSizeArray: &size, sampleBufferOut: &buffer)
        guard status == noErr, let buffer else {
            throw ReadingFailure(.mediaData, "sample \(index) cannot be put in a sample buffer (status \(status))",
                                 trackID: source.trackID, time: timing.presentationTimeStamp)
        }
        // Set once, as flags: the buffer makes the attachment dictionaries only if a caller asks for them (the
        // muxer reads the flags).
        var flags = SampleAttachmentFlags()
        let isSync = table.isSync(at: index)
        flags.isNotSync = !isSync
        flags.isPartialSync = table.isPartialSync(at: index)
        if let byte = table.dependencyByte(at: index) {
            Self.applyDependencyFlags(byte, to: &flags)
        } else {
            flags.dependsOnOthers = !isSync
        }
        if !shown, case .track = self.timing { flags.doesNotDisplay = true }
        if !flags.isEmpty { buffer.setSampleFlags([flags]) }
        return buffer
    }

    /// The `sdtp` fields of one sample as sample attachments: sample_depends_on (1 yes, 2 no),
    /// sample_is_depended_on (1 yes, 2 no), sample_has_redundancy (1 yes, 2 no); 0 means unknown and sets nothing.
    private static func applyDependencyFlags(_ byte: UInt8, to flags: inout SampleAttachmentFlags) {
        let dependsOn = (byte >> 4) & 3, dependedOn = (byte >> 2) & 3, redundancy = byte & 3
        if dependsOn != 0 && dependsOn != 3 { flags.dependsOnOthers = dependsOn == 1 }
        if dependedOn != 0 && dependedOn != 3 { flags.isDependedOnByOthers = dependedOn == 1 }
        if redundancy != 0 && redundancy != 3 { flags.hasRedundantCoding = redundancy == 1 }
    }

    // MARK: Audio packets

    /// A buffer of audio packets `range` (one group of `TrackSource.audioGroup`), played by `span`; with
    /// `trimmed`, the trim attachments cut it to the span.
    func audio(_ range: Range<Int>, in span: PresentationSpan, trimmed: Bool) throws(ReadingFailure) -> CMSampleBuffer {
        let first = range.lowerBound
        let description = try source.formatDescription(ofSample: first)
        guard let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(description)?.pointee, asbd.mSampleRate > 0 else {
            throw ReadingFailure(.mediaData, "sample \(first) of an audio track has no audio stream description",
                                 trackID: source.trackID)
        }
        let data = try source.data(ofSamples: range, copying: copiesData)
        let segment = span.segment
        let mediaStart = CMTime(value: table.presentationTime(at: first), timescale: source.mediaTimescale)
        var start = segment.trackTime(ofMedia: mediaStart)
        var trimmed = trimmed
        if case .media(let shift) = timing {
            start = mediaStart + shift
            trimmed = false
        }
        // Linear PCM: the samples are frames, or (audio files) runs of frames; the buffer counts frames.
        let isPCM = asbd.mFormatID == kAudioFormatLinearPCM && asbd.mFramesPerPacket == 1 && asbd.mBytesPerPacket > 0
        var descriptions: [AudioStreamPacketDescription] = []
        var frames: Int64 = 0
        if isPCM {
            let bytes = CMBlockBufferGetDataLength(data)
            guard bytes % Int(asbd.mBytesPerPacket) == 0 else {
                throw ReadingFailure(.mediaData, "samples \(range.lowerBound)..<\(range.upperBound) hold \(bytes) bytes, not "
                                     + "a whole number of \(asbd.mBytesPerPacket)-byte frames", trackID: source.trackID)
            }
            frames = Int64(bytes / Int(asbd.mBytesPerPacket))
            guard frames <= ReadingLimits.maximumFramesPerBuffer else {
                throw ReadingFailure(.mediaData, "samples \(range.lowerBound)..<\(range.upperBound) hold \(frames) PCM "
                                     + "frames, more than a sample buffer takes (\(ReadingLimits.maximumFramesPerBuffer))",
                                     trackID: source.trackID)
            }
        } else {
            descriptions.reserveCapacity(range.count)
            var offset: Int64 = 0
            for index in range {
                let packetFrames = try framesOf(index, asbd: asbd)
                let size = table.size(at: index)
                descriptions.append(AudioStreamPacketDescription(
                    mStartOffset: offset,
                    mVariableFramesInPacket: asbd.mFramesPerPacket == 0 || Int64(asbd.mFramesPerPacket) != packetFrames
                        ? UInt32(clamping: packetFrames) : 0,
                    mDataByteSize: UInt32(clamping: size)))
                offset += Int64(size)
                frames += packetFrames
            }
            guard frames <= ReadingLimits.maximumFramesPerBuffer else {
                throw ReadingFailure(.mediaData, "packets \(range.lowerBound)..<\(range.upperBound) last \(frames) frames, "
                                     + "more than a sample buffer takes (\(ReadingLimits.maximumFramesPerBuffer))",
                                     trackID: source.trackID)
            }
        }
        var made: CMSampleBuffer?
        let status = descriptions.withUnsafeBufferPointer { packets in
            CMAudioSampleBufferCreateReadyWithPacketDescriptions(
                allocator: nil, dataBuffer: data, formatDescription: description,
                sampleCount: isPCM ? Int(frames) : range.count,
                presentationTimeStamp: start, packetDescriptions: isPCM ? nil : packets.baseAddress,
                sampleBufferOut: &made)
        }
        guard status == noErr, var buffer = made else {
            throw ReadingFailure(.mediaData, "packets \(range.lowerBound)..<\(range.upperBound) cannot be put in a sample "
                                 + "buffer (status \(status))", trackID: source.trackID, time: start)
        }
        // Audio decodes when it is presented, so its buffers carry no decode time, unless the file says otherwise
        // (composition offsets on audio, which a few AAC muxers write): then the buffer keeps the file's decode
        // time, as a video sample does, so that a passthrough copy writes the same offsets back.
        if !isPCM, table.decodeTime(at: first) != table.presentationTime(at: first), segment.isNormalSpeed, !segment.isDwell {
            buffer = try withDecodeTime(buffer, decodeTicks: table.decodeTime(at: first), segment: segment, range: range)
        }
        let natural = Self.duration(frames: frames, sampleRate: asbd.mSampleRate)
        if !segment.isNormalSpeed, !segment.isDwell, case .track = timing {
            CMSetAttachment(buffer, key: kCMSampleBufferAttachmentKey_SpeedMultiplier,
                            value: NSNumber(value: segment.rate.doubleValue), attachmentMode: kCMAttachmentMode_ShouldPropagate)
        }
        if trimmed {
            let end = start + segment.trackDuration(ofMedia: natural)
            let outside = CMTimeRange(start: start, end: end)
            let (trimStart, trimEnd) = Self.trims(buffer: outside, natural: natural, keep: span.trackRange,
                                                 segment: segment, sampleRate: asbd.mSampleRate)
            for (key, value) in [(kCMSampleBufferAttachmentKey_TrimDurationAtStart, trimStart),
                                 (kCMSampleBufferAttachmentKey_TrimDurationAtEnd, trimEnd)] where value > .zero {
                CMSetAttachment(buffer, key: key, value: CMTimeCopyAsDictionary(value, allocator: nil),
                                attachmentMode: kCMAttachmentMode_ShouldPropagate)
            }
        }
        return buffer
    }

    /// `buffer` with its one timing entry given the decode time `decodeTicks` (media time), mapped as its
    /// presentation time was.
    private func withDecodeTime(_ buffer: CMSampleBuffer, decodeTicks: Int64, segment: TimelineSegment,
                                range: Range<Int>) throws(ReadingFailure) -> CMSampleBuffer {
        var entries: CMItemCount = 0
        CMSampleBufferGetSampleTimingInfoArray(buffer, entryCount: 0, arrayToFill: nil, entriesNeededOut: &entries)
        var timing = CMSampleTimingInfo()
        guard entries == 1, CMSampleBufferGetSampleTimingInfo(buffer, at: 0, timingInfoOut: &timing) == noErr else { return buffer }
        if case .media(let shift) = self.timing {
            timing.decodeTimeStamp = CMTime(value: decodeTicks, timescale: source.mediaTimescale) + shift
        } else {
            timing.decodeTimeStamp = segment.trackTime(ofMediaTicks: decodeTicks)
        }
        var copy: CMSampleBuffer?
        let status = CMSampleBufferCreateCopyWithNewTiming(allocator: nil, sampleBuffer: buffer, sampleTimingEntryCount: 1,
                                                           sampleTimingArray: &timing, sampleBufferOut: &copy)
        guard status == noErr, let copy else {
            throw ReadingFailure(.mediaData, "packets \(range.lowerBound)..<\(range.upperBound) cannot be given their "
                                 + "decode time (status \(status))", trackID: source.trackID, time: timing.presentationTimeStamp)
        }
        return copy
    }

    /// The frames packet `index` decodes to: its duration in the media timescale, in frames at the sample rate. A
    /// duration past what a buffer can hold (a fragment's `tfdt` gap is absorbed into the sample before it, so one
    /// duration can reach 2^62 ticks) is refused rather than converted.
    func framesOf(_ index: Int, asbd: AudioStreamBasicDescription) throws(ReadingFailure) -> Int64 {
        let ticks = table.duration(at: index)
        let scale = Double(source.mediaTimescale)
        let frames = scale == asbd.mSampleRate ? Double(ticks) : (Double(ticks) * asbd.mSampleRate / scale).rounded()
        guard frames.isFinite, frames >= 0, frames <= Double(ReadingLimits.maximumFramesPerBuffer) else {
            throw ReadingFailure(.mediaData, "packet \(index) lasts \(ticks) ticks of \(source.mediaTimescale) a "
                                 + "second: more frames than a sample buffer takes", trackID: source.trackID)
        }
        return Int64(frames)
    }

    /// `frames` at `sampleRate`, exact when the rate is a whole number of hertz.
    static func duration(frames: Int64, sampleRate: Double) -> CMTime {
        if let scale = Int32(exactly: sampleRate) { return CMTime(value: frames, timescale: scale) }
        return CMTime(seconds: Double(frames) / sampleRate, preferredTimescale: 1_000_000_000)
    }

    /// How much of a buffer lying at `buffer` on the asset timeline (`natural` long before the edit's rate) falls
    /// before and after `keep`, in the buffer's own (decoded, unscaled) time, expressed at the sample rate when
    /// that is exact. A buffer wholly outside is all trimmed at its start.
    static func trims(buffer: CMTimeRange, natural: CMTime, keep: CMTimeRange, segment: TimelineSegment,
                      sampleRate: Double) -> (CMTime, CMTime) {
        func unscaled(_ time: CMTime) -> CMTime {
            guard !segment.isNormalSpeed, !segment.isDwell else { return time }
            return segment.rate.mediaDuration(ofTrack: time)
        }
        func tidy(_ time: CMTime) -> CMTime {
            guard let scale = Int32(exactly: sampleRate) else { return time }
            let converted = CMTimeConvertScale(time, timescale: scale, method: .roundHalfAwayFromZero)
            return converted.flags.contains(.hasBeenRounded) ? time : converted
        }
        let overlap = CMTimeRangeGetIntersection(buffer, otherRange: keep)
        guard overlap.isValid, overlap.duration > .zero else { return (tidy(natural), .zero) }
        let before = min(natural, max(.zero, unscaled(overlap.start - buffer.start)))
        let after = min(natural - before, max(.zero, unscaled(buffer.end - overlap.end)))
        return (tidy(before), tidy(after))
    }
}
