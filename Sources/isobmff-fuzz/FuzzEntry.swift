import Foundation
import ISOBMFF

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { 0 }
#else
@main struct FuzzStub {
    static func main() throws {
        for path in CommandLine.arguments.dropFirst() {
            let result = try FileScanner.scan(try FileSource(url: URL(fileURLWithPath: path)))
            print(result.treeDescription())
        }
    }
}
#endif
