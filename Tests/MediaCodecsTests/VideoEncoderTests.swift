import Foundation
import Testing
import CoreMedia
import CoreVideo
import VideoToolbox
import TestSupport
@testable import MediaCodecs

/// Encodes `count` frames of the synthetic pattern at 30 fps (timescale 600) through our session.
func encodePattern(_ outputSettings: [String: Any], format: OSType = kCVPixelFormatType_420YpCbCr8Planar, count: Int = 30,
                   width: Int = 320, height: Int = 240, options: VideoEncoderSession.Options = .init(),
                   durations: Bool = true) throws -> (samples: [CMSampleBuffer], sources: [CVPixelBuffer]) {
    let settings = try VideoEncoderSettings(outputSettings: outputSettings)
    let session = try VideoEncoderSession(settings: settings, options: options)
    var samples: [CMSampleBuffer] = []
    var sources: [CVPixelBuffer] = []
    for t in 0..<count {
        let frame = try SyntheticVideo.frame(t, format: format, width: width, height: height)
        sources.append(frame)
        samples += try session.encode(frame, presentationTimeStamp: CMTime(value: Int64(t) * 20, timescale: 600),
                                      duration: durations ? CMTime(value: 20, timescale: 600) : .invalid)
    }
    samples += try session.finish()
    return (samples, sources)
}

/// Decodes our encoder's samples with our decoder into `format`.
func decodeSamples(_ samples: [CMSampleBuffer], format: OSType = kCVPixelFormatType_420YpCbCr8Planar) throws -> [CMSampleBuffer] {
    let description = try #require(samples.first?.formatDescription)
    let session = try VideoDecoderSession(formatDescription: description, outputSettings: try VideoDecoderOutputSettings(
        outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: format]))
    var output: [CMSampleBuffer] = []
    for sample in samples {
        let result = session.decode(sample)
        #expect(result.failures.isEmpty, "\(result.failures)")
        output += result.sampleBuffers
    }
    output += session.finish().sampleBuffers
    return output
}

@Suite("Video encoder session")
struct VideoEncoderTests {
    @Test("H.264 and HEVC at 1 Mb/s: exact timestamps, decode order, sync attachments, measured PSNR, ffmpeg decodes cleanly",
          arguments: [(AVVideoCodecType.h264, true), (.h264, false), (.hevc, true), (.hevc, false)])
    func roundTrip(codec: AVVideoCodecType, reordering: Bool) throws {
        let (samples, sources) = try encodePattern([
            AVVideoCodecKey: codec, AVVideoWidthKey: 320, AVVideoHeightKey: 240,
            AVVideoCompressionPropertiesKey: [AVVideoAverageBitRateKey: 1_000_000, AVVideoMaxKeyFrameIntervalKey: 15,
                                              AVVideoAllowFrameReorderingKey: reordering] as [String: Any],
        ])
        #expect(samples.count == 30)
        // Presentation times are exactly the ones given; decode times strictly increase and never follow them.
        let pts = samples.map(\.presentationTimeStamp)
        #expect(pts.sorted() == (0..<30).map { CMTime(value: Int64($0) * 20, timescale: 600) })
        let dts = samples.map(\.decodeTimeStamp)
        #expect(zip(dts, dts.dropFirst()).allSatisfy { $0 < $1 })
        #expect(zip(dts, pts).allSatisfy { $0 <= $1 })
        #expect(samples.allSatisfy { $0.duration == CMTime(value: 20, timescale: 600) })
        #expect((pts != pts.sorted()) == reordering, "B-frames reorder only when allowed")
        if reordering { #expect(dts[0] < pts.min()!, "with B-frames the first decode time precedes the first presentation") }
        // Sync samples: the first, then at most 15 frames apart; every other sample depends on others.
        let sync = samples.map { $0.sampleAttachments[0][.notSync] as? Bool != true }
        #expect(sync[0])
        let syncPTS = zip(samples, sync).filter { $0.1 }.map { $0.0.presentationTimeStamp.value / 20 }.sorted()
        #expect(zip(syncPTS, syncPTS.dropFirst() + [30]).allSatisfy { $1 - $0 <= 15 })
        for (sample, isSync) in zip(samples, sync) {
            #expect(sample.sampleAttachments[0][.dependsOnOthers] as? Bool == !isSync)
            #expect(sample.sampleAttachments[0][.isDependedOnByOthers] is Bool)
        }
        if reordering {
            #expect(samples.contains { $0.sampleAttachments[0][.isDependedOnByOthers] as? Bool == false },
                    "non-reference B-frames are marked droppable")
        }
        let description = try #require(samples[0].formatDescription)
        #expect(CMFormatDescriptionGetMediaSubType(description) == fourCC(codec == .h264 ? "avc1" : "hvc1"))
        #expect(CMVideoFormatDescriptionGetDimensions(description).width == 320)

        // Quality, through our decoder: measured, and confirmed by ffmpeg's psnr filter on the raw pictures.
        let decoded = try decodeSamples(samples)
        #expect(decoded.count == 30)
        #expect(decoded.map(\.presentationTimeStamp) == pts.sorted())
        let ours = zip(decoded, sources).map { psnr(SyntheticVideo.luma($0.imageBuffer!), SyntheticVideo.luma($1)) }
        let directory = try TestFiles.makeTemporaryDirectory()
        let a = directory.file("decoded.yuv"), b = directory.file("source.yuv")
        try Data(decoded.flatMap { packedPixels($0.imageBuffer!) }).write(to: a)
        try Data(sources.flatMap { packedPixels($0) }).write(to: b)
        let theirs = try ffmpegPSNR(a, b, width: 320, height: 240)
        let bytes = samples.reduce(0) { $0 + CMSampleBufferGetTotalSampleSize($1) }
        print("\(codec.rawValue) reordering=\(reordering): luma PSNR min \(ours.min()!), ffmpeg average \(theirs), \(bytes) bytes")
        // 1 Mb/s for 320x240 of this pattern; measured above 40 dB with x264 164 / x265 3.5.
        #expect(ours.min()! > 36)
        #expect(theirs > 36)

        // The bitstream, as an Annex B elementary stream, decodes without a single error in ffmpeg, and ffprobe
        // reports what was asked for.
        let file = directory.file(codec == .h264 ? "out.h264" : "out.hevc")
        try Data(try annexB(samples, hevc: codec == .hevc)).write(to: file)
        #expect(try ExternalTool.ffmpegDecodeErrors(file) == "")
        let probe = try ExternalTool.ffprobeJSON(["-show_streams", "-count_frames", file.path])
        let stream = try #require((probe["streams"] as? [[String: Any]])?.first)
        #expect(stream["width"] as? Int == 320 && stream["height"] as? Int == 240)
        #expect(stream["pix_fmt"] as? String == "yuv420p")
        #expect(stream["nb_read_frames"] as? String == "30")
    }

