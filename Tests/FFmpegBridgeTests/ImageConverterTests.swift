import Foundation
import Testing
import FFmpegBridge
import Raster

/// BT.601/709/2020 luma coefficients (Kr, Kb) from ITU-R BT.601-7, BT.709-6 and BT.2020-2.
private let coefficients: [FFMatrixCoefficients: (Double, Double)] = [
    .smpte170M: (0.299, 0.114), .bt709: (0.2126, 0.0722), .bt2020NonConstantLuminance: (0.2627, 0.0593),
]

/// Y'CbCr codes (8-bit) of an R'G'B' colour (0...1) by the standard's equations.
private func ycbcr(_ rgb: (Double, Double, Double), matrix: FFMatrixCoefficients, full: Bool) -> (UInt8, UInt8, UInt8) {
    let (kr, kb) = coefficients[matrix]!
    let y = kr * rgb.0 + (1 - kr - kb) * rgb.1 + kb * rgb.2
    let cb = (rgb.2 - y) / (2 * (1 - kb)), cr = (rgb.0 - y) / (2 * (1 - kr))
    if full {
        return (UInt8((y * 255).rounded()), UInt8((128 + cb * 255).rounded().clamped(0, 255)),
                UInt8((128 + cr * 255).rounded().clamped(0, 255)))
    }
    return (UInt8((16 + y * 219).rounded()), UInt8((128 + cb * 224).rounded()), UInt8((128 + cr * 224).rounded()))
}

private extension Double {
    func clamped(_ lo: Double, _ hi: Double) -> Double { Swift.min(hi, Swift.max(lo, self)) }
}

/// An RGBA picture of smooth in-gamut colour (so no conversion clips), alpha varying.
private func referenceRGBA(width: Int, height: Int) -> TestPicture {
    let picture = TestPicture(.rgba, width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let fx = Double(x), fy = Double(y)
            picture.setByte(0, 4 * x, y, UInt8(128 + 80 * sin(fx / 9 + fy / 13)))
            picture.setByte(0, 4 * x + 1, y, UInt8(128 + 80 * cos(fx / 11)))
            picture.setByte(0, 4 * x + 2, y, UInt8(128 + 80 * sin(fy / 7)))
            picture.setByte(0, 4 * x + 3, y, UInt8(255 - (x + y) % 64))
        }
    }
    return picture
}

private func convert(_ picture: TestPicture, to format: FFPixelFormat, width: Int? = nil, height: Int? = nil,
                     color: FFColorProperties = .bt709, from sourceColor: FFColorProperties = .bt709,
                     filter: FFScalingFilter = .bilinear, libyuv: Bool = true) throws -> (TestPicture, [String]) {
    let output = TestPicture(format, width: width ?? picture.width, height: height ?? picture.height)
    var configuration = FFImageConverterConfiguration(
        sourceFormat: picture.pixelFormat, sourceWidth: picture.width, sourceHeight: picture.height,
        destinationFormat: format, destinationWidth: output.width, destinationHeight: output.height,
        sourceColor: sourceColor, destinationColor: color, filter: filter)
    configuration.allowsLibYUV = libyuv
    let converter = try FFImageConverter(configuration: configuration)
    try converter.convert(picture.image, into: output.mutableImage)
    return (output, converter.pathDescription)
}

/// Mean absolute difference per component (8-bit units) of two pictures after both go to yuv444p16le.
private func difference(_ a: TestPicture, _ b: TestPicture, compareChroma: Bool) throws -> Double {
    let (ca, _) = try convert(a, to: .yuv444p16le), (cb, _) = try convert(b, to: .yuv444p16le)
    var worst = 0.0
    for plane in 0..<(compareChroma ? 3 : 1) {
        var total = 0.0
        for y in 0..<a.height {
            for x in 0..<a.width { total += abs(Double(ca.word(plane, x, y)) - Double(cb.word(plane, x, y))) }
        }
        worst = max(worst, total / Double(a.width * a.height) / 256)
    }
    return worst
}

