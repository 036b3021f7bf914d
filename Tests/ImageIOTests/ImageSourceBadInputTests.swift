import Foundation
import ImageIO
import TestSupport
import Testing

@Suite("CGImageSource: bad input gives nil and a status, never a crash")
struct ImageSourceBadInputTests {
    static func file(_ name: String) throws -> Data {
        try Data(contentsOf: ImageSourceTests.ffmpegImage(name, pixelFormat: name.hasSuffix(".png") ? "rgb24" : nil))
    }

    @Test("a file cut short decodes to nil", arguments: ["rgb24.png", "testsrc-blurred.jpg"])
    func truncated(name: String) throws {
        let whole = try Self.file(name)
        for length in [whole.count / 2, whole.count - 20] {
            let source = try #require(CGImageSourceCreateWithData(whole.prefix(length) as CFData, nil))
            #expect(CGImageSourceCreateImageAtIndex(source, 0, nil) == nil, "\(name) cut to \(length) bytes")
            #expect(CGImageSourceGetStatus(source) != .statusComplete)
        }
        // Only the signature: the type is known, the header is not there.
        let stub = try #require(CGImageSourceCreateWithData(whole.prefix(8) as CFData, nil))
        #expect(CGImageSourceGetCount(stub) == 0 && CGImageSourceCreateImageAtIndex(stub, 0, nil) == nil)
        #expect(CGImageSourceCopyPropertiesAtIndex(stub, 0, nil) == nil)
    }

    @Test("corrupt compressed data decodes to nil", arguments: ["rgb24.png", "testsrc-blurred.jpg"])
    func corrupt(name: String) throws {
        var bytes = [UInt8](try Self.file(name))
        // Overwrite a run in the middle of the compressed data (PNG: its CRC no longer matches; JPEG: the entropy-coded
        // data stops making sense, which TurboJPEG reports as an error or as a warning we refuse).
        for index in bytes.count / 2 ..< bytes.count / 2 + 64 { bytes[index] = name.hasSuffix(".png") ? 0x5A : 0xFF }
        let source = try #require(CGImageSourceCreateWithData(Data(bytes) as CFData, nil))
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil) == nil)
        #expect(CGImageSourceGetStatus(source) != .statusComplete)
    }

    @Test("bytes of no known type make a source with no type and no images",
          arguments: [Data(), Data("hello, world: not an image at all".utf8), Data(repeating: 0xFF, count: 3)])
    func unknown(bytes: Data) throws {
        let source = try #require(CGImageSourceCreateWithData(bytes as CFData, nil))
        #expect(CGImageSourceGetType(source) == nil && CGImageSourceGetCount(source) == 0)
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil) == nil)
        #expect(CGImageSourceGetStatus(source) != .statusComplete)
    }

    @Test("a HEIC file is recognised by its brand but not decoded (libheif is not used; see the README)")
    func heicIsRecognised() throws {
        var bytes: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
        bytes += [UInt8](repeating: 0, count: 32)
        let source = try #require(CGImageSourceCreateWithData(Data(bytes) as CFData, nil))
        #expect(CGImageSourceGetType(source) == "public.heic")
        #expect(CGImageSourceGetCount(source) == 0 && CGImageSourceCreateImageAtIndex(source, 0, nil) == nil)
    }

    @Test("a PNG whose header claims 60000×60000 pixels is refused before any pixel memory is taken")
    func hugeDimensions() throws {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // IHDR: 60000×60000, 8-bit RGBA, with its CRC computed here (ISO/IEC 15948 §5.3).
        let ihdr: [UInt8] = Array("IHDR".utf8) + [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60, 8, 6, 0, 0, 0]
        png += [0, 0, 0, 13] + ihdr + Self.bigEndian(Self.crc32(ihdr))
        let idat: [UInt8] = Array("IDAT".utf8) + [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]
        png += [0, 0, 0, 8] + idat + Self.bigEndian(Self.crc32(idat))
        let iend: [UInt8] = Array("IEND".utf8)
        png += [0, 0, 0, 0] + iend + Self.bigEndian(Self.crc32(iend))
        let source = try #require(CGImageSourceCreateWithData(Data(png) as CFData, nil))
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: Any])
        #expect(properties[kCGImagePropertyPixelWidth as String] as? Int == 60_000)
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil) == nil)
    }

    @Test("a missing file gives no source; an index past the last image gives nil")
    func missingAndOutOfRange() throws {
        #expect(CGImageSourceCreateWithURL(URL(fileURLWithPath: "/nonexistent/image.png") as CFURL, nil) == nil)
        let source = try #require(CGImageSourceCreateWithData(try Self.file("rgb24.png") as CFData, nil))
        #expect(CGImageSourceCreateImageAtIndex(source, 1, nil) == nil && CGImageSourceCreateImageAtIndex(source, -1, nil) == nil)
        #expect(CGImageSourceCopyPropertiesAtIndex(source, 1, nil) == nil)
    }

    @Test("randomly damaged files never crash: each decodes to nil or to an image of the header's size",
          arguments: ["rgb24.png", "rgba.png", "testsrc-blurred.jpg"])
    func mutations(name: String) throws {
        let original = [UInt8](try Data(contentsOf: ImageSourceTests.ffmpegImage(name,
            pixelFormat: name.hasSuffix(".png") ? String(name.dropLast(4)) : nil)))
        let seed = UInt64(ProcessInfo.processInfo.environment["IMAGEIO_MUTATION_SEED"] ?? "") ?? 0x1_3A6E
        print("ImageIO mutations of \(name): seed \(seed) (IMAGEIO_MUTATION_SEED replays)")
        var random = SplitMix64(seed: seed)
        for round in 0..<60 {
            var bytes = original
            for _ in 0..<(1 + Int(random.next() % 8)) {
                bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            if round % 5 == 0 { bytes.removeLast(Int(random.next() % UInt64(bytes.count))) }
            let source = try #require(CGImageSourceCreateWithData(Data(bytes) as CFData, nil))
            let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil)
            if let image = CGImageSourceCreateImageAtIndex(source, 0, nil) {
                #expect(properties?[kCGImagePropertyPixelWidth] as? Int == image.width, "round \(round)")
                #expect(properties?[kCGImagePropertyPixelHeight] as? Int == image.height, "round \(round)")
                #expect(image.dataProvider!.data!.count >= image.bytesPerRow * image.height, "round \(round)")
            }
        }
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 as PNG chunks use it (ISO 3309, reflected polynomial 0xEDB88320), bit by bit: a test needs no speed.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

