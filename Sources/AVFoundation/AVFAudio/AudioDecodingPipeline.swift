import CoreMedia
import Foundation
import MediaCodecs

/// An `AVAudioConverter`'s decoding: `AVAudioCompressedBuffer`s of packets in, PCM sample buffers out, through the
/// codec layer's decoder session (which converts to the output's rate, channels and sample type). Every decoded
/// frame is returned, the codec's priming included, as Apple's converter returns it (`primeInfo` says how many).
final class AudioDecodingPipeline {
    private let session: AudioDecoderSession
    private let input: AVAudioFormat
    private let description: CMFormatDescription
    private var packetsIn: AVAudioFramePosition = 0

    /// A decoder of `input` (whose `magicCookie`, or `cookie` when the format has none, is the codec's setup) to
    /// `output`.
    init(input: AVAudioFormat, output: AVAudioFormat, cookie: Data?) throws {
        self.input = input
        var source = input
        if input.magicCookie == nil, let cookie,
           let copy = AVAudioFormat(streamDescription: input.streamDescription, channelLayout: input.channelLayout) {
            copy.magicCookie = cookie
            source = copy
        }
        description = source.formatDescription
        do {
            session = try AudioDecoderSession(formatDescription: description,
                                              outputSettings: try AudioDecoderOutputSettings(outputSettings: output.settings))
        } catch {
            throw AVAudioConverter.error(-50, "\(input) cannot be decoded to \(output): \(error)", underlying: error)
        }
    }

    /// The frames of priming the codec declares (Opus's pre-skip), or 0.
    var primingFrames: Int { session.primingFrameCount ?? 0 }
    /// Whether the codec has said how many frames it primes with (once it is open).
    var primingIsKnown: Bool { session.primingFrameCount != nil }

    /// Decodes `buffer`'s packets; returns the audio that is ready.
    func decode(_ buffer: AVAudioCompressedBuffer) throws -> [CMSampleBuffer] {
        let count = Int(buffer.packetCount)
        guard count > 0, buffer.byteLength > 0 else { return [] }
        var block: CMBlockBuffer?
        var status = CMBlockBufferCreateWithMemoryBlock(
            allocator: nil, memoryBlock: nil, blockLength: Int(buffer.byteLength), blockAllocator: nil,
            customBlockSource: nil, offsetToData: 0, dataLength: Int(buffer.byteLength), flags: 0, blockBufferOut: &block)
        if status == noErr, let block {
            status = CMBlockBufferReplaceDataBytes(with: buffer.data, blockBuffer: block, offsetIntoDestination: 0,
                                                   dataLength: Int(buffer.byteLength))
        }
        let framesPerPacket = AVAudioFramePosition(max(1, input.streamDescription.pointee.mFramesPerPacket))
        var sample: CMSampleBuffer?
        if status == noErr, let block {
            status = CMAudioSampleBufferCreateReadyWithPacketDescriptions(
                allocator: nil, dataBuffer: block, formatDescription: description, sampleCount: count,
                presentationTimeStamp: frameTime(packetsIn * framesPerPacket, rate: input.sampleRate),
                packetDescriptions: buffer.packetDescriptions.map { UnsafePointer($0) }, sampleBufferOut: &sample)
        }
        guard status == noErr, let sample else {
            throw AVAudioConverter.error(-50, "the input packets cannot be decoded (status \(status))")
        }
        packetsIn += AVAudioFramePosition(count)
        return try checked(session.decode(sample))
    }

    /// Ends the input: what the decoder and its converter still hold.
    func finish() throws -> [CMSampleBuffer] {
        try checked(session.finish())
    }

    private func checked(_ result: AudioDecodeResult) throws -> [CMSampleBuffer] {
        if let failure = result.failures.first {
            throw AVAudioConverter.error(-50, "decoding failed: \(failure)", underlying: failure)
        }
        return result.sampleBuffers
    }
}
