import Foundation
import Testing
import CoreGraphics
import CoreVideo
import TestSupport
@testable import LayerCompositing
import MediaCodecs

/// Colour through `VideoLayerCompositor`: Y′CbCr sources read with their matrix and range, Y′CbCr and ARGB outputs,
/// exact quarter turns of Y′CbCr sources, and the errors it gives instead of trapping.
@Suite("Video layer compositor: colour, formats, errors")
struct VideoLayerCompositorColorTests {
    /// Four flat patches of 8-bit Y′CbCr codes, one per 8×6 quadrant of a 16×12 picture: a saturated blue, a
    /// saturated red, a mid grey and a light green (valid in every matrix's limited range).
    static let patches: [(y: Int, cb: Int, cr: Int)] = [(41, 230, 118), (81, 90, 240), (126, 128, 128), (170, 70, 80)]
    static func patch(_ x: Int, _ y: Int) -> Int { (x >= 8 ? 1 : 0) + (y >= 6 ? 2 : 0) }

    static func patchSource(_ format: OSType, matrix: String?) throws -> CVPixelBuffer {
        try makeYCbCrBuffer(width: 16, height: 12, format: format, matrix: matrix,
                            luma: { x, y in patches[patch(x, y)].y },
                            chroma: { x, y in (patches[patch(2 * x, 2 * y)].cb, patches[patch(2 * x, 2 * y)].cr) })
    }

    static let sources: [(OSType, String, Bool)] = [
        (kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, kCVImageBufferYCbCrMatrix_ITU_R_601_4 as String, false),
        (kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, kCVImageBufferYCbCrMatrix_ITU_R_709_2 as String, false),
        (kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, kCVImageBufferYCbCrMatrix_ITU_R_2020 as String, false),
        (kCVPixelFormatType_420YpCbCr8BiPlanarFullRange, kCVImageBufferYCbCrMatrix_ITU_R_601_4 as String, true),
        (kCVPixelFormatType_420YpCbCr8BiPlanarFullRange, kCVImageBufferYCbCrMatrix_ITU_R_709_2 as String, true),
        (kCVPixelFormatType_420YpCbCr8BiPlanarFullRange, kCVImageBufferYCbCrMatrix_ITU_R_2020 as String, true),
        (kCVPixelFormatType_420YpCbCr8Planar, kCVImageBufferYCbCrMatrix_ITU_R_709_2 as String, false),
        (kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange, kCVImageBufferYCbCrMatrix_ITU_R_709_2 as String, false),
        (kCVPixelFormatType_420YpCbCr10BiPlanarFullRange, kCVImageBufferYCbCrMatrix_ITU_R_2020 as String, true),
    ]

    /// The largest difference in codes between the composed patches and the BT.601/709/2020 equations, over the
    /// patches' interiors (away from chroma siting at their borders), for a full-frame layer (converted straight
    /// into the destination) and for one moved by whole pixels (drawn into the working frame).
    static func patchError(_ source: CVPixelBuffer, matrix: String, fullRange: Bool, moved: Bool) throws -> Double {
        let destination = try makeBuffer(width: 16, height: 12, format: kCVPixelFormatType_32BGRA)
        let compositor = try VideoLayerCompositor(width: 16, height: 12, outputPixelFormat: kCVPixelFormatType_32BGRA,
                                                  highQuality: false)
        let shift = moved ? 2.0 : 0
        try compositor.compose(layers: [VideoLayer(source: source, transform: CGAffineTransform(translationX: shift, y: shift))],
                               background: (0, 0, 0, 1), into: destination)
        let picture = ReferencePicture(bgra: destination)
        var worst = 0.0
        for y in 0..<12 {
            for x in 0..<16 {
                // Source coordinates, away from the patch borders, where swscale interpolates chroma.
                let sx = x - Int(shift), sy = y - Int(shift)
                guard sx >= 1, sy >= 1, ![5, 6, 11].contains(sy), ![7, 8, 15].contains(sx) else { continue }
                let codes = patches[patch(sx, sy)]
                let want = ReferenceCompositor.rgb(y: codes.y, cb: codes.cb, cr: codes.cr, matrix: matrix, fullRange: fullRange)
                let got = picture[x, y]
                worst = max(worst, abs(got.x - want.x) * 255, abs(got.y - want.y) * 255, abs(got.z - want.z) * 255)
            }
        }
        return worst
    }

