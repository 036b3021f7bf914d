import Foundation
import CoreMedia
import CoreVideo
import TestSupport
@testable import MediaCodecs

/// A moving test pattern painted into pixel buffers: smooth luma waves drifting right, a bright square sliding
/// across, slowly rotating chroma. Smooth enough to code well, moving enough that motion search and B-frames matter.
enum SyntheticVideo {
    /// Y', Cb, Cr in 0...1 at pixel (x, y) of frame t.
    static func yuv(_ x: Int, _ y: Int, _ t: Int) -> (Double, Double, Double) {
        let fx = Double(x), fy = Double(y), ft = Double(t)
        var luma = 0.5 + 0.3 * sin((fx + 4 * ft) / 13) * cos(fy / 11)
        let squareX = (8 + 5 * t) % 260, squareY = 40 + (t * 3) % 120
        if x >= squareX && x < squareX + 40 && y >= squareY && y < squareY + 40 { luma = 0.9 }
        return (luma, 0.5 + 0.2 * sin(fx / 29 + ft / 10), 0.5 + 0.2 * cos(fy / 23 - ft / 8))
    }

    /// Frame `t` in `format` ('y420', '420v', '420f', 'BGRA', 'x420'), BT.601 values, limited range unless full.
    static func frame(_ t: Int, format: OSType, width: Int = 320, height: Int = 240) throws -> CVPixelBuffer {
        var buffer: CVPixelBuffer?
        guard CVPixelBufferCreate(nil, width, height, format, nil, &buffer) == kCVReturnSuccess, let buffer else {
            throw TestFailure("CVPixelBufferCreate \(fourCharacterString(format))")
        }
        CVPixelBufferLockBaseAddress(buffer, [])
        defer { CVPixelBufferUnlockBaseAddress(buffer, []) }
        let planes = buffer.planes
        let full = buffer.layout.isFullRange
        func code(_ v: Double, chroma: Bool) -> Int {
            full ? Int((v * 255).rounded()) : Int((chroma ? 16 + v * 224 : 16 + v * 219).rounded())
        }
        switch format {
        case kCVPixelFormatType_32BGRA:
            for y in 0..<height {
                let row = planes[0].baseAddress + y * planes[0].bytesPerRow
                for x in 0..<width {
                    let (l, cb, cr) = yuv(x, y, t)
                    // BT.601 full-range Y'CbCr → R'G'B'.
                    let r = l + 1.402 * (cr - 0.5), g = l - 0.344136 * (cb - 0.5) - 0.714136 * (cr - 0.5), b = l + 1.772 * (cb - 0.5)
                    row.storeBytes(of: UInt8(clamping: Int((b * 255).rounded())), toByteOffset: 4 * x, as: UInt8.self)
                    row.storeBytes(of: UInt8(clamping: Int((g * 255).rounded())), toByteOffset: 4 * x + 1, as: UInt8.self)
                    row.storeBytes(of: UInt8(clamping: Int((r * 255).rounded())), toByteOffset: 4 * x + 2, as: UInt8.self)
                    row.storeBytes(of: 255, toByteOffset: 4 * x + 3, as: UInt8.self)
                }
            }
        default:
            let deep = buffer.layout.bitsPerComponent > 8
            func store(_ plane: Int, _ x: Int, _ y: Int, _ value: Int) {
                let row = planes[plane].baseAddress + y * planes[plane].bytesPerRow
                if deep {
                    row.storeBytes(of: UInt16(value << 8).littleEndian, toByteOffset: 2 * x, as: UInt16.self)
                } else {
                    row.storeBytes(of: UInt8(clamping: value), toByteOffset: x, as: UInt8.self)
                }
            }
            for y in 0..<height { for x in 0..<width { store(0, x, y, code(yuv(x, y, t).0, chroma: false)) } }
            for y in 0..<planes[1].height {
                for x in 0..<planes[1].width {
                    let (_, cb, cr) = yuv(2 * x, 2 * y, t)
                    if planes.count == 3 {
                        store(1, x, y, code(cb, chroma: true))
                        store(2, x, y, code(cr, chroma: true))
                    } else {
                        store(1, 2 * x, y, code(cb, chroma: true))
                        store(1, 2 * x + 1, y, code(cr, chroma: true))
                    }
                }
            }
        }
        return buffer
    }

    /// The luma plane of a pixel buffer in 4:2:0 or BGRA (BT.601: Y' from R'G'B'), tightly packed, 8 bits.
    static func luma(_ buffer: CVPixelBuffer) -> [UInt8] {
        let bytes = packedPixels(buffer)
        let count = buffer.width * buffer.height
        if buffer.pixelFormat == kCVPixelFormatType_32BGRA {
            return (0..<count).map { i in
                let b = Double(bytes[4 * i]), g = Double(bytes[4 * i + 1]), r = Double(bytes[4 * i + 2])
                return UInt8(clamping: Int((16 + (0.299 * r + 0.587 * g + 0.114 * b) * 219 / 255).rounded()))
            }
        }
        return Array(bytes.prefix(count))
    }
}

/// The PSNR ffmpeg's `psnr` filter (not ours) measures between two raw yuv420p files of `width` x `height`: the
/// "average" figure it prints.
func ffmpegPSNR(_ a: URL, _ b: URL, width: Int, height: Int) throws -> Double {
    let input = ["-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "\(width)x\(height)"]
    let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-hide_banner"] + input + ["-i", a.path] + input
                                        + ["-i", b.path, "-lavfi", "psnr", "-f", "null", "-"])
    guard let line = result.standardError.split(separator: "\n").last(where: { $0.contains("PSNR") && $0.contains("average:") }),
          let range = line.range(of: "average:") else { throw TestFailure("no PSNR line in ffmpeg's output") }
    let value = line[range.upperBound...].prefix { !$0.isWhitespace }
    return value == "inf" ? 99 : Double(value) ?? 0
}

/// Length-prefixed H.264/HEVC samples back to an Annex B elementary stream, the format description's parameter
/// sets first (so ffmpeg's raw h264/hevc demuxers can read it).
func annexB(_ samples: [CMSampleBuffer], hevc: Bool) throws -> [UInt8] {
    guard let description = samples.first?.formatDescription else { return [] }
    var stream: [UInt8] = []
    var count = 0
    let get = hevc ? CMVideoFormatDescriptionGetHEVCParameterSetAtIndex : CMVideoFormatDescriptionGetH264ParameterSetAtIndex
    guard get(description, 0, nil, nil, &count, nil) == noErr else { throw TestFailure("no parameter sets") }
    for index in 0..<count {
        var pointer: UnsafePointer<UInt8>?
        var size = 0
        guard get(description, index, &pointer, &size, nil, nil) == noErr, let pointer else { throw TestFailure("parameter set \(index) missing") }
        stream += [0, 0, 0, 1] + Array(UnsafeBufferPointer(start: pointer, count: size))
    }
    for sample in samples {
        let bytes = [UInt8](try sample.dataBuffer!.dataBytes())
        var offset = 0
        while offset + 4 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard offset + 4 + length <= bytes.count else { throw TestFailure("NAL length runs past the sample") }
            stream += [0, 0, 0, 1] + bytes[(offset + 4)..<(offset + 4 + length)]
            offset += 4 + length
        }
        guard offset == bytes.count else { throw TestFailure("trailing bytes in a sample") }
    }
    return stream
}
