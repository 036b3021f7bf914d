// avconvert: converts a media file with an export preset, as macOS's avconvert does, through the public
// AVFoundation API (AVAssetExportSession) only.
//
// Exit status: 0 when the output was written; 1 when the conversion could not be done (one line on standard error
// says which file and what failed); 2 for a command line that cannot be run; 128 + the signal's number when stopped
// by SIGINT (Ctrl-C, 130), SIGTERM (`timeout`, systemd, Docker and Kubernetes, 143), SIGHUP (129) or SIGXCPU (a CPU
// time limit, `ulimit -t`, as job runners set; 152), in which case nothing is left at the output path and no
// temporary file beside it.
import AVFoundation
import ToolSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

// FFmpeg's own log lines would come before (and muddle) our one line; --verbose lets its warnings through.
setenv("LAVF_FFMPEG_LOG_LEVEL", CommandLine.arguments.contains { $0 == "--verbose" || $0 == "-v" } ? "warning" : "quiet", 0)

let help = """
    Usage: avconvert --source <source_media> --preset <preset> --output <output_movie> [options]
           avconvert --source <clip> [--start <s>] [--duration <s>] --source <clip> ... --preset <preset> --output <movie>

    Converts a media file with an AVFoundation export preset. The output's file type comes from its extension
    (.mov, .mp4, .m4v, .m4a, .3gp, .3g2, .caf, .wav, .aif, .aifc, .amr). Several sources are joined one after
    another (an AVMutableComposition); a --start or --duration after a --source trims that clip.

    Options:
      -s, --source <path>        the media file to convert; give it again to join more clips
      -o, --output <path>        the file to write; it must not exist unless --replace is given
      -p, --preset <preset>      the export preset, as avconvert names it (Preset1280x720, PresetPassthrough,
                                 PresetAppleM4A...) or as AVFoundation does (AVAssetExportPreset1280x720...)
          --start <seconds>      start the output (or the clip before it) at this time in the source (default 0)
          --duration <seconds>   end it this long after the start (default: to the end of the source)
          --replace              replace the output file if it exists (only once the new one is complete)
          --progress             show the progress (a bar on a terminal, plain lines otherwise)
      -v, --verbose              describe the conversion and its result
          --multiPass            encode video in two passes where the preset can use them (better quality for the size)
          --disableFastStart     do not lay the file out for playback while it downloads (movie box last)
          --disableMetadataFilter  keep all the source's metadata (by default, user-identifying metadata such as
                                 location is removed, as AVMetadataItemFilter.forSharing() does)
          --resumeDirectory <dir>  export in segments kept in this existing directory (H.264 and HEVC presets):
                                 a conversion stopped or killed part-way, run again with the same options,
                                 encodes only the segments not yet finished. The directory is emptied of them
                                 once the output is complete; use one directory per conversion
          --listPresets          list the presets and exit
      -h, --help                 show this help and exit
    """

/// Writes one line to standard error (with --verbose, the causes `describe` put on lines of their own follow it)
/// and exits with `status`.
func exitWith(_ status: Int32, _ message: String) -> Never {
    FileHandle.standardError.write(Data("avconvert: \(message)\n".utf8))
    exit(status)
}

/// The error's description, on one line; with --verbose the chain of its causes follows on lines of their own.
func describe(_ error: any Error) -> String {
    var text = (error as NSError).localizedDescription.replacingOccurrences(of: "\n", with: " ")
    guard CommandLine.arguments.contains(where: { $0 == "--verbose" || $0 == "-v" }) else { return text }
    var next = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    while let cause = next {
        text += "\n  cause: \(cause.domain) \(cause.code): \(cause.localizedDescription)"
        next = cause.userInfo[NSUnderlyingErrorKey] as? NSError
    }
    return text
}

let options: Options
do {
    options = try Options(parsing: Array(CommandLine.arguments.dropFirst()))
} catch {
    exitWith(2, "\(error.description) (avconvert --help shows the usage)")
}

if options.help {
    print(help)
    exit(0)
}
if options.listPresets {
    for preset in Presets.all { print(Presets.avconvertName(preset)) }
    exit(0)
}

