/// Why a media presentation description could not be written: what was refused, where, and what to do about it.
///
/// The module never writes an MPD a client would have to reject or misread: a value the syntax cannot carry, or
/// values that contradict each other (a segment that starts before the previous one ends, two representations with
/// one id), are thrown before any text is returned.
package struct DASHError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem, for callers that react differently to each.
    package enum Code: Hashable, Sendable {
        /// A value the MPD cannot carry (an empty codecs string, whitespace in an id, a duration that is not
        /// positive, a template identifier ISO/IEC 23009-1 does not define).
        case invalidValue
        /// Values that are each valid but break a rule between elements (two representations with one id,
        /// overlapping segments, a representation without segments).
        case conflictingValues
    }

    /// The kind of problem.
    package var code: Code
    /// Where: the element and attribute (`Representation[720p]@bandwidth`, `SegmentTimeline[3]`).
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
