import Foundation
import Testing
import CoreGraphics
import CoreVideo
import TestSupport
@testable import LayerCompositing
import MediaCodecs

/// Geometry, opacity and background of `VideoLayerCompositor` on small synthetic BGRA frames, judged by
/// `ReferenceCompositor` (doubles, written the plain way).
@Suite("Video layer compositor: geometry, opacity, background")
struct VideoLayerCompositorTests {
    static let width = 48, height = 32
    /// pixman and the affine kernel interpolate with 7- and 8-bit weights and round each OVER to 8 bits; a wrong map
    /// is off by tens of codes.
    static let tolerance = 3.0
    static let grey = (red: 0.25, green: 0.5, blue: 0.75, alpha: 1.0)

    /// Composes `layers` over `background` and returns the largest difference from the reference, in codes.
    func compare(_ layers: [(CVPixelBuffer, CGAffineTransform, CGRect?, Float)],
                 background: (red: Double, green: Double, blue: Double, alpha: Double) = grey,
                 width: Int = width, height: Int = height) throws -> (codes: Double, x: Int, y: Int) {
        let compositor = try VideoLayerCompositor(width: width, height: height, outputPixelFormat: kCVPixelFormatType_32BGRA,
                                                  highQuality: false)
        let destination = try makeBuffer(width: width, height: height, format: kCVPixelFormatType_32BGRA)
        try compositor.compose(layers: layers.map { VideoLayer(source: $0.0, transform: $0.1, crop: $0.2, opacity: $0.3) },
                               background: background, into: destination)
        let reference = ReferenceCompositor.compose(
            layers.map { (ReferencePicture(bgra: $0.0), $0.1, $0.2, Double($0.3)) },
            background: SIMD4(background.red, background.green, background.blue, background.alpha),
            width: width, height: height)
        return largestDifference(destination, reference)
    }

    @Test("an identity layer is copied exactly")
    func identity() throws {
        let source = try makeRGBBuffer(width: Self.width, height: Self.height, patternColor)
        let destination = try makeBuffer(width: Self.width, height: Self.height, format: kCVPixelFormatType_32BGRA)
        let compositor = try VideoLayerCompositor(width: Self.width, height: Self.height,
                                                  outputPixelFormat: kCVPixelFormatType_32BGRA, highQuality: true)
        try compositor.compose(layers: [VideoLayer(source: source)], background: Self.grey, into: destination)
        #expect(bgraBytes(destination) == bgraBytes(source))
    }

    @Test("translations by whole and fractional pixels", arguments: [(5.0, 3.0), (2.25, 1.5), (-7.6, 4.1)])
    func translation(dx: Double, dy: Double) throws {
        let source = try makeRGBBuffer(width: 20, height: 14, patternColor)
        let worst = try compare([(source, CGAffineTransform(translationX: dx, y: dy), nil, 1)])
        #expect(worst.codes <= Self.tolerance, "\(worst)")
    }

    @Test("scaling up and down, letterbox and picture-in-picture", arguments: [
        (1.7, 1.7, 3.0, 2.0), (0.6, 0.6, 10.3, 4.7), (2.4, 1.3, -5.0, 0.5), (0.5, 0.5, 24.0, 16.0),
    ])
    func scale(sx: Double, sy: Double, tx: Double, ty: Double) throws {
        let source = try makeRGBBuffer(width: 24, height: 18, patternColor)
        let worst = try compare([(source, CGAffineTransform(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty), nil, 1)])
        #expect(worst.codes <= Self.tolerance, "\(worst)")
    }

    @Test("quarter turns are exact pixel moves, clockwise for a positive angle", arguments: [1, 2, 3])
    func quarterTurns(turns: Int) throws {
        let source = try makeRGBBuffer(width: 20, height: 14, patternColor)
        let angle = Double(turns) * .pi / 2
        let rotation = CGAffineTransform(rotationAngle: angle)
        // Moved so the turned picture's corner lands at (6, 4).
        let corner = CGRect(x: 0, y: 0, width: 20, height: 14).applying(rotation).origin
        let transform = rotation.concatenating(CGAffineTransform(translationX: 6 - corner.x, y: 4 - corner.y))
        let worst = try compare([(source, transform, nil, 1)])
        #expect(worst.codes <= 1, "\(worst)")
        if turns == 1 {
            // Clockwise: the source's top-left marker ends at the top-right of the turned picture.
            let compositor = try VideoLayerCompositor(width: Self.width, height: Self.height,
                                                      outputPixelFormat: kCVPixelFormatType_32BGRA, highQuality: false)
            let destination = try makeBuffer(width: Self.width, height: Self.height, format: kCVPixelFormatType_32BGRA)
            try compositor.compose(layers: [VideoLayer(source: source, transform: transform)], background: Self.grey,
                                   into: destination)
            let picture = ReferencePicture(bgra: destination)
            #expect(picture[6 + 13, 4] == SIMD4(1, 1, 0.2, 1).rounded255)
        }
    }

