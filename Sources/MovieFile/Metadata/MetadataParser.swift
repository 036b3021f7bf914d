import Foundation
import ISOBMFF
import MediaContainer
import MediaFormats

/// Reads movie- and track-level metadata into `MetadataEntry`s: QuickTime user data (`udta` with `©xyz` text
/// items), ISO/3GPP user data (`cprt`, `titl`… in MP4), iTunes metadata (`meta` with an `mdir` handler and FourCC
/// `ilst` items, freeform `----` items included) and QuickTime metadata (`meta` with `mdta` keys).
enum MetadataParser {
    /// Key of a freeform iTunes item: `----:` followed by its domain and name (`----:com.apple.iTunes:iTunSMPB`), the
    /// spelling tag libraries use; iTunes itself has no key for them other than the pair.
    static func freeformKey(meaning: String, name: String) -> String { "----:\(meaning):\(name)" }

    /// The entries of a `udta` and a `meta` found side by side (movie or track level), user data first.
    static func entries(userData: UserDataBox?, meta: MetaBox?, isQuickTime: Bool) -> [MetadataEntry] {
        var entries: [MetadataEntry] = []
        if let userData {
            for node in userData.children {
                switch node.box {
                case let text as UserDataTextBox:
                    entries.append(contentsOf: textItems(text, isQuickTime: isQuickTime))
                case let nested as MetaBox:
                    entries.append(contentsOf: metadataItems(nested))
                case is FreeSpaceBox:
                    continue
                default:
                    if let entry = isoUserDataItem(node, isQuickTime: isQuickTime) { entries.append(entry) }
                }
            }
        }
        if let meta { entries.append(contentsOf: metadataItems(meta)) }
        return entries
    }

    // MARK: User data

    /// A QuickTime text item: one entry per language.
    private static func textItems(_ box: UserDataTextBox, isQuickTime: Bool) -> [MetadataEntry] {
        let keySpace: MetadataEntry.KeySpace = .quickTimeUserData
        switch box.content {
        case .strings(let items):
            return items.map { item in
                MetadataEntry(keySpace: keySpace, key: .fourCC(box.boxType.rawValue), value: .string(item.text),
                              dataType: MetadataDataType.utf8, languageCode: item.language.iso639Code)
            }
        case .raw(let bytes):
            // Some writers put bare text (no length and language) under text codes such as `name`.
            return [MetadataEntry(keySpace: keySpace, key: .fourCC(box.boxType.rawValue),
                                  value: .string(TextEncoding.decodeUTF8OrMacRoman(bytes)), dataType: MetadataDataType.utf8)]
        }
    }

    /// 3GPP TS 26.244 §8 asset information boxes holding one language-tagged string.
    private static let isoStringItems: Set<FourCC> = ["titl", "dscp", "cprt", "perf", "auth", "gnre", "albm"]

    /// An ISO/3GPP user data item: a string item decoded (full box, packed language, UTF-8 or BOM-marked UTF-16),
    /// the recording year (`yrrc`) as an integer, anything else as its payload.
    private static func isoUserDataItem(_ node: BoxNode, isQuickTime: Bool) -> MetadataEntry? {
        guard let payload = payloadBytes(of: node) else { return nil }
        let key = MetadataEntry.Key.fourCC(node.type.rawValue)
        if isoStringItems.contains(node.type), payload.count >= 6 {
            let language = PackedLanguageCode(rawValue: UInt16(payload[4]) << 8 | UInt16(payload[5]))
            var text = Array(payload[6...])
            if let terminator = terminatorIndex(text) { text = Array(text[..<terminator]) }
            return MetadataEntry(keySpace: .isoUserData, key: key,
                                 value: .string(TextEncoding.decodeDetectingByteOrderMark(text)),
                                 dataType: MetadataDataType.utf8, languageCode: language.iso639Code)
        }
        if node.type == "yrrc", payload.count == 6 {
            return MetadataEntry(keySpace: .isoUserData, key: key,
                                 value: .unsignedInteger(UInt64(payload[4]) << 8 | UInt64(payload[5])),
                                 dataType: MetadataDataType.integerName(signed: false, byteCount: 2))
        }
        return MetadataEntry(keySpace: isQuickTime ? .quickTimeUserData : .isoUserData, key: key,
                             value: .data(Data(payload)), dataType: MetadataDataType.rawData)
    }

