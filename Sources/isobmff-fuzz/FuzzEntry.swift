import Foundation
import ISOBMFF

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { 0 }
#else
@main struct FuzzStub {
    static func main() {
        if CommandLine.arguments.dropFirst().first == "--bench" {
            do { try TableBenchmark.run() } catch { print("benchmark failed: \(error)") }
            return
        }
        for path in CommandLine.arguments.dropFirst() {
            do {
                let result = try FileScanner.scan(try FileSource(url: URL(fileURLWithPath: path)))
                print(result.treeDescription())
            } catch {
                print("\(path): \(error)")
            }
        }
    }
}
#endif
