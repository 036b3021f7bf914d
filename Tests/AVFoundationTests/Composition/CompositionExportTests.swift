import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// An export session exports a composition with every kind of preset. Passthrough copies each segment's samples
/// and presents them by an edit list (trims, gaps, speed changes); transcoding presets decode the composition as a
/// reader does. Judged by ffprobe and ffmpeg: the frames ffmpeg decodes from the output, edit lists applied, are
/// the frames of each clip's range, and decoding gives no error.
@Suite("Exporting compositions")
struct CompositionExportTests {
    static let clips = CompositionReaderTests.clips

    /// Exports `asset` with `preset` to a fresh file of `fileType`; the export must complete.
    static func export(_ asset: AVAsset, preset: String, as fileType: AVFileType = .mov)
        async throws -> (URL, TemporaryDirectory) {
        let directory = try TestFiles.makeTemporaryDirectory()
        let suffix = [AVFileType.mp4: "mp4", .m4a: "m4a", .wav: "wav"][fileType] ?? "mov"
        let url = directory.file("composition." + suffix)
        let session = try #require(AVAssetExportSession(asset: asset, presetName: preset))
        try await session.export(to: url, as: fileType)
        return (url, directory)
    }

    /// The MD5 of each frame ffmpeg decodes from `url`'s video (yuv420p), edit lists applied.
    static func frameHashes(_ url: URL, extra: [String] = []) throws -> [String] {
        try ExportProbe.framemd5(url, stream: "v:0", outputOptions: extra + ["-pix_fmt", "yuv420p"]).map(\.hash)
    }

    /// The stored frames of `url`'s video as ffmpeg decodes them with the edit list ignored: (pts, duration, MD5)
    /// in the stream's time base, in presentation order.
    static func storedFrames(_ url: URL) throws -> [(pts: Int64, duration: Int64, hash: String)] {
        let hashes = try ExportProbe.framemd5(url, stream: "v:0", inputOptions: ["-ignore_editlist", "1"],
                                              outputOptions: ["-vsync", "passthrough", "-pix_fmt", "yuv420p"])
        let frames = try Oracles.frames(url, stream: "v:0", extra: ["-ignore_editlist", "1"])
        return zip(frames, hashes).map { ($0.pts, $0.duration, $1.hash) }
    }

    /// What `edits` (mediainfo's reading of the file) present of `frames` (ffmpeg's decode of the stored media):
    /// each media edit shows the frames that overlap its media range, in order.
    static func presented(_ frames: [(pts: Int64, duration: Int64, hash: String)], edits: [TracedEdits.Entry],
                          movieTimescale: Int64, mediaTimescale: Int64) -> [String] {
        edits.filter { $0.mediaTime >= 0 }.flatMap { edit -> [String] in
            let length = Double(edit.duration) / Double(movieTimescale) * edit.rate * Double(mediaTimescale)
            let end = Double(edit.mediaTime) + length
            return frames.filter { Double($0.pts) < end - 0.5 && $0.pts + $0.duration > edit.mediaTime }.map(\.hash)
        }
    }

