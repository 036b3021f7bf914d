import Foundation
import Testing
@testable import FFmpegBridge

/// libyuv quarter turns through the bridge's wrapper (pixman's draws are tested in RasterTests).
@Suite("Quarter turns")
struct ImageRotationTests {
    /// The BGRA pixel at (x, y) as a 32-bit word (B in the low byte).
    func pixel(_ picture: TestPicture, _ x: Int, _ y: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(picture.byte(0, 4 * x + $1, y)) << (8 * $1) }
    }

    func setPixel(_ picture: TestPicture, _ x: Int, _ y: Int, _ value: UInt32) {
        for byte in 0..<4 { picture.setByte(0, 4 * x + byte, y, UInt8(truncatingIfNeeded: value >> (8 * byte))) }
    }

    @Test("a clockwise quarter turn sends the top-left pixel to the top-right")
    func turnBGRA() throws {
        let source = TestPicture(.bgra, width: 3, height: 2)
        for y in 0..<2 { for x in 0..<3 { setPixel(source, x, y, UInt32(10 * y + x)) } }
        let turned = TestPicture(.bgra, width: 2, height: 3)
        try FFImageRotation.rotate(source.image, by: .clockwise, into: turned.mutableImage)
        // Source (x, y) lands at (height − 1 − y, x).
        for y in 0..<2 { for x in 0..<3 { #expect(pixel(turned, 1 - y, x) == UInt32(10 * y + x)) } }
        #expect { try FFImageRotation.rotate(source.image, by: .clockwise, into: source.mutableImage) } throws: {
            ($0 as? FFError)?.kind == .invalidArgument
        }
    }

    @Test("NV12 turns into I420, chroma turned with luma")
    func turnNV12() throws {
        let source = TestPicture(.nv12, width: 4, height: 2)
        for x in 0..<4 { source.setByte(0, x, 0, UInt8(x)); source.setByte(0, x, 1, UInt8(10 + x)) }
        // One chroma row: (Cb, Cr) pairs for the left and right halves.
        for (index, value) in [UInt8(50), 60, 70, 80].enumerated() { source.setByte(1, index, 0, value) }
        let turned = TestPicture(.yuv420p, width: 4, height: 2)
        try FFImageRotation.rotate(source.image, by: .half, into: turned.mutableImage)
        #expect(turned.byte(0, 0, 0) == 13 && turned.byte(0, 1, 1) == 2)
        // The right half's chroma is now on the left.
        #expect(turned.byte(1, 0, 0) == 70 && turned.byte(2, 0, 0) == 80 && turned.byte(1, 1, 0) == 50)
    }
}
