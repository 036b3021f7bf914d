import CoreMedia
import CoreVideo
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// Measurements, not assertions (run with `LAVF_WRITER_BENCH=1`): remux throughput through passthrough inputs
/// against `ffmpeg -c copy`, and the encode path's cost beyond x264 against `ffmpeg` encoding the same raw frames
/// with the same x264 settings.
@Suite("AVAssetWriter measurements", .serialized, .enabled(if: ProcessInfo.processInfo.environment["LAVF_WRITER_BENCH"] == "1"))
struct WriterBenchmarks {
    static func seconds(_ body: () async throws -> Void) async rethrows -> Double {
        let start = Date()
        try await body()
        return Date().timeIntervalSince(start)
    }

    @Test("remux of 1080p H.264 + AAC: AVAssetWriter passthrough vs ffmpeg -c copy")
    func remux() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("bench-remux")
        let source = try TestFiles.ffmpegMedia("bench-1080p-h264-aac-20s.mp4", recipe: [
            "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30:duration=20",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=20",
            "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "8M", "-c:a", "aac", "-b:a", "128k",
        ])
        let ffmpegTime = try await Self.seconds {
            try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", source.path, "-c", "copy", directory.file("ffmpeg.mp4").path])
        }
        let ours = try await Self.seconds {
            let asset = AVURLAsset(url: source)
            let tracks = try await asset.load(.tracks)
            let reader = try AVAssetReader(asset: asset)
            let outputs = tracks.map { AVAssetReaderTrackOutput(track: $0, outputSettings: nil) }
            for output in outputs {
                output.alwaysCopiesSampleData = false
                reader.add(output)
            }
            #expect(reader.startReading())
            let writer = try AVAssetWriter(outputURL: directory.file("ours.mp4"), fileType: .mp4)
            var inputs: [AVAssetWriterInput] = []
            for track in tracks {
                let hint = try await track.load(.formatDescriptions).first
                inputs.append(AVAssetWriterInput(mediaType: track.mediaType, outputSettings: nil, sourceFormatHint: hint))
            }
            for input in inputs { writer.add(input) }
            writer.startWriting()
            writer.startSession(atSourceTime: .zero)
            WriterMedia.feed(inputs) { index in outputs[index].copyNextSampleBuffer() }
            await writer.finishWriting()
            #expect(writer.status == .completed)
        }
        let size = Double((try FileManager.default.attributesOfItem(atPath: source.path)[.size] as? Int) ?? 0) / 1e6
        print(String(format: "remux %.1f MB: ffmpeg -c copy %.3f s (%.0f MB/s); AVAssetReader + AVAssetWriter passthrough %.3f s (%.0f MB/s)",
                     size, ffmpegTime, size / ffmpegTime, ours, size / ours))
    }

    @Test("encode of 300 raw 1280x720 frames: AVAssetWriter vs ffmpeg, same x264 settings and threads")
    func encodeOverhead() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("bench-encode")
        let width = 1280, height = 720, frames = 300
        // The same frames as NV12 for both: ffmpeg reads them raw from a file.
        var buffers: [CVPixelBuffer] = []
        var raw = Data()
        for index in 0..<frames {
            var pixels: CVPixelBuffer?
            CVPixelBufferCreate(nil, width, height, kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, nil, &pixels)
            let buffer = pixels!
            CVPixelBufferLockBaseAddress(buffer, [])
            for plane in 0..<2 {
                let rows = plane == 0 ? height : height / 2
                let stride = CVPixelBufferGetBytesPerRowOfPlane(buffer, plane)
                let base = CVPixelBufferGetBaseAddressOfPlane(buffer, plane)!.assumingMemoryBound(to: UInt8.self)
                for row in 0..<rows {
                    for column in 0..<width { base[row * stride + column] = UInt8(truncatingIfNeeded: (row + column * 3 + index * 5) ^ (column >> 3)) }
                    raw.append(base + row * stride, count: width)
                }
            }
            CVPixelBufferUnlockBaseAddress(buffer, [])
            buffers.append(buffer)
        }
        let rawURL = directory.file("frames.nv12")
        try raw.write(to: rawURL)
        let ffmpegTime = try await Self.seconds {
            try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-f", "rawvideo", "-pix_fmt", "nv12", "-s", "\(width)x\(height)",
                                              "-r", "30", "-i", rawURL.path, "-c:v", "libx264", "-preset", "medium", "-b:v", "4M",
                                              "-g", "60", "-pix_fmt", "yuv420p", directory.file("ffmpeg.mp4").path])
        }
        let ours = try await Self.seconds {
            let writer = try AVAssetWriter(outputURL: directory.file("ours.mp4"), fileType: .mp4)
            let input = AVAssetWriterInput(mediaType: .video, outputSettings: [
                AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: width, AVVideoHeightKey: height,
                AVVideoCompressionPropertiesKey: [AVVideoAverageBitRateKey: 4_000_000, AVVideoMaxKeyFrameIntervalKey: 60]])
            let adaptor = AVAssetWriterInputPixelBufferAdaptor(assetWriterInput: input, sourcePixelBufferAttributes: nil)
            writer.add(input)
            writer.startWriting()
            writer.startSession(atSourceTime: .zero)
            for (index, buffer) in buffers.enumerated() {
                while !input.isReadyForMoreMediaData { usleep(200) }
                adaptor.append(buffer, withPresentationTime: CMTime(value: CMTimeValue(index), timescale: 30))
            }
            input.markAsFinished()
            await writer.finishWriting()
            #expect(writer.status == .completed)
        }
        print(String(format: "encode 300 x 1280x720 NV12, x264 medium 4 Mb/s: ffmpeg %.2f s, AVAssetWriter %.2f s (%+.1f%%)",
                     ffmpegTime, ours, (ours / ffmpegTime - 1) * 100))
    }
}
