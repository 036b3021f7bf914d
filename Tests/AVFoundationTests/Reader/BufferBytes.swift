import CoreMedia
import CoreVideo
import Foundation

/// The bytes in sample buffers and pixel buffers, laid out as FFmpeg's framemd5 hashes them.
enum BufferBytes {
    /// All the bytes of a buffer's data buffer.
    static func data(_ buffer: CMSampleBuffer) -> [UInt8] {
        guard let block = CMSampleBufferGetDataBuffer(buffer) else { return [] }
        let length = CMBlockBufferGetDataLength(block)
        var bytes = [UInt8](repeating: 0, count: length)
        if length > 0 {
            _ = bytes.withUnsafeMutableBytes { CMBlockBufferCopyDataBytes(block, atOffset: 0, dataLength: length, destination: $0.baseAddress!) }
        }
        return bytes
    }

    /// Each sample's (packet's) bytes: by packet descriptions when the buffer has them, else by sample sizes.
    static func samples(_ buffer: CMSampleBuffer) -> [[UInt8]] {
        let all = data(buffer)
        let descriptions = (try? buffer.audioStreamPacketDescriptions()) ?? []
        if !descriptions.isEmpty {
            return descriptions.map { Array(all[Int($0.mStartOffset)..<(Int($0.mStartOffset) + Int($0.mDataByteSize))]) }
        }
        var result: [[UInt8]] = []
        var offset = 0
        for index in 0..<CMSampleBufferGetNumSamples(buffer) {
            let size = CMSampleBufferGetSampleSize(buffer, at: index)
            result.append(Array(all[offset..<(offset + size)]))
            offset += size
        }
        return result
    }

    /// A picture's planes, rows without padding, one after another: `bytesPerPixel[p]` bytes per pixel of plane p.
    static func picture(_ image: CVPixelBuffer, bytesPerPixel: [Int]) -> [UInt8] {
        CVPixelBufferLockBaseAddress(image, .readOnly)
        defer { CVPixelBufferUnlockBaseAddress(image, .readOnly) }
        var bytes: [UInt8] = []
        let planes = CVPixelBufferGetPlaneCount(image)
        for plane in 0..<max(1, planes) {
            let base = planes == 0 ? CVPixelBufferGetBaseAddress(image) : CVPixelBufferGetBaseAddressOfPlane(image, plane)
            let width = planes == 0 ? CVPixelBufferGetWidth(image) : CVPixelBufferGetWidthOfPlane(image, plane)
            let height = planes == 0 ? CVPixelBufferGetHeight(image) : CVPixelBufferGetHeightOfPlane(image, plane)
            let stride = planes == 0 ? CVPixelBufferGetBytesPerRow(image) : CVPixelBufferGetBytesPerRowOfPlane(image, plane)
            guard let base else { continue }
            let rowBytes = width * bytesPerPixel[min(plane, bytesPerPixel.count - 1)]
            let start = bytes.count
            bytes += repeatElement(0, count: rowBytes * height)
            bytes.withUnsafeMutableBytes { destination in
                for row in 0..<height {
                    (destination.baseAddress! + start + row * rowBytes).copyMemory(from: base + row * stride, byteCount: rowBytes)
                }
            }
        }
        return bytes
    }

    /// Whether two byte sequences are equal (memcmp: element-wise comparison is slow in debug builds).
    static func same(_ a: [UInt8], _ b: Data) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, a.count) == 0 } }
    }

    /// The presentation time of a buffer in `timescale` ticks.
    static func ticks(_ time: CMTime, _ timescale: Int32) -> Int64 {
        CMTimeConvertScale(time, timescale: timescale, method: .roundHalfAwayFromZero).value
    }
}
