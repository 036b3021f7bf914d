// The AudioFile fuzz target. Built with
//   swift build -c release --sanitize=fuzzer -Xswiftc -DFUZZING --product audiofile-fuzz --scratch-path .build-fuzz
// and run with SWIFT_BACKTRACE=enable=no .build-fuzz/release/audiofile-fuzz -max_total_time=300 corpus seeds.
// A normal build gives a small tool instead: `audiofile-fuzz FILE…` prints what the readers make of each file and
// replays it through the same harness.
import AudioFile
import Foundation

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    FuzzHarness.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}
#else
@main struct AudioFileTool {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            do {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
                print(path + ":")
                for line in FuzzHarness.describe(Array(bytes)) { print("  " + line) }
                FuzzHarness.run(Array(bytes))
            } catch {
                print("\(path): \(error)")
            }
        }
    }
}
#endif
