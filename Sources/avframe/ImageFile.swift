// Writing a generator's image as a file. Everything the tool writes goes through `writeImage(_:to:quality:)`.
//
// TODO(issue 13): when the ImageIO module (branch image-io) is merged, `writeImage` becomes
// CGImageDestinationCreateWithURL + AddImage (with kCGImageDestinationLossyCompressionQuality) + Finalize, on
// libpng and libjpeg-turbo, and the two stopgaps below go. Until then only what main has is used: PNG is written
// uncompressed (stored deflate blocks: a valid PNG every reader opens, about as large as the raw pixels), JPEG
// through AVAssetWriter's Motion-JPEG encoder (FFmpeg's mjpeg; a one-frame movie's only sample is a baseline
// JPEG file).
import AVFoundation
import Foundation

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
    let bytes: Data
    switch type {
    case .bgra: bytes = pixels
    case .ppm: bytes = StoredPNG.ppm(image, pixels)
    case .png: bytes = StoredPNG.encode(image, pixels)
    case .jpeg: bytes = try MotionJPEGStill.encode(image, pixels, quality: quality)
    }
    try writeFile(bytes, to: url)
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

/// PNG (ISO/IEC 15948) with the image data in stored deflate blocks (RFC 1951 §3.2.4): no compression, so no
/// codec library is needed.
enum StoredPNG {
    /// The image's R, G, B bytes, row after row (the generator's pixels are B, G, R, unused, little-endian words).
    static func rgbRows(_ image: CGImage, _ pixels: Data, filterBytes: Bool) -> Data {
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
                if filterBytes { out.append(0) } // filter type 0: none
                out.append(contentsOf: line)
            }
        }
        return out
    }

    /// Netpbm P6: a text header, then R, G, B per pixel.
    static func ppm(_ image: CGImage, _ pixels: Data) -> Data {
        Data("P6\n\(image.width) \(image.height)\n255\n".utf8) + rgbRows(image, pixels, filterBytes: false)
    }

    static func encode(_ image: CGImage, _ pixels: Data) -> Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        header.append(contentsOf: [8, 2, 0, 0, 0]) // 8 bits, truecolour, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", zlibStored(rgbRows(image, pixels, filterBytes: true)), to: &png)
        appendChunk("IEND", Data(), to: &png)
        return png
    }

    /// A zlib stream (RFC 1950) of stored blocks of at most 65,535 bytes each.
    static func zlibStored(_ data: Data) -> Data {
        var out = Data([0x78, 0x01])
        out.reserveCapacity(data.count + data.count / 65_535 * 5 + 16)
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isLast = offset + length == data.count
            out.append(isLast ? 1 : 0)
            out.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8),
                                    UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)])
            out.append(data[(data.startIndex + offset)..<(data.startIndex + offset + length)])
            offset += length
        } while offset < data.count
        out.appendBigEndian(adler32(data))
        return out
    }

    static func appendChunk(_ type: String, _ body: Data, to png: inout Data) {
        png.appendBigEndian(UInt32(body.count))
        let typed = Data(type.utf8) + body
        png.append(typed)
        png.appendBigEndian(crc32(typed))
    }

    static func adler32(_ data: Data) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            // 5552 bytes is the most that can be summed before the 32-bit sums must be reduced (RFC 1950 §9).
            var index = 0
            while index < bytes.count {
                let end = min(bytes.count, index + 5552)
                while index < end {
                    a &+= UInt32(bytes[index])
                    b &+= a
                    index += 1
                }
                a %= 65_521
                b %= 65_521
            }
        }
        return b << 16 | a
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}