// Validated by Options: a conversion has a source, an output and a preset.
let clips = options.clips, outputPath = options.output!, presetArgument = options.preset!
let sourcePath = clips.count == 1 ? clips[0].path : "\(clips.count) joined clips"
guard let presetName = Presets.constant(named: presetArgument) else {
    exitWith(2, "unknown preset '\(presetArgument)' (avconvert --listPresets lists them)")
}
let outputURL = URL(fileURLWithPath: outputPath)
guard let fileType = Presets.fileType(forExtension: outputURL.pathExtension) else {
    exitWith(2, "cannot tell the output file type of '\(outputPath)' from its extension '.\(outputURL.pathExtension)'")
}
var isDirectory: ObjCBool = false
for clip in clips {
    guard FileManager.default.fileExists(atPath: clip.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
        exitWith(1, "cannot read the source '\(clip.path)': no such file")
    }
}
if FileManager.default.fileExists(atPath: outputURL.path, isDirectory: &isDirectory) {
    if isDirectory.boolValue { exitWith(1, "the output '\(outputPath)' is a directory") }
    if !options.replace { exitWith(1, "the output '\(outputPath)' exists; use --replace to replace it") }
}

let timescale: CMTimeScale = 600_000

/// Clip `clip`'s asset, opened, and the part of it to use; exits with the reason when it cannot be opened or the
/// start lies past its end.
func open(_ clip: Options.Clip) async -> (AVURLAsset, CMTimeRange) {
    let asset = AVURLAsset(url: URL(fileURLWithPath: clip.path))
    let duration: CMTime
    do {
        (_, duration) = try await asset.load(.tracks, .duration)
    } catch {
        exitWith(1, "cannot open the source '\(clip.path)': \(describe(error))")
    }
    if let seconds = clip.start, duration.isNumeric, seconds >= duration.seconds {
        exitWith(1, "--start \(seconds) is at or past the end of '\(clip.path)' (\(String(format: "%.3f", duration.seconds)) s)")
    }
    let start = CMTime(seconds: clip.start ?? 0, preferredTimescale: timescale)
    return (asset, CMTimeRange(start: start, duration: clip.duration.map { CMTime(seconds: $0, preferredTimescale: timescale) }
                                   ?? .positiveInfinity))
}

// One clip is exported through the session's time range; several are joined in a composition first.
let asset: AVAsset
var range = CMTimeRange(start: .zero, duration: .positiveInfinity)
if clips.count == 1 {
    (asset, range) = await open(clips[0])
} else {
    let composition = AVMutableComposition()
    for clip in clips {
        let (source, part) = await open(clip)
        let duration = (try? await source.load(.duration)) ?? .zero
        let clipped = CMTimeRangeGetIntersection(part, otherRange: CMTimeRange(start: .zero, duration: duration))
        do {
            try composition.insertTimeRange(clipped, of: source, at: composition.duration)
        } catch {
            exitWith(1, "cannot join '\(clip.path)': \(describe(error))")
        }
    }
    asset = composition
}
guard let session = AVAssetExportSession(asset: asset, presetName: presetName) else {
    // Passthrough is not among exportPresets(compatibleWith:) (Apple documents so); it is listed when it applies.
    let passthrough = AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetPassthrough) != nil
    let compatible = (AVAssetExportSession.exportPresets(compatibleWith: asset)
                      + (passthrough ? [AVAssetExportPresetPassthrough] : [])).map(Presets.avconvertName)
    if compatible.isEmpty, (try? await asset.load(.tracks))?.isEmpty == true {
        exitWith(1, "cannot convert '\(sourcePath)': it has no tracks")
    }
    exitWith(1, "the preset \(Presets.avconvertName(presetName)) cannot convert '\(sourcePath)'; presets that can: "
             + (compatible.isEmpty ? "none" : compatible.joined(separator: ", ")))
}
let compatibleTypes = await session.compatibleFileTypes
guard compatibleTypes.contains(fileType) else {
    exitWith(1, "the preset \(Presets.avconvertName(presetName)) cannot write '\(sourcePath)' to a '.\(outputURL.pathExtension)' "
             + "file (\(fileType.rawValue)); it can write: " + compatibleTypes.map(\.rawValue).joined(separator: ", "))
}

