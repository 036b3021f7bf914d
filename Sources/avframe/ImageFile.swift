// Writing a generator's image as a file. Everything the tool writes goes through `writeImage(_:to:quality:)`:
// PNG and JPEG through ImageIO (libpng, libjpeg-turbo), the raw forms (.ppm, .bgra) by hand.
import AVFoundation
import Foundation
import ImageIO
import UniformTypeIdentifiers

/// The image file formats the tool writes, chosen by the output's extension.
enum ImageFileType: String, CaseIterable {
    case png, jpeg, ppm, bgra

    init?(extension: String) {
        switch `extension`.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "ppm": self = .ppm
        case "bgra": self = .bgra
        default: return nil
        }
    }
}

struct ImageFileError: Error, CustomStringConvertible {
    let description: String
}

/// Writes `image` to `url` in the format its extension names; `quality` (0…1) is JPEG's.
func writeImage(_ image: CGImage, to url: URL, quality: Double) throws {
    guard let type = ImageFileType(extension: url.pathExtension) else {
        throw ImageFileError(description: "unknown image type .\(url.pathExtension): use .png, .jpg, .ppm or .bgra")
    }
    guard let pixels = image.dataProvider?.data, pixels.count >= image.height * image.bytesPerRow else {
        throw ImageFileError(description: "an image without pixels")
    }
    switch type {
    case .bgra: try writeFile(pixels, to: url)
    case .ppm: try writeFile(PortablePixmap.encode(image, pixels), to: url)
    case .png, .jpeg:
        let uti = type == .png ? UTType.png : UTType.jpeg
        guard let destination = CGImageDestinationCreateWithURL(url as CFURL, uti.identifier as CFString, 1, nil) else {
            throw ImageFileError(description: "cannot write \(uti.identifier) to \(url.path)")
        }
        CGImageDestinationAddImage(destination, image,
                                   [kCGImageDestinationLossyCompressionQuality: quality] as CFDictionary)
        guard CGImageDestinationFinalize(destination) else {
            throw ImageFileError(description: "cannot write \(url.path)")
        }
    }
}

/// Writes `bytes` to `url` with plain write(2)s. Not `Data.write(to:)`: Foundation on Linux fsyncs every file it
/// writes, and a hundred fsyncs behind another process's disk traffic stalled a 6 s batch for over a minute.
/// An image file needs no more durability than ffmpeg's, which are not synced either.
func writeFile(_ bytes: Data, to url: URL) throws {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
        throw ImageFileError(description: "cannot create \(url.path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    try bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw ImageFileError(description: "cannot write \(url.path): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}

/// Netpbm P6 (a text header, then R, G, B per pixel): the simplest file shell scripts read.
enum PortablePixmap {
    /// The image's R, G, B bytes, row after row (the generator's pixels are B, G, R, unused, little-endian words).
    static func rgbRows(_ image: CGImage, _ pixels: Data) -> Data {
        var out = Data(capacity: image.height * (image.width * 3 + 1))
        pixels.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            var line = [UInt8](repeating: 0, count: image.width * 3)
            for row in 0..<image.height {
                let start = row * image.bytesPerRow
                for x in 0..<image.width {
                    line[x * 3] = source[start + x * 4 + 2]
                    line[x * 3 + 1] = source[start + x * 4 + 1]
                    line[x * 3 + 2] = source[start + x * 4]
                }
                out.append(contentsOf: line)
            }
        }
        return out
    }

    static func encode(_ image: CGImage, _ pixels: Data) -> Data {
        Data("P6\n\(image.width) \(image.height)\n255\n".utf8) + rgbRows(image, pixels)
    }
}
