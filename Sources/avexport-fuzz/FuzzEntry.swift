// The passthrough-export fuzz target (issue 28): the fuzzer's bytes are a movie file, exported with
// AVAssetExportPresetPassthrough to QuickTime or MPEG-4, in place or fast start (`ExportFuzzHarness`). Built by
// `make fuzz` (scripts/fuzz.sh) with -sanitize=fuzzer,address -DFUZZING; a normal build gives a replay tool:
// `avexport-fuzz FILE…` exports each file and prints how it ended, exiting 1 if one misbehaved (the tests replay
// the demuxer's committed corpus this way).
import Foundation

#if FUZZING
/// FFmpeg's messages and the exporter's warnings would flood the fuzzer's output.
private let quiet: Void = {
    setenv("LAVF_QUIET_WRITER_WARNINGS", "1", 0)
    setenv("LAVF_FFMPEG_LOG_LEVEL", "quiet", 0)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    _ = quiet
    let outcome = ExportFuzzHarness.run(Array(UnsafeBufferPointer(start: data, count: size)))
    // The fuzzer's way to keep an input: a misbehaving export stops the process here.
    if let problem = outcome.problem { fatalError("export fuzz: \(problem)") }
    return 0
}
#else
@main struct ExportFuzzTool {
    static func main() {
        setenv("LAVF_QUIET_WRITER_WARNINGS", "1", 0)
        setenv("LAVF_FFMPEG_LOG_LEVEL", "quiet", 0)
        var failed = false
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot read")
                failed = true
                continue
            }
            let outcome = ExportFuzzHarness.run(Array(data))
            print("\(path): \(outcome)")
            if outcome.problem != nil { failed = true }
        }
        exit(failed ? 1 : 0)
    }
}
#endif
