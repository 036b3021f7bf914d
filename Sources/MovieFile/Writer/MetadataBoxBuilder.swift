import Foundation
import ISOBMFF
import MediaContainer

/// Writes `MetadataEntry`s in the form the file type uses, at movie or track level:
///
/// - QuickTime metadata (`mdta` key space) → `meta` with an `mdta` handler, `keys` and `ilst` (QuickTime File
///   Format, "Metadata atoms and types"); in QuickTime movies that `meta` has no version and flags.
/// - iTunes items → `udta`/`meta` with an `mdir` handler and an `ilst` of four-character (and `----` freeform)
///   items, as iTunes writes.
/// - QuickTime user data (`©nam`, `©xyz`…) → `udta` text items: a length, a packed language and UTF-8 text.
/// - ISO / 3GPP user data (`titl`, `auth`, `perf`, `dscp`, `cprt`, `gnre`, `albm`, `yrrc`) → 3GPP TS 26.244 §8
///   asset information boxes. In 3GPP files the common iTunes and QuickTime keys (title, artist, author, comment,
///   copyright, genre, album, year) are written as those boxes; other items are refused.
///
/// An item that cannot be represented throws `.metadataNotRepresentable` naming it; nothing is dropped silently.
struct MetadataBoxBuilder {
    var fileType: MovieFileType

    /// The boxes to put in `moov` or `trak`: a `udta` and a `meta`, each only when there is something in it.
    func boxes(for entries: [MetadataEntry]) throws(ContainerWriterError) -> [any Box] {
        guard !entries.isEmpty else { return [] }
        var userData: [any Box] = []
        var iTunesItems: [MetadataItemBox] = []
        var quickTimeKeys: [MetadataKeysBox.Key] = []
        var quickTimeItems: [MetadataItemBox] = []

        for entry in entries {
            switch entry.keySpace {
            case .quickTimeMetadata where !fileType.isThreeGPPFamily:
                let keyText: String
                switch entry.key {
                case .string(let text): keyText = text
                case .fourCC(let code): keyText = FourCC(rawValue: code).description
                }
                let key = MetadataKeysBox.Key(namespace: "mdta", keyText)
                let index: Int
                if let existing = quickTimeKeys.firstIndex(of: key) {
                    index = existing + 1
                } else {
                    quickTimeKeys.append(key)
                    index = quickTimeKeys.count
                }
                let data = try MetadataValueEncoder.dataBox(entry, itemKey: nil)
                if let position = quickTimeItems.firstIndex(where: { $0.key == .keyIndex(UInt32(index)) }) {
                    quickTimeItems[position].children.append(data)
                } else {
                    quickTimeItems.append(MetadataItemBox(key: .keyIndex(UInt32(index)), children: [data]))
                }
            case .iTunes where !fileType.isThreeGPPFamily:
                iTunesItems.append(try iTunesItem(entry))
            case .quickTimeUserData where !fileType.isThreeGPPFamily:
                userData.append(try quickTimeUserDataItem(entry))
            case .isoUserData:
                userData.append(try ThreeGPPAssetBox.make(entry, key: fourCCKey(entry)))
            default:
                if fileType.isThreeGPPFamily, let mapped = ThreeGPPAssetBox.mappedKey(entry) {
                    userData.append(try ThreeGPPAssetBox.make(entry, key: mapped))
                } else {
                    throw ContainerWriterError(.metadataNotRepresentable, "metadata item \(Self.name(entry)) in key space "
                                           + "'\(entry.keySpace.rawValue)' cannot be written to a \(fileType) file")
                }
            }
        }

        var result: [any Box] = []
        if !iTunesItems.isEmpty {
            var handler = HandlerBox(handlerType: "mdir", name: .cString(CStringField("")))
            handler.componentManufacturer = FourCC("appl").rawValue
            userData.append(MetaBox(children: [handler, MetadataItemListBox(children: BoxList(iTunesItems))]))
        }
        if !userData.isEmpty { result.append(UserDataBox(children: BoxList(userData))) }
        if !quickTimeItems.isEmpty {
            let handler = HandlerBox(handlerType: "mdta", name: .cString(CStringField("")))
            result.append(MetaBox(fullBoxHeader: fileType.isQuickTime ? nil : FullBoxHeader(),
                                  children: [handler, MetadataKeysBox(keys: quickTimeKeys),
                                             MetadataItemListBox(children: BoxList(quickTimeItems))]))
        }
        return result
    }

    /// An entry's key as a four-character code, or an error naming it.
    private func fourCCKey(_ entry: MetadataEntry) throws(ContainerWriterError) -> FourCC {
        switch entry.key {
        case .fourCC(let code): return FourCC(rawValue: code)
        case .string(let text):
            guard let code = FourCC(text) else {
                throw ContainerWriterError(.metadataNotRepresentable, "metadata item \(Self.name(entry)) in key space "
                                       + "'\(entry.keySpace.rawValue)' needs a four-character key")
            }
            return code
        }
    }

    /// An iTunes `ilst` item: a four-character item with its typed `data`, or a `----` freeform item
    /// (`----:meaning:name`, as readers name them) with `mean`, `name` and `data`.
    private func iTunesItem(_ entry: MetadataEntry) throws(ContainerWriterError) -> MetadataItemBox {
        if case .string(let text) = entry.key, text.hasPrefix("----:") {
            let parts = text.dropFirst(5).split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw ContainerWriterError(.metadataNotRepresentable, "freeform iTunes key '\(text)' must be "
                                       + "'----:meaning:name'")
            }
            return MetadataItemBox(key: .code("----"), children: [
                MetadataItemMeaningBox(String(parts[0])), MetadataItemNameBox(String(parts[1])),
                try MetadataValueEncoder.dataBox(entry, itemKey: "----"),
            ])
        }
        let key = try fourCCKey(entry)
        return MetadataItemBox(key: .code(key), children: [try MetadataValueEncoder.dataBox(entry, itemKey: key)])
    }

    /// A QuickTime user data item: text as a string list (length, packed ISO language, UTF-8), other values as the
    /// item's raw payload.
    private func quickTimeUserDataItem(_ entry: MetadataEntry) throws(ContainerWriterError) -> any Box {
        let key = try fourCCKey(entry)
        switch entry.value {
        case .string(let text):
            let language = entry.languageCode.flatMap(PackedLanguageCode.init(iso639:)) ?? .undetermined
            return UserDataTextBox(type: key, strings: [.init(text, language: language)])
        case .data(let data):
            return UnknownBox(type: key, payload: [UInt8](data))
        case .date(let date):
            return UserDataTextBox(type: key, strings: [.init(MetadataValueEncoder.iso8601(date))])
        default:
            throw ContainerWriterError(.metadataNotRepresentable, "QuickTime user data item \(Self.name(entry)) holds "
                                   + "\(entry.value); user data items hold text or raw bytes")
        }
    }

    /// A name for an entry in messages.
    static func name(_ entry: MetadataEntry) -> String {
        switch entry.key {
        case .fourCC(let code): "'\(FourCC(rawValue: code))'"
        case .string(let text): "'\(text)'"
        }
    }
}
