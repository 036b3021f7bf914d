import Foundation
import Testing
import CoreMedia
import FFmpegBridge
@testable import MediaCodecs

/// `DecoderCapability` says a format can be decoded exactly when a decoder session opens for it: checked on the
/// format description of every codec the tests make with ffmpeg, on formats with no decoder here, and on unknown
/// codes. Damaged setup bytes are the one difference, by design: they surface when the session opens.
@Suite("Decoder capability query")
struct DecoderCapabilityTests {
    /// Whether a session opens for `format`.
    static func sessionOpens(_ format: CMFormatDescription) -> Bool {
        switch CMFormatDescriptionGetMediaType(format) {
        case kCMMediaType_Video:
            return (try? VideoDecoderSession(formatDescription: format, outputSettings: VideoDecoderOutputSettings())) != nil
        default:
            guard let settings = try? AudioDecoderOutputSettings(outputSettings: [AVFormatIDKey: kAudioFormatLinearPCM]) else {
                return false
            }
            return (try? AudioDecoderSession(formatDescription: format, outputSettings: settings)) != nil
        }
    }

    /// An 'mp4v' description whose esds wraps the VOL header ffprobe reports as extradata in an ES_Descriptor
    /// (ISO/IEC 14496-1 §7.2.6: tag 3 → DecoderConfigDescriptor tag 4, object type 0x20 MPEG-4 Visual, stream
    /// type 4 → DecoderSpecificInfo tag 5), as an MP4 demuxer gives it.
    static func mpeg4Format(_ stream: ProbedStream) throws -> CMFormatDescription {
        let info: [UInt8] = [0x05, UInt8(stream.extradata.count)] + stream.extradata
        let config: [UInt8] = [0x04, UInt8(13 + info.count), 0x20, 0x11, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] + info
        let es: [UInt8] = [0x03, UInt8(3 + config.count + 3), 0, 1, 0] + config + [0x06, 0x01, 0x02]
        var copy = stream
        copy.extradata = [0, 0, 0, 0] + es
        return try copy.videoFormatDescription(atom: "esds")
    }

    /// Files from `TestMedia` and the sample description extension atom their setup bytes go in.
    static let videoCases: [(String, String?)] = [
        ("h264-high-bframes.mp4", "avcC"), ("hevc-main-hvc1.mp4", "hvcC"), ("prores-422-apcn.mov", nil),
        ("prores-4444-ap4h.mov", nil), ("mjpeg-jpeg.mov", nil), ("mpeg4-part2-mp4v.mp4", "esds"), ("av1-av1c.mp4", "av1C"),
    ]

    @Test("video: the answer for each generated stream is whether a session opens (yes, AV1 when dav1d is there)",
          arguments: videoCases)
    func video(name: String, atom: String?) throws {
        let stream = try ProbedStream(try TestMedia.file(name))
        let format = atom == "esds" ? try Self.mpeg4Format(stream) : try stream.videoFormatDescription(atom: atom)
        let opens = Self.sessionOpens(format)
        #expect(DecoderCapability.canDecode(format) == opens)
        #expect(DecoderCapability.canDecode(videoCodec: CMFormatDescriptionGetMediaSubType(format)) == opens)
        #expect(opens || (name.hasPrefix("av1") && !FFCodec.av1.isDecodable), "\(name) should decode here")
    }

    /// Files from `TestMedia` (ffmpeg has no AMR encoder in Debian, so AMR descriptions are made by hand: the codec
    /// needs no cookie), with Core Audio's format and frames per packet.
    static let audioCases: [(String, AudioFormatID, UInt32)] = [
        ("aac-lc-stereo.m4a", kAudioFormatMPEG4AAC, 1024), ("alac-stereo.m4a", kAudioFormatAppleLossless, 4096),
        ("mp3-mono.mp4", kAudioFormatMPEGLayer3, 1152), ("opus-stereo.mp4", kAudioFormatOpus, 960),
        ("flac-stereo.mp4", kAudioFormatFLAC, 0), ("ac3-stereo.mp4", kAudioFormatAC3, 1536),
        ("eac3-stereo.mp4", kAudioFormatEnhancedAC3, 1536),
    ]

