import CoreGraphics
import Foundation
import Testing

@Suite("CGColor, CGColorSpace and CGImage")
struct CGColorAndImageTests {
    @Test("colour spaces are known by Apple's standard names")
    func colorSpaces() throws {
        let srgb = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        #expect(CGColorSpace.sRGB == "kCGColorSpaceSRGB" && srgb.name == CGColorSpace.sRGB)
        #expect(srgb.numberOfComponents == 3 && srgb.model == .rgb)
        #expect(CGColorSpace(name: CGColorSpace.itur_2100_PQ)?.model == .rgb)
        #expect(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)?.numberOfComponents == 1)
        #expect(CGColorSpace(name: CGColorSpace.genericCMYK)?.numberOfComponents == 4)
        #expect(CGColorSpace(name: "kCGColorSpaceMadeUp") == nil)
        #expect(CGColorSpaceCreateDeviceRGB().model == .rgb && CGColorSpaceCreateDeviceGray().numberOfComponents == 1)
    }

    @Test("colours carry components with alpha last, clamped to 0…1")
    func colors() throws {
        let orange = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.25)
        #expect(orange.components == [1, 0.5, 0, 0.25] && orange.numberOfComponents == 4 && orange.alpha == 0.25)
        #expect(orange.colorSpace?.name == CGColorSpace.genericRGB)
        #expect(CGColor(srgbRed: 2, green: -1, blue: 0.5, alpha: 1).components == [1, 0, 0.5, 1])
        #expect(CGColor.black.components == [0, 1] && CGColor.white.components == [1, 1])
        #expect(CGColor.clear.alpha == 0 && CGColor.black.colorSpace?.model == .monochrome)
        #expect(CGColor(gray: 0.5, alpha: 1) == CGColor(gray: 0.5, alpha: 1))
        #expect(orange.copy(alpha: 1)?.alpha == 1 && orange.copy() == orange)
        let space = try #require(CGColorSpace(name: CGColorSpace.displayP3))
        let p3 = [CGFloat(0.2), 0.4, 0.6, 1.5].withUnsafeBufferPointer { CGColor(colorSpace: space, components: $0.baseAddress!) }
        #expect(p3?.components == [0.2, 0.4, 0.6, 1])
    }

    @Test("images hold their pixels, validate their description and crop")
    func images() throws {
        // A 3×2 BGRA (premultipliedFirst, 32-bit little-endian) image with 16-byte rows: pixel (x, y) = x + 10y.
        var bytes = [UInt8](repeating: 0, count: 16 * 2)
        for y in 0..<2 { for x in 0..<3 { bytes[y * 16 + x * 4] = UInt8(x + 10 * y) } }
        let provider = try #require(CGDataProvider(data: Data(bytes)))
        let space = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        let info = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue).union(.byteOrder32Little)
        let image = try #require(CGImage(width: 3, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16,
                                         space: space, bitmapInfo: info, provider: provider, decode: nil,
                                         shouldInterpolate: true, intent: .defaultIntent))
        #expect(image.alphaInfo == .premultipliedFirst && image.byteOrderInfo == .order32Little)
        #expect(info.rawValue == 0x2002, "kCGImageAlphaPremultipliedFirst | kCGBitmapByteOrder32Little")
        #expect(image.dataProvider?.data == Data(bytes) && image.colorSpace == space)
        let cropped = try #require(image.cropping(to: CGRect(x: 1, y: 1, width: 5, height: 5)))
        #expect(cropped.width == 2 && cropped.height == 1 && cropped.bytesPerRow == 8)
        #expect(cropped.dataProvider?.data.map { [$0[0], $0[4]] } == [11, 12])
        #expect(image.cropping(to: CGRect(x: 10, y: 10, width: 1, height: 1)) == nil)

        func make(width: Int = 3, bitsPerPixel: Int = 32, bytesPerRow: Int = 16, bitsPerComponent: Int = 8) -> CGImage? {
            CGImage(width: width, height: 2, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                    bytesPerRow: bytesPerRow, space: space, bitmapInfo: info, provider: provider, decode: nil,
                    shouldInterpolate: false, intent: .perceptual)
        }
        #expect(make(bitsPerPixel: 24) == nil, "ARGB needs 32 bits a pixel")
        #expect(make(bytesPerRow: 11) == nil, "three 4-byte pixels need 12 bytes a row")
        #expect(make(bytesPerRow: 24) == nil, "a second 24-byte row overruns the 32-byte provider")
        #expect(make(bitsPerComponent: 7) == nil)
        #expect(make(width: 4) != nil, "the last row needs only its pixels, not a whole stride")
    }

    @Test("a data provider over caller memory releases it exactly once")
    func providerRelease() {
        final class Flag: @unchecked Sendable { var releases = 0 }
        let flag = Flag()
        let info = Unmanaged.passRetained(flag).toOpaque()
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
        memory.initializeMemory(as: UInt8.self, repeating: 7, count: 8)
        do {
            let provider = CGDataProvider(dataInfo: info, data: memory, size: 8) { info, data, size in
                Unmanaged<Flag>.fromOpaque(info!).takeUnretainedValue().releases += 1
                UnsafeMutableRawPointer(mutating: data).deallocate()
                _ = size
            }
            #expect(provider?.data == Data(repeating: 7, count: 8))
        }
        #expect(flag.releases == 1)
        Unmanaged<Flag>.fromOpaque(info).release()
    }
}
