import Testing
@testable import Raster

/// `PictureConversion` and `PictureRotation`: libyuv's whole-picture kernels over plain planes, on values small
/// enough to check by hand (FFmpegBridgeTests check the kernels against swscale through the image converter).
@Suite("Picture conversion and rotation")
struct PictureConversionTests {
    /// A picture whose every byte is a different function of its plane, column and row.
    func numbered(_ layout: TestPicture.Layout, width: Int, height: Int) -> TestPicture {
        let picture = TestPicture(layout, width: width, height: height)
        for (plane, shape) in layout.planes(width: width, height: height).enumerated() {
            for y in 0..<shape.rows {
                for x in 0..<shape.bytes {
                    picture.setByte(plane, x, y, UInt8(truncatingIfNeeded: 50 * plane + 7 * y + x))
                }
            }
        }
        return picture
    }

    @Test("a shuffle moves each pixel's bytes where its indices say")
    func shuffle() throws {
        let source = numbered(.bgra, width: 5, height: 3)
        let output = TestPicture(.bgra, width: 5, height: 3)
        let reversed = try #require(PictureConversion.RGB32Shuffle(sourceIndices: [3, 2, 1, 0]))
        try PictureConversion.shuffle(source.image, into: output.mutableImage, by: reversed)
        for y in 0..<3 {
            for x in 0..<5 {
                #expect((0..<4).map { output.byte(0, 4 * x + $0, y) }
                        == (0..<4).map { source.byte(0, 4 * x + 3 - $0, y) })
            }
        }
        #expect(PictureConversion.RGB32Shuffle(sourceIndices: [0, 1, 4, 2]) == nil)
    }

    @Test("interleaving I420's chroma and taking it apart again gives back every byte, at odd sizes too",
          arguments: [(6, 4), (5, 3)])
    func chromaRepacking(width: Int, height: Int) throws {
        let planar = numbered(.yuv420p, width: width, height: height)
        let interleaved = TestPicture(.nv12, width: width, height: height)
        try PictureConversion.interleaveChroma(planar.image, into: interleaved.mutableImage)
        let chroma = (width + 1) / 2
        #expect(interleaved.byte(1, 0, 0) == planar.byte(1, 0, 0) && interleaved.byte(1, 1, 0) == planar.byte(2, 0, 0))
        #expect(interleaved.byte(1, 2 * chroma - 1, 1) == planar.byte(2, chroma - 1, 1))
        let back = TestPicture(.yuv420p, width: width, height: height)
        try PictureConversion.deinterleaveChroma(interleaved.image, into: back.mutableImage)
        for (plane, shape) in TestPicture.Layout.yuv420p.planes(width: width, height: height).enumerated() {
            for y in 0..<shape.rows {
                for x in 0..<shape.bytes { #expect(back.byte(plane, x, y) == planar.byte(plane, x, y)) }
            }
        }
    }

    @Test("planes too small for the layout are refused before libyuv sees them")
    func undersizedPlanes() throws {
        let source = numbered(.yuv420p, width: 8, height: 4)
        // Two rows where the picture needs four.
        let short = TestPicture(.bgra, width: 8, height: 2)
        let tall = MutablePixelPicture(width: 8, height: 4, planes: short.mutableImage.planes)
        #expect { try PictureConversion.convert(source.image, .i420, matrix: .bt601, isFullRange: false,
                                                into: tall, order: .bgra) } throws: {
            ($0 as? RasterError)?.kind == .invalidArgument
        }
        #expect { try PictureConversion.scale(source.image, .i420, into: tall, filter: .bilinear) } throws: {
            ($0 as? RasterError)?.kind == .invalidArgument
        }
        #expect { try PictureConversion.convert(source.image, .p010, matrix: .bt601, isFullRange: false,
                                                into: tall, order: .rgba) } throws: {
            ($0 as? RasterError)?.kind == .invalidArgument
        }
    }

    @Test("a clockwise quarter turn sends (x, y) to (height − 1 − y, x); four of them change nothing")
    func rotation() throws {
        let source = numbered(.bgra, width: 3, height: 2)
        var current = source
        for turn in 1...4 {
            let turned = TestPicture(.bgra, width: current.height, height: current.width)
            try PictureRotation.rotate(current.image, layout: .rgb32, by: .clockwise, into: turned.mutableImage)
            if turn == 1 {
                for y in 0..<2 {
                    for x in 0..<3 {
                        #expect((0..<4).map { turned.byte(0, 4 * (1 - y) + $0, x) }
                                == (0..<4).map { source.byte(0, 4 * x + $0, y) })
                    }
                }
            }
            current = turned
        }
        for y in 0..<2 { for x in 0..<12 { #expect(current.byte(0, x, y) == source.byte(0, x, y)) } }
        let wrong = TestPicture(.bgra, width: 3, height: 2)
        #expect { try PictureRotation.rotate(source.image, layout: .rgb32, by: .clockwise, into: wrong.mutableImage) }
            throws: { ($0 as? RasterError)?.kind == .invalidArgument }
    }
}
