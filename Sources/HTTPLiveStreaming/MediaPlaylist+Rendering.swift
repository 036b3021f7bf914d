/// Writing a media playlist's text.
extension MediaPlaylist {
    /// The playlist's text: `#EXTM3U` first, one tag or URI per line, each line ending with a line feed.
    ///
    /// Throws, naming the segment and attribute, when a value cannot be written (a URI with a double quote or a space,
    /// a segment of no duration, a byte range that is not one) rather than write a playlist a client must reject.
    package func render() throws(HLSError) -> String {
        guard mediaSequenceNumber >= 0 else {
            throw HLSError(.invalidValue, field: "EXT-X-MEDIA-SEQUENCE",
                           "\(mediaSequenceNumber) is not a Media Sequence Number (it must be 0 or more)")
        }
        var lines = ["#EXTM3U", "#EXT-X-VERSION:\(version)", "#EXT-X-TARGETDURATION:\(targetDuration)",
                     "#EXT-X-MEDIA-SEQUENCE:\(mediaSequenceNumber)"]
        if let playlistType { lines.append("#EXT-X-PLAYLIST-TYPE:\(playlistType.rawValue)") }
        if isIFramesOnly { lines.append("#EXT-X-I-FRAMES-ONLY") }
        if hasIndependentSegments { lines.append("#EXT-X-INDEPENDENT-SEGMENTS") }
        if let initializationSection { lines.append(try Self.mapTag(initializationSection)) }
        var previous: MediaSegment?
        for (index, segment) in segments.enumerated() {
            lines += try Self.segmentLines(segment, index: index, after: previous)
            previous = segment
        }
        if isEnded { lines.append("#EXT-X-ENDLIST") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `#EXT-X-MAP:URI="…"[,BYTERANGE="n@o"]`.
    private static func mapTag(_ section: MediaInitializationSection) throws(HLSError) -> String {
        var attributes = AttributeList(tag: "EXT-X-MAP")
        try attributes.append("URI", uri: section.uri)
        if let range = section.byteRange {
            try range.validate(field: "EXT-X-MAP:BYTERANGE")
            try attributes.append("BYTERANGE", quoted: "\(range.length)@\(range.offset)")
        }
        return "#EXT-X-MAP:" + attributes.text
    }

    /// A segment's tags and URI line.
    private static func segmentLines(_ segment: MediaSegment, index: Int, after previous: MediaSegment?)
        throws(HLSError) -> [String] {
        let field = "segment \(index)"
        guard segment.duration.microseconds > 0 else {
            throw HLSError(.invalidValue, field: "\(field) EXTINF", "a segment must last longer than 0 s")
        }
        let uri = try PlaylistText.uri(segment.uri, field: "\(field) URI")
        var lines: [String] = []
        if segment.isDiscontinuity { lines.append("#EXT-X-DISCONTINUITY") }
        lines.append("#EXTINF:\(segment.duration.decimalText),")
        if let range = segment.byteRange {
            try range.validate(field: "\(field) EXT-X-BYTERANGE")
            lines.append("#EXT-X-BYTERANGE:\(range.length)" + (continues(range, of: segment, after: previous)
                ? "" : "@\(range.offset)"))
        }
        lines.append(uri)
        return lines
    }

    /// Whether `range` starts at the byte after the previous segment's range in the same resource, so the offset can
    /// be left out: rfc8216bis §4.4.4.2 reads a missing offset as exactly that, and requires a previous segment that is
    /// a sub-range of the same resource. The Media Initialization Section is not a Media Segment, so the first
    /// segment always carries its offset.
    private static func continues(_ range: ByteRange, of segment: MediaSegment, after previous: MediaSegment?) -> Bool {
        guard let previous, previous.uri == segment.uri, let previousEnd = previous.byteRange?.end else {
            return false
        }
        return previousEnd == range.offset
    }
}
