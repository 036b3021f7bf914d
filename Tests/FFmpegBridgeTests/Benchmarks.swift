import Foundation
import Testing
import TestSupport
import FFmpegBridge
import MediaFormats

/// Measurements, not tests: run with `LAVF_BENCH=1 swift test -c release --filter Benchmarks`. They print numbers
/// and assert only that the work was done (no timing assertions).
@Suite("Benchmarks", .enabled(if: ProcessInfo.processInfo.environment["LAVF_BENCH"] != nil), .serialized)
struct Benchmarks {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test("1080p conversion cost per frame")
    func conversion() throws {
        let rgba = TestPicture(.bgra, width: 1920, height: 1080)
        for y in 0..<1080 { for x in 0..<(1920 * 4) { rgba.setByte(0, x, y, UInt8((x / 4 + y + (x % 4) * 40) & 0xFF)) } }
        let nv12 = TestPicture(.nv12, width: 1920, height: 1080)
        let toNV12 = try FFImageConverter(configuration: FFImageConverterConfiguration(
            sourceFormat: .bgra, sourceWidth: 1920, sourceHeight: 1080, destinationFormat: .nv12,
            destinationWidth: 1920, destinationHeight: 1080, destinationColor: .bt601))
        try toNV12.convert(rgba.image, into: nv12.mutableImage)
        let cases: [(String, FFPixelFormat, FFPixelFormat, FFColorProperties, Bool, Bool)] = [
            ("NV12→BGRA BT.601 (libyuv)", .nv12, .bgra, .bt601, true, false),
            ("NV12→BGRA BT.709 (libyuv + Cb correction)", .nv12, .bgra, .bt709, true, false),
            ("NV12→BGRA BT.709 (libyuv, uncorrected)", .nv12, .bgra, .bt709, true, true),
            ("NV12→BGRA BT.709 (swscale forced)", .nv12, .bgra, .bt709, false, false),
            ("I420→BGRA BT.709 (libyuv + Cb correction)", .yuv420p, .bgra, .bt709, true, false),
            ("BGRA→NV12 BT.601 (libyuv)", .bgra, .nv12, .bt601, true, false),
            ("BGRA→NV12 BT.709 (swscale)", .bgra, .nv12, .bt709, true, false),
        ]
        for (name, from, to, color, libyuv, approximate) in cases {
            var configuration = FFImageConverterConfiguration(
                sourceFormat: from, sourceWidth: 1920, sourceHeight: 1080, destinationFormat: to,
                destinationWidth: 1920, destinationHeight: 1080, sourceColor: color, destinationColor: color)
            configuration.allowsLibYUV = libyuv
            configuration.allowsApproximateLibYUV = approximate
            let converter = try FFImageConverter(configuration: configuration)
            let source = from == .nv12 ? nv12 : from == .bgra ? rgba : try {
                let picture = TestPicture(from, width: 1920, height: 1080)
                try FFImageConverter(configuration: FFImageConverterConfiguration(
                    sourceFormat: .nv12, sourceWidth: 1920, sourceHeight: 1080, destinationFormat: from,
                    destinationWidth: 1920, destinationHeight: 1080)).convert(nv12.image, into: picture.mutableImage)
                return picture
            }()
            let destination = TestPicture(to, width: 1920, height: 1080)
            try converter.convert(source.image, into: destination.mutableImage)
            let iterations = 100
            let time = try Self.seconds { for _ in 0..<iterations { try converter.convert(source.image, into: destination.mutableImage) } }
            print(String(format: "BENCH %@: %.2f ms/frame %@", name, time / Double(iterations) * 1000, converter.pathDescription.description))
        }
    }

    /// The converter's choice for a same-format scale (libyuv at its dedicated ratios, swscale's bilinear at other
    /// ratios for YCbCr) against swscale alone, and swscale's sharper filters at 1080p → 720p.
    @Test("scale cost per frame: the converter's choice vs swscale, by format and ratio")
    func scaling() throws {
        let sizes = [(1920, 1080, 1280, 720), (1920, 1080, 480, 270), (1920, 1080, 720, 405), (1280, 720, 1920, 1080)]
        for format in [FFPixelFormat.yuv420p, .nv12, .yuv444p, .bgra] {
            for (width, height, toWidth, toHeight) in sizes {
                let source = TestPicture(format, width: width, height: height)
                let destination = TestPicture(format, width: toWidth, height: toHeight)
                var line = "\(format) \(width)x\(height)→\(toWidth)x\(toHeight):"
                let filters: [(FFScalingFilter, Bool)] = format == .yuv420p && toWidth == 1280
                    ? [(.bilinear, true), (.bilinear, false), (.bicubic, false), (.lanczos, false)]
                    : [(.bilinear, true), (.bilinear, false)]
                for (filter, libyuv) in filters {
                    var configuration = FFImageConverterConfiguration(
                        sourceFormat: format, sourceWidth: width, sourceHeight: height, destinationFormat: format,
                        destinationWidth: toWidth, destinationHeight: toHeight, sourceColor: .bt709, destinationColor: .bt709)
                    configuration.filter = filter
                    configuration.allowsLibYUV = libyuv
                    let converter = try FFImageConverter(configuration: configuration)
                    try converter.convert(source.image, into: destination.mutableImage)
                    let iterations = 100
                    let time = try Self.seconds {
                        for _ in 0..<iterations { try converter.convert(source.image, into: destination.mutableImage) }
                    }
                    line += String(format: " %@ %@ %.2f ms;", "\(filter)", converter.pathDescription.joined(separator: "+"),
                                   time / Double(iterations) * 1000)
                }
                print("BENCH scale " + line)
            }
        }
    }

    @Test("1080p H.264 decode throughput vs ffmpeg")
    func decode() throws {
        // 10 s of 1080p30 testsrc2, B-frames, one access unit delimiter per picture so the test can split it.
        let url = try TestFiles.ffmpegMedia("bench-1080p-h264-bframes-aud.h264", recipe: [
            "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30", "-t", "10", "-c:v", "libx264", "-preset", "veryfast",
            "-bf", "3", "-g", "60", "-x264-params", "aud=1", "-pix_fmt", "yuv420p",
        ])
        let bytes = [UInt8](try Data(contentsOf: url))
        let units = NALUnits.ranges(inAnnexB: bytes)
        var packets: [[UInt8]] = []
        var start: Int? = nil
        for unit in units where NALUnitFormat.h264.nalUnitType(bytes[unit.lowerBound]) == 9 {
            if let s = start { packets.append(Array(bytes[s..<(unit.lowerBound - 4)])) }
            start = unit.lowerBound - 4
        }
        if let s = start { packets.append(Array(bytes[s...])) }
        let decoder = try FFVideoDecoder(configuration: FFVideoDecoderConfiguration(codec: .h264))
        var frames = 0
        let time = try Self.seconds {
            for (index, packet) in packets.enumerated() {
                frames += try decoder.decode(packet, timing: FFPacketTiming(pts: Int64(index))).count
            }
            frames += try decoder.flush().count
        }
        #expect(frames == 300)
        print(String(format: "BENCH FFVideoDecoder h264 1080p: %d frames in %.2f s = %.0f fps (%d threads)", frames, time,
                     Double(frames) / time, decoder.threadCount))
        let ffmpegTime = try Self.seconds {
            try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-threads", "2", "-i", url.path, "-f", "null", "-"])
        }
        print(String(format: "BENCH ffmpeg -threads 2 h264 1080p: 300 frames in %.2f s = %.0f fps (process start included)",
                     ffmpegTime, 300 / ffmpegTime))
    }
}
