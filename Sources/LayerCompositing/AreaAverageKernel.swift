import Raster

/// Shrinks a premultiplied BGRA picture by area averaging: each output pixel is the mean of the source area under
/// it, partly covered pixels weighted by their coverage. The low-pass before a large downscale, so that detail finer
/// than the output's pixels averages out instead of aliasing.
///
/// libyuv cannot serve here: its ARGB "box" scaler point-samples at ratios other than 2 and 4 (one-pixel stripes
/// shrunk 3× keep full contrast) and becomes bilinear below 2×; pixman's separable convolution filter does it right
/// but took 8–40 ms per picture-in-picture frame (1080p to 960x540) here. Two separable passes in 16-bit lanes, with
/// 8-bit weights that add up to exactly 256 per output pixel: down the rows into a row of sums (a loop over bytes
/// the compiler vectorises), then across it; about 2 ms for 1080p to 960x540 (single precision took 25 ms: its
/// integer-to-float conversions do not vectorise). Each pass rounds to 8 bits, so a pixel is within a code or two
/// of the exact mean.
enum AreaAverageKernel {
    /// Largest reduction one pass makes along an axis: beyond it the 8-bit weights (256 / ratio each) get too
    /// coarse, so larger reductions go in stages of at most this much (a box of boxes: still a low-pass).
    static let maximumRatioPerPass = 8

    /// The source pixels under each output pixel along one axis: the first one and the weights of it and the ones
    /// after it (`width` in all, unused ones 0), in 256ths.
    private struct Taps {
        let first: [Int]
        let width: Int
        let weights: [UInt16]

        init(source: Int, destination: Int) {
            let ratio = Double(source) / Double(destination)
            let width = Int(ratio.rounded(.up)) + 1
            var first: [Int] = [], weights: [UInt16] = []
            for output in 0..<destination {
                let start = Double(output) * ratio, end = min(Double(source), Double(output + 1) * ratio)
                let index = min(source - 1, Int(start))
                var row = (0..<width).map { tap -> Int in
                    let low = max(start, Double(index + tap)), high = min(end, Double(index + tap + 1))
                    return index + tap < source ? Int((max(0, high - low) / (end - start) * 256).rounded()) : 0
                }
                // Rounding may leave the sum off 256 by a little; the largest weight absorbs it, so flat areas stay
                // flat.
                if let largest = row.indices.max(by: { row[$0] < row[$1] }) { row[largest] += 256 - row.reduce(0, +) }
                first.append(index)
                weights += row.map { UInt16(clamping: $0) }
            }
            self.first = first
            self.width = width
            self.weights = weights
        }
    }

    /// Shrinks `source` to the size of `destination` (no larger than the source along either axis).
    static func shrink(_ source: PixelPicture, into destination: MutablePixelPicture) {
        let limit = maximumRatioPerPass
        let stepWidth = max(destination.width, (source.width + limit - 1) / limit)
        let stepHeight = max(destination.height, (source.height + limit - 1) / limit)
        guard stepWidth == destination.width && stepHeight == destination.height else {
            // A first stage to at most `limit` times the output size, in memory of its own.
            let bytesPerRow = stepWidth * 4
            let memory = UnsafeMutableRawPointer.allocate(byteCount: bytesPerRow * stepHeight, alignment: 64)
            defer { memory.deallocate() }
            let plane = MutablePixelPlane(baseAddress: memory, bytesPerRow: bytesPerRow, rowCount: stepHeight)
            let step = MutablePixelPicture(width: stepWidth, height: stepHeight, planes: [plane])
            shrink(source, into: step)
            shrink(step.readOnly, into: destination)
            return
        }
        pass(source, into: destination)
    }

    /// One pass of at most `maximumRatioPerPass` along each axis.
    private static func pass(_ source: PixelPicture, into destination: MutablePixelPicture) {
        let columns = Taps(source: source.width, destination: destination.width)
        let rows = Taps(source: source.height, destination: destination.height)
        let input = source.planes[0], output = destination.planes[0]
        let rowBytes = 4 * source.width
        var sums = [UInt16](repeating: 0, count: rowBytes)
        sums.withUnsafeMutableBufferPointer { sums in
            columns.weights.withUnsafeBufferPointer { columnWeights in
                // Four 16-bit channels of one pixel of the row of sums.
                let pixels = UnsafeRawPointer(sums.baseAddress!).assumingMemoryBound(to: SIMD4<UInt16>.self)
                for row in 0..<destination.height {
                    for index in 0..<rowBytes { sums[index] = 0 }
                    for tap in 0..<rows.width {
                        let weight = rows.weights[row * rows.width + tap], sourceRow = rows.first[row] + tap
                        guard weight > 0, sourceRow < source.height else { continue }
                        let bytes = (input.baseAddress + sourceRow * input.bytesPerRow)
                            .assumingMemoryBound(to: UInt8.self)
                        // At most 256 · 255: the weights of one output add up to 256.
                        for index in 0..<rowBytes { sums[index] &+= weight &* UInt16(bytes[index]) }
                    }
                    for index in 0..<rowBytes { sums[index] = (sums[index] &+ 128) &>> 8 }
                    let out = (output.baseAddress + row * output.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                    for column in 0..<destination.width {
                        var total = SIMD4<UInt16>.zero
                        let first = columns.first[column], base = column * columns.width
                        for tap in 0..<min(columns.width, source.width - first) {
                            total &+= columnWeights[base + tap] &* pixels[first + tap]
                        }
                        out[column] = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: (total &+ 128) &>> 8),
                                                    to: UInt32.self)
                    }
                }
            }
        }
    }
}
