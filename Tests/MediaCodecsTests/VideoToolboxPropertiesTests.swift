import Foundation
import Testing
import CoreMedia
import CoreVideo
import VideoToolbox
import TestSupport
@testable import MediaCodecs

private func h264Settings(_ properties: [String: Any], codec: AVVideoCodecType = .h264,
                          extra: [String: Any] = [:]) -> [String: Any] {
    [AVVideoCodecKey: codec, AVVideoWidthKey: 320, AVVideoHeightKey: 240,
     AVVideoCompressionPropertiesKey: properties].merging(extra) { $1 }
}

/// The error reading `settings` fails with, or `nil`.
private func settingsError(_ settings: [String: Any]) -> CodecSettingsError? {
    do { _ = try VideoEncoderSettings(outputSettings: settings); return nil } catch { return error }
}

/// The option string x264 or x265 writes into its SEI message ("… options: cabac=1 ref=3 …"): the encoder's own
/// record of how it was configured, read from the bytes ffmpeg decodes, not from our settings.
private func encoderOptions(_ samples: [CMSampleBuffer]) throws -> String {
    let bytes = try annexB(Array(samples.prefix(2)), hevc: false)
    let text = String(decoding: bytes.map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x0A }, as: UTF8.self)
    let line = try #require(text.split(separator: "\n").first { $0.contains("options:") })
    return String(line[line.range(of: "options:")!.upperBound...])
}

@Suite("VideoToolbox compression properties")
struct VideoToolboxPropertiesTests {
    /// Every `kVTCompressionPropertyKey_…` declared in the VideoToolbox module, read from its sources so that a key
    /// added later without a decision fails here.
    static let declaredKeys: [(name: String, value: String)] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/VideoToolbox").standardized
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        let pattern = try! Regex(#"let (kVTCompressionPropertyKey_\w+): CFString = "(\w+)""#)
        return files.filter { $0.pathExtension == "swift" }.flatMap { file -> [(name: String, value: String)] in
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            return text.matches(of: pattern).map { (name: String($0.output[1].substring!), value: String($0.output[2].substring!)) }
        }.sorted { $0.name < $1.name }
    }()

    @Test("every compression property key VideoToolbox declares has a decision: honoured, a stated fact, a hint, read-only or refused with a reason")
    func everyKeyDecided() {
        #expect(Self.declaredKeys.count > 80, "read \(Self.declaredKeys.count) keys")
        let honoured = Set(VideoCompressionProperties.supportedKeys(for: .h264) + VideoCompressionProperties.supportedKeys(for: .hevc)
                           + VideoCompressionProperties.statedFactKeys
                           + [kVTCompressionPropertyKey_PixelAspectRatio as String])  // read by VideoEncoderSettings
        for (name, value) in Self.declaredKeys {
            #expect(honoured.contains(value) || VideoCompressionKeyCatalog.treatment(of: value) != nil, "\(name) has no decision")
        }
    }

