import CoreAudioTypes
import Foundation
import Synchronization

/// A buffer of linear PCM audio: `frameCapacity` frames of room, of which the first `frameLength` hold audio.
///
/// Deinterleaved formats have one buffer per channel and interleaved ones a single buffer; the channel data views
/// (`floatChannelData`, `int16ChannelData`, `int32ChannelData`) give a pointer per channel whichever it is, with
/// `stride` the distance between a channel's consecutive samples.
// Safe because a `Mutex` guards the length; the memory is filled by one thread at a time as on Apple's platforms.
open class AVAudioPCMBuffer: AVAudioBuffer, @unchecked Sendable {
    /// Room, in sample frames.
    public let frameCapacity: AVAudioFrameCount
    private let length: Mutex<AVAudioFrameCount>
    /// One pointer per channel: into its own buffer (deinterleaved), or offset into the one buffer (interleaved).
    private let channelPointers: UnsafeMutablePointer<UnsafeMutableRawPointer>

    /// A buffer with room for `frameCapacity` frames of `format`, zeroed, `frameLength` 0. Returns nil when the format
    /// is not linear PCM or the room would not fit an `AudioBuffer`'s 32-bit size.
    public init?(pcmFormat format: AVAudioFormat, frameCapacity: AVAudioFrameCount) {
        guard let bytesPerFrame = Self.bytesPerFrame(format) else { return nil }
        let (bytes, overflow) = UInt32(bytesPerFrame).multipliedReportingOverflow(by: frameCapacity)
        guard !overflow else { return nil }
        let interleaved = format.isInterleaved
        let list = AVAudioBuffer.allocateOwned(buffers: interleaved ? 1 : Int(format.channelCount), bytes: Int(bytes),
                                               channelsPerBuffer: interleaved ? format.channelCount : 1)
        self.frameCapacity = frameCapacity
        length = Mutex(0)
        channelPointers = Self.makeChannelPointers(list, format: format)
        super.init(format: format, list: list, release: AVAudioBuffer.freeOwned)
        setByteSizes(frames: 0)
    }

    /// A buffer over memory the caller owns: `bufferList`'s buffers, as many as the format has (one per channel
    /// deinterleaved, one interleaved). The capacity and the length are what the buffers' `mDataByteSize` hold.
    /// `deallocator` is called with the list when the buffer dies. Returns nil when the format is not linear PCM or
    /// the list does not have the buffers the format needs, each with memory.
    public init?(pcmFormat format: AVAudioFormat, bufferListNoCopy bufferList: UnsafePointer<AudioBufferList>,
                 deallocator: ((UnsafePointer<AudioBufferList>) -> Void)? = nil) {
        guard let bytesPerFrame = Self.bytesPerFrame(format), bytesPerFrame > 0 else { return nil }
        let lent = UnsafeMutableAudioBufferListPointer(UnsafeMutablePointer(mutating: bufferList))
        let expected = format.isInterleaved ? 1 : Int(format.channelCount)
        guard lent.count == expected, lent.allSatisfy({ $0.mData != nil }) else { return nil }
        let frames = lent.map { $0.mDataByteSize / UInt32(bytesPerFrame) }.min() ?? 0
        frameCapacity = frames
        length = Mutex(frames)
        channelPointers = Self.makeChannelPointers(lent, format: format)
        super.init(format: format, list: lent, release: { list in deallocator?(list.unsafePointer) })
    }

    deinit {
        channelPointers.deallocate()
    }

    /// The bytes of one frame in one buffer, or nil when the format is not linear PCM.
    private static func bytesPerFrame(_ format: AVAudioFormat) -> Int? {
        let asbd = format.streamDescription.pointee
        guard asbd.mFormatID == kAudioFormatLinearPCM, asbd.mBytesPerFrame > 0 else { return nil }
        return Int(asbd.mBytesPerFrame)
    }

    private static func makeChannelPointers(_ list: UnsafeMutableAudioBufferListPointer, format: AVAudioFormat)
        -> UnsafeMutablePointer<UnsafeMutableRawPointer> {
        let channels = Int(format.channelCount)
        let pointers = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: max(1, channels))
        let sampleBytes = Int(format.streamDescription.pointee.mBitsPerChannel / 8)
        for channel in 0..<channels {
            // Both forms have their memory (the initialisers check), so the fallback is never taken.
            let base = (format.isInterleaved ? list[0].mData : list[channel].mData) ?? UnsafeMutableRawPointer(pointers)
            pointers[channel] = format.isInterleaved ? base + channel * sampleBytes : base
        }
        return pointers
    }

    /// The frames that hold audio, at most `frameCapacity`. Setting it sets each buffer's `mDataByteSize`.
    /// Setting more than the capacity is a programming error and traps (Apple raises an exception).
    open var frameLength: AVAudioFrameCount {
        get { length.withLock { $0 } }
        set {
            precondition(newValue <= frameCapacity,
                         "AVAudioPCMBuffer.frameLength \(newValue) is more than the frameCapacity \(frameCapacity)")
            length.withLock { $0 = newValue }
            setByteSizes(frames: newValue)
        }
    }

    private func setByteSizes(frames: AVAudioFrameCount) {
        let bytes = UInt32(format.streamDescription.pointee.mBytesPerFrame) * frames
        for index in buffers.indices { buffers[index].mDataByteSize = bytes }
    }

    /// The distance, in samples, between a channel's consecutive samples: the channel count when interleaved, else 1.
    open var stride: Int { format.isInterleaved ? Int(format.channelCount) : 1 }

    /// A pointer per channel to 32-bit float samples, or nil when the format's samples are not `Float`.
    open var floatChannelData: UnsafePointer<UnsafeMutablePointer<Float>>? {
        channelData(as: Float.self, format: .pcmFormatFloat32)
    }

    /// A pointer per channel to signed 16-bit samples, or nil when the format's samples are not `Int16`.
    open var int16ChannelData: UnsafePointer<UnsafeMutablePointer<Int16>>? {
        channelData(as: Int16.self, format: .pcmFormatInt16)
    }

    /// A pointer per channel to signed 32-bit samples, or nil when the format's samples are not `Int32`.
    open var int32ChannelData: UnsafePointer<UnsafeMutablePointer<Int32>>? {
        channelData(as: Int32.self, format: .pcmFormatInt32)
    }

    private func channelData<Sample>(as type: Sample.Type, format wanted: AVAudioCommonFormat)
        -> UnsafePointer<UnsafeMutablePointer<Sample>>? {
        guard format.commonFormat == wanted else { return nil }
        // The array holds raw pointers; a pointer to a pointer has the same layout whatever it points at.
        return UnsafeRawPointer(channelPointers).assumingMemoryBound(to: UnsafeMutablePointer<Sample>.self)
    }

    /// A pointer to channel `channel`'s first sample, for the package's own code.
    package func channelBytes(_ channel: Int) -> UnsafeMutableRawPointer {
        precondition(channel >= 0 && channel < Int(format.channelCount), "channel \(channel) out of range")
        return channelPointers[channel]
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        guard let copy = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: frameCapacity) else {
            preconditionFailure("invariant: a buffer's own format and capacity make a buffer")
        }
        let bytes = Int(format.streamDescription.pointee.mBytesPerFrame) * Int(frameCapacity)
        for index in buffers.indices {
            if let source = buffers[index].mData, let target = copy.buffers[index].mData {
                target.copyMemory(from: source, byteCount: bytes)
            }
        }
        copy.frameLength = frameLength
        return copy
    }
}
