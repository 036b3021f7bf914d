import Foundation
import Testing
import CoreMedia
import CoreVideo
import TestSupport
@testable import MediaCodecs

/// The payload of the first box of `type` in a file ffmpeg wrote (found by its four-character code; test-side
/// only, so our own demuxer is not the judge).
func boxPayload(_ type: String, in url: URL) throws -> [UInt8] {
    let bytes = [UInt8](try Data(contentsOf: url))
    let code = Array(type.utf8)
    for index in 4..<(bytes.count - 4) where Array(bytes[index..<(index + 4)]) == code {
        let size = bytes[(index - 4)..<index].reduce(0) { $0 << 8 | Int($1) }
        guard size >= 8, index - 4 + size <= bytes.count else { continue }
        return Array(bytes[(index + 4)..<(index - 4 + size)])
    }
    throw TestFailure("no \(type) box in \(url.lastPathComponent)")
}

@Suite("Magic cookies as the container stores them; colour tags; zero copy")
struct CookieAndColorTests {
    @Test("the codec boxes ffmpeg's muxer wrote, as demuxers hand them over, decode: esds, alac, dOps, dfLa")
    func containerCookies() throws {
        let cases: [(String, AudioFormatID, UInt32, String, ([UInt8]) -> [UInt8])] = [
            // esds: the cookie is the payload after version/flags.
            ("aac-lc-stereo.m4a", kAudioFormatMPEG4AAC, 1024, "esds", { Array($0.dropFirst(4)) }),
            // alac: Apple's wrapped form, the whole 'alac' atom (size, type, version/flags, config).
            ("alac-stereo.m4a", kAudioFormatAppleLossless, 4096, "alac", { payload in
                let size = UInt32(payload.count + 8)
                return withUnsafeBytes(of: size.bigEndian) { Array($0) } + Array("alac".utf8) + payload
            }),
            ("opus-stereo.mp4", kAudioFormatOpus, 960, "dOps", { $0 }),
            ("flac-stereo.mp4", kAudioFormatFLAC, 0, "dfLa", { $0 }),
        ]
        for (name, format, frames, box, cookie) in cases {
            let url = try TestMedia.file(name)
            let stream = try ProbedStream(url, kind: "a")
            var payload = try boxPayload(box, in: url)
            if box == "alac" {
                // The sample entry is also called 'alac'; the codec box is the one inside it (36 bytes).
                payload = try #require(try findInnerALAC(url))
            }
            let description = try stream.audioFormatDescription(formatID: format, framesPerPacket: frames, cookie: cookie(payload))
            let output = try decodeAudio(try stream.audioSampleBuffers(format: description))
            #expect(output.reduce(0) { $0 + CMSampleBufferGetNumSamples($1) } >= 48_000, "\(name)")
        }
    }

    /// The 'alac' codec box inside the 'alac' sample entry: the second 'alac' in the file, 36 bytes long.
    private func findInnerALAC(_ url: URL) throws -> [UInt8]? {
        let bytes = [UInt8](try Data(contentsOf: url))
        let code = Array("alac".utf8)
        for index in 4..<(bytes.count - 4) where Array(bytes[index..<(index + 4)]) == code {
            let size = bytes[(index - 4)..<index].reduce(0) { $0 << 8 | Int($1) }
            if size == 36 { return Array(bytes[(index + 4)..<(index + 32)]) }
        }
        return nil
    }

    @Test("decoded pictures carry the stream's colour when the format description has none")
    func colorFromStream() throws {
        let url = try TestMedia.file("h264-bt709-tagged.mp4")
        let stream = try ProbedStream(url)
        let (buffers, _, _) = try decodeAll(stream, format: try stream.videoFormatDescription(atom: "avcC"),
                                            settings: VideoDecoderOutputSettings())
        let image = try #require(buffers.first?.imageBuffer)
        #expect(CVBufferCopyAttachment(image, kCVImageBufferColorPrimariesKey, nil) as? String == kCVImageBufferColorPrimaries_ITU_R_709_2 as String)
        #expect(CVBufferCopyAttachment(image, kCVImageBufferYCbCrMatrixKey, nil) as? String == kCVImageBufferYCbCrMatrix_ITU_R_709_2 as String)
        #expect(CVBufferCopyAttachment(image, kCVImageBufferTransferFunctionKey, nil) as? String == kCVImageBufferTransferFunction_ITU_R_709_2 as String)
    }

    @Test("an encoder fed its own input format takes the pixel buffers without a copy; others are converted")
    func encoderZeroCopy() throws {
        for (format, direct) in [(kCVPixelFormatType_420YpCbCr8Planar, true), (kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, false)] {
            let settings = try VideoEncoderSettings(outputSettings: [AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 320,
                                                                     AVVideoHeightKey: 240])
            let session = try VideoEncoderSession(settings: settings)
            for t in 0..<3 {
                _ = try session.encode(try SyntheticVideo.frame(t, format: format), presentationTimeStamp: CMTime(value: Int64(t), timescale: 30))
            }
            _ = try session.finish()
            #expect(session.statistics == .init(directPictures: direct ? 3 : 0, convertedPictures: direct ? 0 : 3))
        }
    }

