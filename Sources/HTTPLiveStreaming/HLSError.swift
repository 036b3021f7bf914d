/// Why a playlist or a codec string could not be made: what was refused, where, and what to do about it.
///
/// The module never writes a playlist a client would have to reject: a value the syntax cannot carry, or a rule of
/// RFC 8216 / rfc8216bis that the values break, is thrown before any text is returned.
package struct HLSError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem, for callers that react differently to each.
    package enum Code: Hashable, Sendable {
        /// A value the playlist syntax cannot carry (a double quote in a quoted-string, whitespace in a URI, a
        /// negative duration, a number too large for its field).
        case invalidValue
        /// Values that are each valid but break a rule between tags or attributes (two `DEFAULT=YES` renditions in
        /// a group, an `AUDIO` group no `EXT-X-MEDIA` tag defines).
        case conflictingValues
        /// A codec configuration record that is short, of an unknown version, or declares more bytes than it holds.
        case malformedRecord
        /// A codec or sample entry type this module has no codec string for.
        case unsupportedCodec
    }

    /// The kind of problem.
    package var code: Code
    /// Where: the tag and attribute (`EXT-X-MAP:URI`, `EXT-X-STREAM-INF[2]:CODECS`), the segment, or the record
    /// field (`avcC byte 5`).
    package var field: String
    /// What went wrong, in words a person can act on.
    package var message: String

    /// An error of kind `code` about `field`.
    package init(_ code: Code, field: String, _ message: String) {
        self.code = code
        self.field = field
        self.message = message
    }

    package var description: String { "\(field): \(message)" }
}
