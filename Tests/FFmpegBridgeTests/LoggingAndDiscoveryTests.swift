import Foundation
import Synchronization
import Testing
import TestSupport
import FFmpegBridge

/// Collects FFmpeg's log for the whole test process (FFmpeg's log callback is process-wide), so noisy tests stay
/// quiet and the logging tests can look at what arrived.
final class TestLog: Sendable {
    static let shared = TestLog()
    private let messages = Mutex<[FFLogMessage]>([])

    private init() {
        let collector = self
        FFLog.setHandler { message in collector.append(message) }
    }

    private func append(_ message: FFLogMessage) {
        messages.withLock { list in
            if list.count < 10_000 { list.append(message) }
        }
    }

    /// Installs the collector (idempotent).
    static func install() { _ = shared }

    func snapshot() -> [FFLogMessage] { messages.withLock { $0 } }
}

@Suite("Logging and codec discovery")
struct LoggingAndDiscoveryTests {
    @Test("FFmpeg's messages reach the handler with their component and level; x264's banner does not at warning level")
    func logging() throws {
        TestLog.install()
        #expect(FFLog.level == .warning)
        let decoder = try FFVideoDecoder(configuration: FFVideoDecoderConfiguration(codec: .h264, threadCount: 1))
        _ = try? decoder.decode([0, 0, 0, 1, 0x65, 0xFF, 0x13, 0x77, 0, 0, 0, 1, 0x67, 0x00], timing: FFPacketTiming(pts: 0))
        _ = try? decoder.flush()
        var c = FFVideoEncoderConfiguration(encoder: .libx264, width: 64, height: 48, pixelFormat: .yuv420p,
                                            timeBase: FFRational(1, 30))
        c.preset = "ultrafast"
        let encoder = try FFVideoEncoder(configuration: c)
        let picture = Pattern.picture(.yuv420p, width: 64, height: 48, frame: 0)
        _ = try encoder.encode(picture.image, owner: picture, pts: 0)
        _ = try encoder.flush()
        let messages = TestLog.shared.snapshot()
        let h264 = messages.filter { $0.component == "h264" }
        #expect(!h264.isEmpty)
        #expect(h264.allSatisfy { $0.level <= .warning && !$0.text.hasSuffix("\n") })
        // x264 logs "using cpu capabilities" and its profile line at info level.
        #expect(!messages.contains { $0.component == "libx264" && $0.level > .warning })
        // Raising the level lets them through (so the check above can fail), then back to quiet.
        FFLog.level = .info
        defer { FFLog.level = .warning }
        let chatty = try FFVideoEncoder(configuration: c)
        _ = try chatty.encode(picture.image, owner: picture, pts: 0)
        _ = try chatty.flush()
        #expect(TestLog.shared.snapshot().contains { $0.component == "libx264" && $0.level == .info && $0.text.contains("profile") })
    }

    @Test("every codec of this build is found, by the implementation ffmpeg lists")
    func discovery() throws {
        let decoders = try ExternalTool.check("ffmpeg", ["-hide_banner", "-decoders"]).output
        let encoders = try ExternalTool.check("ffmpeg", ["-hide_banner", "-encoders"]).output
        func listed(_ name: String, in table: String) -> Bool {
            table.split(separator: "\n").contains { $0.split(separator: " ").dropFirst().first.map(String.init) == name }
        }
        for codec in FFCodec.allCases {
            // Debian's FFmpeg 5.1 decodes every codec of the enum (AV1 through libdav1d).
            #expect(codec.isDecodable, "\(codec)")
            if let name = codec.decoderName { #expect(listed(name, in: decoders), "\(codec) → \(name)") }
        }
        #expect(FFCodec.av1.decoderName == "libdav1d")
        #expect(FFCodec.h264.mediaType == .video && FFCodec.pcmS24BE.mediaType == .audio)
        // Debian's build has no AMR encoder (no libopencore-amr / libvo-amrwbenc): the only codecs not encodable.
        #expect(Set(FFCodec.allCases.filter { !$0.isEncodable }) == [.amrNB, .amrWB])
        for codec in FFCodec.encodable {
            let implementation = try #require(FFEncoderImplementation.preferred(for: codec))
            #expect(listed(implementation.name, in: encoders), "\(codec) → \(implementation)")
        }
        #expect(FFEncoderImplementation.preferred(for: .h264) == .libx264)
        #expect(FFEncoderImplementation.preferred(for: .prores) == .proresKS)
        #expect(FFEncoderImplementation.linearPCM(.pcmS24BE)?.name == "pcm_s24be")
        #expect(FFCodec.linearPCM(FFLinearPCMLayout(bitsPerSample: 32, isFloat: true, isBigEndian: true)) == .pcmF32BE)
        #expect(FFCodec.linearPCM(FFLinearPCMLayout(bitsPerSample: 8, isFloat: false, isBigEndian: true, isSigned: false)) == .pcmU8)
        #expect(FFVideoEncoder.supportedPixelFormats(of: .proresKS) == [.yuv422p10le, .yuv444p10le, .yuva444p10le])
        #expect(FFAudioEncoder.supportedSampleFormats(of: .aac) == [.f32Planar])
    }

    @Test("FFError carries FFmpeg's code and text")
    func errorText() {
        let error = FFError(code: -22, operation: "avcodec_open2(test)", setting: "profile", message: "bad")
        #expect(error.kind == .invalidArgument)
        #expect(error.ffmpegMessage == "Invalid argument")
        #expect(error.description == "avcodec_open2(test): setting 'profile': bad: FFmpeg error -22: Invalid argument")
    }

    @Test("channel layouts: FFmpeg's names, masks and custom orders")
    func channelLayouts() {
        #expect(FFChannelLayout.stereo.description == "stereo")
        #expect(FFChannelLayout.surround51.description == "5.1(side)")
        #expect(FFChannelLayout.stereo.mask == 0x3)
        #expect(FFChannelLayout(mask: 0x3F).channels == [.frontLeft, .frontRight, .frontCenter, .lowFrequency, .backLeft, .backRight])
        #expect(FFChannelLayout.default(channelCount: 6).description == "5.1")
        let custom = FFChannelLayout(channels: [.frontRight, .frontLeft])
        #expect(custom.order == .custom && custom.mask == nil && custom.channelCount == 2)
        #expect(FFChannel.lowFrequency.description == "LFE")
    }
}
