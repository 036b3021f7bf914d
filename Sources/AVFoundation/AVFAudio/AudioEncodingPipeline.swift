import CoreMedia
import Foundation
import MediaCodecs

/// An `AVAudioConverter`'s encoding: PCM buffers in, one sample buffer per encoded packet out, through the codec
/// layer's encoder session (which converts rate, channels and sample type on the way in as needed).
final class AudioEncodingPipeline {
    struct Settings: Equatable {
        /// `AVEncoderBitRateKey`, or nil for the encoder's default.
        var bitRate: Int?
        /// `AVEncoderBitRateStrategyKey`, or nil.
        var bitRateStrategy: String?
    }

    let settings: Settings
    private let input: AVAudioFormat
    private let session: AudioEncoderSession
    private let description: CMFormatDescription
    private var framesIn: AVAudioFramePosition = 0

    init(input: AVAudioFormat, output: AVAudioFormat, settings: Settings) throws {
        self.settings = settings
        self.input = input
        var outputSettings = output.settings
        if let bitRate = settings.bitRate { outputSettings[AVEncoderBitRateKey] = bitRate }
        if let strategy = settings.bitRateStrategy { outputSettings[AVEncoderBitRateStrategyKey] = strategy }
        description = input.formatDescription
        do {
            session = try AudioEncoderSession(settings: try AudioEncoderSettings(outputSettings: outputSettings),
                                              sourceFormatHint: description)
        } catch {
            throw AVAudioConverter.error(-50, "\(input) cannot be encoded as \(output): \(error)", underlying: error)
        }
    }

    /// The encoder's setup as a magic cookie (an AAC `esds`…), once known.
    var magicCookie: Data? {
        guard let format = session.formatDescription else { return nil }
        var size = 0
        guard let bytes = CMAudioFormatDescriptionGetMagicCookie(format, sizeOut: &size), size > 0 else { return nil }
        return Data(bytes: bytes, count: size)
    }

    /// The encoder's priming: the frames before the first input frame in its first packets.
    var primingFrames: Int { session.primingFrameCount ?? 0 }
    /// Whether the codec has said how many frames it primes with (once it is open).
    var primingIsKnown: Bool { session.primingFrameCount != nil }

    /// Encodes `buffer`'s frames; returns the packets that are ready, one sample buffer each.
    func encode(_ buffer: AVAudioPCMBuffer) throws -> [CMSampleBuffer] {
        guard buffer.frameLength > 0 else { return [] }
        let frames = Int(buffer.frameLength)
        guard case .success(let sample) = buffer.makeSampleBuffer(
            frames: frames, at: frameTime(framesIn, rate: input.sampleRate), description: description) else {
            throw AVAudioConverter.error(-50, "the input buffer's audio cannot be encoded")
        }
        framesIn += AVAudioFramePosition(frames)
        do {
            return try session.encode(sample)
        } catch {
            throw AVAudioConverter.error(-50, "encoding failed: \(error)", underlying: error)
        }
    }

    /// Ends the input: the encoder's last packets.
    func finish() throws -> [CMSampleBuffer] {
        do {
            return try session.finish()
        } catch {
            throw AVAudioConverter.error(-50, "finishing the encoder failed: \(error)", underlying: error)
        }
    }
}

/// Encoded packets (one sample buffer each) waiting to be copied into `AVAudioCompressedBuffer`s, in order.
struct CompressedPacketQueue {
    private var packets: [CMSampleBuffer] = []
    private var first = 0

    var isEmpty: Bool { first == packets.count }

    mutating func append(_ more: [CMSampleBuffer]) {
        if isEmpty {
            packets.removeAll(keepingCapacity: true)
            first = 0
        }
        packets += more
    }

    mutating func removeAll() {
        packets = []
        first = 0
    }

    /// Appends whole packets to `buffer` while they fit (in packets and bytes); returns how many.
    mutating func fill(_ buffer: AVAudioCompressedBuffer) -> Result<Int, OSStatusError> {
        var moved = 0
        while !isEmpty, buffer.packetCount < buffer.packetCapacity {
            let packet = packets[first]
            guard let block = CMSampleBufferGetDataBuffer(packet) else {
                first += 1
                continue
            }
            let length = CMBlockBufferGetDataLength(block)
            let start = Int(buffer.byteLength)
            guard start + length <= Int(buffer.byteCapacity) else {
                if buffer.packetCount == 0 { return .failure(OSStatusError(status: -50)) }  // never fits
                break
            }
            let status = CMBlockBufferCopyDataBytes(block, atOffset: 0, dataLength: length,
                                                    destination: buffer.data + start)
            guard status == kCMBlockBufferNoErr else { return .failure(OSStatusError(status: status)) }
            let index = Int(buffer.packetCount)
            buffer.packetDescriptions?[index] = AudioStreamPacketDescription(
                mStartOffset: Int64(start), mVariableFramesInPacket: 0, mDataByteSize: UInt32(length))
            buffer.byteLength = UInt32(start + length)
            buffer.packetCount += 1
            first += 1
            moved += 1
        }
        return .success(moved)
    }
}
