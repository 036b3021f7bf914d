import FFmpegBridge

/// Shrinks a premultiplied BGRA picture by area averaging: each output pixel is the mean of the source area under
/// it, partly covered pixels weighted by their coverage. The low-pass before a large downscale, so that detail finer
/// than the output's pixels averages out instead of aliasing.
///
/// libyuv cannot serve here: its ARGB "box" scaler point-samples at ratios other than 2 and 4 (one-pixel stripes
/// shrunk 3× keep full contrast) and becomes bilinear below 2×; pixman's separable convolution filter does it right
/// but took 8–40 ms per picture-in-picture frame (1080p to 960x540) here. Separable passes in single-precision
/// SIMD: vertical into a row of sums, then horizontal.
enum AreaAverageKernel {
    /// The source pixels under each output pixel along one axis: the first one and the weights of it and those
    /// after it (at most `width` of them), which add up to 1.
    private struct Taps {
        let first: [Int]
        let width: Int
        let weights: [Float]

        init(source: Int, destination: Int) {
            let ratio = Double(source) / Double(destination)
            let width = Int(ratio.rounded(.up)) + 1
            var first: [Int] = [], weights: [Float] = []
            for output in 0..<destination {
                let start = Double(output) * ratio, end = min(Double(source), Double(output + 1) * ratio)
                let index = min(source - 1, Int(start))
                first.append(index)
                for tap in 0..<width {
                    let low = max(start, Double(index + tap)), high = min(end, Double(index + tap + 1))
                    weights.append(Float(max(0, high - low) / (end - start)))
                }
            }
            self.first = first
            self.width = width
            self.weights = weights
        }
    }

    /// Shrinks `source` to the size of `destination` (no larger than the source along either axis).
    static func shrink(_ source: FFImageBuffer, into destination: FFMutableImageBuffer) {
        let columns = Taps(source: source.width, destination: destination.width)
        let rows = Taps(source: source.height, destination: destination.height)
        let input = source.planes[0], output = destination.planes[0]
        var sums = [SIMD4<Float>](repeating: .zero, count: source.width)
        sums.withUnsafeMutableBufferPointer { sums in
            columns.weights.withUnsafeBufferPointer { columnWeights in
                for row in 0..<destination.height {
                    for index in sums.indices { sums[index] = .zero }
                    for tap in 0..<rows.width {
                        let weight = rows.weights[row * rows.width + tap], sourceRow = rows.first[row] + tap
                        guard weight > 0, sourceRow < source.height else { continue }
                        let pixels = (input.baseAddress + sourceRow * input.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                        for x in 0..<source.width { sums[x] += weight * Self.lanes(pixels[x]) }
                    }
                    let out = (output.baseAddress + row * output.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                    for column in 0..<destination.width {
                        var total = SIMD4<Float>.zero
                        let first = columns.first[column], base = column * columns.width
                        for tap in 0..<min(columns.width, source.width - first) {
                            total += columnWeights[base + tap] * sums[first + tap]
                        }
                        let rounded = SIMD4<Int32>((total + 0.5).rounded(.down))
                        out[column] = unsafeBitCast(SIMD4<UInt8>(clamping: rounded), to: UInt32.self)
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func lanes(_ pixel: UInt32) -> SIMD4<Float> {
        SIMD4<Float>(unsafeBitCast(pixel, to: SIMD4<UInt8>.self))
    }
}