@Suite("Image conversion and scaling")
struct ImageConverterTests {
    @Test("standard colours decode to the right RGB for every matrix and range, libyuv and swscale alike",
          arguments: [FFMatrixCoefficients.smpte170M, .bt709, .bt2020NonConstantLuminance], [false, true])
    func knownColours(matrix: FFMatrixCoefficients, full: Bool) throws {
        let colours: [(Double, Double, Double)] = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 1), (0, 0, 0), (0.5, 0.25, 0.75)]
        let color = FFColorProperties(matrix: matrix, range: full ? .full : .limited)
        for (sourceFormat, destination) in [(FFPixelFormat.nv12, FFPixelFormat.bgra), (.yuv420p, .rgba), (.yuv444p, .bgra)] {
            for libyuv in [true, false] {
                for rgb in colours {
                    let (y, cb, cr) = ycbcr(rgb, matrix: matrix, full: full)
                    let source = TestPicture(sourceFormat, width: 16, height: 8)
                    for row in 0..<8 {
                        for x in 0..<16 { source.setByte(0, x, row, y) }
                    }
                    for row in 0..<source.rows[1] {
                        for x in 0..<sourceFormat.pixelWidth(ofPlane: 1, width: 16) {
                            if sourceFormat == .nv12 {
                                source.setByte(1, 2 * x, row, cb); source.setByte(1, 2 * x + 1, row, cr)
                            } else {
                                source.setByte(1, x, row, cb); source.setByte(2, x, row, cr)
                            }
                        }
                    }
                    let (out, path) = try convert(source, to: destination, color: .unspecified, from: color, libyuv: libyuv)
                    // libyuv for all of these 8-bit sources; limited-range BT.709/2020 with the Cb gain correction.
                    let expected = libyuv ? "libyuv" : "swscale"
                    #expect(path.first?.hasPrefix(expected) == true, "\(path)")
                    #expect(path.first?.hasSuffix("(Cb gain)") == (libyuv && !full && matrix != .smpte170M), "\(path)")
                    let offsets = destination == .bgra ? (2, 1, 0) : (0, 1, 2)
                    let got = (out.byte(0, 4 * 5 + offsets.0, 3), out.byte(0, 4 * 5 + offsets.1, 3), out.byte(0, 4 * 5 + offsets.2, 3))
                    let want = (UInt8(rgb.0 * 255), UInt8(rgb.1 * 255), UInt8(rgb.2 * 255))
                    // Tolerance 3: libyuv's fixed-point matrices (6-bit coefficient precision) measured ≤ 3 off.
                    let ok = abs(Int(got.0) - Int(want.0)) <= 3 && abs(Int(got.1) - Int(want.1)) <= 3 && abs(Int(got.2) - Int(want.2)) <= 3
                    #expect(ok, "\(sourceFormat)→\(destination) \(path) \(matrix.rawValue) full=\(full) rgb \(rgb): got \(got) want \(want)")
                }
            }
        }
    }

    @Test("RGB → YCbCr writes the standard's codes (libyuv BT.601 path, swscale for BT.709/2020)",
          arguments: [FFMatrixCoefficients.smpte170M, .bt709, .bt2020NonConstantLuminance])
    func encodeColours(matrix: FFMatrixCoefficients) throws {
        for full in [false, true] {
            let source = TestPicture(.bgra, width: 16, height: 8)
            let rgb = (0.75, 0.25, 0.5)
            for y in 0..<8 {
                for x in 0..<16 {
                    source.setByte(0, 4 * x, y, UInt8(rgb.2 * 255)); source.setByte(0, 4 * x + 1, y, UInt8(rgb.1 * 255))
                    source.setByte(0, 4 * x + 2, y, UInt8(rgb.0 * 255)); source.setByte(0, 4 * x + 3, y, 255)
                }
            }
            let quantised = (Double(UInt8(rgb.0 * 255)) / 255, Double(UInt8(rgb.1 * 255)) / 255, Double(UInt8(rgb.2 * 255)) / 255)
            let want = ycbcr(quantised, matrix: matrix, full: full)
            let (out, path) = try convert(source, to: .yuv420p, color: FFColorProperties(matrix: matrix, range: full ? .full : .limited))
            #expect(path == [matrix == .smpte170M ? (full ? "libyuv ARGBToJ420" : "libyuv ARGBToI420") : "swscale"])
            let got = (out.byte(0, 4, 4), out.byte(1, 2, 2), out.byte(2, 2, 2))
            #expect(abs(Int(got.0) - Int(want.0)) <= 1 && abs(Int(got.1) - Int(want.1)) <= 2 && abs(Int(got.2) - Int(want.2)) <= 2,
                    "matrix \(matrix.rawValue) full=\(full): got \(got) want \(want)")
        }
    }

    @Test("every supported format pair round-trips the reference picture (mean error ≤ 2.5 codes with chroma subsampling, ≤ 1 without)")
    func allPairs() throws {
        let reference = referenceRGBA(width: 64, height: 32)
        let formats = FFPixelFormat.named
        var inFormat: [FFPixelFormat: TestPicture] = [:]
        for format in formats where FFImageConverter.canConvert(from: .rgba, to: format) {
            inFormat[format] = try convert(reference, to: format).0
        }
        let unsupported = formats.filter { !FFImageConverter.canConvert(from: $0, to: $0) }
        var results: [(pair: String, error: Double, subsampled: Bool)] = []
        for a in formats {
            guard let picture = inFormat[a], FFImageConverter.canConvert(from: a, to: a) else { continue }
            for b in formats where FFImageConverter.canConvert(from: a, to: b) && FFImageConverter.canConvert(from: b, to: a) {
                let there = try convert(picture, to: b).0
                let back = try convert(there, to: a).0
                let error = try difference(picture, back, compareChroma: !a.isGray && !b.isGray)
                // Chroma resolution is lost when the two formats subsample chroma differently.
                let subsampled = (a.chromaShiftX, a.chromaShiftY) != (b.chromaShiftX, b.chromaShiftY)
                    && !a.isGray && !b.isGray
                results.append(("\(a)→\(b)→\(a)", error, subsampled))
            }
        }
        for group in [true, false] {
            let worst = results.filter { $0.subsampled == group }.sorted { $0.error > $1.error }.prefix(3)
            print("format pairs (\(group ? "different" : "same") chroma sampling): worst \(worst.map { "\($0.pair) \(String(format: "%.2f", $0.error))" })")
        }
        print("format pairs: \(results.count) round-tripped; formats swscale cannot write: \(unsupported)")
        #expect(results.count >= 34 * 34)
        for result in results { #expect(result.error < (result.subsampled ? 2.5 : 1.0), "\(result.pair): \(result.error)") }
    }

    @Test("1920x1080 → 1280x720 gives the right size and a faithful picture with each filter",
          arguments: [(FFPixelFormat.nv12, FFScalingFilter.bilinear), (.yuv420p, .bilinear), (.bgra, .bilinear),
                      (.nv12, .bicubic), (.yuv420p, .lanczos), (.p010le, .bilinear)])
    func downscale(format: FFPixelFormat, filter: FFScalingFilter) throws {
        func gradient(_ w: Int, _ h: Int) -> TestPicture {
            let rgba = TestPicture(.rgba, width: w, height: h)
            for y in 0..<h {
                for x in 0..<w {
                    let u = Double(x) / Double(w), v = Double(y) / Double(h)
                    rgba.setByte(0, 4 * x, y, UInt8(40 + 170 * u)); rgba.setByte(0, 4 * x + 1, y, UInt8(40 + 170 * v))
                    rgba.setByte(0, 4 * x + 2, y, UInt8(40 + 85 * (u + v))); rgba.setByte(0, 4 * x + 3, y, 255)
                }
            }
            return rgba
        }
        let big = try convert(gradient(1920, 1080), to: format).0
        let (small, path) = try convert(big, to: format, width: 1280, height: 720, filter: filter)
        #expect(small.width == 1280 && small.height == 720)
        // A 2/3 bilinear scale is libyuv's for RGB and swscale's for YCbCr (libyuv has no dedicated kernel there).
        #expect(path.allSatisfy { $0.hasPrefix("libyuv") } == (filter == .bilinear && format == .bgra))
        let expected = try convert(gradient(1280, 720), to: format).0
        let error = try difference(small, expected, compareChroma: true)
        #expect(error < 1.5, "\(format) \(filter) \(path): \(error)")
    }

    @Test("bilinear YCbCr scales: libyuv at its dedicated ratios (1/2, 1/4, 3/4, 3/8), swscale at others (faster there)",
          arguments: [(1920, 1080, 960, 540, "libyuv I420Scale"), (1920, 1080, 480, 270, "libyuv I420Scale"),
                      (1920, 1080, 1440, 810, "libyuv I420Scale"), (1920, 1080, 720, 405, "libyuv I420Scale"),
                      (1920, 1080, 1280, 720, "swscale"), (1280, 720, 1920, 1080, "swscale"),
                      (1920, 1080, 960, 720, "swscale")])
    func scalerChoice(width: Int, height: Int, toWidth: Int, toHeight: Int, expected: String) throws {
        for (format, kernel) in [(FFPixelFormat.yuv420p, "I420Scale"), (.nv12, "NV12Scale"), (.yuv444p, "I444Scale")] {
            var configuration = FFImageConverterConfiguration(
                sourceFormat: format, sourceWidth: width, sourceHeight: height, destinationFormat: format,
                destinationWidth: toWidth, destinationHeight: toHeight, sourceColor: .bt709, destinationColor: .bt709)
            configuration.filter = .bilinear
            let path = try FFImageConverter(configuration: configuration).pathDescription
            #expect(path == [expected.replacingOccurrences(of: "I420Scale", with: kernel)], "\(format)")
        }
        // Scaling and converting to BGRA: a downscale scales the YCbCr first (chosen the same way), an upscale
        // converts first and scales the RGB (libyuv's).
        let toBGRA = try FFImageConverter(configuration: FFImageConverterConfiguration(
            sourceFormat: .yuv420p, sourceWidth: width, sourceHeight: height, destinationFormat: .bgra,
            destinationWidth: toWidth, destinationHeight: toHeight, sourceColor: .bt709, destinationColor: .bt709))
        let downscale = toWidth * toHeight <= width * height
        #expect(toBGRA.pathDescription.count == 2)
        if downscale {
            #expect(toBGRA.pathDescription.first == expected)
        } else {
            #expect(toBGRA.pathDescription.last == "libyuv ARGBScale")
        }
    }

    @Test("NV12 → BGRA: libyuv and swscale agree (mean < 1 code), BT.709 with the Cb correction; uncorrected < 3")
    func libyuvMatchesSwscale() throws {
        func compare(_ color: FFColorProperties, approximate: Bool) throws -> ([String], Double) {
            // A smooth gradient, so the two libraries' different chroma upsampling (swscale interpolates, libyuv
            // repeats) does not mask the matrix comparison.
            let gradient = TestPicture(.rgba, width: 128, height: 64)
            for y in 0..<64 {
                for x in 0..<128 {
                    gradient.setByte(0, 4 * x, y, UInt8(30 + x * 3 / 2)); gradient.setByte(0, 4 * x + 1, y, UInt8(40 + y * 2))
                    gradient.setByte(0, 4 * x + 2, y, UInt8(220 - x)); gradient.setByte(0, 4 * x + 3, y, 255)
                }
            }
            let source = try convert(gradient, to: .nv12, color: color).0
            var configuration = FFImageConverterConfiguration(
                sourceFormat: .nv12, sourceWidth: 128, sourceHeight: 64, destinationFormat: .bgra,
                destinationWidth: 128, destinationHeight: 64, sourceColor: color)
            configuration.allowsApproximateLibYUV = approximate
            let fastConverter = try FFImageConverter(configuration: configuration)
            let fast = TestPicture(.bgra, width: 128, height: 64)
            try fastConverter.convert(source.image, into: fast.mutableImage)
            let (slow, slowPath) = try convert(source, to: .bgra, from: color, libyuv: false)
            #expect(slowPath == ["swscale"])
            var total = 0
            for y in 0..<64 {
                for x in 0..<(128 * 4) where x % 4 != 3 { total += abs(Int(fast.byte(0, x, y)) - Int(slow.byte(0, x, y))) }
            }
            return (fastConverter.pathDescription, Double(total) / Double(128 * 64 * 3))
        }
        let (path601, error601) = try compare(.bt601, approximate: false)
        let (path709, error709) = try compare(.bt709, approximate: false)
        let (approximatePath, approximateError) = try compare(.bt709, approximate: true)
        print("libyuv vs swscale NV12→BGRA mean difference: BT.601 \(error601), BT.709 \(error709), BT.709 uncorrected \(approximateError) codes")
        #expect(path601 == ["libyuv NV12ToARGBMatrix"] && error601 < 1)
        #expect(path709 == ["libyuv NV12ToARGBMatrix (Cb gain)"] && error709 < 1)
        #expect(approximatePath == ["libyuv NV12ToARGBMatrix"] && approximateError < 3)
    }

    @Test("letterbox: picture in the destination rect, opaque black bars around it")
    func letterbox() throws {
        let source = try convert(referenceRGBA(width: 640, height: 480), to: .yuv420p).0
        let output = TestPicture(.bgra, width: 640, height: 360)
        for y in 0..<360 { for x in 0..<(640 * 4) { output.setByte(0, x, y, 0x55) } }
        var configuration = FFImageConverterConfiguration(
            sourceFormat: .yuv420p, sourceWidth: 640, sourceHeight: 480, destinationFormat: .bgra,
            destinationWidth: 640, destinationHeight: 360, sourceColor: .bt709)
        configuration.destinationRect = RasterRect(x: 80, y: 0, width: 480, height: 360)
        try FFImageConverter(configuration: configuration).convert(source.image, into: output.mutableImage)
        for (x, y) in [(0, 0), (79, 200), (560, 10), (639, 359)] {
            #expect([output.byte(0, 4 * x, y), output.byte(0, 4 * x + 1, y), output.byte(0, 4 * x + 2, y), output.byte(0, 4 * x + 3, y)]
                    == [0, 0, 0, 255], "bar pixel \(x),\(y)")
        }
        // The middle of the picture is the middle of the source (the reference's green at x=320 of 640).
        let green = output.byte(0, 4 * 320 + 1, 180)
        #expect(abs(Int(green) - Int(128 + 80 * cos(320.0 / 11))) <= 6)
    }

    @Test("odd sizes convert and scale through every kind of path without touching memory outside the planes",
          arguments: [(FFPixelFormat.nv12, FFPixelFormat.bgra), (.yuv420p, .rgba), (.yuv420p, .nv12), (.nv12, .yuv420p),
                      (.bgra, .nv12), (.rgba, .yuv420p), (.bgra, .argb), (.p010le, .bgra), (.yuv422p10le, .uyvy422)])
    func oddSizes(from: FFPixelFormat, to: FFPixelFormat) throws {
        let reference = referenceRGBA(width: 33, height: 17)
        let source = try convert(reference, to: from).0
        for (width, height) in [(33, 17), (17, 9), (65, 35)] {
            let (out, path) = try convert(source, to: to, width: width, height: height)
            #expect(out.width == width && !path.isEmpty)
            // Back to RGBA at the source size: the picture survived (loosely: odd edges and scaling blur it).
            let back = try convert(out, to: .rgba, width: 33, height: 17).0
            var total = 0
            for y in 0..<17 { for x in 0..<(33 * 4) where x % 4 != 3 { total += abs(Int(back.byte(0, x, y)) - Int(reference.byte(0, x, y))) } }
            #expect(Double(total) / Double(33 * 17 * 3) < 12, "\(from)→\(to) \(width)x\(height) \(path)")
        }
    }

    @Test("crop: a source rect selects exactly that region")
    func crop() throws {
        let source = try convert(referenceRGBA(width: 128, height: 64), to: .nv12).0
        var configuration = FFImageConverterConfiguration(
            sourceFormat: .nv12, sourceWidth: 128, sourceHeight: 64, destinationFormat: .nv12,
            destinationWidth: 32, destinationHeight: 16)
        configuration.sourceRect = RasterRect(x: 64, y: 32, width: 32, height: 16)
        let output = TestPicture(.nv12, width: 32, height: 16)
        let converter = try FFImageConverter(configuration: configuration)
        #expect(converter.pathDescription == ["copy"])
        try converter.convert(source.image, into: output.mutableImage)
        #expect(output.byte(0, 5, 7) == source.byte(0, 69, 39))
        #expect(output.byte(1, 6, 3) == source.byte(1, 70, 19))
        configuration.sourceRect = RasterRect(x: 3, y: 0, width: 32, height: 16)
        #expect { try FFImageConverter(configuration: configuration) } throws: { ($0 as? FFError)?.setting == "sourceRect" }
    }

    @Test("YCbCr BT.601 → BT.709 changes the codes (through RGB), not just the label")
    func matrixChange() throws {
        let red601 = ycbcr((1, 0, 0), matrix: .smpte170M, full: false)
        let red709 = ycbcr((1, 0, 0), matrix: .bt709, full: false)
        let source = TestPicture(.yuv444p, width: 16, height: 8)
        for y in 0..<8 { for x in 0..<16 { source.setByte(0, x, y, red601.0); source.setByte(1, x, y, red601.1); source.setByte(2, x, y, red601.2) } }
        let (out, path) = try convert(source, to: .nv12, color: .bt709, from: .bt601)
        #expect(path.count == 2)
        #expect(abs(Int(out.byte(0, 3, 3)) - Int(red709.0)) <= 1)
        #expect(abs(Int(out.byte(1, 2, 1)) - Int(red709.1)) <= 2 && abs(Int(out.byte(1, 3, 1)) - Int(red709.2)) <= 2)
    }
}
