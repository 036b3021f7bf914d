import Raster

/// Why the compositor refused or failed: the broad cause, what was being done, and the lower layer's error when
/// there is one. AVFoundation maps it to `AVError` where it maps the other engines' failures.
package struct LayerCompositingError: Error, Sendable, CustomStringConvertible {
    /// The broad cause, so the layer above can map it onto `AVError` codes.
    package enum Kind: Sendable, Equatable {
        /// A pixel format (of a layer or of the output) or a Y′CbCr matrix the compositor cannot serve.
        case unsupportedFormat
        /// The caller broke the contract (a size out of range, a destination of another shape, a value not finite).
        case invalidInput
        /// Memory could not be had, or a conversion or draw failed for another reason.
        case failed
    }

    /// The broad cause.
    package var kind: Kind
    /// What went wrong, in words a person can act on.
    package var message: String
    /// The lower layer's error behind the failure (a `RasterError`, or the converter's own), when there is one.
    package var underlying: (any Error & Sendable)?

    /// Describes a failure.
    package init(_ kind: Kind, _ message: String, underlying: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
    }

    /// A failure reported by a pixel routine (Raster) while doing `operation`. Raster refuses only what the caller
    /// got wrong or could not allocate.
    init(_ error: RasterError, while operation: String) {
        let kind: Kind = switch error.kind {
        case .invalidArgument: .invalidInput
        case .outOfMemory, .failed: .failed
        }
        self.init(kind, "\(operation): \(error)", underlying: error)
    }

    /// The same failure, said to have happened while doing `operation`.
    func during(_ operation: String) -> LayerCompositingError {
        LayerCompositingError(kind, "\(operation): \(message)", underlying: underlying)
    }

    package var description: String { message }
}
