import Foundation
import Testing
import TestSupport

/// The movies the tests read: the shared fixtures, and small files made by the `ffmpeg` command line in set-up, each
/// named after the quirk it exercises and cached under `TestFiles.generatedMediaCache/moviefile`.
enum MovieFiles {
    // MARK: Fixtures

    /// The shared fixtures directory: `TestFiles`' choice, or the nearest `shared/fixtures` above the repository
    /// (worktrees sit one level deeper than the main checkout).
    static let fixturesDirectory: URL = {
        let preferred = TestFiles.sharedDirectory.appendingPathComponent("fixtures")
        if FileManager.default.fileExists(atPath: preferred.path) { return preferred }
        var directory = TestFiles.repositoryRoot
        while directory.pathComponents.count > 1 {
            directory = directory.deletingLastPathComponent()
            let candidate = directory.appendingPathComponent("shared/fixtures")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return preferred
    }()

    /// Every fixture (provenance in MANIFEST.md).
    static let fixtureNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixturesDirectory.path)) ?? []
        return names.filter { !$0.hasSuffix(".md") }.sorted()
    }()

    /// Fixtures that are broken on purpose and must be refused (MANIFEST.md): a fuzzer-found 56-byte input and a
    /// media segment without its initialization segment.
    static let refusedFixtures: Set<String> = ["mp-clusterfuzz-minimized.mp4", "mr-minimal-fragment.m4s"]

    // MARK: Generated files

    /// A step after ffmpeg has written the file.
    enum PostStep: Sendable {
        /// `../shared/tools/set-rotation.py`: a 90° tkhd matrix on the first video track, as iPhones write.
        case rotate
        /// Every `stco` rewritten as `co64` (same offsets), through the box model; the movie box must follow the media.
        case chunkOffsets64
    }

    /// How one file is made: ffmpeg arguments (inputs, codecs, options; the output path is appended), where
    /// `{name}` stands for another generated file, and an optional step after.
    struct Recipe: Sendable {
        var arguments: [String]
        var post: PostStep?
        init(_ arguments: [String], post: PostStep? = nil) {
            self.arguments = arguments
            self.post = post
        }
    }

    private static let video = ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=1"]
    private static let video2s = ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=2"]
    private static let audio = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1"]
    private static let stereo = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=1", "-ac", "2"]
    private static let h264 = ["-c:v", "libx264", "-g", "5", "-bf", "0"]
    private static let h264B = ["-c:v", "libx264", "-g", "5", "-bf", "2"]
    private static let aac = ["-c:a", "aac", "-b:a", "32k"]

    /// Name → recipe. Every file is at most 2 s and a few tens of KB.
    static let recipes: [String: Recipe] = [
        // Video codecs.
        "h264-no-bframes.mp4": Recipe(video + h264),
        "h264-bframes-aac-no-pns.mp4": Recipe(video + audio + h264B + aac),
        "h264-bframes-aac-faststart.mp4": Recipe(video + audio + h264B + aac + ["-movflags", "+faststart"]),
        "h264-aac-moov-at-end.mov": Recipe(video + audio + h264B + aac),
        "h264-aac.3gp": Recipe(video + audio + h264 + ["-c:a", "aac", "-b:a", "24k", "-ar", "16000"]),
        "h264-aac.3g2": Recipe(video + audio + h264 + ["-c:a", "aac", "-b:a", "24k", "-ar", "16000"]),
        "h264-aac-ipod.m4v": Recipe(video + audio + h264 + aac + ["-f", "ipod"]),
        "hevc-hvc1.mp4": Recipe(video + ["-c:v", "libx265", "-x265-params", "log-level=error", "-tag:v", "hvc1"]),
        "hevc-hev1.mp4": Recipe(video + ["-c:v", "libx265", "-x265-params", "log-level=error", "-tag:v", "hev1"]),
        "prores-422.mov": Recipe(video + ["-c:v", "prores_ks", "-profile:v", "2"]),
        "prores-4444-alpha.mov": Recipe(video + ["-c:v", "prores_ks", "-profile:v", "4", "-pix_fmt", "yuva444p10le"]),
        "mpeg4-part2.mp4": Recipe(video + ["-c:v", "mpeg4"]),
        "mjpeg.mov": Recipe(video + ["-c:v", "mjpeg"]),
        "av1-libaom.mp4": Recipe(["-f", "lavfi", "-i", "testsrc=size=64x64:rate=10:duration=0.3", "-c:v", "libaom-av1",
                                  "-cpu-used", "8", "-row-mt", "0"]),
        "h264-bt709-full-range.mp4": Recipe(video + h264 + ["-color_primaries", "bt709", "-color_trc", "bt709",
                                                            "-colorspace", "bt709", "-color_range", "pc"]),
        "h264-vfr.mp4": Recipe(video + h264 + ["-vf", "setpts='if(lt(N,4),N*0.1,0.4+(N-4)*0.25)/TB'",
                                               "-fps_mode", "passthrough"]),
        "h264-negative-cts-ctts-v1.mp4": Recipe(video + h264B + ["-movflags", "negative_cts_offsets", "-use_editlist", "0"]),
        "h264-rotated-90.mp4": Recipe(video + h264, post: .rotate),
        "h264-aac-co64.mov": Recipe(video + audio + h264B + aac, post: .chunkOffsets64),
        // Audio codecs.
        "aac-lc.m4a": Recipe(audio + aac),
        "aac-lc-stereo-44100.m4a": Recipe(stereo + aac),
        "alac.m4a": Recipe(audio + ["-c:a", "alac"]),
        "alac-in-wave.mov": Recipe(stereo + ["-c:a", "alac"]),
        "pcm-s16le-sowt.mov": Recipe(stereo + ["-c:a", "pcm_s16le"]),
        "pcm-s16be-twos.mov": Recipe(stereo + ["-c:a", "pcm_s16be"]),
        "pcm-s24le.mov": Recipe(audio + ["-c:a", "pcm_s24le"]),
        "pcm-f32le.mov": Recipe(audio + ["-c:a", "pcm_f32le"]),
        "mp3-in-mp4.mp4": Recipe(stereo + ["-c:a", "libmp3lame", "-b:a", "64k"]),
        "opus-in-mp4.mp4": Recipe(audio + ["-c:a", "libopus", "-b:a", "24k"]),
        "flac-in-mp4.mp4": Recipe(audio + ["-c:a", "flac", "-strict", "experimental"]),
        "ac3-dac3.mp4": Recipe(stereo + ["-c:a", "ac3", "-b:a", "96k"]),
        "eac3-dec3.mp4": Recipe(stereo + ["-c:a", "eac3", "-b:a", "96k"]),
        "two-audio-tracks-languages.mp4": Recipe(video + audio + stereo + ["-map", "0:v", "-map", "1:a", "-map", "2:a"]
                                                 + h264 + aac + ["-metadata:s:a:0", "language=eng",
                                                                 "-metadata:s:a:1", "language=fra"]),
        // Fragmented.
        "fragmented-empty-moov-default-base-moof.mp4": Recipe(video + audio + h264B + aac
            + ["-movflags", "frag_keyframe+empty_moov+default_base_moof"]),
        "fragmented-nonempty-moov.mp4": Recipe(video + audio + h264B + aac + ["-movflags", "frag_keyframe"]),
        "fragmented-cmaf-sidx.mp4": Recipe(video + audio + h264B + aac + ["-movflags", "cmaf"]),
        "fragmented-two-seconds.mp4": Recipe(video2s + audio + h264B + aac
            + ["-movflags", "frag_keyframe+empty_moov+default_base_moof", "-frag_duration", "300000"]),
        // Edit lists.
        "source-two-seconds.mp4": Recipe(video2s + audio + h264B + aac),
        "edit-trimmed-by-copy.mp4": Recipe(["-ss", "0.65", "-i", "{source-two-seconds.mp4}", "-c", "copy"]),
        "edit-delayed-start.mp4": Recipe(["-itsoffset", "0.5", "-i", "{h264-no-bframes.mp4}", "-c", "copy"]),
        "edit-delayed-start.mov": Recipe(["-itsoffset", "0.5", "-i", "{h264-no-bframes.mp4}", "-c", "copy"]),
        // Other tracks and metadata.
        "timecode-tmcd.mov": Recipe(video + h264 + ["-timecode", "01:00:00:00"]),
        "subtitles-tx3g.mp4": Recipe(video + ["-i", "{srt}", "-c:v", "libx264", "-c:s", "mov_text"]),
        "itunes-tags.m4a": Recipe(audio + aac + ["-metadata", "title=Title é", "-metadata", "artist=Artist",
                                                 "-metadata", "album=Album", "-metadata", "track=3/12"]),
        "quicktime-mdta-keys.mov": Recipe(video + h264 + ["-movflags", "use_metadata_tags",
                                                          "-metadata", "com.apple.quicktime.make=Apple",
                                                          "-metadata", "com.apple.quicktime.model=Test"]),
        "quicktime-udta-location.mov": Recipe(video + h264 + ["-metadata", "title=Movie",
                                                              "-metadata", "location=+48.8577+002.2950/"]),
    ]

    /// The generated names, sorted.
    static let generatedNames: [String] = recipes.keys.sorted().filter { $0 != "source-two-seconds.mp4" }

    /// The generated file `name`, made now if it is not cached.
    static func generated(_ name: String) throws -> URL {
        guard let recipe = recipes[name] else { throw CocoaError(.fileNoSuchFile) }
        let arguments = try recipe.arguments.map { argument -> String in
            guard argument.hasPrefix("{"), argument.hasSuffix("}") else { return argument }
            let input = String(argument.dropFirst().dropLast())
            return input == "srt" ? try TestFiles.twoCuesSubtitles().path : try generated(input).path
        }
        return try TestFiles.ffmpegMedia(name, folder: "moviefile", recipe: arguments) { partial in
            switch recipe.post {
            case .rotate:
                let script = fixturesDirectory.deletingLastPathComponent().appendingPathComponent("tools/set-rotation.py")
                try ExternalTool.check("python3", [script.path, partial.path])
            case .chunkOffsets64:
                try Data(try ChunkOffsetWidening.widen(Array(try Data(contentsOf: partial)))).write(to: partial)
            case nil:
                break
            }
        }
    }
}

/// A file the whole-file tests read: a fixture or a generated movie.
struct MovieFile: Sendable, CustomTestStringConvertible, Hashable {
    enum Origin: Sendable, Hashable { case fixture, generated }
    let name: String
    let origin: Origin

    var testDescription: String { name }

    var url: URL {
        get throws {
            switch origin {
            case .fixture: MovieFiles.fixturesDirectory.appendingPathComponent(name)
            case .generated: try MovieFiles.generated(name)
            }
        }
    }

    var bytes: [UInt8] { get throws { Array(try Data(contentsOf: try url)) } }

    /// True for files that must open.
    var opens: Bool { !MovieFiles.refusedFixtures.contains(name) }

    static let fixtures = MovieFiles.fixtureNames.map { MovieFile(name: $0, origin: .fixture) }
    static let generated = MovieFiles.generatedNames.map { MovieFile(name: $0, origin: .generated) }
    static let all = fixtures + generated
    /// Every file that opens.
    static let readable = all.filter(\.opens)
}
