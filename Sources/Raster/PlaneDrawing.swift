internal import CRowKernels
internal import CYUV

/// Draws 8-bit sample planes into 8-bit sample planes: the kernels of composing Y′CbCr pictures in Y′CbCr, a plane
/// at a time, where a 4:2:0 pixel is 1.5 bytes instead of premultiplied BGRA's 4.
///
/// A draw maps each destination sample centre back through a scale-and-translate map, samples bilinearly with the
/// edges repeated (libyuv's `InterpolatePlane` across rows, 8-bit weights; `crow_filter_columns` along them,
/// 16.16 fixed-point positions, 7-bit weights that sum to 128) and mixes the result with what is there at a
/// constant opacity (`InterpolatePlane` again, 8-bit weight). Whole-sample moves are copies.
///
/// Calls allocate a few rows of scratch and release them before returning; any thread may call at any time (two
/// calls must not write one plane at once).
package enum PlaneDrawing {
    /// A plane of `width` x `height` samples.
    package struct Plane {
        package var samples: PixelPlane
        package var width: Int
        package var height: Int

        package init(_ samples: PixelPlane, width: Int, height: Int) {
            self.samples = samples
            self.width = width
            self.height = height
        }
    }

    /// Sets every sample of `rect` (inside the plane) to `value`.
    package static func fill(_ plane: MutablePixelPlane, rect: RasterRect, value: UInt8) {
        for row in rect.y..<(rect.y + rect.height) {
            (plane.baseAddress + row * plane.bytesPerRow + rect.x).initializeMemory(as: UInt8.self, repeating: value,
                                                                                    count: rect.width)
        }
    }

    /// Draws `source` into `area` of `destination` (whose samples must lie inside it): destination sample centre
    /// X + ½ is source position (X + ½ − tx) / a, and likewise down; positions past the source's edges take its edge
    /// samples. `opacity` (0…1) weights the drawn samples against those already there.
    package static func draw(_ source: Plane, scaleX a: Double, scaleY d: Double, tx: Double, ty: Double,
                             opacity: Double, into destination: MutablePixelPlane, area: RasterRect) throws(RasterError) {
        let operation = "PlaneDrawing.draw"
        guard a > 0, d > 0, [a, d, tx, ty, opacity].allSatisfy(\.isFinite), source.width > 0, source.height > 0,
              source.width < 32_768, source.height < 32_768 else {
            throw RasterError(.invalidArgument, operation: operation,
                              message: "cannot draw a \(source.width)x\(source.height) plane scaled \(a) x \(d) moved by (\(tx), \(ty))")
        }
        let weight = Int32((min(1, opacity) * 256).rounded())
        guard weight > 0, area.width > 0, area.height > 0 else { return }
        let width = area.width
        // Source sample positions (from sample centres) of the area's first and last columns.
        func sampleX(_ column: Int) -> Double { (Double(column) + 0.5 - tx) / a - 0.5 }
        let first = sampleX(area.x), last = sampleX(area.x + width - 1)
        let wholeMove = a == 1 && d == 1 && tx == tx.rounded() && ty == ty.rounded()
        // Positions further out than the edge samples' halves (and a little rounding) mean the area was not the
        // map's footprint: repeating edges across it is not what a caller wants.
        func sampleY(_ row: Int) -> Double { (Double(row) + 0.5 - ty) / d - 0.5 }
        guard first >= -2, last <= Double(source.width + 1), sampleY(area.y) >= -2,
              sampleY(area.y + area.height - 1) <= Double(source.height + 1) else {
            throw RasterError(.invalidArgument, operation: operation,
                              message: "area \(area) reaches past the drawn plane's footprint")
        }

        // One line of vertically mixed source samples: the columns from `firstColumn`, with two more on each side
        // (edge samples repeated) for the horizontal kernel, which reads each position's right neighbour.
        let firstColumn = Int(first.rounded(.down))
        let lastColumn = Int(last.rounded(.down)) + 1
        let columnCount = lastColumn - firstColumn + 3
        let inside = max(0, firstColumn)..<min(source.width, firstColumn + columnCount)
        let line = UnsafeMutablePointer<UInt8>.allocate(capacity: columnCount + 32)
        let drawn = UnsafeMutablePointer<UInt8>.allocate(capacity: width + 32)
        defer {
            line.deallocate()
            drawn.deallocate()
        }
        let step = Int32((65_536 / a).rounded())
        let start = Int32(((first - Double(firstColumn)) * 65_536).rounded())
        let lastRow = source.height - 1
        let plane = source.samples

        for row in area.y..<(area.y + area.height) {
            let target = (destination.baseAddress + row * destination.bytesPerRow + area.x).assumingMemoryBound(to: UInt8.self)
            // The row to mix into the destination: straight from the source for whole-sample moves.
            let result: UnsafePointer<UInt8>
            if wholeMove {
                let sourceRow = min(lastRow, max(0, row - Int(ty)))
                let column = area.x - Int(tx)
                if column >= 0 && column + width <= source.width {
                    result = (plane.baseAddress + sourceRow * plane.bytesPerRow + column).assumingMemoryBound(to: UInt8.self)
                } else {
                    let rowStart = (plane.baseAddress + sourceRow * plane.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                    for index in 0..<width { drawn[index] = rowStart[min(source.width - 1, max(0, column + index))] }
                    result = UnsafePointer(drawn)
                }
            } else {
                let position = (Double(row) + 0.5 - ty) / d - 0.5
                var upper = Int(position.rounded(.down))
                var fraction = Int32(((position - Double(upper)) * 256).rounded())
                if fraction == 256 { upper += 1; fraction = 0 }
                if upper < 0 { upper = 0; fraction = 0 }
                if upper >= lastRow { upper = lastRow; fraction = 0 }
                let lower = min(upper + 1, lastRow)
                let offset = inside.lowerBound - firstColumn
                if !inside.isEmpty {
                    InterpolatePlane((plane.baseAddress + upper * plane.bytesPerRow + inside.lowerBound).assumingMemoryBound(to: UInt8.self), 0,
                                     (plane.baseAddress + lower * plane.bytesPerRow + inside.lowerBound).assumingMemoryBound(to: UInt8.self), 0,
                                     line + offset, 0, Int32(inside.count), 1, fraction)
                } else {
                    // The area lies past one edge: every position takes that edge's samples.
                    let edge = firstColumn < 0 ? 0 : source.width - 1
                    let upperRow = (plane.baseAddress + upper * plane.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                    let lowerRow = (plane.baseAddress + lower * plane.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                    let mixed = (Int32(upperRow[edge]) * (256 - fraction) + Int32(lowerRow[edge]) * fraction + 128) >> 8
                    line.update(repeating: UInt8(mixed), count: columnCount + 32)
                }
                if !inside.isEmpty {
                    let firstInside = offset, lastInside = offset + inside.count - 1
                    for column in 0..<firstInside { line[column] = line[firstInside] }
                    for column in (lastInside + 1)..<(columnCount + 32) { line[column] = line[lastInside] }
                }
                crow_filter_columns(drawn, line, Int32(width), start, step)
                result = UnsafePointer(drawn)
            }
            if weight >= 256 {
                if result != UnsafePointer(target) { target.update(from: result, count: width) }
            } else {
                InterpolatePlane(UnsafePointer(target), 0, result, 0, target, 0, Int32(width), 1, weight)
            }
        }
    }

    /// Shrinks 4:2:0 planar `source` (Y, Cb, Cr planes, chroma halved each way) to fill `destination`, laid out
    /// alike, by area averaging (libyuv's box filter): the low-pass step before a bilinear draw that reduces by more
    /// than about 1.5 ×.
    package static func shrink(_ source: PixelPicture, into destination: MutablePixelPicture) throws(RasterError) {
        let operation = "PlaneDrawing.shrink"
        for picture in [source, destination.readOnly] {
            let chroma = (width: (picture.width + 1) / 2, height: (picture.height + 1) / 2)
            try picture.validate(bytesPerRow: [picture.width, chroma.width, chroma.width],
                                 rowCount: [picture.height, chroma.height, chroma.height], operation)
        }
        let s = source.planes, d = destination.planes
        func u8(_ plane: PixelPlane) -> UnsafePointer<UInt8> { plane.baseAddress.assumingMemoryBound(to: UInt8.self) }
        func u8(_ plane: MutablePixelPlane) -> UnsafeMutablePointer<UInt8> { plane.baseAddress.assumingMemoryBound(to: UInt8.self) }
        let status = I420Scale(u8(s[0]), Int32(s[0].bytesPerRow), u8(s[1]), Int32(s[1].bytesPerRow), u8(s[2]),
                               Int32(s[2].bytesPerRow), Int32(source.width), Int32(source.height),
                               u8(d[0]), Int32(d[0].bytesPerRow), u8(d[1]), Int32(d[1].bytesPerRow), u8(d[2]),
                               Int32(d[2].bytesPerRow), Int32(destination.width), Int32(destination.height), kFilterBox)
        guard status == 0 else {
            throw RasterError(.invalidArgument, operation: "I420Scale", message: "libyuv returned \(status)")
        }
    }
}