    @Test("quarter turns with scaling", arguments: [1, 3])
    func turnedAndScaled(turns: Int) throws {
        let source = try makeRGBBuffer(width: 20, height: 14, patternColor)
        let transform = CGAffineTransform(rotationAngle: Double(turns) * .pi / 2).scaledBy(x: 1.5, y: 0.8)
            .concatenating(CGAffineTransform(translationX: 20, y: 25))
        let worst = try compare([(source, transform, nil, 0.8)])
        #expect(worst.codes <= Self.tolerance, "\(worst)")
    }

    @Test("arbitrary rotations, shears and mirrors (edges fade to the background)", arguments: [
        CGAffineTransform(rotationAngle: 0.5).concatenating(CGAffineTransform(translationX: 20, y: 2)),
        CGAffineTransform(rotationAngle: -0.12).scaledBy(x: 1.3, y: 1.3).concatenating(CGAffineTransform(translationX: 6, y: 5)),
        CGAffineTransform(rotationAngle: 2.9).scaledBy(x: 0.7, y: 0.9).concatenating(CGAffineTransform(translationX: 40, y: 28)),
        CGAffineTransform(a: 1, b: 0.3, c: -0.2, d: 1, tx: 8, ty: 1),
        CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 30, ty: 6),
    ])
    func generalMaps(transform: CGAffineTransform) throws {
        let source = try makeRGBBuffer(width: 22, height: 16, patternColor)
        let worst = try compare([(source, transform, nil, 1)])
        #expect(worst.codes <= Self.tolerance, "\(worst)")
    }

    @Test("crops apply before the transform, rounded to whole pixels", arguments: [
        (CGRect(x: 4, y: 2, width: 10, height: 8), CGAffineTransform(translationX: 3, y: 5)),
        (CGRect(x: 5.2, y: 3.4, width: 9.6, height: 7.1), CGAffineTransform(scaleX: 1.8, y: 1.8)),
        (CGRect(x: 3, y: 1, width: 12, height: 11), CGAffineTransform(rotationAngle: 0.4).concatenating(CGAffineTransform(translationX: 16, y: 0))),
        (CGRect(x: 2, y: 2, width: 8, height: 6), CGAffineTransform(rotationAngle: .pi / 2).concatenating(CGAffineTransform(translationX: 30, y: 3))),
    ])
    func crop(rect: CGRect, transform: CGAffineTransform) throws {
        let source = try makeRGBBuffer(width: 20, height: 14, patternColor)
        let worst = try compare([(source, transform, rect, 1)])
        #expect(worst.codes <= Self.tolerance, "\(worst)")
    }

    @Test("opacity weights the layer over what is below", arguments: [Float(0), 0.5, 1])
    func opacity(opacity: Float) throws {
        let source = try makeRGBBuffer(width: 20, height: 14, patternColor)
        let worst = try compare([(source, CGAffineTransform(translationX: 4.5, y: 3), nil, opacity),
                                 (source, CGAffineTransform(rotationAngle: 0.3).concatenating(CGAffineTransform(translationX: 22, y: 6)),
                                  nil, opacity)])
        #expect(worst.codes <= Self.tolerance, "\(worst)")
    }

    @Test("the background is straight RGBA, stored premultiplied; nothing else is drawn without layers")
    func background() throws {
        let worst = try compare([], background: (red: 1, green: 0.5, blue: 0.2, alpha: 0.6))
        #expect(worst.codes <= 0.5, "\(worst)")
        let destination = try makeBuffer(width: 8, height: 8, format: kCVPixelFormatType_32BGRA)
        try VideoLayerCompositor(width: 8, height: 8, outputPixelFormat: kCVPixelFormatType_32BGRA, highQuality: false)
            .compose(layers: [], background: (red: 1, green: 0.5, blue: 0.2, alpha: 0.6), into: destination)
        // 0.6·(0.2, 0.5, 1) · 255 = (30.6, 76.5, 153), alpha 153: B, G, R, A bytes.
        #expect(Array(bgraBytes(destination).prefix(4)) == [31, 77, 153, 153])
    }

    @Test("overlapping layers, translucent sources and opacities stack bottom to top")
    func overlapping() throws {
        let below = try makeRGBBuffer(width: 30, height: 20, patternColor)
        let above = try makeRGBBuffer(width: 16, height: 16) { x, y in
            SIMD4(0.9, 0.1, Double(x) / 16, x + y < 12 ? 0.4 : 1)
        }
        let worst = try compare([(below, CGAffineTransform(scaleX: 1.4, y: 1.4), nil, 1),
                                 (above, CGAffineTransform(translationX: 20.5, y: 9), nil, 0.7),
                                 (above, CGAffineTransform(rotationAngle: -0.6).concatenating(CGAffineTransform(translationX: 2, y: 14)),
                                  nil, 1)])
        #expect(worst.codes <= Self.tolerance, "\(worst)")
    }

    @Test("an opaque full-frame layer hides everything below it")
    func coveringLayerHidesBelow() throws {
        let below = try makeRGBBuffer(width: Self.width, height: Self.height) { _, _ in SIMD4(1, 0, 0, 1) }
        let cover = try makeYCbCrBuffer(width: 64, height: 40, format: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange,
                                        matrix: kCVImageBufferYCbCrMatrix_ITU_R_601_4 as String,
                                        luma: { x, y in 40 + (x * 3 + y) % 150 }, chroma: { x, y in (100 + x, 140 - y) })
        let destination = try makeBuffer(width: Self.width, height: Self.height, format: kCVPixelFormatType_32BGRA)
        let compositor = try VideoLayerCompositor(width: Self.width, height: Self.height,
                                                  outputPixelFormat: kCVPixelFormatType_32BGRA, highQuality: false)
        try compositor.compose(layers: [VideoLayer(source: below), VideoLayer(source: cover, transform: CGAffineTransform(translationX: -6, y: -4))],
                               background: Self.grey, into: destination)
        // The same as converting the covering picture's window alone.
        let alone = try makeBuffer(width: Self.width, height: Self.height, format: kCVPixelFormatType_32BGRA)
        try compositor.compose(layers: [VideoLayer(source: cover, transform: CGAffineTransform(translationX: -6, y: -4))],
                               background: (0, 0, 0, 0), into: alone)
        #expect(bgraBytes(destination) == bgraBytes(alone))
        let worst = largestDifference(alone, ReferenceCompositor.compose(
            [(ReferencePicture(bgra: try convertedToBGRA(cover)), CGAffineTransform(translationX: -6, y: -4), nil, 1)],
            background: .zero, width: Self.width, height: Self.height))
        #expect(worst.codes <= 0.5, "\(worst)")
    }

    @Test("layers off the frame, with no area or no opacity draw nothing")
    func invisibleLayers() throws {
        let source = try makeRGBBuffer(width: 20, height: 14, patternColor)
        let worst = try compare([(source, CGAffineTransform(translationX: 100, y: 0), nil, 1),
                                 (source, CGAffineTransform(scaleX: 0, y: 1), nil, 1),
                                 (source, .identity, CGRect(x: 5, y: 5, width: 0, height: 3), 1),
                                 (source, .identity, nil, 0)])
        #expect(worst.codes <= 0.5, "\(worst)")
    }

    @Test("high quality low-passes large downscales; plain bilinear aliases")
    func highQualityDownscale() throws {
        // One-pixel stripes shrunk 3×: bilinear lands on single stripes (full contrast), area averaging on three.
        let stripes = try makeRGBBuffer(width: 96, height: 60) { x, _ in x % 2 == 0 ? SIMD4(1, 1, 1, 1) : SIMD4(0, 0, 0, 1) }
        func contrast(highQuality: Bool) throws -> Int {
            let compositor = try VideoLayerCompositor(width: 32, height: 20, outputPixelFormat: kCVPixelFormatType_32BGRA,
                                                      highQuality: highQuality)
            let destination = try makeBuffer(width: 32, height: 20, format: kCVPixelFormatType_32BGRA)
            try compositor.compose(layers: [VideoLayer(source: stripes, transform: CGAffineTransform(scaleX: 1.0 / 3, y: 1.0 / 3))],
                                   background: (0, 0, 0, 1), into: destination)
            let greens = stride(from: 1, to: bgraBytes(destination).count, by: 4).map { Int(bgraBytes(destination)[$0]) }
            let middle = greens.enumerated().filter { ($0.offset % 32) > 1 && ($0.offset % 32) < 30 && $0.offset / 32 > 1 && $0.offset / 32 < 18 }
            return middle.map(\.element).max()! - middle.map(\.element).min()!
        }
        let plain = try contrast(highQuality: false), filtered = try contrast(highQuality: true)
        #expect(plain > 200, "plain bilinear contrast \(plain)")
        // A 3-pixel box over 1-pixel stripes leaves 1/3 of the contrast (85 codes).
        #expect(filtered <= 90, "low-passed contrast \(filtered)")
    }
}

extension SIMD4 where Scalar == Double {
    /// The value as stored in 8 bits and read back.
    var rounded255: SIMD4<Double> { (self * 255).rounded(.toNearestOrAwayFromZero) / 255 }
}

/// A pixel buffer converted to 32BGRA by the codec layer's converter (the reference's view of a Y′CbCr source).
func convertedToBGRA(_ buffer: CVPixelBuffer) throws -> CVPixelBuffer {
    try PixelBufferConverter(configuration: .init(pixelFormat: kCVPixelFormatType_32BGRA)).convert(buffer)
}
