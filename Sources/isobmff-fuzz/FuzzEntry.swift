#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { 0 }
#else
@main struct FuzzStub { static func main() { print("not a fuzz build") } }
#endif
