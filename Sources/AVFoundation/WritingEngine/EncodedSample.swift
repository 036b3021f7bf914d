import CoreAudioTypes
import CoreMedia
import Foundation
import MediaContainer
import MovieFile

/// One sample (or, for linear PCM, a run of frames) ready for the file: its bytes, times on the caller's source
/// timeline, and what Core Media's attachments say about it. Made from the sample buffers that reach the muxing
/// stage, whether an encoder produced them or the caller passed them through.
// Safe because a sample is handed from the worker to the engine whole and never changed after it is made; its
// block buffer's bytes are not written once the sample exists.
struct EncodedSample: @unchecked Sendable {
    /// The bytes (all `frameCount` frames of a PCM run).
    var data: CMBlockBuffer
    var byteCount: Int
    var format: CMFormatDescription
    var presentationTime: CMTime
    /// Decode time; `.invalid` means the presentation time.
    var decodeTime: CMTime
    /// Duration of one sample (one frame of a PCM run); `.invalid` when the buffer gave none.
    var duration: CMTime
    /// Frames of a linear PCM run (1 otherwise).
    var frameCount: Int = 1
    var isSync = true
    var isPartialSync = false
    /// Decoded but not shown (`kCMSampleAttachmentKey_DoNotDisplay`): the edit list leaves its time out.
    var isHidden = false
    var dependency: SampleDependency?
    /// Priming and padding inside this sample (`kCMSampleBufferAttachmentKey_TrimDurationAtStart/AtEnd`).
    var trimAtStart: CMTime = .zero
    var trimAtEnd: CMTime = .zero

    /// Decode time, or presentation time when no decode time was given.
    var effectiveDecodeTime: CMTime { decodeTime.isNumeric ? decodeTime : presentationTime }

    /// The samples of a sample buffer, one per sample (a PCM buffer is one run). Throws a message naming what is
    /// wrong with the buffer.
    ///
    /// This runs once per appended buffer, so it reads the buffer's immutable tables directly (package access)
    /// instead of copying them out through the C-style getters, and reads the attachments without creating them.
    static func samples(of buffer: CMSampleBuffer) throws(SampleProblem) -> [EncodedSample] {
        guard CMSampleBufferIsValid(buffer) else { throw SampleProblem("the sample buffer was invalidated") }
        guard CMSampleBufferDataIsReady(buffer) else { throw SampleProblem("the sample buffer's data is not ready") }
        guard let format = buffer.format else {
            throw SampleProblem("the sample buffer has no format description")
        }
        guard let data = CMSampleBufferGetDataBuffer(buffer) else {
            throw SampleProblem(CMSampleBufferGetImageBuffer(buffer) != nil
                                ? "the sample buffer holds an uncompressed image; an input without output settings passes compressed samples through"
                                : "the sample buffer has no data")
        }
        let count = buffer.sampleCount
        guard count > 0 else { throw SampleProblem("the sample buffer holds no samples") }
        let total = CMBlockBufferGetDataLength(data)
        let (trimStart, trimEnd) = trims(of: buffer)
        let pts = CMSampleBufferGetPresentationTimeStamp(buffer)
        guard pts.isNumeric else { throw SampleProblem("the sample buffer has no numeric presentation time") }
        let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(format)?.pointee

        // Linear PCM: one run of frames.
        if let asbd, asbd.mFormatID == kAudioFormatLinearPCM {
            guard asbd.mBytesPerFrame > 0, asbd.mSampleRate > 0, total == count * Int(asbd.mBytesPerFrame) else {
                throw SampleProblem("\(total) bytes are not \(count) linear PCM frames of \(asbd.mBytesPerFrame) bytes")
            }
            guard count <= WriterLimits.maximumFramesPerBuffer else {
                throw SampleProblem("a buffer of \(count) linear PCM frames is more than a sample takes "
                                    + "(\(WriterLimits.maximumFramesPerBuffer)); append it in parts")
            }
            let frame = CMTime(value: 1, timescale: CMTimeScale(asbd.mSampleRate.rounded()))
            var sample = EncodedSample(data: data, byteCount: total, format: format, presentationTime: pts,
                                       decodeTime: .invalid, duration: frame, frameCount: count)
            sample.trimAtStart = trimStart
            sample.trimAtEnd = trimEnd
            return [sample]
        }

        let packets = buffer.packetDescriptions
        let ranges = try byteRanges(of: buffer, packets: packets, count: count, total: total)

        // Timing: one entry per sample, or one entry for all of them.
        var timings = buffer.timingEntries
        if timings.isEmpty {
            timings = [CMSampleTimingInfo(duration: CMSampleBufferGetDuration(buffer), presentationTimeStamp: pts,
                                          decodeTimeStamp: CMSampleBufferGetDecodeTimeStamp(buffer))]
        }
        var audioFrameDuration: CMTime?
        if let asbd, asbd.mSampleRate > 0 {
            audioFrameDuration = CMTime(value: 1, timescale: CMTimeScale(asbd.mSampleRate.rounded()))
            if timings.count == 1, count > 1, !timings[0].duration.isNumeric || timings[0].duration == .zero,
               asbd.mFramesPerPacket > 0 {
                timings[0].duration = CMTimeMultiply(audioFrameDuration!, multiplier: Int32(asbd.mFramesPerPacket))
            }
        }

        let attachments = buffer.existingSampleFlags
        var samples: [EncodedSample] = []
        samples.reserveCapacity(count)
        var nextTime = timings[0].presentationTimeStamp
        var nextDecode = timings[0].decodeTimeStamp
        for index in 0..<count {
            var timing: CMSampleTimingInfo
            if timings.count == count {
                timing = timings[index]
            } else {
                // One entry for several samples: each lasts the entry's duration, one after the other (a variable
                // packet says its own frame count).
                timing = timings[0]
                timing.presentationTimeStamp = nextTime
                timing.decodeTimeStamp = nextDecode
                if index < packets.count, packets[index].variableFramesInPacket > 0, let frame = audioFrameDuration {
                    timing.duration = CMTimeMultiply(frame, multiplier: Int32(clamping: packets[index].variableFramesInPacket))
                }
                if timing.duration.isNumeric {
                    nextTime = nextTime + timing.duration
                    if nextDecode.isNumeric { nextDecode = nextDecode + timing.duration }
                }
            }
            let range = ranges[index]
            let slice: CMBlockBuffer
            if count == 1, range.offset == 0, range.size == total {
                slice = data
            } else {
                var out: CMBlockBuffer?
                guard CMBlockBufferCreateWithBufferReference(allocator: nil, referenceBuffer: data, offsetToData: range.offset,
                                                             dataLength: range.size, flags: 0, blockBufferOut: &out) == noErr,
                      let made = out else { throw SampleProblem("cannot reference sample \(index)'s bytes") }
                slice = made
            }
            var sample = EncodedSample(data: slice, byteCount: range.size, format: format,
                                       presentationTime: timing.presentationTimeStamp, decodeTime: timing.decodeTimeStamp,
                                       duration: timing.duration)
            if let attachments, index < attachments.count { sample.apply(attachments[index]) }
            samples.append(sample)
        }
        samples[0].trimAtStart = trimStart
        samples[samples.count - 1].trimAtEnd = trimEnd
        return samples
    }

