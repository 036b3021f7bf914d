// The whole-demuxer fuzz target (see ../shared/notes/c-libraries-from-swift.md §6). Built with
//   swift build -c release --sanitize=fuzzer -Xswiftc -DFUZZING --product moviefile-fuzz --scratch-path .build-fuzz
// and run with SWIFT_BACKTRACE=enable=no .build-fuzz/release/moviefile-fuzz -max_total_time=300 corpus seeds.
// A normal build gives a small tool instead: `moviefile-fuzz FILE…` prints what the demuxer sees and replays each
// file through the same harness.
import Foundation
import MovieFile

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    _ = MovieFuzzHarness.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#else
@main struct MovieFileTool {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            do {
                print(try MovieFuzzHarness.summary(of: URL(fileURLWithPath: path)))
                print(MovieFuzzHarness.run(Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
            } catch {
                print("\(path): \(error)")
            }
        }
    }
}
#endif
