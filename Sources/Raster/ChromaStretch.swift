internal import CRowKernels

/// Stretching Cb around 128 before libyuv converts limited-range Y′CbCr whose Cb → B coefficient does not fit its
/// 8-bit multiplier (BT.709, BT.2020): libyuv then applies the coefficient that fits, 2, and the stretch supplies the
/// rest, 2(1 − Kb) · 255/224 / 2.
package enum ChromaStretch {
    /// The stretch for a matrix's Kb, as the excess over 1 in 1/32768ths. Rounding stays exact: for every code c,
    /// 128 + d + round(d · excess / 32768) with d = c − 128 equals 128 + gain · d rounded (checked by tests for both
    /// matrices).
    package static func excess(kb: Double) -> Int32 {
        let gain = 2 * (1 - kb) * 255 / 224 / 2.0
        return Int32(((gain - 1) * 32_768).rounded())
    }

    /// Stretches `count` bytes from `source` into `destination`: all of them, or with `interleavedFirst` (0 or 1)
    /// only every second byte from that one, copying the others (Cb of NV12 or NV21).
    package static func apply(excess: Int32, count: Int, from source: UnsafePointer<UInt8>,
                              to destination: UnsafeMutablePointer<UInt8>, interleavedFirst: Int? = nil) {
        crow_stretch_chroma(destination, source, Int32(count), excess, interleavedFirst == nil ? 0 : 1,
                            Int32(interleavedFirst ?? 0))
    }
}
