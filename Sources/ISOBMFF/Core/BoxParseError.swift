import MediaFormats

/// Malformed data: what went wrong, in which box, at which absolute byte offset of the file.
package struct BoxParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of problem, for callers that react differently to each.
    package enum Code: Equatable, Sendable {
        /// The data ends before a field or a box it declares.
        case unexpectedEnd
        /// A box header is impossible: a size smaller than the header, or a child running past its parent.
        case invalidBoxSize
        /// A count or length asks for more bytes than remain: refused before anything is allocated.
        case countExceedsData
        /// A limit in `Limits` was reached (depth, loaded size, number of boxes…).
        case limitExceeded
        /// A field holds a value the specification does not allow.
        case invalidValue
        /// Arithmetic on values from the file overflowed.
        case arithmeticOverflow
    }

    /// The kind of problem.
    package var code: Code
    /// The box in which the problem was found.
    package var path: BoxPath
    /// Absolute byte offset in the file (or buffer) where the problem was found.
    package var offset: Int64
    /// What went wrong, in words a person can act on.
    package var message: String

    /// An error of kind `code` in the box at `path`, found at `offset`.
    package init(_ code: Code, path: BoxPath, offset: Int64, _ message: String) {
        self.code = code
        self.path = path
        self.offset = offset
        self.message = message
    }

    /// The shared grammar's `error`, found in the box at `path`.
    package init(_ error: MediaFormatError, path: BoxPath) {
        let code: Code = switch error.code {
        case .unexpectedEnd: .unexpectedEnd
        case .countExceedsData: .countExceedsData
        case .invalidLength: .invalidBoxSize
        case .invalidValue, .unrepresentable: .invalidValue
        case .limitExceeded: .limitExceeded
        case .arithmeticOverflow: .arithmeticOverflow
        }
        self.init(code, path: path, offset: error.offset, error.message)
    }

    package var description: String { "\(path) at byte \(offset): \(message)" }
}

/// Something tolerated while parsing but worth knowing: unread bytes at the end of a box, a malformed metadata box
/// kept as raw bytes.
package struct BoxParseWarning: Equatable, Sendable, CustomStringConvertible {
    /// The box concerned.
    package var path: BoxPath
    /// Absolute byte offset of what was noticed.
    package var offset: Int64
    /// What was noticed.
    package var message: String

    /// A warning about the box at `path`, noticed at `offset`.
    package init(path: BoxPath, offset: Int64, _ message: String) {
        self.path = path
        self.offset = offset
        self.message = message
    }

    package var description: String { "\(path) at byte \(offset): \(message)" }
}
