import Raster

/// Converts premultiplied BGRA to 8-bit bi-planar 4:2:0 Y′CbCr (NV12: '420v', '420f') with any of the standard
/// matrices, at either range. Alpha is dropped, which shows the picture over black.
///
/// This libyuv has BGRA → NV12 for BT.601 at limited range only, and swscale takes about 4 ms per 1080p frame
/// for BT.709; this loop takes about 1 ms (both measured on this machine). Each chroma sample is made from the
/// mean of its 2×2 pixels (chroma sited between them, as libyuv does); coefficients are 14-bit fixed point, within
/// half a code of the exact conversion.
struct BGRAToBiPlanarKernel {
    private let yR, yG, yB, cbR, cbG, cbB, crR, crG, crB: Int32
    private let lumaOffset: Int32

    /// Kr and Kb of each matrix (ITU-R BT.601, BT.709, BT.2020; SMPTE 240M).
    static func coefficients(_ matrix: LayerColor.StandardMatrix) -> (kr: Double, kb: Double) {
        switch matrix {
        case .bt601: return (0.299, 0.114)
        case .bt709: return (0.2126, 0.0722)
        case .bt2020: return (0.2627, 0.0593)
        case .smpte240M: return (0.212, 0.087)
        }
    }

    /// A converter for one matrix and range.
    init(matrix: LayerColor.StandardMatrix, fullRange: Bool) {
        let (kr, kb) = Self.coefficients(matrix)
        let kg = 1 - kr - kb
        // Limited range puts Y′ in 16…235 and Cb, Cr in 16…240 (ITU-R BT.601 §2.5.3 and its successors).
        let lumaScale = fullRange ? 1 : 219.0 / 255, chromaScale = fullRange ? 1 : 224.0 / 255
        func fixed(_ value: Double) -> Int32 { Int32((value * 16384).rounded()) }
        yR = fixed(kr * lumaScale)
        yG = fixed(kg * lumaScale)
        yB = fixed(kb * lumaScale)
        // Cb = (B′ − Y′) / (2 (1 − Kb)), Cr = (R′ − Y′) / (2 (1 − Kr)).
        let cb = chromaScale / (2 * (1 - kb)), cr = chromaScale / (2 * (1 - kr))
        cbR = fixed(-kr * cb)
        cbG = fixed(-kg * cb)
        cbB = fixed((1 - kb) * cb)
        crR = fixed((1 - kr) * cr)
        crG = fixed(-kg * cr)
        crB = fixed(-kb * cr)
        lumaOffset = fullRange ? 0 : 16
    }

    /// Converts `source` (bgra) into `destination` (nv12) of the same size.
    func convert(_ source: PixelPicture, into destination: MutablePixelPicture) {
        let width = source.width, height = source.height
        let input = source.planes[0], luma = destination.planes[0], chroma = destination.planes[1]
        // Pixels are read as 32-bit words (B in the low byte): twice as fast as byte loads, which the compiler
        // does not vectorise.
        func row(_ index: Int) -> UnsafePointer<UInt32> {
            (input.baseAddress + index * input.bytesPerRow).assumingMemoryBound(to: UInt32.self)
        }
        let lumaRounding = (lumaOffset << 14) + (1 << 13)
        for y in 0..<height {
            let pixels = row(y)
            let out = (luma.baseAddress + y * luma.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let pixel = pixels[x]
                let b = Int32(pixel & 0xFF), g = Int32((pixel >> 8) & 0xFF), r = Int32((pixel >> 16) & 0xFF)
                out[x] = UInt8(truncatingIfNeeded: (yR &* r &+ yG &* g &+ yB &* b &+ lumaRounding) &>> 14)
            }
        }
        for y in 0..<(height + 1) / 2 {
            let top = row(2 * y)
            // An odd last row or column pairs with itself.
            let bottom = 2 * y + 1 < height ? row(2 * y + 1) : top
            let out = (chroma.baseAddress + y * chroma.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            // Whole pairs in a loop without a branch (one per sample halves its speed), then an odd last column.
            for column in 0..<width / 2 {
                chromaSample(top[2 * column], top[2 * column + 1], bottom[2 * column], bottom[2 * column + 1],
                             into: out + 2 * column)
            }
            if width % 2 == 1 {
                chromaSample(top[width - 1], top[width - 1], bottom[width - 1], bottom[width - 1],
                             into: out + width - 1)
            }
        }
    }

    /// Cb and Cr of the mean of four BGRA pixels, stored side by side.
    @inline(__always)
    private func chromaSample(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32,
                              into out: UnsafeMutablePointer<UInt8>) {
        // Two channels per word, 16 bits apart: four 8-bit values add up without carrying into each other.
        let blueRed = (a & 0xFF00FF) &+ (b & 0xFF00FF) &+ (c & 0xFF00FF) &+ (d & 0xFF00FF)
        let green = (a & 0xFF00) &+ (b & 0xFF00) &+ (c & 0xFF00) &+ (d & 0xFF00)
        let blue = Int32(blueRed & 0xFFFF), red = Int32(blueRed >> 16), greenSum = Int32(green >> 8)
        // Sums of four pixels carry two more fractional bits than the coefficients' 14.
        let rounding: Int32 = (128 << 16) + (1 << 15)
        out[0] = UInt8(clamping: (cbR &* red &+ cbG &* greenSum &+ cbB &* blue &+ rounding) &>> 16)
        out[1] = UInt8(clamping: (crR &* red &+ crG &* greenSum &+ crB &* blue &+ rounding) &>> 16)
    }
}
