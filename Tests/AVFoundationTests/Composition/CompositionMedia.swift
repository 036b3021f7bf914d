import CoreMedia
import Foundation
import TestSupport
@testable import AVFoundation

/// Small clips made by ffmpeg for the composition tests, each named after what it is, and compositions of them.
enum CompositionMedia {
    private static let aac = ["-c:a", "aac", "-b:a", "96k", "-aac_pns", "0"]
    private static let h264 = ["-c:v", "libx264", "-preset", "veryfast", "-bf", "2", "-g", "15", "-pix_fmt", "yuv420p"]

    /// Name → ffmpeg arguments (the output path is appended).
    static let recipes: [String: [String]] = [
        // Tones of different lengths and pitches: each clip's AAC priming and padding must be cut at the joins.
        "tone-440hz-0.5s.m4a": ReaderMedia.tone(seconds: 0.5, frequency: 440) + aac,
        "tone-660hz-0.7s.m4a": ReaderMedia.tone(seconds: 0.7, frequency: 660) + aac,
        "tone-880hz-1s.m4a": ReaderMedia.tone(seconds: 1, frequency: 880) + aac,
        // Two movies with B-frames (an edit list delaying video) and AAC: different pictures and tones.
        "clip-a-testsrc2-1s.mp4": ReaderMedia.pattern(seconds: 1, size: "160x120") + ReaderMedia.tone(seconds: 1)
            + h264 + aac,
        "clip-b-testsrc-0.5s.mp4": ["-f", "lavfi", "-i", "testsrc=size=160x120:rate=30:duration=0.5"]
            + ReaderMedia.tone(seconds: 0.5, frequency: 880) + h264 + aac,
    ]

    /// The clip `name`, made by ffmpeg if it is not cached yet.
    static func url(_ name: String) throws -> URL {
        guard let recipe = recipes[name] else { throw ReaderTestFailure("no recipe for \(name)") }
        return try ReaderMedia.make("composition-" + name) { output in
            try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-y"] + recipe + [output.path])
        }
    }

    /// A composition of the whole of each clip, one after another (`insertTimeRange(_:of:at:)` of each asset at the
    /// composition's end, as merging code does).
    static func concatenation(_ names: [String]) throws -> AVMutableComposition {
        let composition = AVMutableComposition()
        for name in names {
            let asset = AVURLAsset(url: try url(name))
            try composition.insertTimeRange(CMTimeRange(start: .zero, duration: asset.duration), of: asset,
                                            at: composition.duration)
        }
        return composition
    }

    /// Every buffer of `output`, reading `asset` alone; the reader must complete.
    static func read(_ asset: AVAsset, _ output: AVAssetReaderOutput) throws -> [CMSampleBuffer] {
        let reader = try AVAssetReader(asset: asset)
        reader.add(output)
        guard reader.startReading() else {
            throw ReaderTestFailure("startReading failed: \(String(describing: reader.error))")
        }
        var buffers: [CMSampleBuffer] = []
        while let buffer = output.copyNextSampleBuffer() { buffers.append(buffer) }
        guard reader.status == .completed else {
            throw ReaderTestFailure("reading did not complete: \(String(describing: reader.error))")
        }
        return buffers
    }

    /// 32-bit float interleaved linear PCM settings.
    static var float32: [String: Any] { [AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 32,
                                         AVLinearPCMIsFloatKey: true, AVLinearPCMIsNonInterleaved: false] }

    /// The float samples of 32-bit float buffers, in order.
    static func floats(_ buffers: [CMSampleBuffer]) -> [Float] {
        buffers.flatMap { buffer in
            BufferBytes.data(buffer).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        }
    }
}

/// The edit lists of a movie as mediainfo's trace (`--Details=1`) reads them: a parser that is not ours.
struct TracedEdits {
    /// One `elst` entry: duration in movie ticks, media time in media ticks (−1: empty), rate.
    struct Entry: Equatable {
        var duration: Int64
        var mediaTime: Int64
        var rate: Double
    }

    /// One track: its media timescale and edits.
    struct Track {
        var mediaTimescale: Int64
        var edits: [Entry]
    }

    var movieTimescale: Int64 = 0
    var tracks: [Track] = []

    /// The edits of the movie at `url`, in track order.
    init(_ url: URL) throws {
        let trace = try ExternalTool.check("mediainfo", ["--Details=1", url.path]).output
        var pending: [Entry] = []
        var entry: Entry?
        var context = ""
        for line in trace.split(separator: "\n") {
            // Each line is a byte offset, then a box heading or a "field: value" pair.
            let text = line.trimmingCharacters(in: .whitespaces).drop { !$0.isWhitespace }
                .trimmingCharacters(in: .whitespaces)
            guard let colon = text.firstIndex(of: ":") else {
                if text.hasPrefix("Movie header") || text.hasPrefix("Media Header") { context = text }
                continue
            }
            let field = text[..<colon].trimmingCharacters(in: .whitespaces)
            let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                .split(separator: " ").first.flatMap { UInt64($0) }
            guard let value else { continue }
            switch field {
            case "Time scale" where context.hasPrefix("Movie header"): movieTimescale = Int64(value)
            case "Time scale" where context.hasPrefix("Media Header"):
                tracks.append(Track(mediaTimescale: Int64(value), edits: pending))
                pending = []
            case "Track duration": entry = Entry(duration: Int64(value), mediaTime: 0, rate: 1)
            case "Media time":
                entry?.mediaTime = value == UInt64(UInt32.max) || value == UInt64.max ? -1 : Int64(value)
            case "Media rate":
                entry?.rate = Double(value) / 65536
                if let complete = entry { pending.append(complete) }
                entry = nil
            default: break
            }
        }
    }
}
