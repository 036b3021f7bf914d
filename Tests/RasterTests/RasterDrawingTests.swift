import Foundation
import Testing
@testable import Raster

/// pixman fills and draws into BGRA pictures.
@Suite("Raster drawing")
struct RasterDrawingTests {
    /// The BGRA pixel at (x, y) as a 32-bit word (B in the low byte).
    func pixel(_ picture: TestPicture, _ x: Int, _ y: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(picture.byte(0, 4 * x + $1, y)) << (8 * $1) }
    }

    func setPixel(_ picture: TestPicture, _ x: Int, _ y: Int, _ value: UInt32) {
        for byte in 0..<4 { picture.setByte(0, 4 * x + byte, y, UInt8(truncatingIfNeeded: value >> (8 * byte))) }
    }

    @Test("fills paint exactly the rectangle, clipped to the picture")
    func fill() throws {
        let picture = TestPicture(.bgra, width: 10, height: 6)
        try RasterDrawing.fill(picture.mutableImage, rect: RasterRect(x: 7, y: 2, width: 8, height: 3), blue: 1, green: 2, red: 3, alpha: 4)
        for y in 0..<6 {
            for x in 0..<10 {
                let inside = x >= 7 && y >= 2 && y < 5
                #expect(pixel(picture, x, y) == (inside ? 0x0403_0201 : 0), "(\(x), \(y))")
            }
        }
    }

    @Test("whole-pixel draws copy, opacity weights, transparent edges fade, extended edges do not")
    func draw() throws {
        let source = TestPicture(.bgra, width: 2, height: 2)
        for y in 0..<2 { for x in 0..<2 { setPixel(source, x, y, 0xFF00_00FF) } }
        let destination = TestPicture(.bgra, width: 6, height: 4)
        let move = RasterTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 1)
        try RasterDrawing.draw(source.image, transform: move, filter: .nearest, edges: .transparent, opacity: 1,
                               into: destination.mutableImage, clip: RasterRect(x: 0, y: 0, width: 6, height: 4))
        #expect(pixel(destination, 3, 1) == 0xFF00_00FF && pixel(destination, 4, 2) == 0xFF00_00FF)
        #expect(pixel(destination, 2, 1) == 0 && pixel(destination, 5, 1) == 0)

        let faded = TestPicture(.bgra, width: 6, height: 4)
        // Half a pixel off: bilinear mixes the edge with transparency outside.
        let half = RasterTransform(a: 1, b: 0, c: 0, d: 1, tx: 2.5, ty: 1)
        try RasterDrawing.draw(source.image, transform: half, filter: .bilinear, edges: .transparent, opacity: 0.5,
                               into: faded.mutableImage, clip: RasterRect(x: 0, y: 0, width: 6, height: 4))
        // Opacity 0.5 times half coverage: alpha about 64.
        #expect(abs(Int(pixel(faded, 2, 1) >> 24) - 64) <= 2)
        let extended = TestPicture(.bgra, width: 6, height: 4)
        try RasterDrawing.draw(source.image, transform: half, filter: .bilinear, edges: .extend, opacity: 1,
                               into: extended.mutableImage, clip: RasterRect(x: 3, y: 1, width: 2, height: 2))
        #expect(pixel(extended, 3, 1) == 0xFF00_00FF && pixel(extended, 2, 1) == 0)
    }

    @Test("draws refuse pictures whose planes are too small for BGRA, and flat maps, naming them")
    func drawErrors() {
        let gray = TestPicture(.gray, width: 64, height: 4), bgra = TestPicture(.bgra, width: 4, height: 4)
        let all = RasterRect(x: 0, y: 0, width: 4, height: 4)
        // A 64-pixel-wide grey plane has 128-byte rows: too short for 64 BGRA pixels.
        #expect { try RasterDrawing.draw(gray.image, transform: .identity, filter: .nearest, edges: .extend, opacity: 1,
                                         into: bgra.mutableImage, clip: all) } throws: { "\($0)".contains("plane 0") }
        let flat = RasterTransform(a: 0, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect { try RasterDrawing.draw(bgra.image, transform: flat, filter: .nearest, edges: .extend, opacity: 1,
                                         into: bgra.mutableImage, clip: all) } throws: { ($0 as? RasterError)?.kind == .invalidArgument }
    }
}