    @Test("Y′CbCr sources are read with their matrix and range", arguments: sources, [false, true])
    func yCbCrSources(source: (format: OSType, matrix: String, fullRange: Bool), moved: Bool) throws {
        let buffer = try Self.patchSource(source.format, matrix: source.matrix)
        let worst = try Self.patchError(buffer, matrix: source.matrix, fullRange: source.fullRange, moved: moved)
        // libyuv's 6-bit coefficients and its Cb gain for BT.709/2020 limited range ("moves green by at most 1.5
        // codes", docs/notes/ffmpeg-libyuv-findings.md) keep within 3 codes; a wrong matrix is off by 10 to 40.
        #expect(worst <= 3, "\(fourCharacterString(source.format)) \(source.matrix): \(worst) codes")
    }

    @Test("an untagged picture below 720 lines is read as BT.601, as players read it")
    func untaggedSource() throws {
        let buffer = try Self.patchSource(kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, matrix: nil)
        #expect(try Self.patchError(buffer, matrix: kCVImageBufferYCbCrMatrix_ITU_R_601_4 as String, fullRange: false, moved: false) <= 3)
        #expect(try Self.patchError(buffer, matrix: kCVImageBufferYCbCrMatrix_ITU_R_709_2 as String, fullRange: false, moved: false) > 10)
    }

    /// Composes a smooth BGRA picture (with a translucent layer on it, so the working frame is used) into
    /// `format`, and into 32BGRA for reference.
    static func composeBoth(_ format: OSType, matrix: String?) throws -> (output: CVPixelBuffer, bgra: CVPixelBuffer) {
        let width = 32, height = 24
        let base = try makeRGBBuffer(width: width, height: height, patternColor)
        let top = try makeRGBBuffer(width: 12, height: 10) { _, _ in SIMD4(0.1, 0.9, 0.3, 1) }
        let layers = [VideoLayer(source: base), VideoLayer(source: top, transform: CGAffineTransform(translationX: 9.5, y: 7), opacity: 0.6)]
        let output = try makeBuffer(width: width, height: height, format: format)
        try VideoLayerCompositor(width: width, height: height, outputPixelFormat: format, highQuality: false, yCbCrMatrix: matrix)
            .compose(layers: layers, background: (0, 0, 0, 1), into: output)
        let bgra = try makeBuffer(width: width, height: height, format: kCVPixelFormatType_32BGRA)
        try VideoLayerCompositor(width: width, height: height, outputPixelFormat: kCVPixelFormatType_32BGRA, highQuality: false)
            .compose(layers: layers, background: (0, 0, 0, 1), into: bgra)
        return (output, bgra)
    }

    @Test("Y′CbCr outputs match the equations applied to the composed RGB", arguments: [
        (kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, kCVImageBufferYCbCrMatrix_ITU_R_709_2 as String, false),
        (kCVPixelFormatType_420YpCbCr8BiPlanarFullRange, kCVImageBufferYCbCrMatrix_ITU_R_709_2 as String, true),
        (kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, kCVImageBufferYCbCrMatrix_ITU_R_601_4 as String, false),
        (kCVPixelFormatType_420YpCbCr8BiPlanarFullRange, kCVImageBufferYCbCrMatrix_ITU_R_2020 as String, true),
        (kCVPixelFormatType_420YpCbCr8Planar, kCVImageBufferYCbCrMatrix_ITU_R_601_4 as String, false),
    ])
    func yCbCrOutput(format: OSType, matrix: String, fullRange: Bool) throws {
        let (output, bgra) = try Self.composeBoth(format, matrix: matrix)
        let rgb = ReferencePicture(bgra: bgra)
        func color(_ x: Int, _ y: Int) -> SIMD3<Double> { let p = rgb[x, y]; return SIMD3(p.x, p.y, p.z) }
        var lumaError = 0.0, chromaError = 0.0
        let planar = output.planes.count == 3
        for y in 0..<output.height {
            for x in 0..<output.width {
                let want = ReferenceCompositor.yCbCr(color(x, y), matrix: matrix, fullRange: fullRange).y
                lumaError = max(lumaError, abs(Double(planeByte(output, 0, x, y)) - want))
            }
        }
        for y in 0..<output.height / 2 {
            for x in 0..<output.width / 2 {
                // Chroma of the mean of the 2×2 pixels it stands for.
                let mean = (color(2 * x, 2 * y) + color(2 * x + 1, 2 * y) + color(2 * x, 2 * y + 1) + color(2 * x + 1, 2 * y + 1)) / 4
                let want = ReferenceCompositor.yCbCr(mean, matrix: matrix, fullRange: fullRange)
                let cb = planar ? planeByte(output, 1, x, y) : planeByte(output, 1, 2 * x, y)
                let cr = planar ? planeByte(output, 2, x, y) : planeByte(output, 1, 2 * x + 1, y)
                chromaError = max(chromaError, abs(Double(cb) - want.cb), abs(Double(cr) - want.cr))
            }
        }
        // libyuv's BT.601 path rounds its 7-bit coefficients; this package's kernel is within a code.
        #expect(lumaError <= 2, "luma \(lumaError)")
        #expect(chromaError <= 2.5, "chroma \(chromaError)")
    }

