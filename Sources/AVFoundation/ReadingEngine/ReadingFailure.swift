import CoreMedia
import Foundation

/// Why an output stopped reading: what went wrong, for which track and time, and the lower layer's error (the
/// demuxer's box path and byte offset, the codec's message), which the public layer keeps as the underlying error
/// of the `AVError` it reports.
struct ReadingFailure: Error, Sendable, CustomStringConvertible {
    /// The broad cause, which picks the `AVError` code.
    enum Kind: Sendable, Equatable {
        /// A sample's bytes could not be read (a cut file, a corrupt offset): `AVError.fileFailedToParse`.
        case mediaData
        /// A sample could not be decoded: `AVError.decodeFailed`.
        case decode
        /// No decoder exists for the track's format: `AVError.decoderNotFound`.
        case decoderNotFound
        /// The output settings cannot be honoured: `AVError.unsupportedOutputSettings`.
        case settings
        /// The asset or track cannot be read this way: `AVError.operationNotSupportedForAsset`.
        case unsupported
        /// The video composition cannot be rendered as given (no instruction at a time, a zero render size, a
        /// compositor's pixel format that is not there): `AVError.invalidVideoComposition`.
        case invalidComposition
        /// The custom compositor failed a request (`finish(with:)`), or made nothing: `AVError.videoCompositorFailed`.
        case compositor
    }

    /// The broad cause.
    var kind: Kind
    /// What went wrong, in words a person can act on.
    var message: String
    /// The track concerned, when there is one.
    var trackID: CMPersistentTrackID?
    /// The presentation time concerned, on the asset's timeline, when known.
    var time: CMTime?
    /// The lower layer's error.
    var underlying: (any Error)?

    init(_ kind: Kind, _ message: String, trackID: CMPersistentTrackID? = nil, time: CMTime? = nil,
         underlying: (any Error)? = nil) {
        self.kind = kind
        self.message = message
        self.trackID = trackID
        self.time = time
        self.underlying = underlying
    }

    var description: String {
        var text = trackID.map { "track \($0): " } ?? ""
        text += message
        if let time, time.isNumeric { text += " (at \(String(format: "%.6f", time.seconds)) s)" }
        if let underlying { text += ": \(underlying)" }
        return text
    }
}
