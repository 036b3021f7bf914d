import Foundation
import Testing
@testable import Raster

/// `PlaneDrawing`: sample-plane draws (scale, move, opacity, repeated edges) and the box shrink, on values small
/// enough to work out by hand.
@Suite("Plane drawing")
struct PlaneDrawingTests {
    /// A one-plane gray picture holding `values` row by row.
    func plane(width: Int, height: Int, _ value: (Int, Int) -> Int) -> TestPicture {
        let picture = TestPicture(.gray, width: width, height: height)
        for y in 0..<height { for x in 0..<width { picture.setByte(0, x, y, UInt8(value(x, y))) } }
        return picture
    }

    func source(_ picture: TestPicture) -> PlaneDrawing.Plane {
        PlaneDrawing.Plane(picture.image.planes[0], width: picture.width, height: picture.height)
    }

    @Test("a whole-sample move copies, and repeats edge samples past the source")
    func wholeMove() throws {
        let from = plane(width: 4, height: 2) { x, y in 10 * y + x + 1 }
        let into = plane(width: 8, height: 4) { _, _ in 0 }
        try PlaneDrawing.draw(source(from), scaleX: 1, scaleY: 1, tx: 3, ty: 1, opacity: 1,
                              into: into.mutableImage.planes[0], area: RasterRect(x: 2, y: 1, width: 6, height: 2))
        #expect((2..<8).map { Int(into.byte(0, $0, 1)) } == [1, 1, 2, 3, 4, 4])
        #expect((2..<8).map { Int(into.byte(0, $0, 2)) } == [11, 11, 12, 13, 14, 14])
        #expect(into.byte(0, 1, 1) == 0 && into.byte(0, 2, 0) == 0 && into.byte(0, 2, 3) == 0)
    }

    @Test("bilinear samples between source centres, at an opacity over what is there")
    func bilinearAndOpacity() throws {
        let from = plane(width: 2, height: 2) { x, y in [[0, 200], [100, 100]][y][x] }
        // Doubled: destination centres 0.5, 1.5, 2.5, 3.5 read source positions −0.25, 0.25, 0.75, 1.25.
        let into = plane(width: 4, height: 4) { _, _ in 50 }
        try PlaneDrawing.draw(source(from), scaleX: 2, scaleY: 2, tx: 0, ty: 0, opacity: 1,
                              into: into.mutableImage.planes[0], area: RasterRect(x: 0, y: 0, width: 4, height: 4))
        #expect((0..<4).map { Int(into.byte(0, $0, 0)) } == [0, 50, 150, 200])
        #expect((0..<4).map { Int(into.byte(0, $0, 3)) } == [100, 100, 100, 100])
        let faded = plane(width: 4, height: 4) { _, _ in 40 }
        try PlaneDrawing.draw(source(from), scaleX: 2, scaleY: 2, tx: 0, ty: 0, opacity: 0.25,
                              into: faded.mutableImage.planes[0], area: RasterRect(x: 0, y: 0, width: 4, height: 4))
        // 40 × 0.75 + drawn × 0.25.
        #expect((0..<4).map { Int(faded.byte(0, $0, 0)) } == [30, 43, 68, 80])
    }

