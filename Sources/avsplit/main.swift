// avsplit: an export in temporal segments, run as three steps that any engine able to run a command per index can
// drive (a shell loop, Ray, a Kubernetes Indexed Job): plan, encode one segment, stitch. docs/segmented-export.md
// describes the contract.
//
// Exit status: 0 when the step was done; 1 when it could not be (one line on standard error says why); 2 for a
// command line that cannot be run; 128 + the signal's number when stopped by SIGINT, SIGTERM, SIGHUP or SIGXCPU, in
// which case the step's partial output is removed (a segment is encoded again by the next attempt).
import AVFoundation
import Foundation
import Synchronization
import ToolSupport

#if canImport(Glibc)
import Glibc
#endif

setenv("LAVF_FFMPEG_LOG_LEVEL", "quiet", 0)

let help = """
    Usage: avsplit plan --source <media> --preset <preset> --output <movie> [options] <plan.json>
           avsplit count <plan.json>
           avsplit encode <plan.json> [<index>]
           avsplit stitch <plan.json>
           avsplit run <plan.json> [--parallel <n>]
           avsplit clean <plan.json>

    Exports a media file with an AVFoundation export preset in temporal segments. `plan` cuts the export's video
    at the source's sync samples and writes the plan; `encode` encodes one segment into a piece beside the plan
    (the index defaults to $JOB_COMPLETION_INDEX, as a Kubernetes Indexed Job sets it); `stitch` checks every
    piece against its receipt and joins them, without re-encoding, into the output. Equal plans give the same
    output bytes however the segments ran. `run` does every unfinished segment and the stitch in this process;
    `count` prints the number of segments; `clean` removes the pieces.

    Options of plan:
      -s, --source <path>          the media file to export
      -o, --output <path>          the file the stitch writes; it must not exist
      -p, --preset <preset>        a preset that encodes video (Preset1280x720, PresetHEVCHighestQuality...)
          --start <seconds>        start the output at this time in the source (default 0)
          --duration <seconds>     end it this long after the start (default: the end of the source)
          --segment-duration <s>   at least this long between cuts (default 10)
          --encoder-threads <n>    threads of each segment's encoder, 1 to 64 (default: this machine's cores)
          --encoder-instructions <set>  sse2, sse42 or avx2: what the encoders may use (default: the most this
                                   machine has); every machine that encodes a segment needs them. Threads and
                                   instructions are part of the plan, so every machine makes the same bytes
          --pre-roll <seconds>     each segment after the first starts its encoder this long before its cut and
                                   drops what it made there, so its rate control meets the cut settled (default:
                                   5 divided by the segment duration, within 0.5 and 1; 0 for none). Longer costs
                                   more encoding and brings the joins' quality closer to one encoder's
                                   (docs/segmented-export.md)
          --multiPass              encode in two passes where the preset can use them
          --disableFastStart       do not lay the output out for playback while it downloads
          --disableMetadataFilter  keep all the source's metadata
    Options of run:
          --parallel <n>           segments encoded side by side (default 1)
      -h, --help                   show this help and exit
    """

func exitWith(_ status: Int32, _ message: String) -> Never {
    FileHandle.standardError.write(Data("avsplit: \(message)\n".utf8))
    exit(status)
}

func usage(_ message: String) -> Never { exitWith(2, "\(message) (avsplit --help shows the usage)") }

func describe(_ error: any Error) -> String {
    (error as NSError).localizedDescription.replacingOccurrences(of: "\n", with: " ")
}

/// The command line's options (`--name value` or `--name` alone) and its other arguments, in order.
struct Arguments {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positional: [String] = []

    init(_ arguments: ArraySlice<String>, valued: Set<String>, switches: Set<String>, aliases: [String: String]) {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = aliases[arguments[index]] ?? arguments[index]
            if valued.contains(argument) {
                index += 1
                guard index < arguments.endIndex, !arguments[index].isEmpty else { usage("\(argument) needs a value") }
                guard values[argument] == nil else { usage("\(argument) is given more than once") }
                values[argument] = arguments[index]
            } else if switches.contains(argument) {
                flags.insert(argument)
            } else if argument.hasPrefix("-") {
                usage("unknown option '\(argument)'")
            } else {
                positional.append(argument)
            }
            index += 1
        }
    }

    /// A positive decimal number of seconds (or zero when `allowZero`).
    func seconds(_ name: String, allowZero: Bool = false) -> Double? {
        guard let text = values[name] else { return nil }
        guard let value = Double(text), value.isFinite, text.allSatisfy({ $0.isNumber || $0 == "." }),
              allowZero ? value >= 0 : value > 0 else {
            usage("\(name) takes a number of seconds such as 1.5, not '\(text)'")
        }
        return value
    }

    /// A whole number in `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            usage("\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }
}

let arguments = CommandLine.arguments
if arguments.count < 2 || arguments.contains("--help") || arguments.contains("-h") {
    print(help)
    exit(arguments.count < 2 ? 2 : 0)
}
let command = arguments[1]
let parsed = Arguments(arguments.dropFirst(2),
                       valued: ["--source", "--output", "--preset", "--start", "--duration", "--segment-duration",
                                "--encoder-threads", "--encoder-instructions", "--pre-roll", "--parallel"],
                       switches: ["--multiPass", "--disableFastStart", "--disableMetadataFilter"],
                       aliases: ["-s": "--source", "-o": "--output", "-p": "--preset"])