    /// Where each sample's bytes lie in the data buffer: from the packet descriptions of compressed audio, else the
    /// sample size entries (none for a single sample, one shared by all, or one per sample).
    private static func byteRanges(of buffer: CMSampleBuffer, packets: [CMSampleBuffer.PacketDescription], count: Int,
                                   total: Int) throws(SampleProblem) -> [(offset: Int, size: Int)] {
        var ranges: [(offset: Int, size: Int)] = []
        ranges.reserveCapacity(count)
        if !packets.isEmpty {
            for packet in packets { ranges.append((Int(packet.startOffset), Int(packet.dataByteSize))) }
        } else {
            let sizes = buffer.sizeEntries
            switch sizes.count {
            case 0:
                guard count == 1 else { throw SampleProblem("a buffer of \(count) samples gives no sample sizes") }
                ranges.append((0, total))
            case 1, count:
                var offset = 0
                for index in 0..<count {
                    let size = sizes.count == 1 ? sizes[0] : sizes[index]
                    ranges.append((offset, size))
                    let (next, overflow) = offset.addingReportingOverflow(size)
                    guard !overflow else { throw SampleProblem("the sample sizes add up past the largest offset") }
                    offset = next
                }
            default:
                throw SampleProblem("\(sizes.count) sample sizes for \(count) samples")
            }
        }
        guard ranges.count == count else { throw SampleProblem("\(ranges.count) packet descriptions for \(count) samples") }
        for range in ranges where range.offset < 0 || range.size < 0 || range.offset > total - range.size {
            throw SampleProblem("a sample of \(range.size) bytes at \(range.offset) lies outside the buffer's \(total) bytes")
        }
        return ranges
    }

    /// Takes the sync, dependency and display flags from one sample's attachments.
    private mutating func apply(_ flags: SampleAttachmentFlags) {
        isHidden = flags.doesNotDisplay
        isSync = !flags.isNotSync
        isPartialSync = flags.isPartialSync
        if flags.dependsOnOthers != nil || flags.isDependedOnByOthers != nil || flags.hasRedundantCoding != nil {
            dependency = SampleDependency(dependsOnOthers: flags.dependsOnOthers,
                                          isDependedOnByOthers: flags.isDependedOnByOthers,
                                          hasRedundantCoding: flags.hasRedundantCoding)
        }
    }

    /// The buffer's trim-duration attachments (`.zero` when absent).
    private static func trims(of buffer: CMSampleBuffer) -> (start: CMTime, end: CMTime) {
        guard !buffer.attachmentStorage.isEmpty else { return (.zero, .zero) }
        return (trim(buffer, kCMSampleBufferAttachmentKey_TrimDurationAtStart as String),
                trim(buffer, kCMSampleBufferAttachmentKey_TrimDurationAtEnd as String))
    }

    /// A trim-duration attachment of the buffer, `.zero` when absent.
    private static func trim(_ buffer: CMSampleBuffer, _ key: String) -> CMTime {
        guard let raw = CMGetAttachment(buffer, key: key as CFString, attachmentModeOut: nil) else { return .zero }
        if let time = raw as? CMTime { return time.isNumeric ? time : .zero }
        let time = CMTimeMakeFromDictionary(raw as? CFDictionary)
        return time.isNumeric && time > .zero ? time : .zero
    }
}

/// What is wrong with a sample buffer handed to an input.
struct SampleProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
