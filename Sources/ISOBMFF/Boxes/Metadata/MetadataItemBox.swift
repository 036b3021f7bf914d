/// One metadata item in `ilst`: its box type is the key — a FourCC such as `©nam`, `trkn`, `covr` and `----`
/// (iTunes), or a 1-based index into `keys` (QuickTime `mdta`) — and its children are `data` values, with `mean`
/// and `name` for `----` freeform items such as `iTunSMPB`.
package struct MetadataItemBox: Box, BoxContainer {
    /// What identifies the item.
    package enum Key: Hashable, Sendable {
        /// An iTunes code (`©nam`, `trkn`, `----`…).
        case code(FourCC)
        /// A 1-based index into the `keys` box of the same `meta`.
        case keyIndex(UInt32)
    }

    /// The key.
    package var key: Key
    /// `data`, `mean`, `name` and anything else the item holds.
    package var children: BoxList

    /// An item with the given key and children.
    package init(key: Key, children: BoxList) {
        self.key = key
        self.children = children
    }

    package var boxType: FourCC {
        switch key {
        case .code(let code): return code
        case .keyIndex(let index): return FourCC(rawValue: index)
        }
    }

    /// The values.
    package var values: [MetadataDataBox] { children.all(MetadataDataBox.self) }
    /// The freeform item's reverse-DNS domain (`com.apple.iTunes`).
    package var meaning: MetadataItemMeaningBox? { children.first(MetadataItemMeaningBox.self) }
    /// The freeform item's name (`iTunSMPB`).
    package var name: MetadataItemNameBox? { children.first(MetadataItemNameBox.self) }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let code = reader.path.lastType ?? FourCC(rawValue: 0)
        key = reader.context.metadataItemsUseKeys ? .keyIndex(code.rawValue) : .code(code)
        children = try BoxList.parse(&reader, scope: .metadataItem)
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) { try children.write(to: &writer) }
}
