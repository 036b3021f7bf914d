import Foundation
import ImageIO
import TestSupport
import Testing
import UniformTypeIdentifiers

/// Animated GIFs written with CGImageDestination and read with CGImageSource, judged by ffprobe and ffmpeg's GIF
/// decoder, and GIFs ffmpeg (or the GIF89a grammar, byte by byte) wrote, read back.
@Suite("Animated GIF: written and read through ImageIO, judged by ffmpeg")
struct AnimatedGIFTests {
    /// `count` smooth, different RGB frames (a gradient that moves a little each frame; thousands of colours).
    static func smoothFrames(count: Int, width: Int = 64, height: Int = 48) -> [(image: CGImage, bytes: [UInt8])] {
        (0..<count).map { frame in
            var bytes = [UInt8](repeating: 0, count: width * height * 3)
            for y in 0..<height {
                for x in 0..<width {
                    let index = (y * width + x) * 3
                    bytes[index] = UInt8((x * 4 + frame * 20) % 256)
                    bytes[index + 1] = UInt8(y * 255 / (height - 1))
                    bytes[index + 2] = UInt8((x + y + frame * 10) * 2 % 256)
                }
            }
            return (TestImages.image(bytes, width: width, height: height, bitsPerPixel: 24, alpha: .none), bytes)
        }
    }

