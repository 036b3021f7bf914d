import CoreMedia
import Foundation
import MediaContainer

extension AVMetadataItem {
    /// The item for one metadata entry of a container.
    static func make(from entry: MetadataEntry) -> AVMetadataItem {
        var keySpace = AVMetadataKeySpace(rawValue: entry.keySpace.rawValue)
        let normalized: MetadataKeyCoding.NormalizedKey
        let key: any NSCopying & NSObjectProtocol
        switch entry.key {
        case .string(let text) where keySpace == .iTunes && text.hasPrefix("----:"):
            // An iTunes freeform atom ('----' with 'mean' and 'name'): Apple reports it in its "itlk" (iTunes long
            // key) key space with the key "mean.name", as in "itlk/com.apple.iTunes.iTunSMPB".
            let parts = text.dropFirst("----:".count).split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let long = parts.count == 2 ? "\(parts[0]).\(parts[1])" : String(text.dropFirst("----:".count))
            keySpace = MetadataKeyCoding.iTunesLongKeySpace
            normalized = .string(long)
            key = NSString(string: long)
        case .fourCC(let code) where MetadataKeyCoding.fourCharacterCodeKeySpaces.contains(keySpace):
            normalized = .fourCC(code)
            key = NSNumber(value: Int32(bitPattern: code))
        case .fourCC(let code):
            // ID3 frame IDs and audio-file keys are text even when four characters long.
            let text = MetadataKeyCoding.fourCharacterString(code)
            normalized = .string(text)
            key = NSString(string: text)
        case .string(let text):
            normalized = .string(text)
            key = NSString(string: text)
        }
        let prefix = MetadataKeyCoding.identifierPrefix(of: keySpace) ?? keySpace.rawValue
        let tag = entry.extendedLanguageTag
            ?? LanguageTag.bcp47(languageCode: entry.languageCode, countryCode: entry.countryCode)
        let (value, dataType) = objectValue(of: entry.value, declaredType: entry.dataType)
        return AVMetadataItem(state: State(
            identifier: MetadataKeyCoding.identifier(prefix: prefix, key: normalized), key: key, keySpace: keySpace,
            value: value, dataType: dataType, locale: tag.map { Locale(identifier: $0) }, extendedLanguageTag: tag))
    }

    /// A container value as the Foundation object an item holds, with its data type (the container's when it
    /// names one).
    static func objectValue(of value: MetadataEntry.Value,
                            declaredType: String?) -> (any NSCopying & NSObjectProtocol, String?) {
        switch value {
        case .string(let text):
            return (NSString(string: text), declaredType ?? kCMMetadataBaseDataType_UTF8)
        case .data(let data):
            return (NSData(data: data), declaredType ?? kCMMetadataBaseDataType_RawData)
        case .signedInteger(let number):
            return (NSNumber(value: number), declaredType ?? kCMMetadataBaseDataType_SInt64)
        case .unsignedInteger(let number):
            return (NSNumber(value: number), declaredType ?? kCMMetadataBaseDataType_UInt64)
        case .float(let number):
            return (NSNumber(value: number), declaredType ?? kCMMetadataBaseDataType_Float64)
        case .boolean(let flag):
            return (NSNumber(value: flag), declaredType ?? kCMMetadataBaseDataType_SInt8)
        case .date(let date):
            return (NSDate(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate), declaredType)
        case .image(let data, let format):
            // QuickTime File Format, "Well-known types": 12 GIF, 13 JPEG, 14 PNG, 27 BMP.
            let imageType: String? = switch format {
            case 12: kCMMetadataBaseDataType_GIF
            case 13: kCMMetadataBaseDataType_JPEG
            case 14: kCMMetadataBaseDataType_PNG
            case 27: kCMMetadataBaseDataType_BMP
            default: nil
            }
            return (NSData(data: data), declaredType ?? imageType ?? kCMMetadataBaseDataType_RawData)
        }
    }

