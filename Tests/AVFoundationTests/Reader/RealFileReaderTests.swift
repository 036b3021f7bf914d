import AVFoundation
import CoreMedia
import CoreVideo
import Foundation
import Testing
import TestSupport

/// The public reader on files written by others: Apple's Core Media (the shared fixture with edit lists for
/// B-frames and 2112 frames of AAC priming), and audio files read by the audio file readers.
@Suite("Reading real files")
struct RealFileReaderTests {
    /// Reads every buffer of `output` after starting `reader`.
    static func read(_ reader: AVAssetReader, _ output: AVAssetReaderOutput) -> [CMSampleBuffer] {
        reader.add(output)
        guard reader.startReading() else { return [] }
        var buffers: [CMSampleBuffer] = []
        while let buffer = output.copyNextSampleBuffer() { buffers.append(buffer) }
        return buffers
    }

    @Test("Apple-written movie: decoded pictures at ffprobe's times (edit list applied), the first 30 equal to ffmpeg's")
    func appleMovieVideo() async throws {
        let url = TestFiles.fixture("mb-edts.mp4")
        let asset = AVURLAsset(url: url)
        let track = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let reader = try AVAssetReader(asset: asset)
        let buffers = Self.read(reader, AVAssetReaderTrackOutput(track: track, outputSettings: [
            kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8Planar]))
        #expect(reader.status == .completed)
        let frames = try Oracles.frames(url, stream: "v:0")
        let scale = try Oracles.timescale(url, stream: "v:0")
        #expect(buffers.map { BufferBytes.ticks(CMSampleBufferGetPresentationTimeStamp($0), scale) } == frames.map(\.pts))
        // The first 30 pictures (one second, two GOPs) are compared byte for byte; ffmpeg decodes only those.
        let raw = try Oracles.rawPictures(url, pixelFormat: "yuv420p", extra: ["-frames:v", "30"])
        var offset = 0
        for buffer in buffers.prefix(30) {
            let picture = BufferBytes.picture(try #require(CMSampleBufferGetImageBuffer(buffer)), bytesPerPixel: [1])
            #expect(offset + picture.count <= raw.count && BufferBytes.same(picture, raw[offset..<(offset + picture.count)]))
            offset += picture.count
        }
        #expect(offset == raw.count)
    }

    @Test("Apple-written movie: passthrough AAC starts 2112 frames early, trimmed; decoded AAC is the edit, sample for sample")
    func appleMovieAudio() async throws {
        let url = TestFiles.fixture("mb-edts.mp4")
        let asset = AVURLAsset(url: url)
        let track = try #require(try await asset.loadTracks(withMediaType: .audio).first)
        let passthrough = Self.read(try AVAssetReader(asset: asset), AVAssetReaderTrackOutput(track: track, outputSettings: nil))
        let first = try #require(passthrough.first)
        #expect(CMSampleBufferGetPresentationTimeStamp(first) == CMTime(value: -2112, timescale: 44_100))
        var trimmed = CMTime.zero
        for buffer in passthrough {
            let value = CMGetAttachment(buffer, key: kCMSampleBufferAttachmentKey_TrimDurationAtStart, attachmentModeOut: nil)
            if let dictionary = value as? CFDictionary { trimmed = trimmed + CMTimeMakeFromDictionary(dictionary) }
        }
        #expect(trimmed == CMTime(value: 2112, timescale: 44_100))
        // The first buffer with audio left after trimming starts presenting at zero.
        let audible = passthrough.first { buffer in
            let value = CMGetAttachment(buffer, key: kCMSampleBufferAttachmentKey_TrimDurationAtStart, attachmentModeOut: nil)
            let trim = (value as? CFDictionary).map { CMTimeMakeFromDictionary($0) } ?? .zero
            return trim < CMSampleBufferGetDuration(buffer)
        }
        #expect(audible.map(CMSampleBufferGetOutputPresentationTimeStamp) == .zero)

        let reader = try AVAssetReader(asset: asset)
        let decoded = Self.read(reader, AVAssetReaderTrackOutput(track: track, outputSettings: [AVFormatIDKey: kAudioFormatLinearPCM]))
        #expect(reader.status == .completed)
        #expect(CMSampleBufferGetPresentationTimeStamp(try #require(decoded.first)) == .zero)
        var ours: [Int16] = []
        for buffer in decoded { ours += BufferBytes.data(buffer).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) } }
        let presented = try Oracles.durationTicks(url, stream: "a:0")
        #expect(ours.count == 2 * presented, "the 9 s edit is \(presented) frames")
        let theirs = try Oracles.decodedAudio(url, format: "s16le").withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        var worst = 0
        for (a, b) in zip(ours, theirs) { worst = max(worst, abs(Int(a) - Int(b))) }
        #expect(worst <= 1, "largest difference \(worst)")
    }

    /// Audio files made by ffmpeg, read through the asset's audio file readers.
    static let audioFiles: [(name: String, arguments: [String], tolerance: Int)] = [
        ("tone.wav", ReaderMedia.stereo(seconds: 1) + ["-c:a", "pcm_s16le"], 0),
        ("tone.aiff", ReaderMedia.stereo(seconds: 1) + ["-c:a", "pcm_s24be"], 0),
        ("tone.caf", ReaderMedia.stereo(seconds: 1) + ["-c:a", "alac"], 0),
        ("tone.mp3", ReaderMedia.stereo(seconds: 1) + ["-c:a", "libmp3lame", "-b:a", "128k"], 1),
        ("tone.aac", ReaderMedia.stereo(seconds: 1) + ["-c:a", "aac", "-b:a", "128k", "-f", "adts"], 1),
    ]

    @Test("audio files decode as ffmpeg decodes them", arguments: audioFiles.indices)
    func audioFile(_ index: Int) async throws {
        let recipe = Self.audioFiles[index]
        let url = try ReaderMedia.make(recipe.name) { output in
            try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-y"] + recipe.arguments + [output.path])
        }
        let asset = AVURLAsset(url: url)
        let track = try #require(try await asset.loadTracks(withMediaType: .audio).first)
        let reader = try AVAssetReader(asset: asset)
        let buffers = Self.read(reader, AVAssetReaderTrackOutput(track: track, outputSettings: [AVFormatIDKey: kAudioFormatLinearPCM]))
        #expect(reader.status == .completed, "\(String(describing: reader.error))")
        var ours: [Int16] = []
        for buffer in buffers { ours += BufferBytes.data(buffer).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) } }
        let theirs = try Oracles.decodedAudio(url, format: "s16le").withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        #expect(ours.count == theirs.count, "\(ours.count / 2) frames; ffmpeg decodes \(theirs.count / 2)")
        var worst = 0
        for (a, b) in zip(ours, theirs) { worst = max(worst, abs(Int(a) - Int(b))) }
        #expect(worst <= recipe.tolerance, "largest difference \(worst)")
    }
}
