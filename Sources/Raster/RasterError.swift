/// Why a pixel routine refused: what was attempted, naming the library call where there is one, and what went
/// wrong. Nothing a caller gets wrong reaches pixman or libyuv unchecked.
package struct RasterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broad cause.
    package enum Kind: Sendable, Equatable {
        /// The caller broke the API's contract (planes too small, a map that cannot be inverted).
        case invalidArgument
        /// An allocation failed.
        case outOfMemory
        /// The library refused for another reason (the message says which).
        case failed
    }

    /// The broad cause.
    package var kind: Kind
    /// What was being done (`RasterDrawing.draw`, `pixman_image_create_bits`).
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
