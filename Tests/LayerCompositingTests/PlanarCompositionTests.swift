import CoreGraphics
import CoreVideo
import Foundation
import Testing
import TestSupport
@testable import LayerCompositing
import MediaCodecs

/// Composing in Y′CbCr 4:2:0 (`PlanarLayerComposer`) against composing the same layers in premultiplied BGRA: the
/// two paths must agree up to rounding and the chroma of a layer's odd edges, for the placements decoded video
/// takes (scales, fractional moves, opacity, crops, background, low-pass shrinks) and each output format.
@Suite("Video layer compositor: composing in Y′CbCr")
struct PlanarCompositionTests {
    static let width = 96, height = 64

    /// A 4:2:0 picture of luma gradients and a fine luma checker (so a misplaced sample shows) over smooth chroma,
    /// BT.709 limited range, its colours inside the RGB cube. Two things the paths do differently on purpose are
    /// kept out: colours outside the cube (clipped to RGB before mixing on one path, after on the other) and sharp
    /// chroma edges (4:2:0 chroma resampled as chroma on one path, as replicated RGB on the other).
    static func picture(_ format: OSType, seed: Int) throws -> CVPixelBuffer {
        try makeYCbCrBuffer(width: width, height: height, format: format, matrix: kCVImageBufferYCbCrMatrix_ITU_R_709_2 as String,
                            luma: { x, y in 70 + (x * 3 + y * 2 + seed * 40) % 100 + ((x / 3 + y / 3) % 2) * 12 },
                            chroma: { x, y in (108 + (x + seed * 8) * 40 / 56, 148 - (y + seed * 4) * 40 / 36) })
    }

