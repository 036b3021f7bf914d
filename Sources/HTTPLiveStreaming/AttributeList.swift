/// Builds one tag's attribute list (rfc8216bis §4.2), checking each value as it is added, so that the tag's text
/// exists only when every value in it could be written.
struct AttributeList {
    /// The tag, for errors (`EXT-X-STREAM-INF[2]`).
    let tag: String
    /// `NAME=value` pairs in the order they were added.
    private var pairs: [String] = []

    /// An empty list for `tag`.
    init(tag: String) { self.tag = tag }

    /// The attribute list as written after the tag's colon.
    var text: String { pairs.joined(separator: ",") }

    /// Adds a decimal-integer (§4.2: 0 to 2⁶⁴−1, so a negative value is refused), and, when `isPositive`, refuses 0
    /// too.
    mutating func append(_ name: String, integer value: Int, isPositive: Bool = false) throws(HLSError) {
        guard value >= (isPositive ? 1 : 0) else {
            throw HLSError(.invalidValue, field: "\(tag):\(name)",
                           "\(value) is not a valid \(name) (it must be \(isPositive ? "at least 1" : "0 or more"))")
        }
        pairs.append("\(name)=\(value)")
    }

    /// Adds a quoted-string, checked by `PlaylistText.quotedString`.
    mutating func append(_ name: String, quoted value: String) throws(HLSError) {
        let checked = try PlaylistText.quotedString(value, field: "\(tag):\(name)")
        pairs.append("\(name)=\"\(checked)\"")
    }

    /// Adds a URI as a quoted-string, checked by `PlaylistText.uri`.
    mutating func append(_ name: String, uri value: String) throws(HLSError) {
        let checked = try PlaylistText.uri(value, field: "\(tag):\(name)")
        pairs.append("\(name)=\"\(checked)\"")
    }

    /// Adds text the module made itself and knows to be valid for the attribute: an enumerated-string (`AUDIO`,
    /// `YES`), a decimal-resolution or a decimal-floating-point.
    mutating func append(_ name: String, verbatim value: String) {
        pairs.append("\(name)=\(value)")
    }
}
