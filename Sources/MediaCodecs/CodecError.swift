import CoreMedia
import FFmpegBridge
import MediaFormats

/// A failure of a codec session: what was being done, for which sample when there is one, and the cause.
package struct CodecError: Error, Sendable, CustomStringConvertible {
    /// The broad cause, so the layer above can map it onto `AVError` codes.
    package enum Kind: Sendable, Equatable {
        /// The settings cannot be honoured (`settingsError` says which key).
        case invalidSettings
        /// The input's format is not one the session can take (a codec with no decoder, a pixel format with no layout).
        case unsupportedFormat
        /// The caller broke the session's contract (timestamps going backwards, a buffer of the wrong kind).
        case invalidInput
        /// One sample's data could not be decoded; the session keeps going.
        case corruptSample
        /// The codec failed for another reason.
        case codecFailed
    }

    /// The broad cause.
    package var kind: Kind
    /// What went wrong, in words a person can act on.
    package var message: String
    /// The presentation time of the sample concerned, when there is one.
    package var presentationTimeStamp: CMTime?
    /// The settings error behind an `invalidSettings` failure.
    package var settingsError: CodecSettingsError?
    /// The lower layer's error behind the failure, when there is one (the FFmpeg bridge's: typed as any error, so
    /// that layers above MediaCodecs see a cause to report, not a type of the bridge).
    package var underlying: (any Error & Sendable)?

    /// Describes a failure.
    package init(_ kind: Kind, _ message: String, presentationTimeStamp: CMTime? = nil,
                 underlying: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.message = message
        self.presentationTimeStamp = presentationTimeStamp
        self.underlying = underlying
    }

    /// A failure caused by settings.
    package init(_ error: CodecSettingsError) {
        self.init(.invalidSettings, error.description)
        settingsError = error
    }

    /// A failure reported by the FFmpeg bridge while doing `operation`.
    package init(_ error: FFError, while operation: String, presentationTimeStamp: CMTime? = nil) {
        let kind: Kind
        switch error.kind {
        case .invalidData: kind = .corruptSample
        case .codecNotAvailable: kind = .unsupportedFormat
        case .invalidConfiguration: kind = .invalidSettings
        case .invalidArgument: kind = .invalidInput
        case .outOfMemory, .failed: kind = .codecFailed
        }
        self.init(kind, "\(operation): \(error)", presentationTimeStamp: presentationTimeStamp, underlying: error)
    }

    /// A failure of the shared bitstream code (`MediaFormats`) while doing `operation`: data it could not read is a
    /// corrupt sample unless `kind` says otherwise.
    package init(_ error: MediaFormatError, while operation: String, kind: Kind = .corruptSample,
                 presentationTimeStamp: CMTime? = nil) {
        self.init(kind, "\(operation): \(error)", presentationTimeStamp: presentationTimeStamp)
    }

    package var description: String {
        guard let pts = presentationTimeStamp, pts.isValid else { return message }
        return "\(message) (sample at \(pts.value)/\(pts.timescale))"
    }
}
