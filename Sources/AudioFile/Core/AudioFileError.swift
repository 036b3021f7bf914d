#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why an audio file could not be read or written: which kind of failure (the asset layer maps it to an `AVError`
/// code), in which file format, where (chunk path and byte offset) and a message a person can act on.
///
/// The description reads like `WAVE: RIFF/fmt  at 12: channel count 0`.
package struct AudioFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    package enum Kind: Sendable, Equatable {
        /// The bytes are not this format (`AVError.fileFormatNotRecognized`).
        case notRecognized
        /// The bytes are this format but broken (`AVError.fileFailedToParse`).
        case malformed
        /// The file is well formed but its encoding cannot be handed out as packets (an AIFC compression type
        /// whose packet layout is unknown, a WAVE format tag without a block layout); the track is listed, its
        /// samples are not.
        case undecodable
        /// A system call failed; `errno` is the system's error number.
        case io(errno: Int32)
        /// A writer was asked for something it cannot do (a format the container cannot hold, a call after
        /// `finish()`).
        case invalidArgument
    }

    /// The kind of failure.
    package var kind: Kind
    /// The format being read or written ("WAVE", "AIFF", "CAF", "AMR", "MP3", "ADTS"), if known.
    package var format: String?
    /// The chunk path (`RIFF/fmt `, `caff/pakt`, `frame 12`), if the failure is inside one.
    package var path: String?
    /// The absolute byte offset in the file, if known.
    package var offset: Int64?
    /// What went wrong.
    package var message: String

    /// An error of `kind`.
    package init(_ kind: Kind, format: String? = nil, path: String? = nil, offset: Int64? = nil, _ message: String) {
        self.kind = kind
        self.format = format
        self.path = path
        self.offset = offset
        self.message = message
    }

    /// A failed system call, with the system's text for `errno`.
    package static func io(_ code: Int32, format: String?, _ what: String) -> AudioFileError {
        AudioFileError(.io(errno: code), format: format, "\(what): \(String(cString: strerror(code)))")
    }

    package var description: String {
        var text = format.map { "\($0): " } ?? ""
        if let path { text += path }
        if let offset { text += (path == nil ? "at \(offset)" : " at \(offset)") }
        if path != nil || offset != nil { text += ": " }
        return text + message
    }

    /// Whether the asset layer should report `AVError.fileFormatNotRecognized` (as opposed to a parse failure).
    package var isNotRecognized: Bool { kind == .notRecognized }
}
