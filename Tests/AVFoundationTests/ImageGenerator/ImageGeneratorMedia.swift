import CoreGraphics
import CoreVideo
import Foundation
import TestSupport
@testable import AVFoundation

/// Movies for the image generator's tests, made by ffmpeg and cached, and ffmpeg's own decode of their frames
/// (the oracle the images are compared with).
enum ImageGeneratorMedia {
    /// 4 s of 640x360 at 30 fps, H.264 with B-frames (x264's default pyramid: half its pictures are not
    /// referenced), a key frame every second, tagged BT.709 so that ffmpeg and the generator convert to RGB with
    /// the same matrix.
    static func bFrames() throws -> URL {
        try TestFiles.ffmpegMedia("h264-bframes-640x360-gop30-bt709.mp4", folder: "image-generator", recipe: [
            "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30:duration=4",
            "-c:v", "libx264", "-preset", "veryfast", "-g", "30", "-keyint_min", "30", "-sc_threshold", "0",
            "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
        ])
    }

    /// The same movie with the first sample of the group of pictures at 2 s overwritten with 0xFF bytes (its NAL
    /// length prefix included): a frame no decoder can read, and a group that cannot be decoded.
    static func brokenKeyFrame() throws -> URL {
        let source = try bFrames()
        return try TestFiles.cachedMedia("h264-broken-key-frame-at-2s.mp4", folder: "image-generator") { partial in
            var bytes = try Data(contentsOf: source)
            let packets = try AssetMedia.packets(source, stream: 0)
            // Key frames every second: the third is the one at 2 s.
            let keys = packets.filter(\.isKey)
            guard keys.count > 2 else { throw CocoaError(.fileReadCorruptFile) }
            let key = keys[2]
            let start = Int(key.position)
            bytes.replaceSubrange(start..<(start + Int(key.size)), with: Data(repeating: 0xFF, count: Int(key.size)))
            try bytes.write(to: partial)
        }
    }

    /// 1 s of 320x240 testsrc2 re-encoded by our AVAssetWriter with a 300x220 clean aperture 2 pixels right of
    /// and 2 above the centre (ffmpeg 5.1 writes no `clap` box, so ffmpeg cannot make this file).
    static func cleanAperture() throws -> URL {
        try rewritten("h264-clap-300x220-offset-2-minus2.mov", settings: [
            AVVideoCleanApertureKey: [AVVideoCleanApertureWidthKey: 300, AVVideoCleanApertureHeightKey: 220,
                                      AVVideoCleanApertureHorizontalOffsetKey: 2, AVVideoCleanApertureVerticalOffsetKey: -2],
        ])
    }

    /// 1 s of 320x240 testsrc2 in a track whose matrix turns it 90° clockwise (a phone's portrait clip). Written by
    /// our AVAssetWriter: Debian's ffmpeg 5.1 ignores `-metadata:s:v rotate=90` and has no `-display_rotation`.
    static func rotated90() throws -> URL {
        try rewritten("h264-rotated-90-320x240.mov", settings: [:], transform: CGAffineTransform(rotationAngle: .pi / 2))
    }

    /// 1 s of 320x240 testsrc2 re-encoded to H.264 by our AVAssetWriter with extra output `settings` and a track
    /// `transform`.
    private static func rewritten(_ name: String, settings: [String: Any],
                                  transform: CGAffineTransform = .identity) throws -> URL {
        let source = AVURLAsset(url: try VideoCompositionMedia.url("testsrc2-320x240-1s.mp4"))
        return try TestFiles.cachedMedia(name, folder: "image-generator") { partial in
            let reader = try AVAssetReader(asset: source)
            let output = AVAssetReaderTrackOutput(track: source.tracks(withMediaType: .video)[0],
                                                  outputSettings: [kCVPixelBufferPixelFormatTypeKey as String:
                                                                    kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange])
            reader.add(output)
            let writer = try AVAssetWriter(outputURL: partial, fileType: .mov)
            var outputSettings: [String: Any] = [
                AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 320, AVVideoHeightKey: 240,
                AVVideoCompressionPropertiesKey: [AVVideoQualityKey: 0.9],
            ]
            outputSettings.merge(settings) { $1 }
            let input = AVAssetWriterInput(mediaType: .video, outputSettings: outputSettings)
            input.expectsMediaDataInRealTime = false
            input.transform = transform
            writer.add(input)
            guard reader.startReading(), writer.startWriting() else {
                throw reader.error ?? writer.error ?? CocoaError(.fileWriteUnknown)
            }
            writer.startSession(atSourceTime: .zero)
            while let buffer = output.copyNextSampleBuffer() {
                while !input.isReadyForMoreMediaData { Thread.sleep(forTimeInterval: 0.002) }
                guard input.append(buffer) else { throw writer.error ?? CocoaError(.fileWriteUnknown) }
            }
            input.markAsFinished()
            let finished = BlockingFlag()
            writer.finishWriting { finished.raise() }
            finished.wait()
            if let error = writer.error { throw error }
        }
    }