/// A JPEG made by AVAssetWriter's JPEG encoder: the image written as a one-frame Motion-JPEG QuickTime movie in a
/// temporary folder, whose one sample (a complete baseline JPEG) is read back through a passthrough reader output.
enum MotionJPEGStill {
    static func encode(_ image: CGImage, _ pixels: Data, quality: Double) throws -> Data {
        // 4:2:0 JPEG needs even dimensions (the writer refuses odd ones); the last column or row is repeated.
        let width = image.width + image.width % 2, height = image.height + image.height % 2
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("avframe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let movie = folder.appendingPathComponent("still.mov")

        let writer = try AVAssetWriter(outputURL: movie, fileType: .mov)
        let input = AVAssetWriterInput(mediaType: .video, outputSettings: [
            AVVideoCodecKey: AVVideoCodecType.jpeg, AVVideoWidthKey: width, AVVideoHeightKey: height,
            AVVideoCompressionPropertiesKey: [AVVideoQualityKey: quality],
            // JPEG files are BT.601 Y′CbCr by definition (JFIF); the image's BT.709 primaries and transfer stay.
            AVVideoColorPropertiesKey: [AVVideoColorPrimariesKey: AVVideoColorPrimaries_ITU_R_709_2,
                                        AVVideoTransferFunctionKey: AVVideoTransferFunction_ITU_R_709_2,
                                        AVVideoYCbCrMatrixKey: AVVideoYCbCrMatrix_ITU_R_601_4],
        ])
        input.expectsMediaDataInRealTime = false
        let adaptor = AVAssetWriterInputPixelBufferAdaptor(assetWriterInput: input, sourcePixelBufferAttributes: [
            kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA,
            kCVPixelBufferWidthKey as String: width, kCVPixelBufferHeightKey as String: height,
        ])
        writer.add(input)
        guard writer.startWriting() else { throw writer.error ?? ImageFileError(description: "JPEG: the writer did not start") }
        writer.startSession(atSourceTime: .zero)
        guard let buffer = try pixelBuffer(image, pixels, width: width, height: height) else {
            throw ImageFileError(description: "JPEG: no pixel buffer")
        }
        while !input.isReadyForMoreMediaData { Thread.sleep(forTimeInterval: 0.001) }
        guard adaptor.append(buffer, withPresentationTime: .zero) else {
            throw writer.error ?? ImageFileError(description: "JPEG: the frame was refused")
        }
        input.markAsFinished()
        let done = DispatchSemaphore(value: 0)
        writer.finishWriting { done.signal() }
        done.wait()
        guard writer.status == .completed else { throw writer.error ?? ImageFileError(description: "JPEG: writing failed") }

        let asset = AVURLAsset(url: movie)
        guard let track = asset.tracks(withMediaType: .video).first else { throw ImageFileError(description: "JPEG: no track") }
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
        reader.add(output)
        guard reader.startReading(), let sample = output.copyNextSampleBuffer(),
              let block = CMSampleBufferGetDataBuffer(sample) else {
            throw reader.error ?? ImageFileError(description: "JPEG: the encoded frame could not be read back")
        }
        var bytes = Data(count: CMBlockBufferGetDataLength(block))
        let status = bytes.withUnsafeMutableBytes { destination in
            CMBlockBufferCopyDataBytes(block, atOffset: 0, dataLength: destination.count, destination: destination.baseAddress!)
        }
        guard status == noErr else { throw ImageFileError(description: "JPEG: reading the frame failed (\(status))") }
        if width != image.width || height != image.height {
            try setFrameSize(of: &bytes, width: image.width, height: image.height)
        }
        return bytes
    }

    /// Writes the image's true size into the JPEG's start-of-frame header (ITU-T T.81 §B.2.2: Y and X follow the
    /// marker, its length and the sample precision). The padding column or row stays in the last blocks, which a
    /// decoder crops, as it crops any partial block.
    private static func setFrameSize(of jpeg: inout Data, width: Int, height: Int) throws {
        var index = jpeg.startIndex + 2
        while index + 9 < jpeg.endIndex, jpeg[index] == 0xFF {
            let marker = jpeg[index + 1]
            let length = Int(jpeg[index + 2]) << 8 | Int(jpeg[index + 3])
            if (0xC0...0xC2).contains(marker) {
                jpeg[index + 5] = UInt8(height >> 8)
                jpeg[index + 6] = UInt8(height & 0xFF)
                jpeg[index + 7] = UInt8(width >> 8)
                jpeg[index + 8] = UInt8(width & 0xFF)
                return
            }
            index += 2 + length
        }
        throw ImageFileError(description: "JPEG: the encoder's output has no start-of-frame header")
    }

    /// The image's pixels in a BGRA pixel buffer of `width` x `height` (the last column and row repeated to fill).
    private static func pixelBuffer(_ image: CGImage, _ pixels: Data, width: Int, height: Int) throws -> CVPixelBuffer? {
        var made: CVPixelBuffer?
        CVPixelBufferCreate(nil, width, height, kCVPixelFormatType_32BGRA, nil, &made)
        guard let buffer = made else { return nil }
        CVPixelBufferLockBaseAddress(buffer, [])
        defer { CVPixelBufferUnlockBaseAddress(buffer, []) }
        guard let base = CVPixelBufferGetBaseAddress(buffer) else { return nil }
        let rowBytes = CVPixelBufferGetBytesPerRow(buffer)
        pixels.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            for row in 0..<height {
                let sourceRow = min(row, image.height - 1) * image.bytesPerRow
                let target = base.advanced(by: row * rowBytes)
                target.copyMemory(from: source.baseAddress!.advanced(by: sourceRow), byteCount: image.width * 4)
                if width > image.width {
                    target.advanced(by: image.width * 4)
                        .copyMemory(from: source.baseAddress!.advanced(by: sourceRow + (image.width - 1) * 4), byteCount: 4)
                }
            }
        }
        return buffer
    }
}

extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }
}
