import CoreMedia
import ISOBMFF

/// Why a movie file could not be opened or a sample could not be read: what kind of problem, where in the file
/// (box path and byte offset), which track and sample, and a message a person can act on.
///
/// The asset layer maps `kind` to `AVError`: `.notAMovieFile` is `.fileFormatNotRecognized`; `.malformed`,
/// `.truncated` and `.sampleOutsideFile` are `.fileFailedToParse` (the file claims to be a movie and is broken);
/// `.unreadable` keeps its underlying system error (missing file, no permission); `.invalidArgument` is the caller's
/// mistake, not the file's.
package struct MovieFileError: Error, Sendable, CustomStringConvertible {
    /// The kind of problem.
    package enum Kind: Sendable, Equatable {
        /// The bytes are not an ISO base media / QuickTime file at all (another format, or noise).
        case notAMovieFile
        /// The file is a movie but a box or table is malformed or inconsistent.
        case malformed
        /// The file ends inside a box the movie cannot do without (the movie box itself).
        case truncated
        /// A sample's bytes lie (partly) past the end of the file: a cut download, or a corrupt offset.
        case sampleOutsideFile
        /// The file could not be opened, mapped or read.
        case unreadable
        /// The caller asked for something the movie does not have (a sample index past the track's end).
        case invalidArgument
    }

    /// The kind of problem.
    package var kind: Kind
    /// The box the problem is in (`moov/trak[2]/mdia/minf/stbl/stsz`), when known.
    package var path: BoxPath?
    /// Absolute byte offset in the file where the problem was found, when known.
    package var offset: Int64?
    /// The track concerned, when known.
    package var trackID: CMPersistentTrackID?
    /// The 0-based sample concerned (in decode order), when known.
    package var sampleIndex: Int?
    /// What went wrong.
    package var message: String
    /// The lower-level error (a `BoxParseError`, an I/O failure), when there is one.
    package var underlying: (any Error)?

    /// An error of kind `kind`.
    package init(_ kind: Kind, _ message: String, path: BoxPath? = nil, offset: Int64? = nil,
                 trackID: CMPersistentTrackID? = nil, sampleIndex: Int? = nil,
                 underlying: (any Error)? = nil) {
        self.kind = kind
        self.message = message
        self.path = path
        self.offset = offset
        self.trackID = trackID
        self.sampleIndex = sampleIndex
        self.underlying = underlying
    }

    /// A malformed-file error carrying a box parser's location and message (a box that ends too early inside a
    /// complete parent is malformed, not truncated: the file itself goes on).
    package init(_ error: BoxParseError, trackID: CMPersistentTrackID? = nil) {
        self.init(.malformed, error.message, path: error.path, offset: error.offset, trackID: trackID, underlying: error)
    }

    /// True when the file was recognised as a movie (the error is about a broken movie, not another format).
    package var isRecognizedMovie: Bool { kind != .notAMovieFile && kind != .unreadable && kind != .invalidArgument }

    package var description: String {
        var parts: [String] = []
        if let trackID { parts.append("track \(trackID)") }
        if let sampleIndex { parts.append("sample \(sampleIndex)") }
        if let path { parts.append(path.description) }
        if let offset { parts.append("at byte \(offset)") }
        let location = parts.isEmpty ? "" : parts.joined(separator: ", ") + ": "
        return location + message
    }
}
