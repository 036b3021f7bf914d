/// How the parser treats what it meets. Defaults come from `Limits`.
package struct ParseOptions: Sendable, Equatable {
    /// What to do with a malformed box.
    package enum Recovery: Sendable, Equatable {
        /// Every malformed box is an error.
        case strict
        /// A malformed box inside user data (`udta`) or metadata (`meta`) is kept as raw bytes with a warning:
        /// tags are not worth refusing a playable file for. Everything else is an error.
        case keepMalformedMetadata
    }

    /// What to do with a malformed box.
    package var recovery: Recovery = .keepMalformedMetadata
    /// Deepest nesting accepted.
    package var maximumDepth = Limits.maximumDepth
    /// Largest box payload the scanner loads.
    package var maximumLoadedBoxSize = Limits.maximumLoadedBoxSize

    /// Options with the defaults.
    package init() {}
}

/// Where a box sits, which decides what its type code means: `tmcd` is a timecode sample entry inside `stsd`, a
/// track reference inside `tref` and a media information container inside `gmhd`.
package enum BoxScope: Hashable, Sendable {
    /// Anywhere not listed below.
    case standard
    /// Children of `udta`: `©xyz` codes are QuickTime international text.
    case userData
    /// Children of `stsd`: sample entries, chosen by coding name and then by the media handler.
    case sampleDescriptions
    /// Children of `tref`: every code is a reference type.
    case trackReferences
    /// Children of `ilst`: every code is a metadata item (a FourCC or a 1-based key index).
    case itemList
    /// Children of an `ilst` item: `data`, `mean`, `name`.
    case metadataItem
    /// Children of a `mebx` sample entry: `keys` is the key table.
    case boxedMetadataEntry
    /// Children of the `keys` box of a `mebx` sample entry: every code is a local key id.
    case metadataKeyTable
}

/// What the enclosing boxes established, handed down to their children.
package struct ParseContext {
    /// Options for the whole parse.
    package var options: ParseOptions
    /// Where the box being parsed sits.
    package var scope: BoxScope = .standard
    /// The media handler type (`vide`, `soun`…) of the enclosing `mdia`, from its `hdlr`.
    package var handlerType: FourCC?
    /// True inside a `meta` whose `ilst` items are 1-based indices into a `keys` box (QuickTime `mdta` metadata).
    package var metadataItemsUseKeys = false
    /// True inside `udta` or `meta`: what recovery mode `.keepMalformedMetadata` applies to.
    package var isInsideMetadata = false
    /// True when `ftyp` says QuickTime (`qt  `), false when it says ISO; `nil` when unknown.
    package var isQuickTimeFile: Bool?
    /// Where tolerated oddities are recorded.
    package let log: ParseLog
    /// Offered each child of a container box as soon as it is parsed, with the container's path; a child it takes
    /// (returns `true` for) is left out of the container's children. A movie reader takes each `trak` and keeps
    /// only what it makes its track from, so that the parsed trees of 20,000 tracks are never held at once.
    package var takeChild: ((BoxNode, BoxPath) -> Bool)?

    /// A context for a new parse.
    package init(options: ParseOptions = ParseOptions(), log: ParseLog = ParseLog()) {
        self.options = options
        self.log = log
    }
}

/// Collects warnings during one parse (bounded, so a crafted file cannot grow it without limit).
package final class ParseLog {
    /// The warnings recorded, in order, up to `capacity`.
    package private(set) var warnings: [BoxParseWarning] = []
    /// Warnings not recorded because `capacity` was reached.
    package private(set) var droppedCount = 0
    /// Most warnings kept.
    package let capacity: Int

    /// An empty log keeping at most `capacity` warnings.
    package init(capacity: Int = 1_000) { self.capacity = capacity }

    /// A position to roll back to when a parse attempt is abandoned.
    package func mark() -> (count: Int, dropped: Int) { (warnings.count, droppedCount) }

    /// The warnings recorded since `mark`.
    package func warnings(since mark: (count: Int, dropped: Int)) -> [BoxParseWarning] {
        Array(warnings[min(mark.count, warnings.count)...])
    }

    /// Forgets what was recorded since `mark`.
    package func rollback(to mark: (count: Int, dropped: Int)) {
        if warnings.count > mark.count { warnings.removeSubrange(mark.count...) }
        droppedCount = mark.dropped
    }

    /// Records `warning`, or counts it as dropped when full.
    package func record(_ warning: BoxParseWarning) {
        if warnings.count < capacity { warnings.append(warning) } else { droppedCount += 1 }
    }
}
