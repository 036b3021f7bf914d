import Foundation
import ISOBMFF
import MediaContainer

/// 3GPP asset information boxes (3GPP TS 26.244 §8) and the ISO user data items of the same layout: a full box
/// with a packed ISO 639-2/T language (the top bit padding) and a NUL-terminated UTF-8 string (`titl`, `dscp`,
/// `cprt`, `perf`, `auth`, `gnre`, `albm`), or the recording year (`yrrc`, 16 bits).
enum ThreeGPPAssetBox {
    /// Item codes holding one language-tagged string.
    static let stringItems: Set<FourCC> = ["titl", "dscp", "cprt", "perf", "auth", "gnre", "albm"]

    /// The asset box for `entry` under `key`.
    static func make(_ entry: MetadataEntry, key: FourCC) throws(ContainerWriterError) -> any Box {
        let language = entry.languageCode.flatMap(PackedLanguageCode.init(iso639:)) ?? .undetermined
        switch (key, entry.value) {
        case (_, .string(let text)) where stringItems.contains(key):
            return UnknownBox(type: key, payload: [0, 0, 0, 0, UInt8(language.rawValue >> 8),
                                                   UInt8(language.rawValue & 0xFF)] + Array(text.utf8) + [0])
        case ("yrrc", _):
            let year: Int?
            switch entry.value {
            case .signedInteger(let value): year = Int(exactly: value)
            case .unsignedInteger(let value): year = Int(exactly: value)
            case .string(let text): year = Int(text.prefix(4))
            case .date(let date): year = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!,
                                                                                         from: date).year
            default: year = nil
            }
            guard let year, (0...0xFFFF).contains(year) else {
                throw ContainerWriterError(.metadataNotRepresentable, "'yrrc' needs a year, not \(entry.value)")
            }
            return UnknownBox(type: key, payload: [0, 0, 0, 0, UInt8(year >> 8), UInt8(year & 0xFF)])
        case (_, .data(let data)):
            return UnknownBox(type: key, payload: [UInt8](data))
        default:
            throw ContainerWriterError(.metadataNotRepresentable, "ISO user data item '\(key)' cannot hold \(entry.value)")
        }
    }

    /// The 3GPP asset box code for a common iTunes or QuickTime item, when there is one.
    static func mappedKey(_ entry: MetadataEntry) -> FourCC? {
        switch entry.key {
        case .fourCC(let code):
            switch FourCC(rawValue: code) {
            case "©nam": return "titl"
            case "©ART": return "perf"
            case "©aut", "©wrt": return "auth"
            case "©cmt", "desc", "©des": return "dscp"
            case "cprt", "©cpy": return "cprt"
            case "©gen": return "gnre"
            case "©alb": return "albm"
            case "©day": return "yrrc"
            default: return nil
            }
        case .string(let text):
            switch text {
            case "com.apple.quicktime.title": return "titl"
            case "com.apple.quicktime.artist", "com.apple.quicktime.performer": return "perf"
            case "com.apple.quicktime.author": return "auth"
            case "com.apple.quicktime.description", "com.apple.quicktime.comment": return "dscp"
            case "com.apple.quicktime.copyright": return "cprt"
            case "com.apple.quicktime.genre": return "gnre"
            case "com.apple.quicktime.album": return "albm"
            case "com.apple.quicktime.creationdate", "com.apple.quicktime.year": return "yrrc"
            default: return nil
            }
        }
    }
}
