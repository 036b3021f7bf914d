import Testing
import FFmpegBridge
import Raster

/// The converter's libyuv paths against its swscale paths on the same input: the repacking paths must write
/// swscale's bytes exactly, the arithmetic ones must agree with it closely (they round differently), so a kernel
/// handed the wrong plane, stride, order or constants shows up whichever library changed.
@Suite("libyuv fast paths against swscale")
struct FastPathTests {
    /// A picture of pseudo-random bytes (every plane, every byte of each row's meaningful part).
    func noise(_ format: FFPixelFormat, width: Int, height: Int, seed: UInt64) -> TestPicture {
        let picture = TestPicture(format, width: width, height: height)
        var state = seed
        for plane in 0..<format.planeCount {
            for y in 0..<picture.rows[plane] {
                for x in 0..<format.minimumBytesPerRow(width: width)[plane] {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    picture.setByte(plane, x, y, UInt8(truncatingIfNeeded: state >> 33))
                }
            }
        }
        return picture
    }

    /// A smooth picture in `format`, made from RGBA by swscale (so that chroma upsampling differences, swscale
    /// interpolating and libyuv repeating, stay small).
    func gradient(_ format: FFPixelFormat, width: Int, height: Int) throws -> TestPicture {
        let rgba = TestPicture(.rgba, width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                rgba.setByte(0, 4 * x, y, UInt8(30 + x * 150 / width))
                rgba.setByte(0, 4 * x + 1, y, UInt8(40 + y * 150 / height))
                rgba.setByte(0, 4 * x + 2, y, UInt8(220 - x * 120 / width))
                rgba.setByte(0, 4 * x + 3, y, UInt8(200 + x % 50))
            }
        }
        return try convert(rgba, to: format, libyuv: false).picture
    }

    func convert(_ picture: TestPicture, to format: FFPixelFormat, color: FFColorProperties = .bt601,
                 libyuv: Bool) throws -> (picture: TestPicture, path: [String]) {
        let output = TestPicture(format, width: picture.width, height: picture.height)
        var configuration = FFImageConverterConfiguration(
            sourceFormat: picture.pixelFormat, sourceWidth: picture.width, sourceHeight: picture.height,
            destinationFormat: format, destinationWidth: picture.width, destinationHeight: picture.height,
            sourceColor: color, destinationColor: color)
        configuration.allowsLibYUV = libyuv
        let converter = try FFImageConverter(configuration: configuration)
        try converter.convert(picture.image, into: output.mutableImage)
        return (output, converter.pathDescription)
    }

    /// Per byte differences over every plane's meaningful bytes (16-bit formats compared a byte at a time, which
    /// only overstates differences).
    func differences(_ a: TestPicture, _ b: TestPicture, skippingAlpha: Bool) -> (mean: Double, maximum: Int) {
        var total = 0, count = 0, maximum = 0
        for plane in 0..<a.pixelFormat.planeCount {
            for y in 0..<a.rows[plane] {
                let bytes = a.pixelFormat.minimumBytesPerRow(width: a.width)[plane]
                for x in 0..<bytes where !(skippingAlpha && x % 4 == 3) {
                    let difference = abs(Int(a.byte(plane, x, y)) - Int(b.byte(plane, x, y)))
                    total += difference; count += 1; maximum = max(maximum, difference)
                }
            }
        }
        return (Double(total) / Double(count), maximum)
    }

    @Test("byte shuffles and NV12 ↔ I420 repacking write exactly swscale's bytes, at odd sizes too",
          arguments: [(FFPixelFormat.bgra, FFPixelFormat.rgba), (.bgra, .argb), (.bgra, .abgr), (.rgba, .bgra),
                      (.argb, .abgr), (.abgr, .rgba), (.nv12, .yuv420p), (.yuv420p, .nv12)])
    func repackingIsExact(from: FFPixelFormat, to: FFPixelFormat) throws {
        for (width, height) in [(34, 18), (33, 17)] {
            let source = noise(from, width: width, height: height, seed: UInt64(width))
            let (fast, fastPath) = try convert(source, to: to, libyuv: true)
            let (slow, slowPath) = try convert(source, to: to, libyuv: false)
            #expect(fastPath.count == 1 && fastPath[0].hasPrefix("libyuv") && slowPath == ["swscale"], "\(fastPath)")
            let (mean, maximum) = differences(fast, slow, skippingAlpha: false)
            #expect(maximum == 0, "\(from)→\(to) \(width)x\(height) \(fastPath): mean \(mean), max \(maximum)")
        }
    }

    /// The bounds are loose for kernels but tight for mistakes: a wrong plane, stride, chroma order or matrix is
    /// tens of codes off. 4:2:0 differs most (swscale interpolates chroma, libyuv repeats it: 1.6 codes measured),
    /// 10-bit sources a little more (2.1, rounded once more on the way in).
    @Test("every Y′CbCr → RGB kernel agrees with swscale (mean < 2.5 codes, max ≤ 8), both byte orders",
          arguments: [FFPixelFormat.nv12, .nv21, .yuv420p, .yuvj420p, .yuv422p, .yuv444p, .yuv420p10le, .p010le])
    func ycbcrToRGB(format: FFPixelFormat) throws {
        for destination in [FFPixelFormat.bgra, .rgba] {
            let source = try gradient(format, width: 66, height: 34)
            let (fast, fastPath) = try convert(source, to: destination, libyuv: true)
            let (slow, _) = try convert(source, to: destination, libyuv: false)
            // P010's interleaved chroma cannot be swapped for RGBA; that pair is swscale's.
            let expectsLibYUV = !(format == .p010le && destination == .rgba)
            #expect(fastPath.first?.hasPrefix("libyuv") == expectsLibYUV, "\(fastPath)")
            let (mean, maximum) = differences(fast, slow, skippingAlpha: true)
            #expect(mean < 2.5 && maximum <= 8, "\(format)→\(destination) \(fastPath): mean \(mean), max \(maximum)")
        }
    }

    @Test("every RGB → Y′CbCr kernel agrees with swscale (mean < 1 code), both byte orders and ranges",
          arguments: [FFPixelFormat.bgra, .rgba])
    func rgbToYCbCr(format: FFPixelFormat) throws {
        let source = try gradient(format, width: 66, height: 34)
        for (destination, range) in [(FFPixelFormat.nv12, FFColorRange.limited), (.yuv420p, .limited),
                                     (.yuv420p, .full), (.yuvj420p, .full)] {
            let color = FFColorProperties(matrix: .smpte170M, range: range)
            let (fast, fastPath) = try convert(source, to: destination, color: color, libyuv: true)
            let (slow, _) = try convert(source, to: destination, color: color, libyuv: false)
            #expect(fastPath.first?.hasPrefix("libyuv") == true, "\(fastPath)")
            let (mean, maximum) = differences(fast, slow, skippingAlpha: false)
            #expect(mean < 1, "\(format)→\(destination) \(range) \(fastPath): mean \(mean), max \(maximum)")
        }
    }
}
