import FFmpegBridge

/// Converts premultiplied BGRA to 8-bit bi-planar 4:2:0 Y′CbCr (NV12: '420v', '420f') with any of the standard
/// matrices, at either range. Alpha is dropped, which shows the picture over black.
///
/// This libyuv has BGRA → NV12 for BT.601 at limited range only, and swscale takes about 4 ms per 1080p frame
/// for BT.709; this loop takes about 2.3 ms (both measured on this machine). Each chroma sample is made from the
/// mean of its 2×2 pixels (chroma sited between them, as libyuv does); coefficients are 14-bit fixed point, within
/// half a code of the exact conversion.
struct BGRAToBiPlanarKernel {
    private let yR, yG, yB, cbR, cbG, cbB, crR, crG, crB: Int32
    private let lumaOffset: Int32

    /// Kr and Kb of each matrix (ITU-R BT.601, BT.709, BT.2020; SMPTE 240M).
    static func coefficients(_ matrix: FFYCbCrMatrix) -> (kr: Double, kb: Double) {
        switch matrix {
        case .bt601: return (0.299, 0.114)
        case .bt709: return (0.2126, 0.0722)
        case .bt2020: return (0.2627, 0.0593)
        case .smpte240M: return (0.212, 0.087)
        }
    }

    /// A converter for one matrix and range.
    init(matrix: FFYCbCrMatrix, fullRange: Bool) {
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
    func convert(_ source: FFImageBuffer, into destination: FFMutableImageBuffer) {
        let width = source.width, height = source.height
        let input = source.planes[0], luma = destination.planes[0], chroma = destination.planes[1]
        let lumaRounding = (lumaOffset << 14) + (1 << 13)
        for row in 0..<height {
            let pixels = (input.baseAddress + row * input.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            let out = (luma.baseAddress + row * luma.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let b = Int32(pixels[4 * x]), g = Int32(pixels[4 * x + 1]), r = Int32(pixels[4 * x + 2])
                out[x] = UInt8(truncatingIfNeeded: (yR &* r &+ yG &* g &+ yB &* b &+ lumaRounding) &>> 14)
            }
        }
        // Sums of four pixels: two more fractional bits.
        let chromaRounding: Int32 = (128 << 16) + (1 << 15)
        for row in 0..<(height + 1) / 2 {
            let top = (input.baseAddress + 2 * row * input.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            // An odd last row or column pairs with itself.
            let bottom = 2 * row + 1 < height ? top + input.bytesPerRow : top
            let out = (chroma.baseAddress + row * chroma.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for column in 0..<(width + 1) / 2 {
                let left = 8 * column, right = 2 * column + 1 < width ? left + 4 : left
                let b = Int32(top[left]) &+ Int32(top[right]) &+ Int32(bottom[left]) &+ Int32(bottom[right])
                let g = Int32(top[left + 1]) &+ Int32(top[right + 1]) &+ Int32(bottom[left + 1]) &+ Int32(bottom[right + 1])
                let r = Int32(top[left + 2]) &+ Int32(top[right + 2]) &+ Int32(bottom[left + 2]) &+ Int32(bottom[right + 2])
                out[2 * column] = UInt8(clamping: (cbR &* r &+ cbG &* g &+ cbB &* b &+ chromaRounding) &>> 16)
                out[2 * column + 1] = UInt8(clamping: (crR &* r &+ crG &* g &+ crB &* b &+ chromaRounding) &>> 16)
            }
        }
    }
}