    /// Writes `images` as a GIF to `url`; whether `CGImageDestinationFinalize` succeeded.
    static func write(_ images: [CGImage], to url: URL, file: [CFString: Any]? = [kCGImagePropertyGIFLoopCount: 0],
                      frame: [CFString: Any] = [kCGImagePropertyGIFDelayTime: 0.1]) throws -> Bool {
        let destination = try #require(CGImageDestinationCreateWithURL(url as CFURL, UTType.gif.identifier as CFString,
                                                                       images.count, nil))
        if let file { CGImageDestinationSetProperties(destination, [kCGImagePropertyGIFDictionary: file] as CFDictionary) }
        for image in images {
            CGImageDestinationAddImage(destination, image, [kCGImagePropertyGIFDictionary: frame] as CFDictionary)
        }
        return CGImageDestinationFinalize(destination)
    }

    /// ffprobe's decoded frame count, width and height (`-count_frames`).
    static func probe(_ url: URL) throws -> (frames: Int, width: Int, height: Int, codec: String) {
        let json = try ExternalTool.ffprobeJSON(["-count_frames", "-select_streams", "v:0", "-show_streams", url.path])
        let stream = try #require((json["streams"] as? [[String: Any]])?.first)
        return (Int(stream["nb_read_frames"] as? String ?? "") ?? -1, stream["width"] as? Int ?? 0,
                stream["height"] as? Int ?? 0, stream["codec_name"] as? String ?? "")
    }

    /// ffprobe's packet durations in seconds (GIF's per-frame delays).
    static func delays(_ url: URL) throws -> [Double] {
        let json = try ExternalTool.ffprobeJSON(["-select_streams", "v:0", "-show_packets", url.path])
        let packets = try #require(json["packets"] as? [[String: Any]])
        return packets.map { Double($0["duration_time"] as? String ?? "") ?? -1 }
    }

    /// ffmpeg's decode of every frame as packed RGBA, one array a frame.
    static func ffmpegFrames(_ url: URL, width: Int, height: Int) throws -> [[UInt8]] {
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-vsync", "passthrough",
                                                       "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        let bytes = [UInt8](result.standardOutput)
        let size = width * height * 4
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<$0 + size]) }
    }

    /// The loop count in the file's NETSCAPE2.0 application extension, read from its bytes.
    static func netscapeLoopCount(_ bytes: [UInt8]) -> Int? {
        let marker = Array("NETSCAPE2.0".utf8)
        guard bytes.count > marker.count + 5 else { return nil }
        for start in 0..<(bytes.count - marker.count - 4) where Array(bytes[start..<start + marker.count]) == marker {
            let block = start + marker.count
            guard bytes[block] == 3, bytes[block + 1] == 1 else { return nil }
            return Int(bytes[block + 2]) | Int(bytes[block + 3]) << 8
        }
        return nil
    }

    /// Packed RGBA with the colour of fully transparent pixels set to zero.
    static func clearingTransparent(_ rgba: [UInt8]) -> [UInt8] {
        var pixels = rgba
        for alpha in stride(from: 3, to: pixels.count, by: 4) where pixels[alpha] == 0 {
            pixels.replaceSubrange(alpha - 3..<alpha, with: [0, 0, 0])
        }
        return pixels
    }

    /// The RGB of packed RGBA.
    static func rgb(_ rgba: [UInt8]) -> [UInt8] {
        stride(from: 0, to: rgba.count, by: 4).flatMap { rgba[$0..<$0 + 3] }
    }

    @Test("five smooth frames: ffprobe counts five 64x48 GIF frames, ffmpeg decodes each above 30 dB, loops forever")
    func writesAnimatedGIF() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("anim.gif")
        let frames = Self.smoothFrames(count: 5)
        #expect(try Self.write(frames.map(\.image), to: url))
        let probe = try Self.probe(url)
        #expect(probe.codec == "gif" && probe.frames == 5 && probe.width == 64 && probe.height == 48)
        let decoded = try Self.ffmpegFrames(url, width: 64, height: 48)
        try #require(decoded.count == 5)
        for (source, gif) in zip(frames, decoded) {
            let psnr = TestImages.psnr(Self.rgb(gif), source.bytes)
            #expect(psnr > 30, "PSNR \(psnr) dB")
            #expect(TestImages.channel(gif, offset: 3, stride: 4).allSatisfy { $0 == 255 })
        }
        #expect(Self.netscapeLoopCount([UInt8](try Data(contentsOf: url))) == 0)
        #expect(try Self.delays(url).allSatisfy { abs($0 - 0.1) < 0.0001 })
    }

    @Test("frames of at most 256 colours are written exactly")
    func fewColoursAreExact() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("exact.gif")
        // 200 distinct colours in each frame, different per frame.
        let frames = (0..<3).map { frame -> (image: CGImage, bytes: [UInt8]) in
            let bytes = (0..<(20 * 10)).flatMap { pixel -> [UInt8] in
                [UInt8(pixel), UInt8((pixel * 7 + frame * 50) % 256), UInt8(frame * 80)]
            }
            return (TestImages.image(bytes, width: 20, height: 10, bitsPerPixel: 24, alpha: .none), bytes)
        }
        #expect(try Self.write(frames.map(\.image), to: url, file: nil))
        let decoded = try Self.ffmpegFrames(url, width: 20, height: 10)
        #expect(decoded.map(Self.rgb) == frames.map(\.bytes))
        // No NETSCAPE2.0 block without a loop count.
        #expect(Self.netscapeLoopCount([UInt8](try Data(contentsOf: url))) == nil)
    }

    @Test("delays: UnclampedDelayTime wins and is stored in hundredths; DelayTime reads back clamped to 0.1 s")
    func delayTimes() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("fast.gif")
        let frames = Self.smoothFrames(count: 2, width: 16, height: 8).map(\.image)
        #expect(try Self.write(frames, to: url, file: [kCGImagePropertyGIFLoopCount: 3],
                               frame: [kCGImagePropertyGIFDelayTime: 0.1, kCGImagePropertyGIFUnclampedDelayTime: 0.04]))
        #expect(try Self.delays(url) == [0.04, 0.04])
        #expect(Self.netscapeLoopCount([UInt8](try Data(contentsOf: url))) == 3)
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 1, nil) as? [String: Any])
        let gif = try #require(properties[kCGImagePropertyGIFDictionary as String] as? [String: Any])
        #expect(gif[kCGImagePropertyGIFUnclampedDelayTime as String] as? Double == 0.04)
        #expect(gif[kCGImagePropertyGIFDelayTime as String] as? Double == 0.1)
        #expect(properties[kCGImagePropertyPixelWidth as String] as? Int == 16)

        let slow = directory.file("slow.gif")
        #expect(try Self.write(frames, to: slow, frame: [kCGImagePropertyGIFDelayTime: 0.25]))
        #expect(try Self.delays(slow) == [0.25, 0.25])
    }

    @Test("reading back what we wrote: count, type, loop count, delays, and frames equal to ffmpeg's decode")
    func readsBackOwnGIF() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("anim.gif")
        let frames = Self.smoothFrames(count: 4)
        #expect(try Self.write(frames.map(\.image), to: url, frame: [kCGImagePropertyGIFDelayTime: 0.2]))
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        #expect(CGImageSourceGetType(source) as String? == "com.compuserve.gif")
        #expect(CGImageSourceGetCount(source) == 4)
        #expect(CGImageSourceGetStatus(source) == .statusComplete)
        let file = try #require(CGImageSourceCopyProperties(source, nil) as? [String: Any])
        let gif = try #require(file[kCGImagePropertyGIFDictionary as String] as? [String: Any])
        #expect(gif[kCGImagePropertyGIFLoopCount as String] as? Int == 0)
        #expect(gif[kCGImagePropertyGIFHasGlobalColorMap as String] as? Bool == true)
        #expect(gif[kCGImagePropertyGIFCanvasPixelWidth as String] as? Int == 64)
        let info = try #require(gif[kCGImagePropertyGIFFrameInfoArray as String] as? [[String: Any]])
        #expect(info.map { $0[kCGImagePropertyGIFDelayTime as String] as? Double } == [0.2, 0.2, 0.2, 0.2])
        let decoded = try Self.ffmpegFrames(url, width: 64, height: 48)
        try #require(decoded.count == 4)
        // Out of order on purpose: the cached canvas must not leak into an earlier frame.
        for index in [0, 1, 2, 3, 1, 0, 3] {
            let image = try #require(CGImageSourceCreateImageAtIndex(source, index, nil))
            #expect(image.width == 64 && image.height == 48 && image.alphaInfo == .last)
            #expect(TestImages.packedBytes(image) == decoded[index], "frame \(index)")
        }
        #expect(CGImageSourceCreateImageAtIndex(source, 4, nil) == nil)
        #expect(CGImageSourceCopyPropertiesAtIndex(source, 4, nil) == nil)
    }

    @Test("a GIF ffmpeg wrote from testsrc (sub-rectangles and transparency between frames) reads as ffmpeg decodes it")
    func readsFFmpegGIF() throws {
        let url = try TestFiles.ffmpegMedia("testsrc-anim.gif", folder: "gif", recipe: [
            "-f", "lavfi", "-i", "testsrc=size=96x64:rate=10:duration=1.5", "-loop", "2",
        ])
        let probe = try Self.probe(url)
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        #expect(CGImageSourceGetCount(source) == probe.frames && probe.frames == 15)
        let file = try #require(CGImageSourceCopyProperties(source, nil) as? [String: Any])
        let gif = try #require(file[kCGImagePropertyGIFDictionary as String] as? [String: Any])
        #expect(gif[kCGImagePropertyGIFLoopCount as String] as? Int == 2)
        let decoded = try Self.ffmpegFrames(url, width: 96, height: 64)
        try #require(decoded.count == 15)
        for index in 0..<15 {
            let image = try #require(CGImageSourceCreateImageAtIndex(source, index, nil))
            #expect(Self.rgb(TestImages.packedBytes(image)) == Self.rgb(decoded[index]), "frame \(index)")
        }
    }

    @Test("a GIF ffmpeg wrote with a transparent palette entry: alpha and colours as ffmpeg decodes them")
    func readsFFmpegTransparentGIF() throws {
        let url = try TestFiles.ffmpegMedia("moving-box.gif", folder: "gif", recipe: [
            "-filter_complex", "color=c=black@0.0:s=48x32:r=10:d=1,format=rgba[bg];"
                + "testsrc=s=16x16:r=10:d=1,format=rgba[fg];[bg][fg]overlay=x='t*30':y=8:format=auto,split[a][b];"
                + "[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse=alpha_threshold=128",
        ])
        let probe = try Self.probe(url)
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        #expect(CGImageSourceGetCount(source) == probe.frames && probe.frames == 10)
        let decoded = try Self.ffmpegFrames(url, width: 48, height: 32)
        try #require(decoded.count == 10)
        for index in 0..<10 {
            let ours = TestImages.packedBytes(try #require(CGImageSourceCreateImageAtIndex(source, index, nil)))
            // Transparent in both, or the same opaque colour.
            let theirs = decoded[index]
            let agree = stride(from: 0, to: ours.count, by: 4).allSatisfy { (pixel: Int) -> Bool in
                let alpha: UInt8 = ours[pixel + 3]
                guard alpha == theirs[pixel + 3] else { return false }
                return alpha == 0 || Array(ours[pixel..<pixel + 3]) == Array(theirs[pixel..<pixel + 3])
            }
            #expect(agree, "frame \(index)")
            #expect(ours.enumerated().contains { $0.offset % 4 == 3 && $0.element == 0 }, "frame \(index) has transparency")
        }
    }

    @Test("disposal methods, transparency, offsets and interlacing composite as ffmpeg's decoder composites them")
    func compositesHandMadeGIF() throws {
        // An 8x6 canvas. Frame 0 fills it red; frame 1 draws a green 4x2 box at (2,1) with a transparent column and
        // is restored to background; frame 2 draws blue 2x2 at (5,3), restored to previous; frame 3 draws an
        // interlaced white 3x5 column at (0,1).
        let frames: [HandMadeGIF.Frame] = [
            .init(width: 8, height: 6, indices: [UInt8](repeating: 0, count: 48), disposal: 1),
            .init(left: 2, top: 1, width: 4, height: 2, indices: [1, 3, 1, 1, 1, 3, 1, 1], transparentIndex: 3, disposal: 2),
            .init(left: 5, top: 3, width: 2, height: 2, indices: [2, 2, 2, 2], disposal: 3),
            .init(left: 0, top: 1, width: 3, height: 5, indices: [UInt8](repeating: 3, count: 15), disposal: 1,
                  interlaced: true),
        ]
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("hand.gif")
        try HandMadeGIF.file(width: 8, height: 6, frames: frames).write(to: url)
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        #expect(CGImageSourceGetCount(source) == 4)
        let decoded = try Self.ffmpegFrames(url, width: 8, height: 6)
        try #require(decoded.count == 4)
        let ours = try (0..<4).map { TestImages.packedBytes(try #require(CGImageSourceCreateImageAtIndex(source, $0, nil))) }
        // ffmpeg leaves white in the colour of the pixels it clears to transparent; alpha 0 is alpha 0.
        for index in 0..<4 { #expect(Self.clearingTransparent(ours[index]) == Self.clearingTransparent(decoded[index]), "frame \(index)") }
        // And by the rules themselves: frame 1's box was cleared to transparent before frame 2, frame 2's blue was
        // removed again before frame 3; the transparent column of frame 1 shows frame 0's red.
        func pixel(_ frame: Int, _ x: Int, _ y: Int) -> [UInt8] { Array(ours[frame][(y * 8 + x) * 4 ..< (y * 8 + x) * 4 + 4]) }
        #expect(pixel(1, 2, 1) == [0, 255, 0, 255] && pixel(1, 3, 1) == [255, 0, 0, 255])
        #expect(pixel(2, 2, 1) == [0, 0, 0, 0] && pixel(2, 5, 3) == [0, 0, 255, 255])
        #expect(pixel(3, 5, 3) == [255, 0, 0, 255] && pixel(3, 0, 5) == [255, 255, 255, 255] && pixel(3, 0, 0) == [255, 0, 0, 255])
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: Any])
        let gif = try #require(properties[kCGImagePropertyGIFDictionary as String] as? [String: Any])
        #expect(gif[kCGImagePropertyGIFUnclampedDelayTime as String] as? Double == 0.1)
    }

    @Test("RGBA frames: pixels below half alpha become the transparent index, as ffmpeg decodes them")
    func writesTransparency() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("alpha.gif")
        let (image, bytes) = TestImages.gradientRGBA()
        let (second, _) = TestImages.gradientRGBA()
        #expect(try Self.write([image, second], to: url))
        let decoded = try Self.ffmpegFrames(url, width: 64, height: 48)
        try #require(decoded.count == 2)
        for frame in decoded {
            let alphaMatches = stride(from: 3, to: bytes.count, by: 4).allSatisfy { frame[$0] == (bytes[$0] >= 128 ? 255 : 0) }
            #expect(alphaMatches)
            let opaque = stride(from: 0, to: bytes.count, by: 4).filter { bytes[$0 + 3] >= 128 }
            let psnr = TestImages.psnr(opaque.flatMap { frame[$0..<$0 + 3] }, opaque.flatMap { bytes[$0..<$0 + 3] })
            #expect(psnr > 30, "PSNR \(psnr) dB")
        }
    }

    @Test("HasGlobalColorMap: true writes one global table, false none; both decode in ffmpeg", arguments: [true, false])
    func globalColorMap(shared: Bool) throws {
        let data = NSMutableData()
        let destination = try #require(CGImageDestinationCreateWithData(data, "com.compuserve.gif" as CFString, 3, nil))
        CGImageDestinationSetProperties(destination, [kCGImagePropertyGIFDictionary: [kCGImagePropertyGIFHasGlobalColorMap: shared]]
            as CFDictionary)
        let frames = Self.smoothFrames(count: 3)
        frames.forEach { CGImageDestinationAddImage(destination, $0.image, nil) }
        #expect(CGImageDestinationFinalize(destination))
        let bytes = [UInt8](data as Data)
        // The logical screen descriptor's packed byte (GIF89a §18): bit 7 is the global colour table flag.
        #expect(bytes.count > 13 && (bytes[10] & 0x80 != 0) == shared)
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("palette.gif")
        try (data as Data).write(to: url)
        let decoded = try Self.ffmpegFrames(url, width: 64, height: 48)
        try #require(decoded.count == 3)
        for (source, gif) in zip(frames, decoded) {
            let psnr = TestImages.psnr(Self.rgb(gif), source.bytes)
            #expect(psnr > (shared ? 25 : 30), "PSNR \(psnr) dB")
        }
        let source = try #require(CGImageSourceCreateWithData(data as Data, nil))
        let file = try #require(CGImageSourceCopyProperties(source, nil) as? [String: Any])
        let gif = try #require(file[kCGImagePropertyGIFDictionary as String] as? [String: Any])
        #expect(gif[kCGImagePropertyGIFHasGlobalColorMap as String] as? Bool == shared)
    }

    @Test("a caller's kCGImagePropertyGIFImageColorMap is refused, not silently replaced, and no file is left")
    func colorMapRefused() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("palette.gif")
        let palette = Data((0..<256).flatMap { [UInt8($0), UInt8($0), UInt8($0)] })
        #expect(try !Self.write(Self.smoothFrames(count: 2).map(\.image), to: url,
                                frame: [kCGImagePropertyGIFDelayTime: 0.1, kCGImagePropertyGIFImageColorMap: palette]))
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(try Self.write(Self.smoothFrames(count: 2).map(\.image), to: url))
    }

    @Test("destination misuse: no frames, fewer frames than declared, a zero count")
    func destinationMisuse() throws {
        let data = NSMutableData()
        #expect(CGImageDestinationCreateWithData(data, UTType.gif.identifier as CFString, 0, nil) == nil)
        let short = try #require(CGImageDestinationCreateWithData(data, UTType.gif.identifier as CFString, 3, nil))
        CGImageDestinationAddImage(short, Self.smoothFrames(count: 1)[0].image, nil)
        #expect(!CGImageDestinationFinalize(short))
        #expect(data.length == 0)
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("keep.gif")
        try Data("old".utf8).write(to: url)
        let empty = try #require(CGImageDestinationCreateWithURL(url as CFURL, UTType.gif.identifier as CFString, 1, nil))
        #expect(!CGImageDestinationFinalize(empty))
        #expect(try Data(contentsOf: url) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["keep.gif"])
    }

    @Test("damaged GIFs fail cleanly: truncated, bad LZW, huge canvas or frame, no frames, frames off the canvas")
    func badInput() throws {
        let frame = HandMadeGIF.Frame(width: 4, height: 2, indices: [0, 1, 2, 3, 3, 2, 1, 0])
        let good = HandMadeGIF.file(width: 4, height: 2, frames: [frame, frame])
        let goodSource = try #require(CGImageSourceCreateWithData(good, nil))
        #expect(CGImageSourceGetCount(goodSource) == 2 && CGImageSourceGetStatus(goodSource) == .statusComplete)

        // Cut inside the second frame's data: the first frame still reads, the second is not counted.
        let truncated = try #require(CGImageSourceCreateWithData(good.prefix(good.count - 4), nil))
        #expect(CGImageSourceGetCount(truncated) == 1)
        #expect(CGImageSourceGetStatus(truncated) == .statusUnexpectedEOF)
        #expect(CGImageSourceCreateImageAtIndex(truncated, 0, nil) != nil)
        #expect(CGImageSourceCreateImageAtIndex(truncated, 1, nil) == nil)
        // Every shorter prefix: never a trap.
        for length in 0..<good.count {
            let source = try #require(CGImageSourceCreateWithData(good.prefix(length), nil))
            for index in 0..<3 { _ = CGImageSourceCreateImageAtIndex(source, index, nil) }
        }

        // The end-of-information code after one pixel of eight.
        var damaged = frame
        damaged.codes = [4, 0, 5]
        let badLZW = try #require(CGImageSourceCreateWithData(HandMadeGIF.file(width: 4, height: 2, frames: [damaged]), nil))
        #expect(CGImageSourceGetCount(badLZW) == 1)
        #expect(CGImageSourceCreateImageAtIndex(badLZW, 0, nil) == nil)
        #expect(CGImageSourceGetStatusAtIndex(badLZW, 0) == .statusInvalidData)

        // A 65535x65535 canvas is refused before anything is allocated for it.
        let huge = try #require(CGImageSourceCreateWithData(HandMadeGIF.file(width: 65_535, height: 65_535, frames: [frame]), nil))
        #expect(CGImageSourceGetType(huge) as String? == "com.compuserve.gif")
        #expect(CGImageSourceGetCount(huge) == 0 && CGImageSourceCreateImageAtIndex(huge, 0, nil) == nil)
        #expect(CGImageSourceGetStatus(huge) == .statusInvalidData)
        // So is a frame that declares 65535x65535 on a small canvas.
        var hugeFrame = frame
        (hugeFrame.width, hugeFrame.height) = (65_535, 65_535)
        let hugeFrameSource = try #require(CGImageSourceCreateWithData(HandMadeGIF.file(width: 4, height: 2, frames: [hugeFrame]), nil))
        #expect(CGImageSourceGetCount(hugeFrameSource) == 0 && CGImageSourceCreateImageAtIndex(hugeFrameSource, 0, nil) == nil)

        // No frames at all.
        let empty = try #require(CGImageSourceCreateWithData(HandMadeGIF.file(width: 4, height: 2, frames: []), nil))
        #expect(CGImageSourceGetCount(empty) == 0 && CGImageSourceCreateImageAtIndex(empty, 0, nil) == nil)
        #expect(CGImageSourceGetStatus(empty) == .statusInvalidData)

        // A frame partly and one wholly outside the canvas: clipped, the canvas size kept.
        var partly = frame
        (partly.left, partly.top) = (2, 1)
        var outside = frame
        (outside.left, outside.top) = (100, 100)
        let offCanvas = try #require(CGImageSourceCreateWithData(HandMadeGIF.file(width: 4, height: 2, frames: [partly, outside]), nil))
        let clipped = try #require(CGImageSourceCreateImageAtIndex(offCanvas, 0, nil))
        #expect(clipped.width == 4 && clipped.height == 2)
        #expect(TestImages.packedBytes(clipped) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                                    0, 0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 255, 0, 255, 0, 255])
        #expect(TestImages.packedBytes(try #require(CGImageSourceCreateImageAtIndex(offCanvas, 1, nil)))
            == TestImages.packedBytes(clipped))

        // No colour table anywhere.
        let noPalette = try #require(CGImageSourceCreateWithData(HandMadeGIF.file(width: 4, height: 2, globalPalette: nil,
                                                                                     frames: [frame]), nil))
        #expect(CGImageSourceCreateImageAtIndex(noPalette, 0, nil) == nil)
    }
}