    /// Where a NUL terminator ends a UTF-8 or UTF-16 string (a UTF-16 string ends with two zero bytes at an even
    /// position).
    private static func terminatorIndex(_ text: [UInt8]) -> Int? {
        let isUTF16 = text.count >= 2 && ((text[0] == 0xFE && text[1] == 0xFF) || (text[0] == 0xFF && text[1] == 0xFE))
        if isUTF16 {
            return stride(from: 2, to: text.count - 1, by: 2).first { text[$0] == 0 && text[$0 + 1] == 0 }
        }
        return text.firstIndex(of: 0)
    }

    // MARK: meta / ilst

    /// The items of an iTunes (`mdir`) or QuickTime (`mdta`) metadata box: one entry per value. Keys come resolved
    /// from the box model (`MetaBox.identifiedItems`); an index with no key is skipped.
    private static func metadataItems(_ meta: MetaBox) -> [MetadataEntry] {
        var entries: [MetadataEntry] = []
        for (identifier, item) in meta.identifiedItems {
            let keySpace: MetadataEntry.KeySpace
            let key: MetadataEntry.Key
            switch identifier {
            case .code(let code):
                (keySpace, key) = (.iTunes, .fourCC(code.rawValue))
            case .freeform(let meaning, let name):
                (keySpace, key) = (.iTunes, .string(freeformKey(meaning: meaning, name: name)))
            case .key(let namespace, let value):
                // QuickTime metadata keys name their key space: `mdta` (reverse-DNS strings), `udta` and `itsk`
                // (four-character codes, QuickTime File Format "Metadata key atom").
                let code = value.utf8.count == 4 ? FourCC(value).map { MetadataEntry.Key.fourCC($0.rawValue) } : nil
                switch namespace {
                case "udta": (keySpace, key) = (.quickTimeUserData, code ?? .string(value))
                case "itsk": (keySpace, key) = (.iTunes, code ?? .string(value))
                default: (keySpace, key) = (.quickTimeMetadata, .string(value))
                }
            case .unresolvedKeyIndex:
                continue
            }
            for data in item.values {
                var entry = MetadataEntry(keySpace: keySpace, key: key, value: value(of: data), dataType: dataType(of: data))
                // QuickTime "Value atom" locale: ISO 3166 country (two letters) and ISO 639-2/T or Macintosh language;
                // 0 means "any".
                if data.language != 0 { entry.languageCode = PackedLanguageCode(rawValue: data.language).iso639Code }
                if data.country != 0, let country = countryCode(data.country) { entry.countryCode = country }
                entries.append(entry)
            }
        }
        return entries
    }

    /// A value decoded by its well-known type: text, integers, floats, pictures, or the bytes.
    private static func value(of data: MetadataDataBox) -> MetadataEntry.Value {
        if let type = data.wellKnownType, [.jpeg, .png, .bmp].contains(type) {
            return .image(Data(data.payload), format: Int(type.rawValue))
        }
        switch data.value {
        case .text(let text): return .string(text)
        case .signedInteger(let value): return .signedInteger(value)
        case .unsignedInteger(let value): return .unsignedInteger(value)
        case .float(let value): return .float(value)
        case .data(let bytes): return .data(Data(bytes))
        }
    }

    /// Apple's base data type name for a value.
    private static func dataType(of data: MetadataDataBox) -> String? {
        guard data.typeSet == 0 else { return nil }
        switch data.typeCode {
        case 21: return MetadataDataType.integerName(signed: true, byteCount: data.payload.count)
        case 22: return MetadataDataType.integerName(signed: false, byteCount: data.payload.count)
        default: return MetadataDataType.name(forWellKnownType: data.typeCode)
        }
    }

    /// A two-letter ISO 3166 code packed as two ASCII bytes, or `nil`.
    private static func countryCode(_ value: UInt16) -> String? {
        let bytes = [UInt8(value >> 8), UInt8(value & 0xFF)]
        guard bytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Encoder delay

    /// The priming, remainder and original frame count of an `iTunSMPB` value (`ITunesGaplessInfo` parses it).
    static func iTunesEncoderDelay(_ text: String) -> (priming: Int64, remainder: Int64, validFrames: Int64)? {
        ITunesGaplessInfo(text: text).map { ($0.priming, $0.remainder, $0.validFrames) }
    }
}
