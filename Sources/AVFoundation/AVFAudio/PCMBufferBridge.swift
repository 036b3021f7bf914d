import CoreMedia
import Foundation

// Between AVFAudio's PCM buffers and Core Media's sample buffers, which the reader, the writer and the converter
// sessions speak: one place that copies frames each way.

/// The time of frame `frame` at `rate` frames per second: exact for whole-hertz rates, to the nanosecond otherwise.
func frameTime(_ frame: AVAudioFramePosition, rate: Double) -> CMTime {
    rate == rate.rounded() && rate >= 1 && rate <= Double(Int32.max)
        ? CMTime(value: frame, timescale: CMTimeScale(rate))
        : CMTime(seconds: Double(frame) / rate, preferredTimescale: 1_000_000_000)
}

extension AVAudioPCMBuffer {
    /// The buffer's first `frames` frames as a sample buffer of `description` (the buffer's format) at `time`, the
    /// data copied (the caller may reuse the buffer at once); Core Media's status when it refuses.
    func makeSampleBuffer(frames: Int, at time: CMTime, description: CMFormatDescription)
        -> Result<CMSampleBuffer, OSStatusError> {
        var sample: CMSampleBuffer?
        var status = CMAudioSampleBufferCreateWithPacketDescriptions(
            allocator: nil, dataBuffer: nil, dataReady: false, makeDataReadyCallback: nil, refcon: nil,
            formatDescription: description, sampleCount: frames, presentationTimeStamp: time,
            packetDescriptions: nil, sampleBufferOut: &sample)
        if status == noErr, let sample {
            // The list's byte sizes say frameLength frames; the sample buffer takes `frames` of them.
            let bytesPerFrame = Int(format.streamDescription.pointee.mBytesPerFrame)
            let planes = UnsafeMutableAudioBufferListPointer(mutableAudioBufferList).count
            let list = AudioBufferList.allocate(maximumBuffers: planes)
            defer { free(list.unsafeMutablePointer) }
            let own = UnsafeMutableAudioBufferListPointer(mutableAudioBufferList)
            for plane in 0..<planes {
                list[plane] = AudioBuffer(mNumberChannels: own[plane].mNumberChannels,
                                          mDataByteSize: UInt32(frames * bytesPerFrame), mData: own[plane].mData)
            }
            status = CMSampleBufferSetDataBufferFromAudioBufferList(
                sample, blockBufferAllocator: nil, blockBufferMemoryAllocator: nil, flags: 0,
                bufferList: list.unsafePointer)
            if status == noErr { return .success(sample) }
        }
        return .failure(OSStatusError(status: status))
    }
}

/// A Core Media status that is not `noErr`.
struct OSStatusError: Error {
    let status: OSStatus
}

/// Sample buffers of PCM waiting to be copied into `AVAudioPCMBuffer`s, in order, with the frames already taken
/// from the first.
struct PCMSampleBufferQueue {
    private var buffers: [CMSampleBuffer] = []
    private var first = 0
    /// Frames of `buffers[first]` already taken.
    private var offset = 0

    var isEmpty: Bool { first == buffers.count }

    mutating func append(_ more: [CMSampleBuffer]) {
        if isEmpty {
            buffers.removeAll(keepingCapacity: true)
            first = 0
            offset = 0
        }
        buffers += more.filter { CMSampleBufferGetNumSamples($0) > 0 }
    }

    mutating func removeAll() {
        buffers = []
        first = 0
        offset = 0
    }

    /// Copies up to `frames` frames into `destination` starting at its frame `start`; returns the frames copied
    /// (fewer when the queue runs out). The destination's format must be the buffers'.
    mutating func copy(into destination: AVAudioPCMBuffer, at start: Int, frames: Int) -> Result<Int, OSStatusError> {
        let bytesPerFrame = Int(destination.format.streamDescription.pointee.mBytesPerFrame)
        let planes = UnsafeMutableAudioBufferListPointer(destination.mutableAudioBufferList)
        let window = AudioBufferList.allocate(maximumBuffers: planes.count)
        defer { free(window.unsafeMutablePointer) }
        var copied = 0
        while copied < frames, !isEmpty {
            let sample = buffers[first]
            let available = CMSampleBufferGetNumSamples(sample) - offset
            let count = min(available, frames - copied)
            for plane in planes.indices {
                window[plane] = AudioBuffer(mNumberChannels: planes[plane].mNumberChannels,
                                            mDataByteSize: UInt32(count * bytesPerFrame),
                                            mData: planes[plane].mData.map { $0 + (start + copied) * bytesPerFrame })
            }
            let status = CMSampleBufferCopyPCMDataIntoAudioBufferList(
                sample, at: Int32(offset), frameCount: Int32(count), into: window.unsafeMutablePointer)
            guard status == noErr else { return .failure(OSStatusError(status: status)) }
            copied += count
            if count == available {
                first += 1
                offset = 0
            } else {
                offset += count
            }
        }
        return .success(copied)
    }
}
