import CoreVideo
import Foundation

/// Maps high-dynamic-range pictures (BT.2100 PQ or HLG, BT.2020 primaries) to standard dynamic range sRGB, in
/// place, on 8-bit BGRA: what `AVAssetImageGenerator`'s `.forceSDR` policy asks for.
///
/// Per pixel: the code values are decoded to display light in nits (PQ's EOTF; for HLG the inverse OETF and the
/// BT.2100 OOTF of a 1,000-nit display), scaled so that BT.2408's HDR reference white (203 nits) is SDR white,
/// converted from BT.2020 to BT.709 primaries, compressed above a knee (linear up to 80 % of SDR white, then an
/// exponential shoulder that reaches white only asymptotically, applied to the largest component so hues keep
/// their ratios), and encoded with the sRGB transfer function. Code values are looked up in tables made once.
///
/// The picture's 8-bit R′G′B′ is the decoder's conversion of its Y′CbCr with the BT.2020 matrix (8 bits of PQ are
/// coarse in the shadows: steps of a few percent there, invisible at thumbnail sizes); the caller tags the result
/// sRGB.
package enum HighDynamicRangeToneMapper {
    /// The transfer functions handled.
    package enum Transfer: Sendable {
        case pq, hlg
    }

    /// BT.2408's HDR reference white, in nits: SDR white after mapping.
    static let referenceWhite: Float = 203
    /// Below this fraction of SDR white light passes unchanged.
    static let knee: Float = 0.8

    /// Display light relative to reference white for each 8-bit PQ code value.
    static let pqLight: [Float] = (0..<256).map { code in
        let e = pow(Double(code) / 255, 1 / 78.84375)
        let nits = pow(max(e - 0.8359375, 0) / (18.8515625 - 18.6875 * e), 1 / 0.1593017578125) * 10_000
        return Float(nits) / referenceWhite
    }

    /// Scene light (0…1) for each 8-bit HLG code value (the inverse OETF).
    static let hlgSceneLight: [Float] = (0..<256).map { code in
        let e = Double(code) / 255
        let a = 0.17883277, b = 0.28466892, c = 0.55991073
        return Float(e <= 0.5 ? e * e / 3 : (exp((e - c) / a) + b) / 12)
    }

    /// sRGB code values for linear light 0…1 in 4,096 steps.
    static let srgbEncoding: [UInt8] = (0..<4096).map { step in
        let linear = Double(step) / 4095
        let encoded = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
        return UInt8((min(1, max(0, encoded)) * 255).rounded())
    }

    /// The shoulder above the knee: continuous, with slope 1 at the knee, approaching 1.
    static func compress(_ x: Float) -> Float {
        guard x > knee else { return x }
        return knee + (1 - knee) * (1 - exp(-(x - knee) / (1 - knee)))
    }

    /// Maps `height` rows of `width` BGRA pixels at `base` (`bytesPerRow` apart) in place.
    package static func mapToStandardRange(_ base: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow stride: Int,
                                           transfer: Transfer) {
        // BT.2020 → BT.709 primaries, linear light (BT.2087).
        let m: [Float] = [1.6605, -0.5876, -0.0728, -0.1246, 1.1329, -0.0083, -0.0182, -0.1006, 1.1187]
        pqLight.withUnsafeBufferPointer { pq in
            hlgSceneLight.withUnsafeBufferPointer { hlg in
                srgbEncoding.withUnsafeBufferPointer { encode in
                    for row in 0..<height {
                        let pixels = (base + row * stride).assumingMemoryBound(to: UInt8.self)
                        for x in 0..<width {
                            let p = pixels + 4 * x
                            var r: Float, g: Float, b: Float
                            switch transfer {
                            case .pq:
                                (r, g, b) = (pq[Int(p[2])], pq[Int(p[1])], pq[Int(p[0])])
                            case .hlg:
                                (r, g, b) = (hlg[Int(p[2])], hlg[Int(p[1])], hlg[Int(p[0])])
                                // BT.2100's OOTF for a 1,000-nit display (system gamma 1.2), in reference whites.
                                let luminance = 0.2627 * r + 0.6780 * g + 0.0593 * b
                                let gain = 1_000 * pow(max(luminance, 1e-6), 0.2) / referenceWhite
                                (r, g, b) = (r * gain, g * gain, b * gain)
                            }
                            var r7 = max(0, m[0] * r + m[1] * g + m[2] * b)
                            var g7 = max(0, m[3] * r + m[4] * g + m[5] * b)
                            var b7 = max(0, m[6] * r + m[7] * g + m[8] * b)
                            let largest = max(r7, g7, b7)
                            if largest > knee {
                                let scale = compress(largest) / largest
                                r7 *= scale
                                g7 *= scale
                                b7 *= scale
                            }
                            p[2] = encode[Int(min(1, r7) * 4095 + 0.5)]
                            p[1] = encode[Int(min(1, g7) * 4095 + 0.5)]
                            p[0] = encode[Int(min(1, b7) * 4095 + 0.5)]
                        }
                    }
                }
            }
        }
    }
}