    @Test("32-bit RGB outputs hold the same composed pixels in their byte order", arguments: [
        (kCVPixelFormatType_32ARGB, [3, 2, 1, 0]), (kCVPixelFormatType_32RGBA, [2, 1, 0, 3]),
    ])
    func rgbOutputs(format: OSType, order: [Int]) throws {
        let (output, bgra) = try Self.composeBoth(format, matrix: nil)
        let expected = bgraBytes(bgra)
        // Byte k of each output pixel is BGRA byte order[k].
        let permuted = stride(from: 0, to: expected.count, by: 4).flatMap { i in order.map { expected[i + $0] } }
        #expect(bgraBytes(output) == permuted)
    }

    @Test("a full-frame 420v layer into 420v with the same matrix is copied byte for byte")
    func yCbCrCopy() throws {
        let source = try Self.patchSource(kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, matrix: kCVImageBufferYCbCrMatrix_ITU_R_601_4 as String)
        let destination = try makeBuffer(width: 16, height: 12, format: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange)
        try VideoLayerCompositor(width: 16, height: 12, outputPixelFormat: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange,
                                 highQuality: false, yCbCrMatrix: kCVImageBufferYCbCrMatrix_ITU_R_601_4 as String)
            .compose(layers: [VideoLayer(source: source)], background: (1, 1, 1, 1), into: destination)
        #expect(packedPixels(destination) == packedPixels(source))
    }

    @Test("quarter turns of Y′CbCr pictures are exact (portrait video), cropped on or off the chroma grid", arguments: [
        (1, nil as CGRect?), (3, nil), (2, nil), (1, CGRect(x: 3, y: 1, width: 24, height: 14)),
    ])
    func turnedYCbCr(turns: Int, crop: CGRect?) throws {
        let source = try makeYCbCrBuffer(width: 32, height: 20, format: kCVPixelFormatType_420YpCbCr8BiPlanarFullRange,
                                         matrix: kCVImageBufferYCbCrMatrix_ITU_R_709_2 as String,
                                         luma: { x, y in 20 + (x * 7 + y * 3) % 200 }, chroma: { x, y in (60 + 9 * x, 200 - 8 * y) })
        let rect = crop ?? CGRect(x: 0, y: 0, width: 32, height: 20)
        let rotation = CGAffineTransform(rotationAngle: Double(turns) * .pi / 2)
        let turned = rect.applying(rotation)
        let transform = rotation.concatenating(CGAffineTransform(translationX: -turned.minX, y: -turned.minY))
        let width = Int(turned.width.rounded()), height = Int(turned.height.rounded())
        let destination = try makeBuffer(width: width, height: height, format: kCVPixelFormatType_32BGRA)
        try VideoLayerCompositor(width: width, height: height, outputPixelFormat: kCVPixelFormatType_32BGRA, highQuality: false)
            .compose(layers: [VideoLayer(source: source, transform: transform, crop: crop)], background: (1, 0, 0, 1),
                     into: destination)
        let reference = ReferenceCompositor.compose([(ReferencePicture(bgra: try convertedToBGRA(source)), transform, crop, 1)],
                                                    background: SIMD4(1, 0, 0, 1), width: width, height: height)
        let worst = largestDifference(destination, reference)
        #expect(worst.codes <= 0.5, "\(worst)")
    }

