import Foundation
import Testing
import CoreVideo
import TestSupport
@testable import LayerCompositing
import MediaCodecs

/// `AreaAverageKernel` against the exact coverage-weighted mean, computed in doubles.
@Suite("Area-averaging shrink")
struct AreaAverageKernelTests {
    /// The exact area mean of `source` (premultiplied doubles) over output pixel (x, y).
    static func exactMean(_ source: ReferencePicture, width: Int, height: Int, x: Int, y: Int) -> SIMD4<Double> {
        let rx = Double(source.width) / Double(width), ry = Double(source.height) / Double(height)
        var total = SIMD4<Double>.zero
        for sy in Int(Double(y) * ry)..<min(source.height, Int((Double(y + 1) * ry).rounded(.up))) {
            let coverY = min(Double(sy + 1), Double(y + 1) * ry) - max(Double(sy), Double(y) * ry)
            for sx in Int(Double(x) * rx)..<min(source.width, Int((Double(x + 1) * rx).rounded(.up))) {
                let coverX = min(Double(sx + 1), Double(x + 1) * rx) - max(Double(sx), Double(x) * rx)
                total += source[sx, sy] * (max(0, coverX) * max(0, coverY))
            }
        }
        return total / (rx * ry)
    }

    static func shrink(_ buffer: CVPixelBuffer, width: Int, height: Int) throws -> CVPixelBuffer {
        let output = try makeBuffer(width: width, height: height, format: kCVPixelFormatType_32BGRA)
        AreaAverageKernel.shrink(buffer.layerPicture.picture, into: output.mutableLayerPicture.picture)
        return output
    }

    @Test("each output pixel is the coverage-weighted mean of the source under it", arguments: [
        (40, 30, 16, 12), (40, 30, 13, 7), (37, 23, 37, 9), (41, 29, 20, 29),
    ])
    func mean(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) throws {
        // Pseudo-random opaque and translucent pixels (a fixed linear congruential sequence).
        var state: UInt32 = 12345
        func next() -> Double { state = state &* 1_664_525 &+ 1_013_904_223; return Double(state >> 24) / 255 }
        let source = try makeRGBBuffer(width: sourceWidth, height: sourceHeight) { _, _ in SIMD4(next(), next(), next(), next() < 0.5 ? 1 : next()) }
        let output = ReferencePicture(bgra: try Self.shrink(source, width: width, height: height))
        let reference = ReferencePicture(bgra: source)
        var worst = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let difference: SIMD4<Double> = output[x, y] - Self.exactMean(reference, width: width, height: height, x: x, y: y)
                worst = max(worst, max(abs(difference.x), abs(difference.y), abs(difference.z), abs(difference.w)) * 255)
            }
        }
        // Two passes each rounding to 8 bits, and 8-bit weights: within 2 codes; a point sample is off by ~100.
        #expect(worst <= 2, "\(worst) codes")
    }

    @Test("reductions past 8× go in stages and stay a low-pass; flat areas stay exactly flat")
    func stagedAndFlat() throws {
        let stripes = try makeRGBBuffer(width: 300, height: 40) { x, _ in x % 2 == 0 ? SIMD4(1, 1, 1, 1) : SIMD4(0, 0, 0, 1) }
        let shrunk = ReferencePicture(bgra: try Self.shrink(stripes, width: 12, height: 4))
        let reference = ReferencePicture(bgra: stripes)
        // 25 stripes per output pixel: the exact means are 12/25 and 13/25 white (122 and 133); a box of boxes
        // (300 → 38 → 12) lands near them; a point sample would give 0 or 255.
        let errors = (0..<12).map { x in abs(shrunk[x, 1].y - Self.exactMean(reference, width: 12, height: 4, x: x, y: 1).y) * 255 }
        #expect(errors.allSatisfy { $0 <= 8 }, "\(errors)")
        let flat = try makeRGBBuffer(width: 97, height: 61) { _, _ in SIMD4(0.2, 0.6, 0.9, 0.8) }
        let flatShrunk = bgraBytes(try Self.shrink(flat, width: 10, height: 7))
        #expect(Set(stride(from: 0, to: flatShrunk.count, by: 4).map { Array(flatShrunk[$0..<($0 + 4)]) }).count == 1)
    }
}
