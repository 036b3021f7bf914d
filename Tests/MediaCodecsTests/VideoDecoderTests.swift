import Foundation
import Testing
import CoreMedia
import CoreVideo
import TestSupport
@testable import MediaCodecs

/// Decodes a probed stream with our session, everything in order.
func decodeAll(_ stream: ProbedStream, format: CMFormatDescription, settings: VideoDecoderOutputSettings,
               perBuffer: Int = 1, options: VideoDecoderSession.Options = .init()) throws -> (buffers: [CMSampleBuffer], failures: [CodecError], session: VideoDecoderSession) {
    let session = try VideoDecoderSession(formatDescription: format, outputSettings: settings, options: options)
    var buffers: [CMSampleBuffer] = []
    var failures: [CodecError] = []
    for input in try stream.sampleBuffers(format: format, perBuffer: perBuffer) {
        let result = session.decode(input)
        buffers += result.sampleBuffers
        failures += result.failures
    }
    let tail = session.finish()
    return (buffers + tail.sampleBuffers, failures + tail.failures, session)
}

@Suite("Video decoder session")
struct VideoDecoderTests {
    @Test("H.264 with B-frames: presentation order, exact timestamps, pictures identical to ffmpeg's", arguments: [1, 7])
    func h264Exact(perBuffer: Int) throws {
        let url = try TestMedia.file("h264-high-bframes.mp4")
        let stream = try ProbedStream(url)
        let format = try stream.videoFormatDescription(atom: "avcC")
        let settings = try VideoDecoderOutputSettings(outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8Planar])
        let (buffers, failures, session) = try decodeAll(stream, format: format, settings: settings, perBuffer: perBuffer)
        #expect(failures.isEmpty, "\(failures)")
        // 1 s at 30 fps (testsrc2 duration=1).
        #expect(buffers.count == 30)
        let expectedPTS = stream.packets.map(\.pts).sorted().map { CMTime(value: $0, timescale: stream.timescale) }
        #expect(buffers.map(\.presentationTimeStamp) == expectedPTS)
        #expect(buffers.allSatisfy { $0.duration == CMTime(value: 512, timescale: stream.timescale) })
        #expect(stream.packets.contains { $0.pts != $0.dts }, "the file has B-frames")
        // No conversion: y420 is the decoder's own yuv420p layout, wrapped in place.
        #expect(session.statistics.wrappedPictures == 30)
        let reference = try ffmpegFrames(url, pixelFormat: "yuv420p", frameSize: 320 * 240 * 3 / 2)
        #expect(reference.count == 30)
        for (index, buffer) in buffers.enumerated() {
            let image = try #require(buffer.imageBuffer)
            #expect(CVPixelBufferGetPixelFormatType(image) == kCVPixelFormatType_420YpCbCr8Planar)
            #expect(packedPixels(image) == reference[index], "frame \(index) differs from ffmpeg's")
        }
    }

    /// Target formats, the ffmpeg pixel format with the same layout, the swscale flags that reproduce our path
    /// (swscale with full chroma interpolation; `nil` where libyuv does the work with ffmpeg's default chroma
    /// handling), and the least PSNR against ffmpeg's picture (99: identical). The stream is 8-bit 4:2:0,
    /// untagged, so both sides use BT.601 limited range.
    static let targets: [(OSType, String, String?, Double)] = [
        (kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, "nv12", nil, 99),
        (kCVPixelFormatType_420YpCbCr8Planar, "yuv420p", nil, 99),
        (kCVPixelFormatType_420YpCbCr8BiPlanarFullRange, "nv12", nil, 0),
        (kCVPixelFormatType_444YpCbCr8BiPlanarVideoRange, "nv24", exactFlags, 99),
        (kCVPixelFormatType_422YpCbCr8, "uyvy422", exactFlags, 99),
        (kCVPixelFormatType_422YpCbCr8_yuvs, "yuyv422", exactFlags, 99),
        (kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange, "p010le", nil, 0),
        // libyuv's I420ToARGB repeats each chroma sample, as swscale's default does: within a few codes.
        (kCVPixelFormatType_32BGRA, "bgra", nil, 45),
        (kCVPixelFormatType_32RGBA, "rgba", nil, 45),
        (kCVPixelFormatType_32ARGB, "argb", exactFlags, 99),
        (kCVPixelFormatType_24RGB, "rgb24", exactFlags, 99),
        (kCVPixelFormatType_24BGR, "bgr24", exactFlags, 99),
        (kCVPixelFormatType_OneComponent8, "gray", nil, 99),
    ]
    static let exactFlags = "bilinear+accurate_rnd+full_chroma_int"

    @Test("every target pixel format gives ffmpeg's picture", arguments: 0..<targets.count)
    func pixelFormats(index: Int) throws {
        let (target, ffName, flags, minimum) = Self.targets[index]
        let url = try TestMedia.file("h264-baseline-no-bframes.mp4")
        let stream = try ProbedStream(url)
        let format = try stream.videoFormatDescription(atom: "avcC")
        let settings = try VideoDecoderOutputSettings(outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: [target]])
        let (buffers, failures, _) = try decodeAll(stream, format: format, settings: settings)
        #expect(failures.isEmpty, "\(failures)")
        #expect(buffers.count == 30)
        let first = try #require(buffers.first?.imageBuffer)
        #expect(CVPixelBufferGetPixelFormatType(first) == target)
        let ours = buffers.map { packedPixels($0.imageBuffer!) }
        let reference = try ffmpegFrames(url, pixelFormat: ffName, frameSize: ours[0].count,
                                         extraArguments: flags.map { ["-sws_flags", $0] } ?? [])
        #expect(reference.count == ours.count)
        switch target {
        case kCVPixelFormatType_420YpCbCr8BiPlanarFullRange:
            // Full range: ffmpeg's limited-range picture stretched to 0...255 (Y' = (Y − 16)·255/219); within one code.
            let (y, yRef) = (ours[5].prefix(320 * 240), reference[5].prefix(320 * 240))
            let expanded = yRef.map { UInt8(clamping: Int(((Double($0) - 16) * 255 / 219).rounded())) }
            #expect(zip(y, expanded).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        case kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange:
            // 10 bits in the high bits of each word: the 8-bit samples times 4, give or take rounding.
            #expect(psnr16(ours[5], reference[5], bits: 10, highBits: true) > 55)
        default:
            let values = zip(ours, reference).map { psnr($0, $1) }
            print("decode to \(fourCharacterString(target)): PSNR against ffmpeg min \(values.min()!)")
            #expect(values.min()! >= minimum)
        }
    }

    @Test("a pixel format with no conversion path is refused, naming the key")
    func unsupportedTarget() {
        // swscale 6.7 cannot write NV16, so '422v' is not offered.
        #expect(throws: CodecSettingsError.self) {
            try VideoDecoderOutputSettings(outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_422YpCbCr8BiPlanarVideoRange])
        }
        do {
            _ = try VideoDecoderOutputSettings(outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_64RGBAHalf])
            Issue.record("half-float RGBA accepted")
        } catch {
            #expect(error.key == kCVPixelBufferPixelFormatTypeKey as String && error.kind == .unsupported)
        }
    }

    @Test("HEVC Main and Main 10 decode; 10-bit stays 10-bit in 'x420'")
    func hevc() throws {
        let url = try TestMedia.file("hevc-main10-hvc1.mp4")
        let stream = try ProbedStream(url)
        #expect(stream.codecTag == "hvc1")
        let format = try stream.videoFormatDescription(atom: "hvcC")
        let settings = try VideoDecoderOutputSettings(outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange])
        let (buffers, failures, _) = try decodeAll(stream, format: format, settings: settings)
        #expect(failures.isEmpty, "\(failures)")
        #expect(buffers.count == 30)
        let ours = buffers.map { packedPixels($0.imageBuffer!) }
        let reference = try ffmpegFrames(url, pixelFormat: "p010le", frameSize: ours[0].count)
        // yuv420p10le → p010le is a shift (and chroma interleave): identical.
        #expect(ours == reference)

        let main = try TestMedia.file("hevc-main-hvc1.mp4")
        let mainStream = try ProbedStream(main)
        let (mainBuffers, mainFailures, _) = try decodeAll(mainStream, format: try mainStream.videoFormatDescription(atom: "hvcC"),
                                                           settings: VideoDecoderOutputSettings())
        #expect(mainFailures.isEmpty)
        #expect(mainBuffers.count == 30)
        #expect(CVPixelBufferGetPixelFormatType(mainBuffers[0].imageBuffer!) == kCVPixelFormatType_420YpCbCr8Planar)
    }

    @Test("ProRes 422 to '2vuy', ProRes 4444 to BGRA, Motion JPEG to '420f', MPEG-4 Part 2 to 'y420'")
    func intraCodecs() throws {
        let cases: [(String, OSType, String, Double)] = [
            ("prores-422-apcn.mov", kCVPixelFormatType_422YpCbCr8, "uyvy422", 45),
            ("prores-4444-ap4h.mov", kCVPixelFormatType_32BGRA, "bgra", 30),
            // Motion JPEG is full-range 4:2:0; '420f' interleaves its chroma and keeps the range (compared with
            // ffmpeg's yuvj420p after interleaving, since ffmpeg's nv12 would be limited range).
            ("mjpeg-jpeg.mov", kCVPixelFormatType_420YpCbCr8BiPlanarFullRange, "yuvj420p", 99),
            ("mpeg4-part2-mp4v.mp4", kCVPixelFormatType_420YpCbCr8Planar, "yuv420p", 99),
        ]
        for (name, target, ffName, minimum) in cases {
            let url = try TestMedia.file(name)
            let stream = try ProbedStream(url)
            let format = try stream.videoFormatDescription(atom: stream.codecName == "mpeg4" ? "esds" : nil)
            let mp4v = stream.codecName == "mpeg4" ? try mpeg4Format(stream) : format
            let settings = try VideoDecoderOutputSettings(outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: target])
            let (buffers, failures, _) = try decodeAll(stream, format: mp4v, settings: settings)
            #expect(failures.isEmpty, "\(name): \(failures)")
            #expect(buffers.count == 10, "\(name)")
            var ours = buffers.map { packedPixels($0.imageBuffer!) }
            let reference = try ffmpegFrames(url, pixelFormat: ffName, frameSize: ours[0].count)
            if ffName == "yuvj420p" { ours = ours.map(deinterleaveNV12) }
            let values = zip(ours, reference).map { psnr($0, $1) }
            print("\(name) → \(fourCharacterString(target)): PSNR against ffmpeg min \(values.min()!)")
            #expect(values.min()! >= minimum, "\(name)")
        }
    }

    @Test("AV1 from its av1C atom decodes to ffmpeg's pictures")
    func av1() throws {
        let url = try TestMedia.file("av1-av1c.mp4")
        let stream = try ProbedStream(url)
        #expect(stream.codecTag == "av01")
        let (buffers, failures, session) = try decodeAll(stream, format: try stream.videoFormatDescription(atom: "av1C"),
                                                         settings: VideoDecoderOutputSettings())
        #expect(failures.isEmpty, "\(failures)")
        #expect(session.decoderName == "libdav1d")
        let ours = buffers.map { packedPixels($0.imageBuffer!) }
        #expect(ours.count == 3)
        #expect(ours == (try ffmpegFrames(url, pixelFormat: "yuv420p", frameSize: 64 * 64 * 3 / 2)))
    }

    /// NV12 bytes (Y, then CbCr pairs) of a 320x240 picture as I420 (Y, Cb, Cr).
    private func deinterleaveNV12(_ bytes: [UInt8]) -> [UInt8] {
        let luma = 320 * 240
        let chroma = bytes[luma...]
        return Array(bytes[..<luma]) + chroma.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            + chroma.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    /// An 'mp4v' description whose esds carries the VOL header ffprobe reports as extradata.
    private func mpeg4Format(_ stream: ProbedStream) throws -> CMFormatDescription {
        // esds payload: version/flags, ES_Descriptor (tag 3) → DecoderConfigDescriptor (tag 4, object type 0x20
        // MPEG-4 Visual, stream type 4) → DecoderSpecificInfo (tag 5) holding the VOL header (ISO/IEC 14496-1 §7.2.6).
        let info: [UInt8] = [0x05, UInt8(stream.extradata.count)] + stream.extradata
        let config: [UInt8] = [0x04, UInt8(13 + info.count), 0x20, 0x11, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] + info
        let es: [UInt8] = [0x03, UInt8(3 + config.count + 3), 0, 1, 0] + config + [0x06, 0x01, 0x02]
        var copy = stream
        copy.extradata = [0, 0, 0, 0] + es
        return try copy.videoFormatDescription(atom: "esds")
    }

    @Test("a damaged sample is reported by its presentation time and decoding goes on")
    func corruptSample() throws {
        let url = try TestMedia.file("h264-baseline-no-bframes.mp4")
        var stream = try ProbedStream(url)
        let format = try stream.videoFormatDescription(atom: "avcC")
        // Sample 10's first NAL length now claims more bytes than the sample has: FFmpeg refuses the packet.
        stream.packets[10].bytes.replaceSubrange(0..<4, with: [0x7F, 0xFF, 0xFF, 0xFF])
        let (buffers, failures, _) = try decodeAll(stream, format: format, settings: VideoDecoderOutputSettings())
        let failure = try #require(failures.first)
        #expect(failure.kind == .corruptSample)
        #expect(failure.presentationTimeStamp == CMTime(value: stream.packets[10].pts, timescale: stream.timescale))
        // Every other sample still decodes (frames after the loss are concealed, not dropped).
        #expect(buffers.count == 29)
    }

    @Test("scaling modes on decode: Fit shrinks, ResizeAspect letterboxes with black")
    func scaling() throws {
        let url = try TestMedia.file("h264-baseline-no-bframes.mp4")
        let stream = try ProbedStream(url)
        let format = try stream.videoFormatDescription(atom: "avcC")
        let fit = try VideoDecoderOutputSettings(outputSettings: [
            kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA, kCVPixelBufferWidthKey as String: 200,
            kCVPixelBufferHeightKey as String: 200, AVVideoScalingModeKey: AVVideoScalingModeFit])
        let fitted = try decodeAll(stream, format: format, settings: fit).buffers
        // 320x240 into 200x200 keeping 4:3: 200x150.
        #expect(CVPixelBufferGetWidth(fitted[0].imageBuffer!) == 200 && CVPixelBufferGetHeight(fitted[0].imageBuffer!) == 150)

        let aspect = try VideoDecoderOutputSettings(outputSettings: [
            kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA, kCVPixelBufferWidthKey as String: 200,
            kCVPixelBufferHeightKey as String: 200, AVVideoScalingModeKey: AVVideoScalingModeResizeAspect])
        let boxed = try decodeAll(stream, format: format, settings: aspect).buffers
        let image = boxed[0].imageBuffer!
        #expect(CVPixelBufferGetWidth(image) == 200 && CVPixelBufferGetHeight(image) == 200)
        let pixels = packedPixels(image)
        // Rows 0–24 and 175–199 are the bars (200 − 150 = 50, split evenly): opaque black.
        for row in [0, 24, 175, 199] {
            let offset = row * 200 * 4 + 100 * 4
            #expect(Array(pixels[offset..<(offset + 4)]) == [0, 0, 0, 255], "row \(row)")
        }
        let middle = 100 * 200 * 4 + 100 * 4
        #expect(pixels[middle..<(middle + 3)].contains { $0 > 16 }, "the picture itself is not black")
    }
}