    /// Presentation times (seconds, edit list applied) of every frame, in presentation order, from ffprobe.
    static func frameTimes(_ url: URL) throws -> [Double] {
        let json = try ExternalTool.ffprobeJSON(["-select_streams", "v:0", "-show_entries", "frame=best_effort_timestamp_time",
                                                 "-show_frames", url.path])
        return (json["frames"] as? [[String: Any]] ?? []).compactMap {
            ($0["best_effort_timestamp_time"] as? String).flatMap(Double.init)
        }
    }

    /// ffmpeg's decode of frames `numbers` (presentation order) scaled to `width` x `height` as BGRA, one
    /// `Data` per frame.
    /// `filters` (each ending in a comma) run before the scale; `inputOptions` go before `-i` (`-noautorotate`).
    static func ffmpegFrames(_ url: URL, numbers: [Int], width: Int, height: Int, filters: String = "",
                             inputOptions: [String] = []) throws -> [Data] {
        let select = numbers.map { "eq(n\\,\($0))" }.joined(separator: "+")
        let graph = "select='\(select)',\(filters)scale=\(width):\(height):flags=area,format=bgra"
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error"] + inputOptions + ["-i", url.path,
                                                       "-vf", graph, "-fps_mode", "passthrough", "-f", "rawvideo", "-"])
        let size = width * height * 4
        return stride(from: 0, to: result.standardOutput.count, by: size).map {
            result.standardOutput.subdata(in: $0..<min($0 + size, result.standardOutput.count))
        }
    }

    /// The B, G and R bytes of an image, row by row (the unused fourth byte dropped).
    static func bgr(_ image: CGImage) -> [UInt8] {
        guard let data = image.dataProvider?.data else { return [] }
        var result: [UInt8] = []
        result.reserveCapacity(image.width * image.height * 3)
        for row in 0..<image.height {
            for x in 0..<image.width {
                let pixel = row * image.bytesPerRow + x * 4
                result.append(contentsOf: [data[pixel], data[pixel + 1], data[pixel + 2]])
            }
        }
        return result
    }

    /// The B, G and R bytes of raw BGRA pixels (ffmpeg's `-f rawvideo -pix_fmt bgra`).
    static func bgr(rawBGRA data: Data) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(data.count / 4 * 3)
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            for pixel in stride(from: 0, to: bytes.count - 3, by: 4) {
                result.append(bytes[pixel])
                result.append(bytes[pixel + 1])
                result.append(bytes[pixel + 2])
            }
        }
        return result
    }

    /// PSNR (dB) of two equally long byte arrays.
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return 0 }
        var sum = 0.0
        for index in a.indices {
            let difference = Double(a[index]) - Double(b[index])
            sum += difference * difference
        }
        let mse = sum / Double(a.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}


/// A flag one thread raises and another waits for.
final class BlockingFlag: @unchecked Sendable {
    private let condition = NSCondition()
    private var raised = false

    func raise() {
        condition.withLock {
            raised = true
            condition.broadcast()
        }
    }

    /// Waits until raised; false after `seconds` without.
    @discardableResult
    func wait(seconds: Double = 60) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        return condition.withLock {
            while !raised { if !condition.wait(until: deadline) { return false } }
            return true
        }
    }
}
