import CoreMedia
import Foundation
import MediaCodecs
import Testing
@testable import AVFoundation

@Suite("Audio decoding engine")
struct AudioDecodeEngineTests {
    /// A file and how close our decode must be to ffmpeg's.
    struct Case: CustomStringConvertible, Sendable {
        var file: String
        /// Largest difference allowed per 16-bit sample: 0 for lossless codecs (the bits are the file's). For lossy
        /// codecs FFmpeg's decoder is ours too, so only the float→integer conversion may differ (±1); measured: 0
        /// for every file here (FFmpeg 5.1.9).
        var tolerance: Int
        var description: String { file }
    }

    static let cases: [Case] = [
        Case(file: "pcm-s16le.mov", tolerance: 0), Case(file: "pcm-s24be.mov", tolerance: 0),
        Case(file: "alac-stereo.m4a", tolerance: 0), Case(file: "flac-stereo.mp4", tolerance: 0),
        Case(file: "aac-stereo.m4a", tolerance: 1), Case(file: "mp3-stereo.mp4", tolerance: 1),
        Case(file: "opus-stereo.mp4", tolerance: 1), Case(file: "h264-bframes-aac-no-pns.mp4", tolerance: 1),
    ]

    @Test("decoded audio equals ffmpeg's decode, sample-aligned, with the same sample count", arguments: cases)
    func decodedAudio(_ test: Case) throws {
        let url = try ReaderMedia.file(test.file)
        let source = try EngineHarness.source(url, kCMMediaType_Audio)
        let settings = try AudioDecoderOutputSettings(outputSettings: [AVFormatIDKey: kAudioFormatLinearPCM])
        let sessions = try source.sessions(.audio(settings))
        let buffers = try EngineHarness.drain(AudioDecodeProducer(timeline: source.timeline, sessions: sessions, ranges: EngineHarness.everything))
        var ours: [Int16] = []
        var expectedStart = CMTime.zero
        for buffer in buffers {
            #expect(CMSampleBufferGetPresentationTimeStamp(buffer) == expectedStart, "contiguous timestamps")
            expectedStart = CMSampleBufferGetPresentationTimeStamp(buffer) + CMSampleBufferGetDuration(buffer)
            let bytes = BufferBytes.data(buffer)
            ours += bytes.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        }
        // FFmpeg 5.1 applies an edit's start (it skips the priming) but not its end: it decodes the padding of the
        // last packets too. Apple's readers present exactly the edit, so the count to expect is the edit's duration
        // (ffprobe's duration_ts, from the edit list) and ffmpeg's samples past it are not compared.
        let channels = 2
        let presented = try Oracles.durationTicks(url, stream: "a:0") * channels
        let decoded = try Oracles.decodedAudio(url, format: "s16le").withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        #expect(decoded.count >= presented)
        let theirs = decoded.prefix(presented)
        #expect(ours.count == theirs.count, "\(ours.count / channels) frames; the edit presents \(presented / channels)")
        var worst = 0
        for (a, b) in zip(ours, theirs) { worst = max(worst, abs(Int(a) - Int(b))) }
        #expect(worst <= test.tolerance, "largest difference \(worst)")
    }
}
