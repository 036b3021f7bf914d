import Foundation
import CoreVideo
import TestSupport

/// The bytes of a pixel buffer's visible pixels, plane after plane with no row padding: the layout of
/// `ffmpeg -f rawvideo` for the same pixel format.
func packedPixels(_ buffer: CVPixelBuffer) -> [UInt8] {
    CVPixelBufferLockBaseAddress(buffer, .readOnly)
    defer { CVPixelBufferUnlockBaseAddress(buffer, .readOnly) }
    var bytes: [UInt8] = []
    for (index, plane) in buffer.planes.enumerated() {
        let rowBytes = buffer.layout.planes[index].minimumBytesPerRow(planeWidth: plane.width) ?? 0
        for row in 0..<plane.height {
            bytes += UnsafeRawBufferPointer(start: plane.baseAddress + row * plane.bytesPerRow, count: rowBytes)
        }
    }
    return bytes
}

/// Every frame of `url` decoded by the ffmpeg command line into `pixelFormat`, as raw frames of `frameSize` bytes.
func ffmpegFrames(_ url: URL, pixelFormat: String, frameSize: Int, extraArguments: [String] = []) throws -> [[UInt8]] {
    let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path] + extraArguments
                                        + ["-f", "rawvideo", "-pix_fmt", pixelFormat, "-"])
    let data = [UInt8](result.standardOutput)
    guard frameSize > 0, data.count % frameSize == 0 else {
        throw TestFailure("ffmpeg gave \(data.count) bytes, not a multiple of \(frameSize)")
    }
    return stride(from: 0, to: data.count, by: frameSize).map { Array(data[$0..<($0 + frameSize)]) }
}

/// PSNR in dB between two equally long byte arrays of 8-bit samples (99 when identical).
func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    precondition(a.count == b.count, "test invariant: compared arrays have equal length")
    var squared = 0.0
    for index in a.indices {
        let d = Double(a[index]) - Double(b[index])
        squared += d * d
    }
    let mse = squared / Double(max(1, a.count))
    return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
}

/// PSNR in dB of 16-bit little-endian samples with `bits` significant bits (in the high bits when `highBits`).
func psnr16(_ a: [UInt8], _ b: [UInt8], bits: Int, highBits: Bool) -> Double {
    var squared = 0.0
    let shift = highBits ? 16 - bits : 0
    for index in stride(from: 0, to: a.count - 1, by: 2) {
        let va = Double((Int(a[index]) | Int(a[index + 1]) << 8) >> shift)
        let vb = Double((Int(b[index]) | Int(b[index + 1]) << 8) >> shift)
        squared += (va - vb) * (va - vb)
    }
    let mse = squared / Double(max(1, a.count / 2))
    let peak = Double((1 << bits) - 1)
    return mse == 0 ? 99 : 10 * log10(peak * peak / mse)
}