    @Test("the pixel buffer converter's Resize crops to the source's clean aperture")
    func cleanApertureCrop() throws {
        let source = try SyntheticVideo.frame(3, format: kCVPixelFormatType_32BGRA)
        // A 160x120 clean aperture in the middle of the 320x240 picture.
        CVBufferSetAttachment(source, kCVImageBufferCleanApertureKey,
                              [kCVImageBufferCleanApertureWidthKey: 160, kCVImageBufferCleanApertureHeightKey: 120,
                               kCVImageBufferCleanApertureHorizontalOffsetKey: 0, kCVImageBufferCleanApertureVerticalOffsetKey: 0] as [String: Any],
                              .shouldPropagate)
        let converter = try PixelBufferConverter(configuration: .init(pixelFormat: kCVPixelFormatType_32BGRA, width: 160, height: 120,
                                                                      scalingMode: .resize))
        let output = try converter.convert(source)
        let ours = packedPixels(output)
        let whole = packedPixels(source)
        // Same size, no scaling: the output is exactly the middle of the source.
        var cropped: [UInt8] = []
        for row in 60..<180 {
            let first = (row * 320 + 80) * 4
            cropped += whole[first..<(first + 160 * 4)]
        }
        #expect(ours == cropped)
        // Stretch (no scaling mode) uses the whole picture instead.
        let stretched = try PixelBufferConverter(configuration: .init(pixelFormat: kCVPixelFormatType_32BGRA, width: 160, height: 120))
        #expect(packedPixels(try stretched.convert(source)) != cropped)
    }

    /// A flat 4:2:0 picture with the given codes, untagged unless `matrix` is given.
    private func flatPicture(width: Int, height: Int, y: UInt8, cb: UInt8, cr: UInt8, matrix: String? = nil) throws -> CVPixelBuffer {
        var made: CVPixelBuffer?
        guard CVPixelBufferCreate(nil, width, height, kCVPixelFormatType_420YpCbCr8Planar, nil, &made) == kCVReturnSuccess,
              let buffer = made else { throw TestFailure("CVPixelBufferCreate") }
        CVPixelBufferLockBaseAddress(buffer, [])
        for (plane, value) in zip(buffer.planes, [y, cb, cr]) {
            for row in 0..<plane.height { (plane.baseAddress + row * plane.bytesPerRow).initializeMemory(as: UInt8.self, repeating: value, count: plane.width) }
        }
        CVPixelBufferUnlockBaseAddress(buffer, [])
        if let matrix { CVBufferSetAttachment(buffer, kCVImageBufferYCbCrMatrixKey, matrix as CFString, .shouldPropagate) }
        return buffer
    }

    @Test("scaling an untagged picture across 720 lines keeps its samples and writes out the matrix it was read with",
          arguments: [(1280, 720, 960, 540, kCVImageBufferYCbCrMatrix_ITU_R_709_2 as String?),
                      (640, 480, 1920, 1080, kCVImageBufferYCbCrMatrix_ITU_R_601_4 as String?),
                      (1920, 1080, 1280, 720, nil), (640, 480, 320, 240, nil)])
    func untaggedMatrixAcrossSizes(width: Int, height: Int, toWidth: Int, toHeight: Int, expected: String?) throws {
        // A saturated yellow: converting it between BT.709 and BT.601 moves every component by several codes.
        let source = try flatPicture(width: width, height: height, y: 168, cb: 44, cr: 136)
        let converter = try PixelBufferConverter(configuration: .init(pixelFormat: kCVPixelFormatType_420YpCbCr8Planar,
                                                                      width: toWidth, height: toHeight))
        let output = try converter.convert(source)
        #expect(CVBufferCopyAttachment(output, kCVImageBufferYCbCrMatrixKey, nil) as? String == expected)
        CVPixelBufferLockBaseAddress(output, .readOnly)
        defer { CVPixelBufferUnlockBaseAddress(output, .readOnly) }
        for (plane, value) in zip(output.planes, [UInt8(168), 44, 136]) {
            let row = plane.baseAddress.assumingMemoryBound(to: UInt8.self)
            #expect((0..<plane.width).allSatisfy { row[$0] == value }, "samples unchanged")
        }
        // A tagged source is read as tagged and keeps its tag: no guessing either way.
        let tagged = try flatPicture(width: width, height: height, y: 168, cb: 44, cr: 136,
                                     matrix: kCVImageBufferYCbCrMatrix_ITU_R_2020 as String)
        let taggedOutput = try converter.convert(tagged)
        #expect(CVBufferCopyAttachment(taggedOutput, kCVImageBufferYCbCrMatrixKey, nil) as? String
                == kCVImageBufferYCbCrMatrix_ITU_R_2020 as String)
    }
}
