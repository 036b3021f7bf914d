// avinfo: describes a media file through the public AVFoundation API only.
//
//   avinfo FILE                    a readable summary
//   avinfo --json FILE             one JSON object: duration, metadata, tracks
//   avinfo --samples TRACK_ID FILE one JSON object per line per sample, in decode order, raw sample table
//                                  (edit lists not applied): dts, pts, duration (media timescale ticks), size, sync
import AVFoundation
import Foundation

let usage = """
    usage: avinfo [--json] FILE
           avinfo --samples TRACK_ID FILE
    Describes a media file (MOV, MP4, M4A, 3GP, WAV, AIFF, CAF, AMR, MP3, AAC) through AVFoundation.
      --json                  print one JSON object: duration, metadata and tracks
      --samples TRACK_ID      print the raw sample table of one track as JSON lines
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

/// Prints a one-line reason to standard error and exits non-zero.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("avinfo: \(message)\n".utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
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
        print(try await Summary(url: url).text())
    case .json(let url):
        print(try await Summary(url: url).json())
    case .samples(let trackID, let url):
        try await SampleListing(url: url, trackID: trackID).printLines()
    }
} catch {
    let url: URL
    switch mode {
    case .summary(let u), .json(let u), .samples(_, let u): url = u
    }
    fail("\(url.path): \(describe(error))")
}

/// An error as one line: the AVError's description plus its underlying cause (box path, byte offset).
func describe(_ error: any Error) -> String {
    let nsError = error as NSError
    var text = nsError.localizedDescription
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error {
        text += " (\(String(describing: underlying)))"
    }
    return text
}
