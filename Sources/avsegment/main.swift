// avsegment: an HTTP Live Streaming package of a movie, without re-encoding, through AVAssetWriter's segment output
// (the public API only). Modelled on Apple's mediafilesegmenter.
//
//   avsegment [-t SECONDS] [-f DIRECTORY] [-i INDEX] [-B BASE] [-b URL] [--cmaf [--dash NAME]]
//             [--ladder H,H,... [--codec h264|hevc] | --audio-only | --video-only] FILE
import AVFoundation
import Foundation

setenv("LAVF_FFMPEG_LOG_LEVEL", "quiet", 0)

let usage = """
    usage: avsegment [options] FILE
    Cuts FILE's first video and first audio track, without re-encoding, into fragmented MPEG-4 segments for HTTP
    Live Streaming (each segment starts with a video sync frame), and writes their playlists.
      -t, --target-duration SECONDS   the segment duration to aim for (default 6); a segment ends at the first
                                      sync frame at or past each multiple of it
      -f, --file-base DIRECTORY       where to write (default: the current directory); it must exist
      -i, --index-file NAME           the media playlist's name (default prog_index.m3u8)
      -B, --base-media-file-name NAME the segments' names are NAME0.m4s, NAME1.m4s… (default fileSequence)
      -b, --base-url URL              put URL in front of every segment and map URI in the playlists (and MPD)
      --multivariant NAME             also write a multivariant playlist (BANDWIDTH, CODECS, RESOLUTION…)
      --cmaf                          CMAF segments (one track a rendition: use with --audio-only,
                                      --video-only or --ladder)
      --dash NAME                     with --cmaf, also write a static MPEG-DASH manifest (MPD) of the package:
                                      a representation per rendition, each segment's exact time in a
                                      SegmentTimeline
      --ladder H,H,...                an encoding ladder instead: the video decoded once and encoded (--codec) at
                                      each height (e.g. 1080,720,480; taller than the source is skipped), each in
                                      folder Hp/, the audio segmented once in audio/, and the multivariant
                                      playlist (--multivariant, default master.m3u8) naming them; with --cmaf
                                      every rendition is a CMAF track
      --codec h264|hevc               the ladder's video codec (default h264); HEVC renditions are tagged hvc1,
                                      as Apple's HLS authoring specification asks, at three quarters of the
                                      H.264 bit rates
      --audio-only, --video-only      segment one of the tracks
      -h, --help                      show this help
    Nothing is overwritten: a file that exists stops the run (status 1). A command line that cannot be run exits
    with status 2.
    """

/// Prints a one-line reason to standard error and exits with `status`.
func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("avsegment: \(message)\n".utf8))
    exit(status)
}

struct Arguments {
    var input: URL?
    var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    var indexFile = "prog_index.m3u8"
    var baseName = "fileSequence"
    var baseURL = ""
    var multivariant: String?
    var dash: String?
    var options = Segmenter.Options()
    var ladder: [Int]?
    var ladderCodec = Ladder.Codec.h264
    var codecGiven = false
}

