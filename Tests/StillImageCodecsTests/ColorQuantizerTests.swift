import Foundation
import Testing
@testable import StillImageCodecs

/// The GIF palette quantiser: exact for few colours, close for many, transparency kept apart.
@Suite("Colour quantiser (median cut)")
struct ColorQuantizerTests {
    /// Straight RGBA pixels from RGB triples, all opaque.
    static func opaque(_ rgb: [UInt8]) -> [UInt8] {
        stride(from: 0, to: rgb.count, by: 3).flatMap { rgb[$0..<$0 + 3] + [255] }
    }

    /// The palette colours `indices` stand for, as RGB triples.
    static func colors(_ indices: [UInt8], _ palette: [UInt8]) -> [UInt8] {
        indices.flatMap { palette[Int($0) * 3 ..< Int($0) * 3 + 3] }
    }

    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let squared = zip(a, b).reduce(0.0) { $0 + pow(Double($1.0) - Double($1.1), 2) }
        return squared == 0 ? .infinity : 10 * log10(255 * 255 / (squared / Double(a.count)))
    }

    @Test("no more colours than the palette holds: mapped exactly")
    func fewColoursExact() {
        let rgb: [UInt8] = (0..<256).flatMap { [UInt8($0), UInt8(255 - $0), UInt8($0 / 2)] }
        var quantizer = ColorQuantizer(maximumColors: 256)
        quantizer.add(rgba: Self.opaque(rgb))
        let palette = quantizer.palette()
        #expect(palette.count == 256 * 3)
        let indices = ColorQuantizer.map(rgba: Self.opaque(rgb), palette: palette, transparentIndex: 0)
        #expect(Self.colors(indices, palette) == rgb)
    }

    @Test("a 64x64 gradient of 4096 colours: 256 entries, above 34 dB; fewer entries, lower but still close")
    func gradient() {
        let rgb: [UInt8] = (0..<4096).flatMap { pixel -> [UInt8] in
            let x = pixel % 64, y = pixel / 64
            return [UInt8(x * 4), UInt8(y * 4), UInt8((x + y) * 2)]
        }
        var results: [Double] = []
        for colours in [256, 16] {
            var quantizer = ColorQuantizer(maximumColors: colours)
            quantizer.add(rgba: Self.opaque(rgb))
            let palette = quantizer.palette()
            #expect(palette.count <= colours * 3 && palette.count >= 3)
            let indices = ColorQuantizer.map(rgba: Self.opaque(rgb), palette: palette, transparentIndex: 0)
            results.append(Self.psnr(Self.colors(indices, palette), rgb))
        }
        #expect(results[0] > 34, "\(results)")
        #expect(results[1] > 22 && results[1] < results[0], "\(results)")
    }

    @Test("pixels below half alpha take the transparent index and no palette entry")
    func transparency() {
        // Two opaque colours and many transparent pixels of other colours.
        var rgba: [UInt8] = [10, 20, 30, 255, 200, 100, 50, 128]
        for value in 0..<100 { rgba += [UInt8(value), UInt8(value), 255, UInt8(value % 128)] }
        var quantizer = ColorQuantizer(maximumColors: 255)
        quantizer.add(rgba: rgba)
        let palette = quantizer.palette()
        #expect(palette == [10, 20, 30, 200, 100, 50])
        let indices = ColorQuantizer.map(rgba: rgba, palette: palette, transparentIndex: 2)
        #expect(indices == [0, 1] + [UInt8](repeating: 2, count: 100))
    }

    @Test("a picture with nothing opaque still gives a one-entry palette")
    func allTransparent() {
        var quantizer = ColorQuantizer(maximumColors: 255)
        quantizer.add(rgba: [1, 2, 3, 0, 4, 5, 6, 10])
        #expect(quantizer.palette().count == 3)
    }
}
