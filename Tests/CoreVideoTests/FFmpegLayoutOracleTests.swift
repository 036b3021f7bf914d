import CoreVideo
import Foundation
import Testing
import TestSupport

/// FFmpeg is the outside judge of plane geometry: its `-f rawvideo` output is a frame with every plane packed
/// tightly, so its byte count tells how big each plane of an odd-sized frame is. Copying that frame into our
/// pixel buffer plane by plane, row by row (with our strides) and back out must reproduce it exactly.
@Suite("Plane geometry against FFmpeg's raw frames")
struct FFmpegLayoutOracleTests {
    /// Our formats and FFmpeg 5.1's names for the same memory layout (swscale 6.7 cannot write nv16, so 422v is
    /// covered by the layout tests only).
    static let pairs: [(OSType, String)] = [
        (kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, "nv12"),
        (kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange, "p010le"),
        (kCVPixelFormatType_420YpCbCr8Planar, "yuv420p"),
        (kCVPixelFormatType_32BGRA, "bgra"),
        (kCVPixelFormatType_32ARGB, "argb"),
        (kCVPixelFormatType_422YpCbCr8, "uyvy422"),
        (kCVPixelFormatType_422YpCbCr8_yuvs, "yuyv422"),
        (kCVPixelFormatType_444YpCbCr8BiPlanarVideoRange, "nv24"),
        (kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange, "p210le"),
        (kCVPixelFormatType_444YpCbCr10BiPlanarVideoRange, "p410le"),
        (kCVPixelFormatType_24RGB, "rgb24"),
        (kCVPixelFormatType_OneComponent16, "gray16le"),
    ]

    @Test("an odd-sized FFmpeg frame fits our planes exactly and survives a round trip",
          arguments: pairs.map { FFmpegPair(format: $0.0, ffmpegName: $0.1) })
    func roundTrip(_ pair: FFmpegPair) throws {
        let (width, height) = (35, 21)
        let directory = try TestFiles.makeTemporaryDirectory()
        let raw = directory.file("frame.raw")
        try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i",
                                          "testsrc=size=\(width)x\(height):rate=1", "-frames:v", "1",
                                          "-pix_fmt", pair.ffmpegName, "-f", "rawvideo", "-y", raw.path])
        let frame = try Data(contentsOf: raw)

        var buffer: CVPixelBuffer?
        #expect(CVPixelBufferCreate(nil, width, height, pair.format, nil, &buffer) == kCVReturnSuccess)
        let pixelBuffer = try #require(buffer)
        let planes = pixelBuffer.planes
        // Tightly packed row bytes of each plane, from the plane's width and the format's bytes per pixel.
        let tightRows = planes.indices.map { index -> Int in
            let plane = pixelBuffer.layout.planes[index]
            return plane.minimumBytesPerRow(planeWidth: planes[index].width) ?? 0
        }
        let expectedSize = zip(planes, tightRows).reduce(0) { $0 + $1.0.height * $1.1 }
        #expect(frame.count == expectedSize, "FFmpeg's \(pair.ffmpegName) frame is \(frame.count) bytes")
        guard frame.count == expectedSize else { return }

        CVPixelBufferLockBaseAddress(pixelBuffer, [])
        var offset = 0
        frame.withUnsafeBytes { source in
            for (plane, rowBytes) in zip(planes, tightRows) {
                for row in 0..<plane.height {
                    (plane.baseAddress + row * plane.bytesPerRow)
                        .copyMemory(from: source.baseAddress! + offset, byteCount: rowBytes)
                    offset += rowBytes
                }
            }
        }
        CVPixelBufferUnlockBaseAddress(pixelBuffer, [])

        CVPixelBufferLockBaseAddress(pixelBuffer, .readOnly)
        var copy = Data()
        for (plane, rowBytes) in zip(planes, tightRows) {
            for row in 0..<plane.height {
                copy.append(Data(bytes: plane.baseAddress + row * plane.bytesPerRow, count: rowBytes))
            }
        }
        CVPixelBufferUnlockBaseAddress(pixelBuffer, .readOnly)
        #expect(copy == frame)
    }
}

struct FFmpegPair: Sendable, CustomTestStringConvertible {
    let format: OSType
    let ffmpegName: String
    var testDescription: String { ffmpegName }
}
