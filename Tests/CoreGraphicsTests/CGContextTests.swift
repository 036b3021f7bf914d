import CoreGraphics
import Foundation
import Testing

@Suite("CGContext bitmap contexts, checked by pixel probes")
struct CGContextTests {
    static let rgba = CGImageAlphaInfo.premultipliedLast.rawValue
    static let bgra = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue

    /// The four bytes of the pixel in memory row `row` (0 is the top row) and column `column`.
    static func pixel(_ context: CGContext, row: Int, column: Int) -> [UInt8] {
        let base = context.data!.assumingMemoryBound(to: UInt8.self) + row * context.bytesPerRow + column * 4
        return (0..<4).map { base[$0] }
    }

    /// An RGBA context of `width`×`height` pixels over memory it allocates.
    static func rgbaContext(_ width: Int = 8, _ height: Int = 8) throws -> CGContext {
        try #require(CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: rgba))
    }

    /// A 2×2 RGBA image: red, green on the top row; blue, white below.
    static func quadrants() -> CGImage {
        let bytes: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
        return CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                       space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: rgba),
                       provider: CGDataProvider(data: Data(bytes))!, decode: nil, shouldInterpolate: true,
                       intent: .defaultIntent)!
    }

    @Test("a new context is zeroed and describes itself as asked; bytesPerRow 0 picks whole, aligned rows")
    func accessors() throws {
        let context = try Self.rgbaContext(10, 3)
        #expect(context.width == 10 && context.height == 3 && context.bitsPerComponent == 8 && context.bitsPerPixel == 32)
        #expect(context.bytesPerRow >= 40 && context.bytesPerRow % 16 == 0)
        #expect(context.alphaInfo == .premultipliedLast && context.colorSpace?.model == .rgb)
        #expect(Self.pixel(context, row: 2, column: 9) == [0, 0, 0, 0])
    }

    @Test("fill(_:) paints user-space rectangles, origin at the bottom left")
    func fillOrigin() throws {
        let context = try Self.rgbaContext()
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        // The bottom-left quadrant of user space is the last four rows of memory.
        #expect(Self.pixel(context, row: 7, column: 0) == [255, 0, 0, 255])
        #expect(Self.pixel(context, row: 4, column: 3) == [255, 0, 0, 255])
        #expect(Self.pixel(context, row: 3, column: 0) == [0, 0, 0, 0])
        #expect(Self.pixel(context, row: 7, column: 4) == [0, 0, 0, 0])
    }

    @Test("a BGRA context over caller memory writes premultiplied blue, green, red, alpha into that memory")
    func bgraOverCallerMemory() throws {
        var memory = [UInt8](repeating: 0, count: 4 * 4 * 4)
        try memory.withUnsafeMutableBytes { raw in
            let context = try #require(CGContext(data: raw.baseAddress, width: 4, height: 4, bitsPerComponent: 8,
                                                 bytesPerRow: 16, space: CGColorSpaceCreateDeviceRGB(),
                                                 bitmapInfo: Self.bgra))
            context.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        for pixel in stride(from: 0, to: memory.count, by: 4) {
            #expect(abs(Int(memory[pixel]) - 128) <= 1 && memory[pixel + 1] == 0 && memory[pixel + 2] == 0)
            #expect(abs(Int(memory[pixel + 3]) - 128) <= 1)
        }
    }

    @Test("draw(_:in:) scales an image into a rectangle, upright, leaving the rest untouched")
    func drawScaledIntoRect() throws {
        let context = try Self.rgbaContext()
        context.interpolationQuality = .none
        context.draw(Self.quadrants(), in: CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(Self.pixel(context, row: 0, column: 0) == [255, 0, 0, 255])
        #expect(Self.pixel(context, row: 3, column: 7) == [0, 255, 0, 255])
        #expect(Self.pixel(context, row: 4, column: 0) == [0, 0, 255, 255])
        #expect(Self.pixel(context, row: 7, column: 7) == [255, 255, 255, 255])

        let inset = try Self.rgbaContext()
        inset.interpolationQuality = .none
        inset.draw(Self.quadrants(), in: CGRect(x: 2, y: 2, width: 4, height: 4))
        #expect(Self.pixel(inset, row: 2, column: 2) == [255, 0, 0, 255])
        #expect(Self.pixel(inset, row: 5, column: 5) == [255, 255, 255, 255])
        #expect(Self.pixel(inset, row: 1, column: 2) == [0, 0, 0, 0] && Self.pixel(inset, row: 6, column: 6) == [0, 0, 0, 0])
    }

    @Test("shrinking averages the source at the default quality; .none picks single pixels")
    func shrinkFilters() throws {
        // A 64×64 checkerboard of single black and white pixels.
        var bytes = [UInt8](repeating: 0, count: 64 * 64 * 4)
        for y in 0..<64 {
            for x in 0..<64 {
                let value: UInt8 = (x + y) % 2 == 0 ? 255 : 0
                bytes.replaceSubrange((y * 64 + x) * 4 ..< (y * 64 + x) * 4 + 4, with: [value, value, value, 255])
            }
        }
        let image = CGImage(width: 64, height: 64, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 256,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: Self.rgba),
                            provider: CGDataProvider(data: Data(bytes))!, decode: nil, shouldInterpolate: true,
                            intent: .defaultIntent)!
        for (quality, isAveraged) in [(CGInterpolationQuality.default, true), (.high, true), (.none, false)] {
            let context = try Self.rgbaContext()
            context.interpolationQuality = quality
            #expect(context.interpolationQuality == quality)
            context.draw(image, in: CGRect(x: 0, y: 0, width: 8, height: 8))
            for row in 0..<8 {
                for column in 0..<8 {
                    let red = Int(Self.pixel(context, row: row, column: column)[0])
                    if isAveraged {
                        #expect(abs(red - 128) <= 4, "\(quality) at \(row),\(column): \(red)")
                    } else {
                        #expect(red == 0 || red == 255, "\(quality) at \(row),\(column): \(red)")
                    }
                }
            }
        }
    }

    @Test("makeImage() copies the pixels as they are, with the context's layout")
    func makeImageCopies() throws {
        let context = try Self.rgbaContext(4, 2)
        context.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        let image = try #require(context.makeImage())
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        #expect(image.width == 4 && image.height == 2 && image.bitsPerComponent == 8 && image.bitsPerPixel == 32)
        #expect(image.bytesPerRow == context.bytesPerRow && image.alphaInfo == .premultipliedLast)
        #expect(image.bitmapInfo == context.bitmapInfo && image.colorSpace?.model == .rgb)
        let data = try #require(image.dataProvider?.data)
        #expect(Array(data.prefix(4)) == [0, 255, 0, 255])
        #expect(Self.pixel(context, row: 0, column: 0) == [255, 0, 0, 255])
    }

    @Test("the CTM moves and scales what is drawn; saveGState/restoreGState bring it back")
    func transforms() throws {
        let context = try Self.rgbaContext()
        context.setFillColor(gray: 1, alpha: 1)
        context.saveGState()
        context.translateBy(x: 4, y: 4)
        context.scaleBy(x: 2, y: 2)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        context.restoreGState()
        #expect(context.ctm == .identity)
        #expect(Self.pixel(context, row: 2, column: 4) == [255, 255, 255, 255])
        #expect(Self.pixel(context, row: 3, column: 5) == [255, 255, 255, 255])
        #expect(Self.pixel(context, row: 4, column: 4) == [0, 0, 0, 0] && Self.pixel(context, row: 2, column: 6) == [0, 0, 0, 0])
    }

    @Test("grey contexts store luma; alpha-only contexts store coverage")
    func grayAndAlphaOnly() throws {
        let gray = try #require(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                          space: CGColorSpaceCreateDeviceGray(),
                                          bitmapInfo: CGImageAlphaInfo.none.rawValue))
        gray.setFillColor(gray: 0.5, alpha: 1)
        gray.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(abs(Int(gray.data!.load(as: UInt8.self)) - 128) <= 1)
        let alpha = try #require(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                           space: nil, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.alphaOnly.rawValue)))
        alpha.setFillColor(gray: 0, alpha: 1)
        alpha.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        #expect(alpha.data!.load(as: UInt8.self) == 255 && alpha.data!.load(fromByteOffset: 3, as: UInt8.self) == 0)
        #expect(alpha.makeImage()?.alphaInfo == .alphaOnly)
    }

    @Test("formats Core Graphics does not draw into, and impossible sizes, give nil")
    func refusedFormats() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                          bitmapInfo: CGImageAlphaInfo.last.rawValue) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                          bitmapInfo: CGImageAlphaInfo.none.rawValue) == nil)
        #expect(CGContext(data: nil, width: 0, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                          bitmapInfo: Self.rgba) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 8, space: rgb,
                          bitmapInfo: Self.rgba) == nil)
    }

    @Test("CGImage's initializer refuses descriptions its bytes cannot back")
    func imageValidation() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        let info = CGBitmapInfo(rawValue: Self.rgba)
        func make(bits: Int = 8, pixelBits: Int = 32, rowBytes: Int = 16, byteCount: Int = 64) -> CGImage? {
            CGImage(width: 4, height: 4, bitsPerComponent: bits, bitsPerPixel: pixelBits, bytesPerRow: rowBytes,
                    space: rgb, bitmapInfo: info, provider: CGDataProvider(data: Data(count: byteCount))!, decode: nil,
                    shouldInterpolate: true, intent: .defaultIntent)
        }
        #expect(make() != nil)
        #expect(make(byteCount: 63) == nil)
        #expect(make(rowBytes: 15) == nil)
        #expect(make(pixelBits: 24) == nil)
        #expect(make(bits: 7) == nil)
    }

    @Test("a context may be drawn into from several threads at once")
    func concurrentDrawing() throws {
        let context = try Self.rgbaContext(64, 64)
        DispatchQueue.concurrentPerform(iterations: 64) { row in
            context.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
            context.fill(CGRect(x: 0, y: row, width: 64, height: 1))
            context.draw(Self.quadrants(), in: CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        #expect(Self.pixel(context, row: 0, column: 63) == [255, 255, 255, 255])
    }

    @Test("an image over caller memory (a decoded frame's BGRA) reads it in place and releases it once")
    func imageOverCallerMemory() throws {
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
        // Four BGRA pixels: blue, green, red, white.
        bytes.copyMemory(from: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255] as [UInt8], byteCount: 16)
        let released = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        released.initialize(to: 0)
        defer { released.deallocate() }
        do {
            let provider = try #require(CGDataProvider(dataInfo: released, data: bytes, size: 16) { info, data, _ in
                info!.assumingMemoryBound(to: Int.self).pointee += 1
                UnsafeMutableRawPointer(mutating: data).deallocate()
            })
            let image = try #require(CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                                             space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGBitmapInfo(rawValue: Self.bgra), provider: provider,
                                             decode: nil, shouldInterpolate: true, intent: .defaultIntent))
            #expect(provider.withUnsafeBytes { $0.baseAddress } == UnsafeRawPointer(bytes))
            let context = try Self.rgbaContext(2, 2)
            context.draw(image, in: CGRect(x: 0, y: 0, width: 2, height: 2))
            #expect(Self.pixel(context, row: 0, column: 0) == [0, 0, 255, 255])
            #expect(Self.pixel(context, row: 1, column: 0) == [255, 0, 0, 255])
            #expect(released.pointee == 0)
        }
        #expect(released.pointee == 1)
    }
}
