/// What `FileScanner` found: every complete top-level box in order, and how the scan ended.
package struct ScanResult: Sendable {
    /// How the scan ended.
    package enum Ending: Sendable, Equatable {
        /// Every byte of the file belongs to a complete box.
        case complete
        /// The last box is cut short.
        case truncated(TruncatedBox)
        /// A complete box is malformed (only with `FileScanner.Options.stopsAtMalformedBox`).
        case malformed(BoxParseError)
    }

    /// Length of the file.
    package var fileSize: Int64
    /// The complete top-level boxes in file order.
    package var boxes: [TopLevelBox]
    /// How the scan ended.
    package var ending: Ending
    /// What was tolerated while parsing.
    package var warnings: [BoxParseWarning]

    /// The box that is cut short, if any.
    package var truncatedBox: TruncatedBox? {
        if case .truncated(let box) = ending { return box }
        return nil
    }

    /// The parsed top-level boxes of type `B`, with their headers.
    package func all<B: Box>(_ type: B.Type) -> [(header: BoxHeader, box: B)] {
        boxes.compactMap { top in top.node.flatMap { $0.box as? B }.map { (top.header, $0) } }
    }

    /// The first parsed top-level box of type `B`.
    package func first<B: Box>(_ type: B.Type) -> B? {
        for top in boxes { if let box = top.node?.box as? B { return box } }
        return nil
    }

    /// The file type.
    package var fileType: FileTypeBox? { first(FileTypeBox.self) }
    /// The movie.
    package var movie: MovieBox? { first(MovieBox.self) }
    /// The movie fragments with their headers (the `moof` offset is the base for `default-base-is-moof` data
    /// offsets).
    package var fragments: [(header: BoxHeader, box: MovieFragmentBox)] { all(MovieFragmentBox.self) }
    /// Where the media data boxes are.
    package var mediaData: [BoxHeader] { boxes.filter { $0.header.type == MediaDataBox.type }.map(\.header) }
}

/// A complete top-level box.
package struct TopLevelBox: Sendable {
    /// What was loaded.
    package enum Content: Sendable {
        /// Parsed (known types) or kept raw (unknown types within `Limits.maximumRawTopLevelBoxSize`).
        case parsed(BoxNode)
        /// Only the location was recorded (`mdat`, `free`, large unknown boxes).
        case notLoaded
    }

    /// Where the box is and how large.
    package var header: BoxHeader
    /// Its path (`moof[3]`).
    package var path: BoxPath
    /// What was loaded.
    package var content: Content

    /// The parsed node, if the payload was loaded.
    package var node: BoxNode? {
        if case .parsed(let node) = content { return node }
        return nil
    }
}

/// The top-level box a truncated file cuts short.
package struct TruncatedBox: Sendable, Equatable {
    /// Where it starts.
    package var offset: Int64
    /// Its type, if the header's first 8 bytes exist.
    package var type: FourCC?
    /// The size its header declares, if the header is complete.
    package var declaredSize: UInt64?
    /// Bytes from `offset` to the end of the file.
    package var availableSize: Int64
}
