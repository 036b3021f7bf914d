import CoreMedia
import Foundation
import MediaContainer

/// `AVMetadataItem`s as the container entries the writers store, in the key space of the file type: items in the
/// common key space are written under the file type's own key for that common key (QuickTime metadata in
/// QuickTime movies, iTunes items in MPEG-4 files, 3GPP asset information in 3GPP files, info keys in audio
/// files), as Apple's writer does; items already in a format's key space keep it. An item that cannot be written
/// is an error naming it (nothing is dropped silently).
enum WriterMetadata {
    /// The entries for `items` in a file of `fileType`.
    static func entries(_ items: [AVMetadataItem], fileType: AVFileType) throws(AVError) -> [MetadataEntry] {
        var result: [MetadataEntry] = []
        for item in items { result.append(try entry(item, fileType: fileType)) }
        return result
    }

    /// One item's entry.
    static func entry(_ item: AVMetadataItem, fileType: AVFileType) throws(AVError) -> MetadataEntry {
        let state = item.state
        func refuse(_ reason: String) -> AVError {
            AVError(.unsupportedOutputSettings, "metadata item \(state.identifier?.rawValue ?? String(describing: state.key)) cannot be written to a \(fileType.rawValue) file: \(reason)",
                    extra: [AVErrorFileTypeKey: fileType.rawValue])
        }
        var keySpace: AVMetadataKeySpace
        var key: MetadataKeyCoding.NormalizedKey
        if let identifier = state.identifier, let (space, normalized) = MetadataKeyCoding.normalizedKey(of: identifier) {
            keySpace = space
            key = normalized
        } else if let space = state.keySpace, let raw = state.key, let normalized = MetadataKeyCoding.normalize(raw, in: space) {
            keySpace = space
            key = normalized
        } else {
            throw refuse("it has neither an identifier nor a key and key space")
        }
        if keySpace == .common {
            guard case .string(let common) = key else { throw refuse("a common key is a string") }
            guard let native = nativeIdentifier(forCommonKey: AVMetadataKey(rawValue: common), fileType: fileType),
                  let (space, normalized) = MetadataKeyCoding.normalizedKey(of: native) else {
                throw refuse("the common key '\(common)' has no key of its own in this file type")
            }
            keySpace = space
            key = normalized
        }
        guard let value = state.value else { throw refuse("it has no value") }
        let entryValue = try self.value(value, dataType: state.dataType, refuse: refuse)
        var entryKeySpace: MetadataEntry.KeySpace
        var entryKey: MetadataEntry.Key
        switch key {
        case .fourCC(let code): entryKey = .fourCC(code)
        case .string(let text): entryKey = .string(text)
        case .data: throw refuse("its key is not text")
        }
        if keySpace == MetadataKeyCoding.iTunesLongKeySpace, case .string(let text) = key {
            // "itlk/com.apple.iTunes.name" is the freeform atom '----' with mean "com.apple.iTunes" and that name.
            guard let dot = text.lastIndex(of: ".") else { throw refuse("an iTunes long key is 'meaning.name'") }
            entryKeySpace = .iTunes
            entryKey = .string("----:\(text[..<dot]):\(text[text.index(after: dot)...])")
        } else if let space = MetadataEntry.KeySpace(rawValue: keySpace.rawValue) {
            entryKeySpace = space
        } else {
            throw refuse("key space '\(keySpace.rawValue)' is not one this writer stores")
        }
        if entryKeySpace == .audioFile, case .fourCC(let code) = entryKey {
            entryKey = .string(MetadataKeyCoding.fourCharacterString(code))
        }
        let tag = state.extendedLanguageTag ?? state.locale?.identifier.replacingOccurrences(of: "_", with: "-")
        var language: String?
        if let tag, let primary = tag.split(separator: "-").first {
            language = iso639(String(primary))
        }
        return MetadataEntry(keySpace: entryKeySpace, key: entryKey, value: entryValue, dataType: state.dataType,
                             languageCode: language, extendedLanguageTag: state.extendedLanguageTag)
    }

    /// A Foundation value as an entry value, as its data type says.
    private static func value(_ value: any NSCopying & NSObjectProtocol, dataType: String?,
                              refuse: (String) -> AVError) throws(AVError) -> MetadataEntry.Value {
        switch value {
        case let text as NSString:
            return .string(text as String)
        case let number as NSNumber:
            switch dataType {
            case kCMMetadataBaseDataType_Float32?, kCMMetadataBaseDataType_Float64?: return .float(number.doubleValue)
            case kCMMetadataBaseDataType_UInt8?, kCMMetadataBaseDataType_UInt16?, kCMMetadataBaseDataType_UInt32?,
                 kCMMetadataBaseDataType_UInt64?:
                return .unsignedInteger(number.uint64Value)
            case nil:
                let type = String(cString: number.objCType)
                if type == "d" || type == "f" { return .float(number.doubleValue) }
                return .signedInteger(number.int64Value)
            default:
                return .signedInteger(number.int64Value)
            }
        case let date as NSDate:
            return .date(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate))
        case let data as NSData:
            let bytes = Data(referencing: data)
            switch dataType {
            case kCMMetadataBaseDataType_JPEG?: return .image(bytes, format: 13)
            case kCMMetadataBaseDataType_PNG?: return .image(bytes, format: 14)
            case kCMMetadataBaseDataType_BMP?: return .image(bytes, format: 27)
            case kCMMetadataBaseDataType_GIF?: return .image(bytes, format: 12)
            default: return .data(bytes)
            }
        default:
            throw refuse("its value \(type(of: value)) is not a string, number, date or data")
        }
    }

    /// The identifier a file type stores a common key under.
    static func nativeIdentifier(forCommonKey key: AVMetadataKey, fileType: AVFileType) -> AVMetadataIdentifier? {
        let table: [(AVMetadataIdentifier, AVMetadataKey)]
        switch fileType {
        case .mov: table = MetadataCommonKeys.quickTimeMetadata
        case .mp4, .m4a, .m4v: table = MetadataCommonKeys.iTunes
        case .mobile3GPP, .mobile3GPP2: table = MetadataCommonKeys.isoUserData
        case .wav, .aiff, .aifc, .caf, .amr:
            table = MetadataCommonKeys.audioFile.filter { !$0.0.rawValue.hasPrefix("caaf/I") }
        default: return nil
        }
        return table.first { $0.1 == key }?.0
    }

    /// The ISO 639-2/T code of a BCP 47 primary language subtag ("en" → "eng"), or `nil`.
    static func iso639(_ primary: String) -> String? {
        let lower = primary.lowercased()
        if lower.count == 3 { return lower }
        guard lower.count == 2 else { return nil }
        return Locale.LanguageCode(lower).identifier(.alpha3)
    }
}
