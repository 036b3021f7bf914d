import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs
import Testing
@testable import AVFoundation

@Suite("Decoding engine")
struct DecodeEngineTests {
    /// A decoded format and how ffmpeg names it; the bytes per pixel of each plane as framemd5 hashes them.
    struct Case: CustomStringConvertible, Sendable {
        var file: String
        var pixelFormat: OSType
        var ffmpegFormat: String
        var bytesPerPixel: [Int]
        var description: String { "\(file) as \(ffmpegFormat)" }
    }

    static let exactCases: [Case] = [
        Case(file: "h264-bframes-aac-no-pns.mp4", pixelFormat: kCVPixelFormatType_420YpCbCr8Planar, ffmpegFormat: "yuv420p", bytesPerPixel: [1]),
        Case(file: "h264-no-bframes.mp4", pixelFormat: kCVPixelFormatType_420YpCbCr8Planar, ffmpegFormat: "yuv420p", bytesPerPixel: [1]),
        Case(file: "h264-bframes-aac-no-pns.mp4", pixelFormat: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, ffmpegFormat: "nv12", bytesPerPixel: [1, 2]),
        Case(file: "hevc-bframes.mp4", pixelFormat: kCVPixelFormatType_420YpCbCr8Planar, ffmpegFormat: "yuv420p", bytesPerPixel: [1]),
        Case(file: "mpeg4-part2.mp4", pixelFormat: kCVPixelFormatType_420YpCbCr8Planar, ffmpegFormat: "yuv420p", bytesPerPixel: [1]),
        Case(file: "mjpeg.mov", pixelFormat: kCVPixelFormatType_420YpCbCr8PlanarFullRange, ffmpegFormat: "yuvj420p", bytesPerPixel: [1]),
        Case(file: "av1.mp4", pixelFormat: kCVPixelFormatType_420YpCbCr8Planar, ffmpegFormat: "yuv420p", bytesPerPixel: [1]),
        Case(file: "prores-422.mov", pixelFormat: kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange, ffmpegFormat: "p210le", bytesPerPixel: [2, 4]),
    ]

    @Test("decoded pictures equal ffmpeg's, byte for byte, in presentation order with ffprobe's presentation times",
          arguments: exactCases)
    func decodedPictures(_ test: Case) throws {
        let url = try ReaderMedia.file(test.file)
        let source = try EngineHarness.source(url, kCMMediaType_Video)
        let settings = try VideoDecoderOutputSettings(outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: test.pixelFormat])
        let sessions = try source.sessions(.video(settings, VideoDecoderSession.Options()))
        let buffers = try EngineHarness.drain(VideoDecodeProducer(timeline: source.timeline, sessions: sessions, ranges: EngineHarness.everything))
        let expected = try Oracles.rawPictures(url, pixelFormat: test.ffmpegFormat)
        let frames = try Oracles.frames(url, stream: "v:0")
        let scale = try Oracles.timescale(url, stream: "v:0")
        #expect(buffers.count == frames.count)
        #expect(buffers.map { BufferBytes.ticks(CMSampleBufferGetPresentationTimeStamp($0), scale) } == frames.map(\.pts))
        var offset = 0
        for (index, buffer) in buffers.enumerated() {
            let image = try #require(CMSampleBufferGetImageBuffer(buffer))
            #expect(CVPixelBufferGetPixelFormatType(image) == test.pixelFormat)
            let ours = BufferBytes.picture(image, bytesPerPixel: test.bytesPerPixel)
            let theirs = expected.count >= offset + ours.count ? expected[offset..<(offset + ours.count)] : Data()
            #expect(BufferBytes.same(ours, theirs), "picture \(index) differs from ffmpeg's")
            offset += ours.count
        }
        #expect(offset == expected.count, "ffmpeg decoded \(expected.count) bytes of pictures, we \(offset)")
    }
}

@Suite("Decoding to BGRA")
struct BGRADecodeTests {
    /// BGRA is a conversion from the decoder's 4:2:0 Y'CbCr, done here by libyuv (BT.601 limited range, bilinear
    /// chroma) and by ffmpeg with swscale: the two libraries round the matrix coefficients and interpolate chroma
    /// differently, so bytes differ by a few steps (the notes measured up to 3 on NV12; here up to 4, mean 0.75).
    /// The bounds leave a little room above that; a wrong matrix, range, channel order or picture differs by tens.
    @Test("decoded BGRA pictures are ffmpeg's within the conversion tolerance",
          arguments: ["h264-bframes-aac-no-pns.mp4", "hevc-bframes.mp4"])
    func bgra(_ name: String) throws {
        let url = try ReaderMedia.file(name)
        let source = try EngineHarness.source(url, kCMMediaType_Video)
        let settings = try VideoDecoderOutputSettings(outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA])
        let sessions = try source.sessions(.video(settings, VideoDecoderSession.Options()))
        let buffers = try EngineHarness.drain(VideoDecodeProducer(timeline: source.timeline, sessions: sessions, ranges: EngineHarness.everything))
        let expected = try Oracles.rawPictures(url, pixelFormat: "bgra")
        let size = 320 * 240 * 4
        #expect(buffers.count * size == expected.count)
        var worst = 0, total = 0, count = 0
        for (index, buffer) in buffers.enumerated() where (index + 1) * size <= expected.count {
            let image = try #require(CMSampleBufferGetImageBuffer(buffer))
            let ours = BufferBytes.picture(image, bytesPerPixel: [4])
            expected[(index * size)..<((index + 1) * size)].withUnsafeBytes { theirs in
                for offset in 0..<size where offset % 4 != 3 {
                    let difference = abs(Int(ours[offset]) - Int(theirs[offset]))
                    worst = max(worst, difference)
                    total += difference
                    count += 1
                }
            }
            #expect(ours[3] == 255, "opaque alpha")
        }
        // Measured: largest 4, mean 0.75 (both files, libyuv 0.0~git20230123 against swscale 6.7).
        #expect(worst <= 6, "largest difference \(worst)")
        #expect(Double(total) / Double(max(1, count)) < 1.5, "mean difference \(Double(total) / Double(max(1, count)))")
    }
}