    @Test("a full-range sample stays full after resampling (weights sum to one)")
    func weightsSumToOne() throws {
        let from = plane(width: 16, height: 8) { _, _ in 255 }
        let into = plane(width: 16, height: 8) { _, _ in 0 }
        try PlaneDrawing.draw(source(from), scaleX: 0.73, scaleY: 0.61, tx: 1.37, ty: 0.82, opacity: 1,
                              into: into.mutableImage.planes[0], area: RasterRect(x: 2, y: 1, width: 10, height: 4))
        for y in 1..<5 { for x in 2..<12 { #expect(into.byte(0, x, y) == 255) } }
    }

    @Test("areas past the map's footprint and degenerate maps are refused, naming them")
    func refusals() {
        let from = plane(width: 4, height: 4) { _, _ in 1 }
        let into = plane(width: 64, height: 64) { _, _ in 0 }
        #expect { try PlaneDrawing.draw(self.source(from), scaleX: 1, scaleY: 1, tx: 0, ty: 0, opacity: 1,
                                        into: into.mutableImage.planes[0], area: RasterRect(x: 0, y: 0, width: 64, height: 4)) }
            throws: { "\($0)".contains("footprint") }
        #expect { try PlaneDrawing.draw(self.source(from), scaleX: 0, scaleY: 1, tx: 0, ty: 0, opacity: 1,
                                        into: into.mutableImage.planes[0], area: RasterRect(x: 0, y: 0, width: 1, height: 1)) }
            throws: { ($0 as? RasterError)?.kind == .invalidArgument }
    }

    @Test("the shuffling column kernel computes what the plain arithmetic does, at every step it takes",
          arguments: [0.5, 0.534, 0.61, 0.75, 0.999, 1, 1.37, 2.5, 7.9])
    func columnKernel(scale: Double) throws {
        var state: UInt32 = 12_345
        let from = plane(width: 200, height: 1) { _, _ in
            state = state &* 1_103_515_245 &+ 12_345
            return Int(state >> 24)
        }
        let tx = 3.3
        let into = plane(width: 400, height: 1) { _, _ in 0 }
        let last = min(399, Int((tx + 200 * scale - 0.5).rounded(.down)))
        let area = RasterRect(x: Int((tx + 0.5).rounded(.up)), y: 0, width: last - Int((tx + 0.5).rounded(.up)), height: 1)
        try PlaneDrawing.draw(source(from), scaleX: scale, scaleY: 1, tx: tx, ty: 0, opacity: 1,
                              into: into.mutableImage.planes[0], area: area)
        // The documented arithmetic: 16.16 positions from the first sample's, 7-bit weights, rounded.
        let first = (Double(area.x) + 0.5 - tx) / scale - 0.5
        let column = Int(first.rounded(.down))
        var x = Int((((first - Double(column)) * 65_536).rounded()))
        let step = Int((65_536 / scale).rounded())
        var mismatches = 0
        for index in 0..<area.width {
            let left = min(199, max(0, column + x >> 16)), right = min(199, max(0, column + x >> 16 + 1))
            let f = (x >> 9) & 127
            let want = (Int(from.byte(0, left, 0)) * (128 - f) + Int(from.byte(0, right, 0)) * f + 64) >> 7
            if Int(into.byte(0, area.x + index, 0)) != want { mismatches += 1 }
            x += step
        }
        #expect(mismatches == 0, "\(mismatches) of \(area.width) samples differ at scale \(scale)")
    }
}

@Suite("Cb stretch")
struct ChromaStretchTests {
    @Test("every code comes out as the rounded gain formula, in the vector body and the tails, planar and interleaved",
          arguments: [0.0722, 0.0593])
    func exact(kb: Double) {
        let gain = 2 * (1 - kb) * 255 / 224 / 2.0
        func want(_ code: Int) -> UInt8 { UInt8(max(0, min(255, (128 + gain * Double(code - 128)).rounded()))) }
        let excess = ChromaStretch.excess(kb: kb)
        // 256 codes twice over, at lengths that leave every tail size after the 16-byte steps.
        let source = (0..<512).map { UInt8($0 & 255) }
        for count in [0, 1, 15, 16, 17, 31, 256, 511, 512] {
            for interleaved in [nil, 0, 1] as [Int?] {
                var out = [UInt8](repeating: 0, count: count)
                source.withUnsafeBufferPointer { s in
                    out.withUnsafeMutableBufferPointer { o in
                        ChromaStretch.apply(excess: excess, count: count, from: s.baseAddress!, to: o.baseAddress!,
                                            interleavedFirst: interleaved)
                    }
                }
                let expected = (0..<count).map { i in
                    interleaved.map { i & 1 == $0 } ?? true ? want(Int(source[i])) : source[i]
                }
                #expect(out == expected, "count \(count) interleaved \(String(describing: interleaved))")
            }
        }
    }
}