session.timeRange = range
session.shouldOptimizeForNetworkUse = !options.disableFastStart
session.metadataItemFilter = options.disableMetadataFilter ? nil : AVMetadataItemFilter.forSharing()
session.canPerformMultiplePassesOverSourceMediaData = options.multiPass
if let directory = options.resumeDirectory {
    session.directoryForTemporaryFiles = URL(fileURLWithPath: directory)
    // Resumption is configured for an output type: the one export(to:as:) will be given.
    session.outputFileType = fileType
    switch await session.configureForResumableExport() {
    case .resumable(let resuming):
        if options.verbose {
            print(resuming ? "Resuming the conversion from the segments in \(directory)"
                  : "Resumable: finished segments are kept in \(directory)")
        }
    case .notResumable(let reason):
        let why = session.resumptionRefusalMessage
            ?? reason.rawValue.replacingOccurrences(of: "AVAssetExportSessionResumptionFailureReason", with: "")
        exitWith(1, "cannot convert resumably with --resumeDirectory \(directory): \(why)")
    }
}

// With --replace the new file is written beside the old one and moved over it once complete, so a failed
// conversion never costs the existing file.
let target = options.replace && FileManager.default.fileExists(atPath: outputURL.path)
    ? outputURL.deletingLastPathComponent()
        .appendingPathComponent(".\(outputURL.deletingPathExtension().lastPathComponent).avconvert-\(getpid()).\(outputURL.pathExtension)")
    : outputURL

if options.verbose {
    for clip in clips { print("Source: \(URL(fileURLWithPath: clip.path).path)") }
    print("Preset: \(Presets.avconvertName(presetName)) (\(presetName))")
    print("Output: \(outputURL.path) (\(fileType.rawValue))")
    for clip in clips where clip.start != nil || clip.duration != nil {
        print(String(format: "Time range of %@: from %.3f s", clip.path, clip.start ?? 0)
              + (clip.duration.map { String(format: " for %.3f s", $0) } ?? " to the end"))
    }
}

// SIGINT, SIGTERM, SIGHUP and SIGXCPU cancel the export (which removes its partial output); the temporary file of
// --replace is removed here. The signals are handled from the start of the export until the process exits. SIGXCPU
// comes at the soft CPU-time limit and again each second until the hard one, where SIGKILL follows: the time between
// them is what a clean stop has.
let stopSignal = StopSignal()
let signalSources = [SIGINT, SIGTERM, SIGHUP, SIGXCPU].map { number in
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    source.setEventHandler {
        stopSignal.record(number)
        session.cancelExport()
    }
    source.resume()
    return source
}

/// Exits as a stopped conversion does: the output left as it was, the temporary file gone.
func exitStopped(by number: Int32) -> Never {
    if target != outputURL { try? FileManager.default.removeItem(at: target) }
    let name = switch number {
    case SIGTERM: "terminated (SIGTERM)"
    case SIGHUP: "hung up (SIGHUP)"
    case SIGXCPU: "CPU time limit reached (SIGXCPU)"
    default: "interrupted"
    }
    exitWith(128 + number, "\(name); '\(outputPath)' was not written")
}

let display = options.progress ? ProgressDisplay() : nil
let watcher = Task {
    guard let display else { return }
    for await state in session.states(updateInterval: 0.1) {
        if case .exporting(let progress) = state { display.show(progress.fractionCompleted) }
    }
}
let began = Date()
do {
    try await session.export(to: target, as: fileType)
} catch {
    watcher.cancel()
    display?.end(completed: false)
    if error is CancellationError || stopSignal.number != nil {
        exitStopped(by: stopSignal.number ?? SIGINT)
    }
    exitWith(1, "cannot convert '\(sourcePath)' to '\(outputPath)': \(describe(error))")
}
watcher.cancel()
display?.end(completed: true)
// A signal that came as the export finished: the conversion was still stopped.
if let number = stopSignal.number {
    if target == outputURL { try? FileManager.default.removeItem(at: target) }
    exitStopped(by: number)
}
if target != outputURL {
    // rename(2) replaces the old file atomically: at every moment one complete file is at the output path.
    guard rename(target.path, outputURL.path) == 0 else {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: target)
        exitWith(1, "cannot replace '\(outputPath)': \(reason)")
    }
}
if options.verbose {
    let size = (try? FileManager.default.attributesOfItem(atPath: outputURL.path)[.size] as? NSNumber)?.int64Value ?? 0
    let duration = (try? await AVURLAsset(url: outputURL).load(.duration)).map { String(format: "%.3f s", $0.seconds) } ?? "?"
    print("Wrote \(size) bytes, \(duration), in \(String(format: "%.1f", Date().timeIntervalSince(began))) s")
}
exit(0)
