/// A sub-range of a resource: `length` bytes from byte `offset` (the `<n>@<o>` of rfc8216bis §4.4.4.2).
///
/// The offset is always known here; whether the playlist may leave it out is the renderer's decision
/// (`MediaPlaylist.render()`), because it depends on the segment before.
package struct ByteRange: Hashable, Sendable {
    /// The number of bytes, at least 1.
    package var length: Int
    /// The first byte's offset from the start of the resource.
    package var offset: Int

    /// `length` bytes from `offset`.
    package init(length: Int, offset: Int) {
        self.length = length
        self.offset = offset
    }

    /// The offset just past the range, or nil when the range is not one a playlist can hold (a length below 1, a
    /// negative offset, or an end beyond `Int.max`).
    var end: Int? {
        guard length > 0, offset >= 0 else { return nil }
        let (sum, overflow) = offset.addingReportingOverflow(length)
        return overflow ? nil : sum
    }

    /// Throws unless the range can be written (see `end`).
    func validate(field: String) throws(HLSError) {
        guard end != nil else {
            throw HLSError(.invalidValue, field: field,
                           "the byte range \(length)@\(offset) is not a range (the length must be at least 1, the "
                               + "offset at least 0, and the end at most \(Int.max))")
        }
    }
}