    @Test("profile, level, entropy coding and colour reach the bitstream (judged by ffprobe)")
    func profileLevelColor() throws {
        let (samples, _) = try encodePattern([
            AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 320, AVVideoHeightKey: 240,
            AVVideoColorPropertiesKey: [AVVideoColorPrimariesKey: AVVideoColorPrimaries_ITU_R_709_2,
                                        AVVideoTransferFunctionKey: AVVideoTransferFunction_ITU_R_709_2,
                                        AVVideoYCbCrMatrixKey: AVVideoYCbCrMatrix_ITU_R_709_2],
            AVVideoPixelAspectRatioKey: [AVVideoPixelAspectRatioHorizontalSpacingKey: 4, AVVideoPixelAspectRatioVerticalSpacingKey: 3],
            AVVideoCompressionPropertiesKey: [AVVideoProfileLevelKey: AVVideoProfileLevelH264Main31,
                                              AVVideoH264EntropyModeKey: AVVideoH264EntropyModeCAVLC] as [String: Any],
        ], count: 10)
        let description = try #require(samples.first?.formatDescription)
        #expect(CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_ColorPrimaries) as? String == "ITU_R_709_2")
        #expect(CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_YCbCrMatrix) as? String == "ITU_R_709_2")
        let pasp = try #require(CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_PixelAspectRatio) as? [String: Any])
        #expect(pasp[kCMFormatDescriptionKey_PixelAspectRatioHorizontalSpacing as String] as? Int == 4)
        let directory = try TestFiles.makeTemporaryDirectory()
        let file = directory.file("main31.h264")
        try Data(try annexB(samples, hevc: false)).write(to: file)
        #expect(try ExternalTool.ffmpegDecodeErrors(file) == "")
        let stream = try #require((try ExternalTool.ffprobeJSON(["-show_streams", file.path])["streams"] as? [[String: Any]])?.first)
        #expect(stream["profile"] as? String == "Main")
        #expect(stream["level"] as? Int == 31)
        #expect(stream["color_primaries"] as? String == "bt709")
        #expect(stream["color_space"] as? String == "bt709")
        #expect(stream["sample_aspect_ratio"] as? String == "4:3")
        // CAVLC: ffprobe does not report the entropy coder, so read it from the PPS ffmpeg accepted: after the
        // NAL header, pic_parameter_set_id ue(v) = 0 ('1'), seq_parameter_set_id ue(v) = 0 ('1'), then
        // entropy_coding_mode_flag (H.264 §7.3.2.2).
        var pps: UnsafePointer<UInt8>?
        var size = 0
        CMVideoFormatDescriptionGetH264ParameterSetAtIndex(description, parameterSetIndex: 1, parameterSetPointerOut: &pps,
                                                           parameterSetSizeOut: &size, parameterSetCountOut: nil,
                                                           nalUnitHeaderLengthOut: nil)
        let ppsByte = try #require(pps)[1]
        #expect(ppsByte & 0b1110_0000 == 0b1100_0000, "pps id 0, sps id 0, entropy_coding_mode_flag 0 (CAVLC)")
    }
}
