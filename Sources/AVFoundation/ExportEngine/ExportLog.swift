import Foundation

/// Messages about misuse that Apple answers with an exception and this library ignores instead.
enum ExportLog {
    /// Writes one line to standard error.
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
