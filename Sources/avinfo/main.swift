// avinfo: describes a media file through the public AVFoundation API only.
//
//   avinfo FILE                    a readable summary
//   avinfo --json FILE             one JSON object: duration, metadata, tracks
//   avinfo --samples TRACK_ID FILE one JSON object per line per sample, in decode order, raw sample table
//                                  (edit lists not applied): dts, pts, duration (media timescale ticks), size, sync
//
// A failure is one line on standard error naming the file and what went wrong; --verbose adds the chain of causes.
import AVFoundation
import Foundation

// FFmpeg's own log lines would come before (and muddle) our one line; --verbose lets its warnings through.
let verbose = CommandLine.arguments.dropFirst().contains { $0 == "--verbose" || $0 == "-v" }
setenv("LAVF_FFMPEG_LOG_LEVEL", verbose ? "warning" : "quiet", 0)

let usage = """
    usage: avinfo [--verbose] [--json] FILE
           avinfo [--verbose] --samples TRACK_ID FILE
    Describes a media file (MOV, MP4, M4A, 3GP, WAV, AIFF, CAF, AMR, MP3, AAC) through AVFoundation.
      --json                  print one JSON object: duration, metadata and tracks
      --samples TRACK_ID      print the raw sample table of one track as JSON lines
      -v, --verbose           on failure, also print the chain of causes (and FFmpeg's warnings)
      -h, --help              show this help
    """

enum Mode {
    case summary(URL)
    case json(URL)
    case samples(CMPersistentTrackID, URL)
}

func parseArguments(_ arguments: [String]) -> Mode? {
    switch arguments.count {
    case 1 where !arguments[0].hasPrefix("-"):
        return .summary(URL(fileURLWithPath: arguments[0]))
    case 2 where arguments[0] == "--json":
        return .json(URL(fileURLWithPath: arguments[1]))
    case 3 where arguments[0] == "--samples":
        guard let trackID = CMPersistentTrackID(arguments[1]) else { return nil }
        return .samples(trackID, URL(fileURLWithPath: arguments[2]))
    default:
        return nil
    }
}

/// Prints a one-line reason to standard error (and with --verbose the causes, one per line) and exits non-zero.
func fail(_ message: String, causes: [String] = []) -> Never {
    var text = "avinfo: \(message.replacingOccurrences(of: "\n", with: " "))\n"
    if verbose { for cause in causes { text += "  cause: \(cause)\n" } }
    FileHandle.standardError.write(Data(text.utf8))
    exit(1)
}

let arguments = CommandLine.arguments.dropFirst().filter { $0 != "--verbose" && $0 != "-v" }
if arguments.contains("-h") || arguments.contains("--help") {
    print(usage)
    exit(0)
}
guard let mode = parseArguments(arguments) else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
}

do {
    switch mode {
    case .summary(let url):
        try await Summary(url: url).printText()
    case .json(let url):
        try await Summary(url: url).printJSON()
    case .samples(let trackID, let url):
        try await SampleListing(url: url, trackID: trackID).printLines()
    }
} catch {
    let url: URL
    switch mode {
    case .summary(let u), .json(let u), .samples(_, let u): url = u
    }
    fail("\(url.path): \((error as NSError).localizedDescription)", causes: causes(of: error))
}

/// The error and its underlying errors, each as its domain, code and description.
func causes(of error: any Error) -> [String] {
    var result: [String] = []
    var next: NSError? = error as NSError
    while let current = next, result.count < 8 {
        result.append("\(current.domain) \(current.code): \(current.localizedDescription)")
        next = current.userInfo[NSUnderlyingErrorKey] as? NSError
    }
    return result
}