    /// This item in the common key space ("common/title" for "udta/%A9nam"), or `nil` when it has no common key.
    /// A 3GPP location ('loci') becomes the ISO 6709 string that the common location key carries.
    func makeCommonItem() -> AVMetadataItem? {
        var state = state
        guard state.keySpace != .common, let commonKey = MetadataCommonKeys.commonKey(for: state.identifier) else {
            return nil
        }
        if state.identifier == .identifier3GPUserDataLocation, let data = state.value as? NSData {
            guard let location = ISO6709.string(fromThreeGPPLocation: Data(referencing: data)) else { return nil }
            state.value = NSString(string: location)
            state.dataType = kCMMetadataDataType_QuickTimeMetadataLocation_ISO6709
        }
        state.keySpace = .common
        state.key = NSString(string: commonKey.rawValue)
        state.identifier = MetadataKeyCoding.identifier(prefix: "common", key: .string(commonKey.rawValue))
        return AVMetadataItem(state: state)
    }

    /// The common-key-space items of `items` that have a common key, in order.
    static func commonItems(from items: [AVMetadataItem]) -> [AVMetadataItem] {
        items.compactMap { $0.state.keySpace == .common ? $0 : $0.makeCommonItem() }
    }

    /// The metadata format an item's key space belongs to.
    var metadataFormat: AVMetadataFormat {
        Self.metadataFormat(of: state.keySpace)
    }

    /// The metadata format of a key space; audio-file info, which Apple names no format for, is `.unknown`.
    static func metadataFormat(of keySpace: AVMetadataKeySpace?) -> AVMetadataFormat {
        switch keySpace {
        case .quickTimeUserData?: .quickTimeUserData
        case .quickTimeMetadata?: .quickTimeMetadata
        case .iTunes?: .iTunesMetadata
        case .isoUserData?: .isoUserData
        case .id3?: .id3Metadata
        case .hlsDateRange?: .hlsMetadata
        default: .unknown
        }
    }

    /// The distinct formats of `items`, in order of first appearance.
    static func formats(of items: [AVMetadataItem]) -> [AVMetadataFormat] {
        var seen = Set<AVMetadataFormat>()
        return items.map(\.metadataFormat).filter { seen.insert($0).inserted }
    }
}

/// ISO 6709 location strings ("+37.3318-122.0312+010.000/"), the form Apple's location keys carry.
enum ISO6709 {
    /// The location of a 3GPP 'loci' payload (3GPP TS 26.244 §8.10: version/flags, language, a name string,
    /// a role byte, then longitude, latitude and altitude as signed 16.16 fixed point).
    static func string(fromThreeGPPLocation data: Data) -> String? {
        let bytes = [UInt8](data)
        var offset = 6  // version and flags (4), packed language (2)
        guard bytes.count > offset else { return nil }
        offset = skipString(bytes, from: offset)
        offset += 1  // role
        guard offset + 12 <= bytes.count else { return nil }
        func fixed(_ at: Int) -> Double {
            let raw = bytes[at..<(at + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return Double(Int32(bitPattern: raw)) / 65536
        }
        let longitude = fixed(offset), latitude = fixed(offset + 4), altitude = fixed(offset + 8)
        guard abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        // ISO 6709 Annex H: ±DD.DDDD latitude, ±DDD.DDDD longitude, ±AAA.AAA altitude, "/" terminator.
        return format(latitude, integerDigits: 2, decimals: 4) + format(longitude, integerDigits: 3, decimals: 4)
            + format(altitude, integerDigits: 3, decimals: 3) + "/"
    }

    /// A signed decimal with a fixed count of integer digits and decimals.
    private static func format(_ value: Double, integerDigits: Int, decimals: Int) -> String {
        let body = String(format: "%0\(integerDigits + 1 + decimals).\(decimals)f", abs(value))
        return (value < 0 ? "-" : "+") + body
    }

    /// The offset after a null-terminated UTF-8 string or a BOM-prefixed, null-terminated UTF-16 string.
    private static func skipString(_ bytes: [UInt8], from start: Int) -> Int {
        var offset = start
        if offset + 1 < bytes.count, bytes[offset] == 0xFE, bytes[offset + 1] == 0xFF {
            offset += 2
            while offset + 1 < bytes.count, !(bytes[offset] == 0 && bytes[offset + 1] == 0) { offset += 2 }
            return offset + 2
        }
        while offset < bytes.count, bytes[offset] != 0 { offset += 1 }
        return offset + 1
    }
}
