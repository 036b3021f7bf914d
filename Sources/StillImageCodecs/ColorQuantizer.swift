import Foundation

/// Reduces RGBA pictures to a palette of at most 256 colours, for GIF: median cut over a 5-bit-a-channel histogram
/// (each box split across its widest-spread channel at the count-weighted median, the box with the largest squared
/// error first), then two rounds of k-means refinement over the histogram, then each pixel mapped to its nearest
/// entry. Pictures with no more distinct colours than the palette holds keep their colours exactly. No dithering.
///
/// Pixels whose alpha is below 128 are transparent: they take no part in the palette and map to the index after
/// the last colour.
package struct ColorQuantizer: Sendable {
    private static let levels = 32
    private static let bins = levels * levels * levels

    private var counts = [Int](repeating: 0, count: ColorQuantizer.bins)
    private var sums = [Int](repeating: 0, count: ColorQuantizer.bins * 3)
    /// The distinct opaque colours seen, while there are few enough to keep exactly.
    private var exact: Set<UInt32>? = []
    private let maximumColors: Int

    /// A quantiser for palettes of at most `maximumColors` (2…256) colours.
    package init(maximumColors: Int) {
        self.maximumColors = min(max(maximumColors, 2), 256)
    }

    /// Counts the opaque pixels of `rgba` (straight RGBA, packed).
    package mutating func add(rgba: [UInt8]) {
        var index = 0
        while index + 3 < rgba.count {
            defer { index += 4 }
            guard rgba[index + 3] >= 128 else { continue }
            let r = Int(rgba[index]), g = Int(rgba[index + 1]), b = Int(rgba[index + 2])
            let bin = (r >> 3) << 10 | (g >> 3) << 5 | b >> 3
            counts[bin] += 1
            sums[bin * 3] += r
            sums[bin * 3 + 1] += g
            sums[bin * 3 + 2] += b
            if exact != nil {
                exact!.insert(UInt32(r << 16 | g << 8 | b))
                if exact!.count > maximumColors { exact = nil }
            }
        }
    }

    /// The palette for the pixels added: RGB triples, at most `maximumColors`, at least one.
    package func palette() -> [UInt8] {
        if let exact {
            let colors = exact.sorted()
            guard !colors.isEmpty else { return [0, 0, 0] }
            return colors.flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] }
        }
        // The occupied bins, each a point at its mean colour weighted by its count.
        var points: [(color: SIMD3<Double>, weight: Double)] = []
        for bin in 0..<Self.bins where counts[bin] > 0 {
            let weight = Double(counts[bin])
            points.append((SIMD3(Double(sums[bin * 3]), Double(sums[bin * 3 + 1]), Double(sums[bin * 3 + 2])) / weight, weight))
        }
        var boxes = [points[...]]
        while boxes.count < maximumColors {
            // The box with the largest squared error that can still be split.
            var best: (index: Int, error: Double, axis: Int)?
            for (index, box) in boxes.enumerated() where box.count > 1 {
                let (error, axis) = Self.spread(box)
                if error > (best?.error ?? 0) { best = (index, error, axis) }
            }
            guard let best else { break }
            let axis = best.axis
            let sorted = boxes[best.index].sorted { $0.color[axis] < $1.color[axis] }
            let half = sorted.reduce(0) { $0 + $1.weight } / 2
            var running = 0.0, cut = 1
            for (offset, point) in sorted.enumerated() {
                running += point.weight
                if running >= half { cut = min(max(offset + 1, 1), sorted.count - 1); break }
            }
            boxes[best.index] = sorted[..<cut]
            boxes.append(sorted[cut...])
        }
        var centres = boxes.map(Self.mean)
        // k-means over the bins, starting from the boxes' means.
        for _ in 0..<2 {
            var totals = [SIMD3<Double>](repeating: .zero, count: centres.count)
            var weights = [Double](repeating: 0, count: centres.count)
            for point in points {
                let nearest = Self.nearest(point.color, in: centres)
                totals[nearest] += point.color * point.weight
                weights[nearest] += point.weight
            }
            for index in centres.indices where weights[index] > 0 { centres[index] = totals[index] / weights[index] }
        }
        return centres.flatMap { centre in (0..<3).map { UInt8(min(max(centre[$0].rounded(), 0), 255)) } }
    }

    /// Indices into `palette` for each pixel of `rgba`; pixels whose alpha is below 128 get `transparentIndex`.
    package static func map(rgba: [UInt8], palette: [UInt8], transparentIndex: UInt8) -> [UInt8] {
        let centres = stride(from: 0, to: palette.count - 2, by: 3).map {
            SIMD3(Double(palette[$0]), Double(palette[$0 + 1]), Double(palette[$0 + 2]))
        }
        // The nearest entry of recent colours: a direct-mapped cache keyed by the whole colour, so neighbouring
        // colours never share an answer.
        let slots = 1 << 16
        var keys = [UInt32](repeating: UInt32.max, count: slots)
        var answers = [UInt8](repeating: 0, count: slots)
        var indices = [UInt8](repeating: transparentIndex, count: rgba.count / 4)
        for pixel in indices.indices where rgba[pixel * 4 + 3] >= 128 {
            let r = rgba[pixel * 4], g = rgba[pixel * 4 + 1], b = rgba[pixel * 4 + 2]
            let key = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            let slot = Int((key &* 0x9E37_79B1) >> 16) & (slots - 1)
            if keys[slot] != key {
                keys[slot] = key
                answers[slot] = UInt8(nearest(SIMD3(Double(r), Double(g), Double(b)), in: centres))
            }
            indices[pixel] = answers[slot]
        }
        return indices
    }

    private static func nearest(_ color: SIMD3<Double>, in centres: [SIMD3<Double>]) -> Int {
        var best = 0, bestDistance = Double.infinity
        for (index, centre) in centres.enumerated() {
            let difference = color - centre
            let distance = (difference * difference).sum()
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return best
    }

    private static func mean(_ box: ArraySlice<(color: SIMD3<Double>, weight: Double)>) -> SIMD3<Double> {
        let weight = box.reduce(0) { $0 + $1.weight }
        return box.reduce(SIMD3<Double>.zero) { $0 + $1.color * $1.weight } / max(weight, 1)
    }

    /// The box's total squared error, and the channel along which it varies most.
    private static func spread(_ box: ArraySlice<(color: SIMD3<Double>, weight: Double)>) -> (error: Double, axis: Int) {
        let centre = mean(box)
        var variance = SIMD3<Double>.zero
        for point in box {
            let difference = point.color - centre
            variance += difference * difference * point.weight
        }
        let axis = variance[0] >= variance[1] ? (variance[0] >= variance[2] ? 0 : 2) : (variance[1] >= variance[2] ? 1 : 2)
        return (variance.sum(), axis)
    }
}