    @Test("unsupported formats, sizes and values are errors naming what is wrong")
    func errors() throws {
        let b64a = kCVPixelFormatType_64ARGB
        #expect { try VideoLayerCompositor(width: 16, height: 16, outputPixelFormat: b64a, highQuality: false) } throws: {
            ($0 as? LayerCompositingError)?.kind == .unsupportedFormat && "\($0)".contains("b64a")
        }
        #expect { try VideoLayerCompositor(width: 0, height: 16, outputPixelFormat: kCVPixelFormatType_32BGRA, highQuality: false) } throws: {
            ($0 as? LayerCompositingError)?.kind == .invalidInput
        }
        #expect { try VideoLayerCompositor(width: 16_385, height: 16, outputPixelFormat: kCVPixelFormatType_32BGRA, highQuality: false) } throws: {
            ($0 as? LayerCompositingError)?.kind == .invalidInput
        }
        #expect { try VideoLayerCompositor(width: 15, height: 16, outputPixelFormat: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange,
                                           highQuality: false) } throws: {
            ($0 as? LayerCompositingError)?.kind == .invalidInput
        }
        #expect { try VideoLayerCompositor(width: 16, height: 16, outputPixelFormat: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange,
                                           highQuality: false, yCbCrMatrix: "NotAMatrix") } throws: {
            ($0 as? LayerCompositingError)?.kind == .unsupportedFormat
        }

        let compositor = try VideoLayerCompositor(width: 16, height: 16, outputPixelFormat: kCVPixelFormatType_32BGRA, highQuality: false)
        let destination = try makeBuffer(width: 16, height: 16, format: kCVPixelFormatType_32BGRA)
        let wrongSource = try makeBuffer(width: 8, height: 8, format: b64a)
        #expect { try compositor.compose(layers: [VideoLayer(source: wrongSource)], background: (0, 0, 0, 1), into: destination) } throws: {
            ($0 as? LayerCompositingError)?.kind == .unsupportedFormat && "\($0)".contains("b64a")
        }
        let wrongDestination = try makeBuffer(width: 16, height: 8, format: kCVPixelFormatType_32BGRA)
        #expect { try compositor.compose(layers: [], background: (0, 0, 0, 1), into: wrongDestination) } throws: {
            ($0 as? LayerCompositingError)?.kind == .invalidInput
        }
        let source = try makeRGBBuffer(width: 8, height: 8, patternColor)
        #expect { try compositor.compose(layers: [VideoLayer(source: source, transform: CGAffineTransform(translationX: .nan, y: 0))],
                                         background: (0, 0, 0, 1), into: destination) } throws: { ($0 as? LayerCompositingError)?.kind == .invalidInput }
        #expect { try compositor.compose(layers: [VideoLayer(source: source, opacity: .infinity)], background: (0, 0, 0, 1),
                                         into: destination) } throws: {
            ($0 as? LayerCompositingError)?.kind == .invalidInput
        }
        // Extreme but finite maps draw nothing or a pixel or a smear, and neither trap nor fail.
        let wide = try makeRGBBuffer(width: 4000, height: 8, patternColor)
        for highQuality in [false, true] {
            try VideoLayerCompositor(width: 16, height: 16, outputPixelFormat: kCVPixelFormatType_32BGRA, highQuality: highQuality)
                .compose(layers: [VideoLayer(source: source, transform: CGAffineTransform(scaleX: 1e-12, y: 1e12)),
                                  VideoLayer(source: source, transform: CGAffineTransform(a: 1e9, b: 3, c: 2, d: 1e-9, tx: -1e15, ty: 4)),
                                  VideoLayer(source: wide, transform: CGAffineTransform(a: 1.0 / 3000, b: 0, c: 0, d: 1, tx: 14.5, ty: 3)),
                                  VideoLayer(source: source, transform: CGAffineTransform(a: 1e4, b: 0, c: 0, d: 1e4, tx: -5e4, ty: -5e4))],
                         background: (0, 0, 0, 1), into: destination)
        }
    }
}
