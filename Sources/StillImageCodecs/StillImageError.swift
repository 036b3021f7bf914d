/// Why a still image could not be read or written: what was attempted (naming the library call where there is
/// one) and what went wrong. ImageIO logs it and answers `nil`, as Apple's ImageIO does.
package struct StillImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broad cause.
    package enum Kind: Sendable, Equatable {
        /// The caller broke the API's contract (a frame outside the file, rows too short for the layout).
        case invalidArgument
        /// The bytes are not a valid file of the format, or claim a picture larger than the limits.
        case invalidData
        /// An allocation failed.
        case outOfMemory
        /// The library reported another failure (the message says which).
        case failed
    }

    /// The broad cause.
    package var kind: Kind
    /// What was being done, naming the library call where there is one (`png_image_finish_read`).
    package var operation: String
    /// What went wrong, in words a person can act on.
    package var message: String

    /// An error of the given kind.
    package init(_ kind: Kind, operation: String, message: String) {
        self.kind = kind
        self.operation = operation
        self.message = message
    }

    package var description: String { message.isEmpty ? operation : "\(operation): \(message)" }
}
