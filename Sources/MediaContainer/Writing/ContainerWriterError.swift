import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Why writing a container failed (a movie, an audio file, or the output file under either): a code the asset layer
/// maps to an `AVError`, a message a person can act on, and for file-system failures the POSIX error number and the
/// path.
package struct ContainerWriterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is.
    package enum Code: Sendable, Equatable {
        /// The output file already exists (the writer never overwrites: `AVError.fileAlreadyExists`).
        case outputExists
        /// A codec, sample description or setting this file type cannot hold (`AVError.incompatibleAsset`-like).
        case unsupportedFormat
        /// A sample, edit, track or setting the caller gave is not valid (`AVError.invalidParameter`-like).
        case invalidArgument
        /// The call is not allowed in the writer's current state (after `finish`, adding a track after start…).
        case invalidState
        /// A metadata item the file type cannot represent.
        case metadataNotRepresentable
        /// The disk (or the file-size limit) is full: ENOSPC, EDQUOT or EFBIG (`AVError.diskFull`).
        case diskFull
        /// Any other file-system failure, with its errno.
        case fileSystem
        /// The writer was cancelled.
        case cancelled
    }

    /// The kind of failure.
    package var code: Code
    /// What went wrong, and how to fix it.
    package var message: String
    /// The POSIX error number of a file-system failure.
    package var posixErrorCode: Int32?
    /// The file the failure concerns.
    package var path: String?

    /// An error of kind `code`.
    package init(_ code: Code, _ message: String, posixErrorCode: Int32? = nil, path: String? = nil) {
        self.code = code
        self.message = message
        self.posixErrorCode = posixErrorCode
        self.path = path
    }

    /// A file-system failure of `operation` on `path` with `errno`; ENOSPC, EDQUOT and EFBIG become `.diskFull`.
    package static func posix(_ operation: String, path: String, errno number: Int32) -> ContainerWriterError {
        let text = String(cString: strerror(number))
        let full = number == ENOSPC || number == EDQUOT || number == EFBIG
        // A pipe's reader that went away is the usual cause, not a fault of the disk: say so.
        let cause = number == EPIPE ? "the reader closed its end (\(text), errno \(number))"
            : "\(text) (errno \(number))"
        return ContainerWriterError(full ? .diskFull : .fileSystem, "\(operation) '\(path)' failed: \(cause)",
                                posixErrorCode: number, path: path)
    }

    /// True when the disk or file-size limit is full, which the asset layer reports as `AVError.diskFull`.
    package var isDiskFull: Bool { code == .diskFull }

    package var description: String { message }
}