    /// A bottom layer and a top one, in each output format, through both paths.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let top: CGAffineTransform
        let crop: CGRect?
        let opacity: Float
        let withBottom: Bool
        let highQuality: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "picture-in-picture, fractional move, 70 %", top: CGAffineTransform(a: 0.55, b: 0, c: 0, d: 0.55, tx: 30.3, ty: 17.6),
             crop: nil, opacity: 0.7, withBottom: true, highQuality: false),
        Case(name: "cross-fade of two full frames", top: .identity, crop: nil, opacity: 0.4, withBottom: true, highQuality: false),
        Case(name: "zoom in past the frame, on a background", top: CGAffineTransform(a: 1.7, b: 0, c: 0, d: 1.7, tx: -21.5, ty: -9.25),
             crop: nil, opacity: 1, withBottom: false, highQuality: false),
        Case(name: "a cropped layer moved by whole pixels", top: CGAffineTransform(translationX: 12, y: 6),
             crop: CGRect(x: 10, y: 8, width: 40, height: 30), opacity: 1, withBottom: true, highQuality: false),
        Case(name: "a high-quality shrink to a quarter", top: CGAffineTransform(a: 0.26, b: 0, c: 0, d: 0.26, tx: 5.5, ty: 40.2),
             crop: nil, opacity: 0.9, withBottom: true, highQuality: true),
    ]

    static let outputs: [OSType] = [kCVPixelFormatType_32BGRA, kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange,
                                    kCVPixelFormatType_420YpCbCr8Planar]

    /// PSNR in dB between two buffers of one format, over every byte of every plane.
    static func psnr(_ a: CVPixelBuffer, _ b: CVPixelBuffer) -> Double {
        a.lockBaseAddress(readOnly: true)
        b.lockBaseAddress(readOnly: true)
        defer {
            try? a.unlockBaseAddress(readOnly: true)
            try? b.unlockBaseAddress(readOnly: true)
        }
        var squared = 0.0, count = 0
        for (pa, pb) in zip(a.planes, b.planes) {
            let rowBytes = a.pixelFormat == kCVPixelFormatType_32BGRA ? a.width * 4
                : pa.width * (a.pixelFormat == kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange && pa.height < a.height ? 2 : 1)
            for y in 0..<pa.height {
                let ra = (pa.baseAddress + y * pa.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                let rb = (pb.baseAddress + y * pb.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                for x in 0..<rowBytes {
                    let d = Double(ra[x]) - Double(rb[x])
                    squared += d * d
                    count += 1
                }
            }
        }
        let mse = squared / Double(count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    @Test("the Y′CbCr path composes what the BGRA path composes", arguments: cases, outputs)
    func agreesWithBGRA(_ c: Case, output: OSType) throws {
        let bottom = try Self.picture(kCVPixelFormatType_420YpCbCr8Planar, seed: 0)
        let top = try Self.picture(kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, seed: 1)
        var layers = [VideoLayer(source: top, transform: c.top, crop: c.crop, opacity: c.opacity)]
        if c.withBottom { layers.insert(VideoLayer(source: bottom), at: 0) }
        var results: [CVPixelBuffer] = []
        for inYCbCr in [true, false] {
            let compositor = try VideoLayerCompositor(width: Self.width, height: Self.height, outputPixelFormat: output,
                                                      highQuality: c.highQuality,
                                                      yCbCrMatrix: kCVImageBufferYCbCrMatrix_ITU_R_709_2 as String,
                                                      composesInYCbCr: inYCbCr)
            let destination = try makeBuffer(width: Self.width, height: Self.height, format: output)
            try compositor.compose(layers: layers, background: (0.2, 0.5, 0.8, 1), into: destination)
            #expect(compositor.framesComposedInYCbCr == (inYCbCr ? 1 : 0))
            results.append(destination)
        }
        let agreement = Self.psnr(results[0], results[1])
        // Measured 44.7–67 dB: rounding at each stage, chroma at a layer's odd edges. With a layer's chroma drawn
        // half a sample off (tried), 28–37 dB.
        #expect(agreement >= 42, "\(c.name) into \(fourCharacterString(output)): \(agreement) dB")
    }

    @Test("layers the Y′CbCr path cannot take go to the BGRA path")
    func declines() throws {
        let yuv = try Self.picture(kCVPixelFormatType_420YpCbCr8Planar, seed: 0)
        let bgra = try makeBuffer(width: Self.width, height: Self.height, format: kCVPixelFormatType_32BGRA)
        let other = try makeYCbCrBuffer(width: Self.width, height: Self.height, format: kCVPixelFormatType_420YpCbCr8Planar,
                                        matrix: kCVImageBufferYCbCrMatrix_ITU_R_601_4 as String, luma: { _, _ in 100 }, chroma: { _, _ in (128, 128) })
        let rotated = CGAffineTransform(rotationAngle: 0.3)
        let declined: [(String, [VideoLayer], (Double, Double, Double, Double))] = [
            ("a BGRA layer", [VideoLayer(source: yuv), VideoLayer(source: bgra, opacity: 0.5)], (0, 0, 0, 1)),
            ("two matrices", [VideoLayer(source: yuv), VideoLayer(source: other, opacity: 0.5)], (0, 0, 0, 1)),
            ("a rotation", [VideoLayer(source: yuv, transform: rotated)], (0, 0, 0, 1)),
            ("a translucent background", [VideoLayer(source: yuv, transform: CGAffineTransform(scaleX: 0.5, y: 0.5))], (0, 0, 0, 0.5)),
            ("a mirror", [VideoLayer(source: yuv, transform: CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 96, ty: 0))], (0, 0, 0, 1)),
        ]
        for (name, layers, background) in declined {
            let compositor = try VideoLayerCompositor(width: Self.width, height: Self.height,
                                                      outputPixelFormat: kCVPixelFormatType_32BGRA, highQuality: false)
            let destination = try makeBuffer(width: Self.width, height: Self.height, format: kCVPixelFormatType_32BGRA)
            try compositor.compose(layers: layers, background: background, into: destination)
            #expect(compositor.framesComposedInYCbCr == 0, "\(name)")
        }
    }
}
