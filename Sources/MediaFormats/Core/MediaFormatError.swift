/// Malformed or unrepresentable data met by the byte and bit grammar or by a format parser: what went wrong, at which
/// absolute byte offset, in words a person can act on.
///
/// The one error convention of this module: `read*` throws this when the data is short or a field holds a value the
/// specification forbids; `peek*` and `get*(at:)` return `nil` instead; `write*` of a value a field cannot hold
/// throws it with `.unrepresentable`. Container modules wrap it with their own context (a box path, a chunk path).
package struct MediaFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of problem, for callers that react differently to each.
    package enum Code: Equatable, Sendable {
        /// The data ends before a field it holds or declares.
        case unexpectedEnd
        /// A count asks for more bytes than remain: refused before anything is allocated.
        case countExceedsData
        /// A structure's length field declares more bytes than its container holds (a descriptor running past its
        /// parent).
        case invalidLength
        /// A field holds a value the specification does not allow.
        case invalidValue
        /// A limit was reached (the length of a string, an Exp-Golomb code longer than 32 bits).
        case limitExceeded
        /// Arithmetic on values from the data overflowed.
        case arithmeticOverflow
        /// A value cannot be written in the field the format gives it (too large, too many entries).
        case unrepresentable
    }

    /// The kind of problem.
    package var code: Code
    /// Absolute byte offset (in the file or buffer the reader was made over) where the problem was found.
    package var offset: Int64
    /// What went wrong.
    package var message: String

    /// An error of kind `code` found at `offset`.
    package init(_ code: Code, at offset: Int64, _ message: String) {
        self.code = code
        self.offset = offset
        self.message = message
    }

    package var description: String { "at byte \(offset): \(message)" }
}