    @Test("hints are accepted after a type check; read-only and unhonourable keys are refused, naming the key and why")
    func treatments() {
        #expect(settingsError(h264Settings([kVTCompressionPropertyKey_ExpectedDuration as String: 12.5,
                                            kVTCompressionPropertyKey_SourceFrameCount as String: 375,
                                            kVTCompressionPropertyKey_MaximizePowerEfficiency as String: true,
                                            kVTCompressionPropertyKey_MoreFramesAfterEnd as String: false])) == nil)
        let wrongType = settingsError(h264Settings([kVTCompressionPropertyKey_MaximizePowerEfficiency as String: "yes"]))
        #expect(wrongType?.kind == .wrongType && wrongType?.key == "\(AVVideoCompressionPropertiesKey).MaximizePowerEfficiency")
        let readOnly = settingsError(h264Settings([kVTCompressionPropertyKey_NumberOfPendingFrames as String: 3]))
        #expect(readOnly?.kind == .invalidValue && readOnly?.reason.contains("read-only") == true)
        let hdr = settingsError(h264Settings([kVTCompressionPropertyKey_MasteringDisplayColorVolume as String: Data(count: 24)], codec: .hevc))
        #expect(hdr?.kind == .unsupported && hdr?.reason.contains("HDR metadata") == true)
        let colour = settingsError(h264Settings([kVTCompressionPropertyKey_ColorPrimaries as String: "ITU_R_709_2"]))
        #expect(colour?.reason.contains("AVVideoColorPropertiesKey") == true)
        let stereo = settingsError(h264Settings([kVTCompressionPropertyKey_MVHEVCVideoLayerIDs as String: [0, 1]], codec: .hevc))
        #expect(stereo?.kind == .unsupported && stereo?.reason.contains("MV-HEVC") == true)
        // Controls of x264/x265 are not taken by codecs that do not list them, as Apple's ProRes encoder does not.
        let prores = settingsError(h264Settings([kVTCompressionPropertyKey_ReferenceBufferCount as String: 2], codec: .proRes422))
        #expect(prores?.reason == "compression property ReferenceBufferCount is not supported for video codec type apcn")
        #expect(settingsError(h264Settings([kVTCompressionPropertyKey_MaxH264SliceBytes as String: 1500], codec: .hevc))?.kind == .unsupported)
    }

    @Test("stated facts hold when they describe what is encoded here and are refused when they do not")
    func statedFacts() {
        #expect(settingsError(h264Settings([kVTCompressionPropertyKey_FieldCount as String: 1, kVTCompressionPropertyKey_ProgressiveScan as String: true,
                                            kVTCompressionPropertyKey_Depth as String: 24, kVTCompressionPropertyKey_OutputBitDepth as String: 8,
                                            kVTCompressionPropertyKey_HDRMetadataInsertionMode as String: kVTHDRMetadataInsertionMode_None as String])) == nil)
        #expect(settingsError(h264Settings([kVTCompressionPropertyKey_FieldCount as String: 2]))?.kind == .unsupported)
        #expect(settingsError(h264Settings([kVTCompressionPropertyKey_OutputBitDepth as String: 10]))?.kind == .conflict)
        #expect(settingsError(h264Settings([kVTCompressionPropertyKey_OutputBitDepth as String: 10,
                                            AVVideoProfileLevelKey: kVTProfileLevel_HEVC_Main10_AutoLevel as String], codec: .hevc)) == nil)
        #expect(settingsError(h264Settings([kVTCompressionPropertyKey_Depth as String: 32], codec: .proRes4444)) == nil)
        #expect(settingsError(h264Settings([kVTCompressionPropertyKey_HDRMetadataInsertionMode as String: kVTHDRMetadataInsertionMode_Auto as String]))?.kind == .unsupported)
    }

    @Test("encoder specification: preferences are met by software, requirements no encoder here meets are refused")
    func encoderSpecification() throws {
        func spec(_ s: [String: Any]) -> [String: Any] { h264Settings([:], extra: [AVVideoEncoderSpecificationKey: s]) }
        #expect(settingsError(spec([kVTVideoEncoderSpecification_EnableHardwareAcceleratedVideoEncoder as String: true,
                                    kVTVideoEncoderSpecification_PreferredEncoderGPURegistryID as String: 7])) == nil)
        #expect(settingsError(spec([kVTVideoEncoderSpecification_RequireHardwareAcceleratedVideoEncoder as String: true]))?.kind == .unsupported)
        #expect(settingsError(spec([kVTVideoEncoderSpecification_RequiredEncoderGPURegistryID as String: 7]))?.kind == .unsupported)
        #expect(settingsError(spec([kVTVideoEncoderSpecification_EncoderID as String: "com.apple.videotoolbox.videoencoder.h264"]))?.kind == .unsupported)
        let lowLatency = try VideoEncoderSettings(outputSettings: spec([kVTVideoEncoderSpecification_EnableLowLatencyRateControl as String: true]))
        #expect(lowLatency.lowLatencyRateControl)
    }

    @Test("conflicting rate controls are refused")
    func conflicts() {
        let cbr = kVTCompressionPropertyKey_ConstantBitRate as String
        #expect(settingsError(h264Settings([cbr: 500_000, AVVideoAverageBitRateKey: 400_000]))?.kind == .conflict)
        #expect(settingsError(h264Settings([kVTCompressionPropertyKey_VBVBufferDuration as String: 0.5]))?.kind == .conflict)
        #expect(settingsError(h264Settings([kVTCompressionPropertyKey_MinAllowedFrameQP as String: 40, kVTCompressionPropertyKey_MaxAllowedFrameQP as String: 20]))?.kind == .conflict)
        #expect(settingsError(h264Settings([kVTCompressionPropertyKey_MaxAllowedFrameQP as String: 52]))?.kind == .invalidValue)
        #expect(settingsError(h264Settings([kVTCompressionPropertyKey_SpatialAdaptiveQPLevel as String: 3]))?.kind == .invalidValue)
        #expect(settingsError(h264Settings([kVTCompressionPropertyKey_ReferenceBufferCount as String: 17]))?.kind == .invalidValue)
    }

    @Test("H.264: quantiser bounds, references, adaptive quantisation, slice size, look-ahead and VBV reach x264 (its own SEI record), and ffmpeg decodes cleanly")
    func x264Controls() throws {
        let (samples, _) = try encodePattern(h264Settings([
            AVVideoAverageBitRateKey: 500_000,
            kVTCompressionPropertyKey_MinAllowedFrameQP as String: 20, kVTCompressionPropertyKey_MaxAllowedFrameQP as String: 30,
            kVTCompressionPropertyKey_ReferenceBufferCount as String: 2,
            kVTCompressionPropertyKey_SpatialAdaptiveQPLevel as String: kVTQPModulationLevel_Disable,
            kVTCompressionPropertyKey_MaxH264SliceBytes as String: 1500, kVTCompressionPropertyKey_SuggestedLookAheadFrameCount as String: 5,
            kVTCompressionPropertyKey_VBVMaxBitRate as String: 800_000, kVTCompressionPropertyKey_VBVBufferDuration as String: 0.5,
            kVTCompressionPropertyKey_ExpectedDuration as String: 1.0,
        ]), count: 20)
        let options = try encoderOptions(samples)
        for expected in ["qpmin=20", "qpmax=30", "ref=2", "slice_max_size=1500", "rc_lookahead=5",
                         "vbv_maxrate=800", "vbv_bufsize=400"] {
            #expect(options.split(separator: " ").contains(Substring(expected)), "\(expected) not in x264's options: \(options)")
        }
        // No adaptive quantisation: x264 keeps its mode 1 for MB-tree but at strength 0.
        #expect(options.split(separator: " ").contains { $0 == "aq=0" || ($0.hasPrefix("aq=") && $0.hasSuffix(":0.00")) }, "\(options)")
        let directory = try TestFiles.makeTemporaryDirectory()
        let file = directory.file("controls.h264")
        try Data(try annexB(samples, hevc: false)).write(to: file)
        #expect(try ExternalTool.ffmpegDecodeErrors(file) == "")
    }

    @Test("H.264 constant bit rate: x264 writes CBR HRD parameters at the asked rate")
    func constantBitRate() throws {
        let (samples, _) = try encodePattern(h264Settings([kVTCompressionPropertyKey_ConstantBitRate as String: 600_000]), count: 20)
        let options = try encoderOptions(samples).split(separator: " ")
        for expected in ["nal_hrd=cbr", "bitrate=600", "vbv_maxrate=600", "vbv_bufsize=600"] {
            #expect(options.contains(Substring(expected)), "\(expected) not in x264's options: \(options)")
        }
    }

    @Test("HEVC: closed GOPs, quantiser bounds, references and adaptive quantisation become x265 parameters, and the stream decodes cleanly")
    func x265Controls() throws {
        // x265's own record of its options travels in an SEI beside the parameter sets, which the hvcC does not
        // keep, so the parameters are checked as handed to libx265, and the stream by ffmpeg.
        let settings = h264Settings([
            AVVideoAverageBitRateKey: 500_000, kVTCompressionPropertyKey_AllowOpenGOP as String: false,
            kVTCompressionPropertyKey_MinAllowedFrameQP as String: 18, kVTCompressionPropertyKey_MaxAllowedFrameQP as String: 40,
            kVTCompressionPropertyKey_ReferenceBufferCount as String: 2,
            kVTCompressionPropertyKey_SpatialAdaptiveQPLevel as String: kVTQPModulationLevel_Disable,
        ], codec: .hevc)
        let plan = try VideoEncoderPlan(settings: try VideoEncoderSettings(outputSettings: settings), width: 320, height: 240,
                                        color: VideoColorDescription(), twoPass: nil, threadCount: nil)
        let parameters = (plan.configuration.options["x265-params"] ?? "").split(separator: ":")
        for expected in ["open-gop=0", "qpmin=18", "qpmax=40", "ref=2", "aq-mode=0"] {
            #expect(parameters.contains(Substring(expected)), "\(expected) not in \(parameters)")
        }
        let (samples, _) = try encodePattern(settings, count: 10)
        let directory = try TestFiles.makeTemporaryDirectory()
        let file = directory.file("controls.hevc")
        try Data(try annexB(samples, hevc: true)).write(to: file)
        #expect(try ExternalTool.ffmpegDecodeErrors(file) == "")
    }

    @Test("MaxFrameDelayCount 0, RealTime and low-latency rate control hand each frame back as it is encoded, without reordering",
          arguments: ["MaxFrameDelayCount", "RealTime", "EnableLowLatencyRateControl"])
    func frameDelay(_ asked: String) throws {
        let properties: [String: Any] = asked == "MaxFrameDelayCount" ? [kVTCompressionPropertyKey_MaxFrameDelayCount as String: 0]
            : asked == "RealTime" ? [kVTCompressionPropertyKey_RealTime as String: true] : [:]
        let extra: [String: Any] = properties.isEmpty
            ? [AVVideoEncoderSpecificationKey: [kVTVideoEncoderSpecification_EnableLowLatencyRateControl as String: true]] : [:]
        let settings = try VideoEncoderSettings(outputSettings: h264Settings(properties.merging([AVVideoAverageBitRateKey: 500_000]) { $1 },
                                                                            extra: extra))
        let session = try VideoEncoderSession(settings: settings, options: .init())
        var samples: [CMSampleBuffer] = []
        for t in 0..<10 {
            let frame = try SyntheticVideo.frame(t, format: kCVPixelFormatType_420YpCbCr8Planar, width: 320, height: 240)
            let out = try session.encode(frame, presentationTimeStamp: CMTime(value: Int64(t) * 20, timescale: 600),
                                         duration: CMTime(value: 20, timescale: 600))
            #expect(out.map(\.presentationTimeStamp) == [CMTime(value: Int64(t) * 20, timescale: 600)],
                    "frame \(t) must come back from its own encode call")
            samples += out
        }
        #expect(try session.finish().isEmpty)
        let options = try encoderOptions(samples).split(separator: " ")
        #expect(options.contains("bframes=0") && !options.contains { $0.hasPrefix("rc_lookahead=") }, "\(options)")
    }
}