    @Test("audio: the answer for each generated stream is whether a session opens (always yes here)",
          arguments: audioCases)
    func audio(name: String, formatID: AudioFormatID, framesPerPacket: UInt32) throws {
        let stream = try ProbedStream(try TestMedia.file(name), kind: "a")
        let format = try stream.audioFormatDescription(formatID: formatID, framesPerPacket: framesPerPacket)
        #expect(Self.sessionOpens(format))
        #expect(DecoderCapability.canDecode(format))
        #expect(DecoderCapability.canDecode(audioFormatID: formatID))
    }

    /// An audio description with no cookie, as AMR files and linear PCM carry.
    static func plainAudio(_ formatID: AudioFormatID, rate: Double, flags: AudioFormatFlags = 0, bits: UInt32 = 0,
                           bytesPerFrame: UInt32 = 0) throws -> CMFormatDescription {
        let stream = ProbedStream(codecName: "", codecTag: "", width: 0, height: 0, sampleRate: Int(rate), channels: 1,
                                  extradata: [], timescale: Int32(rate), packets: [])
        let pcm = formatID == kAudioFormatLinearPCM
            ? AudioStreamBasicDescription(mSampleRate: rate, mFormatID: formatID, mFormatFlags: flags, mBytesPerPacket: bytesPerFrame,
                                          mFramesPerPacket: 1, mBytesPerFrame: bytesPerFrame, mChannelsPerFrame: 1,
                                          mBitsPerChannel: bits, mReserved: 0)
            : nil
        return try stream.audioFormatDescription(formatID: formatID, framesPerPacket: formatID == kAudioFormatAMR ? 160 : 320, pcm: pcm)
    }

    @Test("AMR-NB, AMR-WB and linear PCM: decodable, and the query agrees with the session")
    func cookieless() throws {
        let formats = [
            try Self.plainAudio(kAudioFormatAMR, rate: 8000), try Self.plainAudio(kAudioFormatAMR_WB, rate: 16_000),
            try Self.plainAudio(kAudioFormatLinearPCM, rate: 48_000, flags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked,
                                bits: 16, bytesPerFrame: 2),
        ]
        for format in formats {
            #expect(Self.sessionOpens(format))
            #expect(DecoderCapability.canDecode(format))
        }
        #expect(DecoderCapability.canDecode(audioFormatID: kAudioFormatLinearPCM))
    }

    @Test("unknown codes and formats with no decoder here say no; a known codec with damaged setup says yes")
    func refusals() throws {
        var video: CMFormatDescription?
        CMVideoFormatDescriptionCreate(allocator: nil, codecType: fourCC("zzz1"), width: 64, height: 64, extensions: nil,
                                       formatDescriptionOut: &video)
        let unknownVideo = try #require(video)
        #expect(!DecoderCapability.canDecode(unknownVideo))
        #expect(!Self.sessionOpens(unknownVideo))
        #expect(!DecoderCapability.canDecode(videoCodec: fourCC("zzz1")))
        let unknownAudio = try Self.plainAudio(fourCC("zzzz"), rate: 48_000)
        #expect(!DecoderCapability.canDecode(unknownAudio))
        #expect(!Self.sessionOpens(unknownAudio))
        #expect(!DecoderCapability.canDecode(audioFormatID: fourCC("zzzz")))
        // MPEG-1 layer 2 has no decoder session here.
        let layer2 = try Self.plainAudio(kAudioFormatMPEGLayer2, rate: 48_000)
        #expect(!DecoderCapability.canDecode(layer2) && !Self.sessionOpens(layer2))
        #expect(!DecoderCapability.canDecode(audioFormatID: kAudioFormatMPEGLayer2))
        // Linear PCM in a layout the converter cannot read (16-bit floats): refused by both.
        let odd = try Self.plainAudio(kAudioFormatLinearPCM, rate: 48_000, flags: kAudioFormatFlagIsFloat, bits: 16,
                                      bytesPerFrame: 2)
        #expect(!DecoderCapability.canDecode(odd) && !Self.sessionOpens(odd))
        // H.264 without its avcC: the codec has a decoder, so the track is decodable; the missing setup is the file's
        // fault and is reported when a session opens (as the session test shows).
        var bare: CMFormatDescription?
        CMVideoFormatDescriptionCreate(allocator: nil, codecType: fourCC("avc1"), width: 64, height: 64, extensions: nil,
                                       formatDescriptionOut: &bare)
        let noSetup = try #require(bare)
        #expect(!Self.sessionOpens(noSetup))
        #expect(DecoderCapability.canDecode(noSetup))
        #expect(DecoderCapability.canDecode(videoCodec: fourCC("avc1")))
    }
}