let allowed: Set<String> = switch command {
case "plan": ["--source", "--output", "--preset", "--start", "--duration", "--segment-duration", "--encoder-threads",
              "--encoder-instructions", "--pre-roll", "--multiPass", "--disableFastStart", "--disableMetadataFilter"]
case "run": ["--parallel"]
case "count", "encode", "stitch", "clean": []
default: usage("unknown command '\(command)'; the commands are plan, count, encode, stitch, run and clean")
}
if let extra = Set(parsed.values.keys).union(parsed.flags).subtracting(allowed).sorted().first {
    usage("\(extra) is not an option of \(command)")
}
let positionalLimit = command == "encode" ? 2 : 1
guard let planPath = parsed.positional.first, parsed.positional.count <= positionalLimit else {
    usage(parsed.positional.isEmpty ? "\(command) needs the plan's path" : "too many arguments for \(command)")
}
let planURL = URL(fileURLWithPath: planPath)

// SIGINT, SIGTERM, SIGHUP and SIGXCPU cancel the step, which removes its partial output.
let cancellation = SegmentedExportCancellation()
let stopSignal = Mutex<Int32?>(nil)
let signalSources = [SIGINT, SIGTERM, SIGHUP, SIGXCPU].map { number in
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    source.setEventHandler {
        stopSignal.withLock { if $0 == nil { $0 = number } }
        cancellation.cancel()
    }
    source.resume()
    return source
}

/// Runs `step`; a failure exits with status 1 (or as the signal that stopped it).
func perform<T>(_ what: String, _ step: () throws -> T) -> T {
    do {
        let result = try step()
        if let number = stopSignal.withLock({ $0 }) { exitWith(128 + number, "\(what): stopped by signal \(number)") }
        return result
    } catch {
        if let number = stopSignal.withLock({ $0 }) { exitWith(128 + number, "\(what): stopped by signal \(number)") }
        exitWith(1, "\(what): \(describe(error))")
    }
}

switch command {
case "plan":
    guard let source = parsed.values["--source"] else { usage("no source: give one with --source (-s)") }
    guard let output = parsed.values["--output"] else { usage("no output: give one with --output (-o)") }
    guard let presetArgument = parsed.values["--preset"] else { usage("no preset: give one with --preset (-p)") }
    guard let presetName = Presets.constant(named: presetArgument) else { usage("unknown preset '\(presetArgument)'") }
    let outputExtension = URL(fileURLWithPath: output).pathExtension
    guard let fileType = Presets.fileType(forExtension: outputExtension) else {
        usage("cannot tell the output file type of '\(output)' from its extension")
    }
    let settings = SegmentedExportSteps.Settings(
        sourcePath: source, presetName: presetName, outputPath: output, fileType: fileType,
        start: parsed.seconds("--start", allowZero: true), duration: parsed.seconds("--duration"),
        optimizesForNetworkUse: !parsed.flags.contains("--disableFastStart"),
        filtersMetadata: !parsed.flags.contains("--disableMetadataFilter"),
        multiPass: parsed.flags.contains("--multiPass"))
    let threads = parsed.integer("--encoder-threads", in: 1...64)
        ?? min(16, max(1, ProcessInfo.processInfo.activeProcessorCount))
    let (count, reasoning) = perform("cannot plan '\(source)'") {
        try SegmentedExportSteps.plan(settings, segmentDuration: parsed.seconds("--segment-duration") ?? 10,
                                      threadCount: threads, instructionSet: parsed.values["--encoder-instructions"],
                                      preRoll: parsed.seconds("--pre-roll", allowZero: true), to: planURL)
    }
    print("\(count) segment\(count == 1 ? "" : "s") (\(reasoning))")
case "count":
    print(perform("cannot read the plan '\(planPath)'") { try SegmentedExportSteps.segmentCount(planURL: planURL) })
case "encode":
    let indexText = parsed.positional.count > 1 ? parsed.positional[1]
        : ProcessInfo.processInfo.environment["JOB_COMPLETION_INDEX"]
    guard let indexText else { usage("encode needs the segment's index (or JOB_COMPLETION_INDEX in the environment)") }
    guard let index = Int(indexText), index >= 0 else {
        usage("the segment index must be a whole number, not '\(indexText)'")
    }
    let encoded = perform("cannot encode segment \(index) of '\(planPath)'") {
        try SegmentedExportSteps.encode(segment: index, planURL: planURL, cancellation: cancellation)
    }
    print(encoded ? "segment \(index) encoded" : "segment \(index) was already encoded")
case "stitch":
    perform("cannot stitch '\(planPath)'") {
        try SegmentedExportSteps.stitch(planURL: planURL, cancellation: cancellation)
    }
case "run":
    let parallel = parsed.integer("--parallel", in: 1...64) ?? 1
    perform("cannot run '\(planPath)'") {
        try SegmentedExportSteps.run(planURL: planURL, parallel: parallel, cancellation: cancellation)
    }
case "clean":
    perform("cannot clean '\(planPath)'") { try SegmentedExportSteps.removePieces(planURL: planURL) }
default:
    usage("unknown command '\(command)'")
}
withExtendedLifetime(signalSources) {}
exit(0)