    @Test("passthrough of two clips joined: the clips' samples untouched, an edit per clip, every frame its clip's",
          arguments: [AVFileType.mov, .mp4])
    func passthroughConcatenation(_ fileType: AVFileType) async throws {
        let composition = try CompositionMedia.concatenation(Self.clips)
        let (url, directory) = try await Self.export(composition, preset: AVAssetExportPresetPassthrough, as: fileType)
        defer { _ = directory }
        let probe = try ExportProbe(url)
        #expect(abs(probe.duration - 1.5) < 0.01, "duration \(probe.duration)")
        #expect(try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-f", "null", "-"]).standardError.isEmpty)
        // The stored packets are the clips' packets, untouched (ffprobe with the edit list ignored: FFmpeg lists
        // the samples an edit starts before again, marked discarded, when it applies one).
        let packets = try ExternalTool.ffprobeJSON(["-ignore_editlist", "1", "-select_streams", "v:0", "-count_packets",
                                                    "-show_entries", "stream=nb_read_packets", url.path])
        #expect((packets["streams"] as? [[String: Any]])?.first?["nb_read_packets"] as? String == "45")
        var expected: [String] = []
        for name in Self.clips { expected += try Self.frameHashes(try CompositionMedia.url(name)) }
        #expect(try Self.frameHashes(url) == expected, "ffmpeg's frames of the output (edits applied) are the clips' frames")
        // Audio: the stored packets are the clips' packets (ffmpeg's MD5s, edit lists ignored), and mediainfo reads
        // an edit per clip presenting it as the clip's own edit does: from its first packet plus its priming, for
        // its duration.
        var clipPackets: [String] = []
        var clipEdits: [TracedEdits.Entry] = []
        var clipScales: (movie: Int64, media: Int64) = (0, 0)
        for name in Self.clips {
            let clip = try CompositionMedia.url(name)
            clipPackets += try Self.audioPacketMD5s(clip)
            let traced = try TracedEdits(clip)
            let audio = try #require(traced.tracks.last)
            clipEdits += audio.edits
            clipScales = (traced.movieTimescale, audio.mediaTimescale)
        }
        #expect(try Self.audioPacketMD5s(url) == clipPackets)
        let traced = try TracedEdits(url)
        let audioTrack = try #require(traced.tracks.last)
        let firstOfB = try Oracles.packets(url, stream: "a:0", extra: ["-ignore_editlist", "1"])
            .dropFirst(try Oracles.packets(try CompositionMedia.url(Self.clips[0]), stream: "a:0", extra: ["-ignore_editlist", "1"]).count)
            .first?.dts ?? -1
        #expect(audioTrack.edits.map(\.mediaTime) == [clipEdits[0].mediaTime, firstOfB + clipEdits[1].mediaTime])
        #expect(audioTrack.edits.map { $0.duration * clipScales.movie } == clipEdits.map { $0.duration * traced.movieTimescale },
                "each edit lasts as long as its clip's")
    }

    /// The MD5 of each stored audio packet (edit list ignored).
    static func audioPacketMD5s(_ url: URL) throws -> [String] {
        try ExportProbe.framemd5(url, stream: "a:0", inputOptions: ["-ignore_editlist", "1"], outputOptions: ["-c", "copy"])
            .map(\.hash)
    }

    @Test("passthrough of a trim, a gap and a slowed clip: edits present exactly those frames, at that rate")
    func passthroughEdits() async throws {
        let a = AVURLAsset(url: try CompositionMedia.url(Self.clips[0]))
        let b = AVURLAsset(url: try CompositionMedia.url(Self.clips[1]))
        let composition = AVMutableComposition()
        let video = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
        let third = CMTime(value: 10, timescale: 30)
        // Frames 10…19 of clip A, a third of a second of nothing, then clip B at half speed.
        try video.insertTimeRange(CMTimeRange(start: third, duration: third), of: try #require(a.tracks(withMediaType: .video).first), at: .zero)
        video.insertEmptyTimeRange(CMTimeRange(start: third, duration: third))
        let bVideo = try #require(b.tracks(withMediaType: .video).first)
        try video.insertTimeRange(bVideo.timeRange, of: bVideo, at: CMTimeMultiply(third, multiplier: 2))
        video.scaleTimeRange(CMTimeRange(start: CMTimeMultiply(third, multiplier: 2), duration: bVideo.timeRange.duration),
                             toDuration: CMTimeMultiply(bVideo.timeRange.duration, multiplier: 2))
        #expect(composition.duration == CMTime(value: 5, timescale: 3))
        let (url, directory) = try await Self.export(composition, preset: AVAssetExportPresetPassthrough)
        defer { _ = directory }
        #expect(abs(try ExportProbe(url).duration - 5.0 / 3) < 0.01)
        // mediainfo reads the edits: A's range, an empty edit, B at rate ½, lasting ⅓, ⅓ and 1 s.
        let traced = try TracedEdits(url)
        let track = try #require(traced.tracks.first)
        let scale = Double(traced.movieTimescale)
        let durations: [Int64] = track.edits.map(\.duration)
        let expectedDurations: [Int64] = [1.0 / 3, 1.0 / 3, 1.0].map { Int64(($0 * scale).rounded()) }
        #expect(durations == expectedDurations)
        #expect(track.edits.map(\.rate) == [1, 1, 0.5])
        #expect(track.edits[1].mediaTime == -1)
        // What those edits present of the stored frames (ffmpeg's decode, edit list ignored) is A's frames 10…19,
        // then all of B's.
        let shown = Self.presented(try Self.storedFrames(url), edits: track.edits, movieTimescale: traced.movieTimescale,
                                   mediaTimescale: track.mediaTimescale)
        let aHashes = try Self.frameHashes(try CompositionMedia.url(Self.clips[0]))
        let bHashes = try Self.frameHashes(try CompositionMedia.url(Self.clips[1]))
        #expect(shown == Array(aHashes[10..<20]) + bHashes)
    }

    @Test("transcoding the concatenation: each clip's pictures, the audio whole, no decoding errors",
          arguments: [AVAssetExportPreset640x480, AVAssetExportPresetLowQuality])
    func transcode(_ preset: String) async throws {
        let composition = try CompositionMedia.concatenation(Self.clips)
        let (url, directory) = try await Self.export(composition, preset: preset, as: .mp4)
        defer { _ = directory }
        let probe = try ExportProbe(url)
        #expect(abs(probe.duration - 1.5) < 0.05, "duration \(probe.duration)")
        #expect(try probe.videoFrameCount() == 45)
        #expect(try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-f", "null", "-"]).standardError.isEmpty)
        #expect(abs(ExportProbe.duration(probe.audio) - 1.5) < 0.05)
    }

    @Test("a composition of clips of different sizes transcodes: every picture scaled to the output's size")
    func mixedSizes() async throws {
        let composition = AVMutableComposition()
        let small = AVURLAsset(url: try CompositionMedia.url(Self.clips[1]))
        let large = AVURLAsset(url: try ReaderMedia.file("h264-no-bframes.mp4"))
        try await composition.insertTimeRange(CMTimeRange(start: .zero, duration: small.duration), of: small, at: .zero)
        try await composition.insertTimeRange(CMTimeRange(start: .zero, duration: large.duration), of: large, at: composition.duration)
        #expect(composition.tracks(withMediaType: .video).first?.formatDescriptions.count == 2)
        let (url, directory) = try await Self.export(composition, preset: AVAssetExportPresetLowQuality, as: .mp4)
        defer { _ = directory }
        let probe = try ExportProbe(url)
        #expect(try probe.videoFrameCount() == 15 + 30)
        #expect(try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-f", "null", "-"]).standardError.isEmpty)
    }

    @Test("passthrough to an audio file: linear PCM clips join exactly; compressed clips are refused with the reason")
    func audioFilePassthrough() async throws {
        let wave = AVURLAsset(url: try AssetMedia.url("pcm-s16le.wav"))
        let joined = AVMutableComposition()
        try await joined.insertTimeRange(CMTimeRange(start: .zero, duration: wave.duration), of: wave, at: .zero)
        try await joined.insertTimeRange(CMTimeRange(start: .zero, duration: wave.duration), of: wave, at: joined.duration)
        let (url, directory) = try await Self.export(joined, preset: AVAssetExportPresetPassthrough, as: .wav)
        defer { _ = directory }
        let source = try Oracles.decodedAudio(try AssetMedia.url("pcm-s16le.wav"), format: "s16le")
        #expect(try Oracles.decodedAudio(url, format: "s16le") == source + source, "the samples of both, end to end")

        let compressed = try CompositionMedia.concatenation(CompositionReaderTests.tones)
        let session = try #require(AVAssetExportSession(asset: compressed, presetName: AVAssetExportPresetPassthrough))
        let target = directory.file("tones.caf")
        await #expect { try await session.export(to: target, as: .caf) } throws: { error in
            (error as? AVError)?.code == .formatUnsupported && error.localizedDescription.contains("edit list")
        }
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }
}
