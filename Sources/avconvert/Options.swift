import AVFoundation
import Foundation

/// What the command line asks for, parsed strictly: every flag is known, takes its value when it has one, and
/// appears at most once (`--source`, `--start` and `--duration` once per clip); anything else is an error that names
/// the argument.
///
/// Several `--source` options join their clips one after another. A `--start` or `--duration` after a `--source`
/// trims that clip; with a single source they may come anywhere.
struct Options {
    /// One source and the part of it to use.
    struct Clip {
        var path: String
        var start: Double?
        var duration: Double?
    }

    var clips: [Clip] = []
    var output: String?
    var preset: String?
    /// A `--start`/`--duration` given before any `--source` (allowed with a single source).
    private var leadingStart: Double?
    private var leadingDuration: Double?
    var replace = false
    var progress = false
    var verbose = false
    var multiPass = false
    var disableFastStart = false
    var disableMetadataFilter = false
    /// Export resumably, keeping the finished segments in this directory (`configureForResumableExport()`).
    var resumeDirectory: String?
    var listPresets = false
    var help = false

    /// A command line that cannot be run, with the reason (exit status 2).
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// The flags, with their short forms and whether they take a value.
    private static let flags: [(long: String, short: String?, takesValue: Bool)] = [
        ("--source", "-s", true), ("--output", "-o", true), ("--preset", "-p", true), ("--start", nil, true),
        ("--duration", nil, true), ("--replace", nil, false), ("--progress", nil, false), ("--verbose", "-v", false),
        ("--multiPass", nil, false), ("--disableFastStart", nil, false), ("--disableMetadataFilter", nil, false),
        ("--resumeDirectory", nil, true), ("--listPresets", nil, false), ("--help", "-h", false),
    ]

    /// Parses `arguments` (without the program name).
    init(parsing arguments: [String]) throws(UsageError) {
        var seen = Set<String>()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard let flag = Self.flags.first(where: { $0.long == argument || $0.short == argument }) else {
                if argument.hasPrefix("-") {
                    throw UsageError(description: "unknown option '\(argument)'" + Self.suggestion(for: argument))
                }
                throw UsageError(description: "unexpected argument '\(argument)': give the source with --source and the output with --output")
            }
            // --start and --duration belong to the clip before them: once per clip, not once per command line.
            let clipScoped = flag.long == "--start" || flag.long == "--duration"
            let key = clipScoped && !clips.isEmpty ? "\(flag.long)#\(clips.count)" : flag.long
            guard flag.long == "--source" || seen.insert(key).inserted else {
                throw UsageError(description: clipScoped && !clips.isEmpty
                                 ? "\(flag.long) is given more than once for the source '\(clips[clips.count - 1].path)'"
                                 : "\(flag.long) is given more than once")
            }
            var value: String?
            if flag.takesValue {
                index += 1
                guard index < arguments.count, !arguments[index].isEmpty else {
                    throw UsageError(description: "\(flag.long) needs a value")
                }
                value = arguments[index]
                if let next = value, next.hasPrefix("--"), Self.flags.contains(where: { $0.long == next }) {
                    throw UsageError(description: "\(flag.long) needs a value, not the option '\(next)'")
                }
            }
            try apply(flag.long, value)
            index += 1
        }
        if help || listPresets { return }
        guard !clips.isEmpty else { throw UsageError(description: "no source: give one with --source (-s)") }
        if leadingStart != nil || leadingDuration != nil {
            guard clips.count == 1 else {
                throw UsageError(description: "with several sources, give --start and --duration after the --source "
                                 + "they trim")
            }
            if let leadingStart {
                guard clips[0].start == nil else { throw UsageError(description: "--start is given more than once") }
                clips[0].start = leadingStart
            }
            if let leadingDuration {
                guard clips[0].duration == nil else { throw UsageError(description: "--duration is given more than once") }
                clips[0].duration = leadingDuration
            }
        }
        guard output != nil else { throw UsageError(description: "no output: give one with --output (-o)") }
        guard preset != nil else { throw UsageError(description: "no preset: give one with --preset (-p); --listPresets lists them") }
    }

    private mutating func apply(_ flag: String, _ value: String?) throws(UsageError) {
        switch flag {
        case "--source": clips.append(Clip(path: value ?? ""))
        case "--output": output = value
        case "--preset": preset = value
        case "--start":
            let seconds = try Self.seconds(value, flag: flag, allowZero: true)
            if clips.isEmpty { leadingStart = seconds } else { clips[clips.count - 1].start = seconds }
        case "--duration":
            let seconds = try Self.seconds(value, flag: flag, allowZero: false)
            if clips.isEmpty { leadingDuration = seconds } else { clips[clips.count - 1].duration = seconds }
        case "--replace": replace = true
        case "--progress": progress = true
        case "--verbose": verbose = true
        case "--multiPass": multiPass = true
        case "--disableFastStart": disableFastStart = true
        case "--disableMetadataFilter": disableMetadataFilter = true
        case "--resumeDirectory": resumeDirectory = value
        case "--listPresets": listPresets = true
        case "--help": help = true
        default: throw UsageError(description: "internal: unhandled option \(flag)")
        }
    }

    /// A number of seconds: a finite decimal number, ≥ 0 (or > 0).
    private static func seconds(_ text: String?, flag: String, allowZero: Bool) throws(UsageError) -> Double {
        guard let text, let value = Double(text), value.isFinite,
              text.allSatisfy({ $0.isNumber || $0 == "." }) else {
            throw UsageError(description: "\(flag) takes a number of seconds such as 1.5, not '\(text ?? "")'")
        }
        guard allowZero ? value >= 0 : value > 0 else {
            throw UsageError(description: "\(flag) must be \(allowZero ? "zero or more" : "more than zero") seconds, not \(text)")
        }
        return value
    }

    /// A hint for a mistyped option: the known option it differs from only in case.
    private static func suggestion(for argument: String) -> String {
        guard let match = flags.first(where: { $0.long.lowercased() == argument.lowercased() }) else {
            return ""
        }
        return "; did you mean \(match.long)?"
    }
}
