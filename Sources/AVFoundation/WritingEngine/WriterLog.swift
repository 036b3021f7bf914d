import Foundation

/// Messages for calls that Apple's AVFoundation answers with an Objective-C exception and that this library
/// cannot raise (Swift has no recoverable exceptions): the call is ignored, and the reason goes to standard error
/// so that the mistake is seen. Setting `LAVF_QUIET_WRITER_WARNINGS=1` silences them (tests that provoke them on
/// purpose).
enum WriterLog {
    private static let quiet = ProcessInfo.processInfo.environment["LAVF_QUIET_WRITER_WARNINGS"] == "1"

    /// Reports an ignored call.
    static func ignored(_ message: String) {
        guard !quiet else { return }
        FileHandle.standardError.write(Data("AVFoundation: \(message); the call was ignored\n".utf8))
    }
}
