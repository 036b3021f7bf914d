// The AVAssetWriter fuzz target: the fuzzer's bytes are a program of writer calls (`WriterProgram`). Built by
// `make fuzz` (scripts/fuzz.sh) with -sanitize=fuzzer,address -DFUZZING; a normal build gives a replay tool:
// `avassetwriter-fuzz FILE…` runs each file's program and prints how it ended, exiting 1 if one misbehaved (the
// tests replay the committed corpus this way).
import Foundation

#if FUZZING
/// The writer's and FFmpeg's messages would flood the fuzzer's output.
private let quiet: Void = {
    setenv("LAVF_QUIET_WRITER_WARNINGS", "1", 0)
    setenv("LAVF_FFMPEG_LOG_LEVEL", "quiet", 0)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    _ = quiet
    let outcome = WriterFuzzHarness.run(Array(UnsafeBufferPointer(start: data, count: size)))
    if let problem = outcome.problem { fatalError("writer fuzz: \(problem)") }
    return 0
}
#else
@main struct WriterFuzzTool {
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
            let outcome = WriterFuzzHarness.run(Array(data))
            print("\(path): \(outcome)")
            if outcome.problem != nil { failed = true }
        }
        exit(failed ? 1 : 0)
    }
}
#endif
