import Foundation
import ImageIO
import TestSupport
import Testing

/// Images with known pixels, and ffmpeg's decodes of files: the outside judge of what ImageIO writes.
enum TestImages {
    /// A `width`×`height` RGBA gradient with straight (not premultiplied) alpha: red rises left to right, green top
    /// to bottom, blue along the diagonal; the right quarter is half transparent and the last column transparent.
    static func gradientRGBA(width: Int = 64, height: Int = 48) -> (image: CGImage, bytes: [UInt8]) {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                bytes[index] = UInt8(x * 255 / max(width - 1, 1))
                bytes[index + 1] = UInt8(y * 255 / max(height - 1, 1))
                bytes[index + 2] = UInt8((x + y) * 255 / max(width + height - 2, 1))
                bytes[index + 3] = x == width - 1 ? 0 : x >= width * 3 / 4 ? 128 : 255
            }
        }
        return (image(bytes, width: width, height: height, bitsPerPixel: 32, alpha: .last), bytes)
    }

    /// A smooth opaque RGB picture (24 bits a pixel), the kind JPEG compresses well.
    static func smoothRGB(width: Int = 64, height: Int = 48) -> (image: CGImage, bytes: [UInt8]) {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 3
                bytes[index] = UInt8(40 + x * 150 / width)
                bytes[index + 1] = UInt8(60 + y * 120 / height)
                bytes[index + 2] = UInt8(200 - (x + y) * 100 / (width + height))
            }
        }
        return (image(bytes, width: width, height: height, bitsPerPixel: 24, alpha: .none), bytes)
    }

    /// An sRGB image over `bytes`, 8 bits a component, rows packed.
    static func image(_ bytes: [UInt8], width: Int, height: Int, bitsPerPixel: Int, alpha: CGImageAlphaInfo,
                      space: CGColorSpace = CGColorSpace(name: CGColorSpace.sRGB)!) -> CGImage {
        let provider = CGDataProvider(data: Data(bytes))!
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: bitsPerPixel,
                       bytesPerRow: width * bitsPerPixel / 8, space: space,
                       bitmapInfo: CGBitmapInfo(rawValue: alpha.rawValue), provider: provider, decode: nil,
                       shouldInterpolate: true, intent: .defaultIntent)!
    }

    /// ffmpeg's decode of the image file at `url` as packed `pixelFormat` (`rgba`, `rgb24`, `gray`) rows.
    static func ffmpegDecode(_ url: URL, pixelFormat: String) throws -> [UInt8] {
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path,
                                                       "-sws_flags", "bicubic+accurate_rnd+full_chroma_int", "-f", "rawvideo",
                                                       "-pix_fmt", pixelFormat, "-"])
        return [UInt8](result.standardOutput)
    }

    /// ffprobe's codec name, width, height and pixel format of the image file at `url`.
    static func ffprobe(_ url: URL) throws -> (codec: String, width: Int, height: Int, pixelFormat: String) {
        let json = try ExternalTool.ffprobeJSON(["-show_streams", url.path])
        let stream = try #require((json["streams"] as? [[String: Any]])?.first)
        return (stream["codec_name"] as? String ?? "", stream["width"] as? Int ?? 0, stream["height"] as? Int ?? 0,
                stream["pix_fmt"] as? String ?? "")
    }

    /// The image's bytes, rows packed (its own row padding dropped).
    static func packedBytes(_ image: CGImage) -> [UInt8] {
        let data = [UInt8](image.dataProvider!.data!)
        let rowBytes = image.width * image.bitsPerPixel / 8
        return (0..<image.height).flatMap { row in data[row * image.bytesPerRow ..< row * image.bytesPerRow + rowBytes] }
    }

    /// Peak signal-to-noise ratio in dB of 8-bit samples `a` against `b` (infinity when equal).
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count && !a.isEmpty)
        let squared = zip(a, b).reduce(0.0) { sum, pair in
            let difference = Double(pair.0) - Double(pair.1)
            return sum + difference * difference
        }
        guard squared > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squared / Double(a.count)))
    }

    /// Every `stride`-th sample of `bytes` starting at `offset` (one channel of interleaved pixels).
    static func channel(_ bytes: [UInt8], offset: Int, stride: Int) -> [UInt8] {
        Swift.stride(from: offset, to: bytes.count, by: stride).map { bytes[$0] }
    }
}
