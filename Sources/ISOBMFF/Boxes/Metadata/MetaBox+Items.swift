/// The items of a `meta` box with their keys resolved: iTunes codes, QuickTime `keys` entries, and `----` freeform
/// names.
extension MetaBox {
    /// What names an item.
    package enum ItemIdentifier: Hashable, Sendable {
        /// An iTunes code: `©nam`, `trkn`, `covr`…
        case code(FourCC)
        /// A QuickTime key: namespace (`mdta`) and value (`com.apple.quicktime.make`).
        case key(namespace: FourCC, value: String)
        /// An iTunes freeform item: `mean` (`com.apple.iTunes`) and `name` (`iTunSMPB`).
        case freeform(meaning: String, name: String)
        /// A key index with no entry in `keys`.
        case unresolvedKeyIndex(UInt32)
    }

    /// Every item with its identifier, in file order.
    package var identifiedItems: [(identifier: ItemIdentifier, item: MetadataItemBox)] {
        let keys = self.keys?.keys ?? []
        return (itemList?.items ?? []).map { item in
            switch item.key {
            case .keyIndex(let index):
                guard index >= 1, Int(index) <= keys.count else { return (.unresolvedKeyIndex(index), item) }
                let key = keys[Int(index) - 1]
                return (.key(namespace: key.namespace, value: key.text), item)
            case .code("----"):
                if let meaning = item.meaning, let name = item.name {
                    return (.freeform(meaning: meaning.text, name: name.text), item)
                }
                return (.code("----"), item)
            case .code(let code):
                return (.code(code), item)
            }
        }
    }
}
