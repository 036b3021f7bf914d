// The ISOBMFF fuzz target (see ../shared/notes/c-libraries-from-swift.md §6). Built with
//   swift build -c release --sanitize=fuzzer -Xswiftc -DFUZZING --product isobmff-fuzz --scratch-path .build-fuzz
// and run with SWIFT_BACKTRACE=enable=no .build-fuzz/release/isobmff-fuzz -max_total_time=300 corpus seeds.
// A normal build gives a small tool instead: `isobmff-fuzz FILE…` prints box trees and replays inputs through the
// same harness; `isobmff-fuzz --bench` times million-entry tables.
import Foundation
import ISOBMFF

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    FuzzHarness.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#else
@main struct IsobmffTool {
    static func main() {
        if CommandLine.arguments.dropFirst().first == "--bench" {
            do { try TableBenchmark.run() } catch { print("benchmark failed: \(error)") }
            return
        }
        for path in CommandLine.arguments.dropFirst() {
            do {
                let url = URL(fileURLWithPath: path)
                let result = try FileScanner.scan(try FileSource(url: url))
                print(result.treeDescription())
                FuzzHarness.run(Array(try Data(contentsOf: url)))
            } catch {
                print("\(path): \(error)")
            }
        }
    }
}
#endif