func parseArguments(_ arguments: [String]) -> Arguments {
    var parsed = Arguments()
    var iterator = arguments.makeIterator()
    func value(_ name: String) -> String {
        guard let value = iterator.next() else { fail("\(name) needs a value", status: 2) }
        return value
    }
    while let argument = iterator.next() {
        switch argument {
        case "-h", "--help":
            print(usage)
            exit(0)
        case "-t", "--target-duration", "-target-duration":
            let text = value(argument)
            guard let seconds = Double(text), seconds.isFinite, seconds >= 1, seconds <= 3600,
                  text.allSatisfy({ $0.isNumber || $0 == "." }) else {
                fail("\(argument) takes seconds from 1 to 3600, not '\(text)'", status: 2)
            }
            parsed.options.targetDuration = seconds
        case "-f", "--file-base", "-file-base":
            parsed.directory = URL(fileURLWithPath: value(argument))
        case "-i", "--index-file", "-index-file":
            parsed.indexFile = value(argument)
        case "-B", "--base-media-file-name", "-base-media-file-name":
            parsed.baseName = value(argument)
        case "-b", "--base-url", "-base-url":
            parsed.baseURL = value(argument)
        case "--multivariant":
            parsed.multivariant = value(argument)
        case "--dash":
            parsed.dash = value(argument)
        case "--ladder":
            let text = value(argument)
            let heights = text.split(separator: ",").map { Int($0) }
            guard !heights.isEmpty, heights.allSatisfy({ ($0 ?? 0) >= 16 && ($0 ?? 0) <= 4320 }) else {
                fail("--ladder takes heights from 16 to 4320 separated by commas, not '\(text)'", status: 2)
            }
            parsed.ladder = heights.compactMap { $0 }
        case "--codec":
            let text = value(argument)
            guard let codec = Ladder.Codec(rawValue: text) else {
                fail("--codec takes h264 or hevc, not '\(text)'", status: 2)
            }
            parsed.ladderCodec = codec
            parsed.codecGiven = true
        case "--cmaf":
            parsed.options.cmaf = true
        case "--audio-only", "-audio-only":
            parsed.options.includeVideo = false
        case "--video-only", "-video-only":
            parsed.options.includeAudio = false
        default:
            guard !argument.hasPrefix("-"), parsed.input == nil else {
                fail("unknown option or second input '\(argument)'\n\(usage)", status: 2)
            }
            parsed.input = URL(fileURLWithPath: argument)
        }
    }
    guard parsed.input != nil else { fail("no input file\n\(usage)", status: 2) }
    if parsed.ladder != nil {
        guard parsed.options.includeVideo, parsed.options.includeAudio else {
            fail("--ladder makes renditions of the video and the audio: it takes no --audio-only or --video-only",
                 status: 2)
        }
        if parsed.multivariant == nil { parsed.multivariant = "master.m3u8" }
    }
    if parsed.codecGiven, parsed.ladder == nil {
        fail("--codec chooses the encoder of a --ladder; without one the tracks are copied as they are", status: 2)
    }
    if parsed.dash != nil, !parsed.options.cmaf {
        fail("--dash lists CMAF segments: use it with --cmaf", status: 2)
    }
    guard parsed.options.includeVideo || parsed.options.includeAudio else {
        fail("--audio-only and --video-only exclude each other", status: 2)
    }
    for name in [parsed.indexFile, parsed.baseName] + [parsed.multivariant, parsed.dash].compactMap({ $0 }) {
        guard !name.isEmpty, !name.contains("/") else { fail("'\(name)' must be a file name", status: 2) }
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: parsed.directory.path, isDirectory: &isDirectory),
          isDirectory.boolValue else {
        fail("\(parsed.directory.path) is not a directory", status: 2)
    }
    return parsed
}

let arguments = parseArguments(Array(CommandLine.arguments.dropFirst()))
// The playlists are checked before any work: a run never replaces a file.
for name in [arguments.indexFile] + [arguments.multivariant, arguments.dash].compactMap({ $0 })
where FileManager.default.fileExists(atPath: arguments.directory.appendingPathComponent(name).path) {
    fail("\(arguments.directory.appendingPathComponent(name).path) exists; nothing was written")
}
do {
    if let heights = arguments.ladder, let name = arguments.multivariant {
        let (rungs, audio) = try await Ladder.segment(arguments.input!, into: arguments.directory, heights: heights,
                                                      targetDuration: arguments.options.targetDuration,
                                                      baseName: arguments.baseName, cmaf: arguments.options.cmaf,
                                                      codec: arguments.ladderCodec)
        try PlaylistFiles.writeLadder(rungs, audio: audio, name: name, arguments: arguments)
        exit(0)
    }
    let rendition = try await Segmenter.segment(arguments.input!, into: arguments.directory,
                                                baseName: arguments.baseName, options: arguments.options)
    do {
        try PlaylistFiles.write(rendition, arguments: arguments)
    } catch {
        // Leave nothing partial behind.
        let names = [rendition.initializationFile] + rendition.segments.map(\.file)
        for name in names { try? FileManager.default.removeItem(at: arguments.directory.appendingPathComponent(name)) }
        throw error
    }
} catch {
    fail("\(error)")
}
