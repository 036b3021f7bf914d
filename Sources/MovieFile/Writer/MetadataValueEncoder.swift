import Foundation
import ISOBMFF
import MediaContainer

/// Encodes a metadata value as a `data` atom (QuickTime File Format, "Value atom"; the iTunes item layout): its
/// well-known type, locale and payload.
enum MetadataValueEncoder {
    /// iTunes items stored as 8-bit integers (type 21), as iTunes writes them.
    private static let iTunesInt8: Set<FourCC> = ["cpil", "pgap", "pcst", "hdvd", "stik", "rtng", "akID", "shwm"]
    /// iTunes items stored as 32-bit integers.
    private static let iTunesInt32: Set<FourCC> = ["cnID", "atID", "geID", "sfID", "cmID", "tves", "tvsn"]

    /// The `data` box for `entry`; `itemKey` is the iTunes item code, `nil` in QuickTime (`mdta`) metadata.
    static func dataBox(_ entry: MetadataEntry, itemKey: FourCC?) throws(ContainerWriterError) -> MetadataDataBox {
        let (type, payload) = try encode(entry, itemKey: itemKey)
        var box = MetadataDataBox(type: .implicit, payload: payload)
        box.typeCode = type
        // Locale (QuickTime "Value atom"): the country as two ASCII letters, the language packed; 0 means any.
        if itemKey == nil {
            if let language = entry.languageCode.flatMap(PackedLanguageCode.init(iso639:)) { box.language = language.rawValue }
            if let country = entry.countryCode, country.utf8.count == 2 {
                let bytes = Array(country.uppercased().utf8)
                box.country = UInt16(bytes[0]) << 8 | UInt16(bytes[1])
            }
        }
        return box
    }

    /// The well-known type and payload for an entry's value.
    static func encode(_ entry: MetadataEntry, itemKey: FourCC?) throws(ContainerWriterError) -> (UInt32, [UInt8]) {
        let dataType = entry.dataType
        func refuse(_ why: String) -> ContainerWriterError {
            ContainerWriterError(.metadataNotRepresentable, "metadata item \(MetadataBoxBuilder.name(entry)): \(why)")
        }
        if let itemKey, itemKey == "trkn" || itemKey == "disk" {
            return (0, try indexPair(entry, trailingPad: itemKey == "trkn", refuse: refuse))
        }
        switch entry.value {
        case .string(let text):
            if dataType == MetadataDataType.utf16 {
                var bytes: [UInt8] = []
                for unit in text.utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
                return (2, bytes)
            }
            return (1, Array(text.utf8))
        case .data(let data):
            return (dataType.flatMap(MetadataDataType.wellKnownType) ?? 0, [UInt8](data))
        case .image(let data, let format):
            guard [12, 13, 14, 27].contains(format) else { throw refuse("image format \(format) is not GIF, JPEG, PNG or BMP") }
            return (UInt32(format), [UInt8](data))
        case .boolean(let value):
            return (21, [value ? 1 : 0])
        case .date(let date):
            return (1, Array(iso8601(date).utf8))
        case .float(let value):
            if dataType == MetadataDataType.float32 {
                return (23, withUnsafeBytes(of: Float(value).bitPattern.bigEndian, Array.init))
            }
            return (24, withUnsafeBytes(of: value.bitPattern.bigEndian, Array.init))
        case .signedInteger(let value):
            if let itemKey {
                if iTunesInt8.contains(itemKey) { return (21, try bytes(value, width: 1, refuse: refuse)) }
                if itemKey == "tmpo" { return (21, try bytes(value, width: 2, refuse: refuse)) }
                if iTunesInt32.contains(itemKey) { return (21, try bytes(value, width: 4, refuse: refuse)) }
                if itemKey == "plID" { return (21, try bytes(value, width: 8, refuse: refuse)) }
                if itemKey == "gnre" { return (0, try bytes(value, width: 2, refuse: refuse)) }
            }
            switch dataType {
            case MetadataDataType.sint8: return (65, try bytes(value, width: 1, refuse: refuse))
            case MetadataDataType.sint16: return (66, try bytes(value, width: 2, refuse: refuse))
            case MetadataDataType.sint32: return (67, try bytes(value, width: 4, refuse: refuse))
            case MetadataDataType.sint64: return (74, try bytes(value, width: 8, refuse: refuse))
            default: return (21, try bytes(value, width: minimalWidth(signed: value), refuse: refuse))
            }
        case .unsignedInteger(let value):
            if let itemKey, iTunesInt8.contains(itemKey) || itemKey == "tmpo" || iTunesInt32.contains(itemKey)
                || itemKey == "plID" || itemKey == "gnre" {
                guard let signed = Int64(exactly: value) else { throw refuse("\(value) is too large") }
                var copy = entry
                copy.value = .signedInteger(signed)
                return try encode(copy, itemKey: itemKey)
            }
            switch dataType {
            case MetadataDataType.uint8: return (75, try bytes(value, width: 1, refuse: refuse))
            case MetadataDataType.uint16: return (76, try bytes(value, width: 2, refuse: refuse))
            case MetadataDataType.uint32: return (77, try bytes(value, width: 4, refuse: refuse))
            case MetadataDataType.uint64: return (78, try bytes(value, width: 8, refuse: refuse))
            default: return (22, try bytes(value, width: minimalWidth(unsigned: value), refuse: refuse))
            }
        }
    }

    /// `trkn` / `disk`: two 16-bit numbers (index, total) after two zero bytes, plus two more for `trkn`, as iTunes
    /// writes them; from "3/12", "3", an integer, or the raw bytes.
    private static func indexPair(_ entry: MetadataEntry, trailingPad: Bool,
                                  refuse: (String) -> ContainerWriterError) throws(ContainerWriterError) -> [UInt8] {
        var index = 0, total = 0
        switch entry.value {
        case .data(let data): return [UInt8](data)
        case .signedInteger(let value): index = Int(clamping: value)
        case .unsignedInteger(let value): index = Int(clamping: value)
        case .string(let text):
            let parts = text.split(separator: "/").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard let first = parts.first, let first, parts.count <= 2 else { throw refuse("'\(text)' is not 'n' or 'n/total'") }
            index = first
            if parts.count == 2 { guard let second = parts[1] else { throw refuse("'\(text)' is not 'n/total'") }; total = second }
        default: throw refuse("a track or disc number is a number or 'n/total'")
        }
        guard (0...0xFFFF).contains(index), (0...0xFFFF).contains(total) else { throw refuse("numbers above 65535") }
        return [0, 0, UInt8(index >> 8), UInt8(index & 0xFF), UInt8(total >> 8), UInt8(total & 0xFF)]
            + (trailingPad ? [0, 0] : [])
    }

    /// The smallest of 1, 2, 4, 8 bytes that holds `value` signed.
    private static func minimalWidth(signed value: Int64) -> Int {
        if Int8(exactly: value) != nil { return 1 }
        if Int16(exactly: value) != nil { return 2 }
        if Int32(exactly: value) != nil { return 4 }
        return 8
    }

    /// The smallest of 1, 2, 4, 8 bytes that holds `value` unsigned.
    private static func minimalWidth(unsigned value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    /// `value` big-endian in `width` bytes, or an error when it does not fit.
    private static func bytes<T: BinaryInteger>(_ value: T, width: Int,
                                                refuse: (String) -> ContainerWriterError) throws(ContainerWriterError) -> [UInt8] {
        let fits: Bool
        if T.isSigned {
            fits = Int64(exactly: value).map { width == 8 || ($0 >= -(Int64(1) << (8 * width - 1)) && $0 < Int64(1) << (8 * width - 1)) } ?? false
        } else {
            fits = UInt64(exactly: value).map { width == 8 || $0 < UInt64(1) << (8 * width) } ?? false
        }
        guard fits else { throw refuse("\(value) does not fit in \(width) bytes") }
        let raw = UInt64(truncatingIfNeeded: Int64(truncatingIfNeeded: value))
        return (0..<width).reversed().map { UInt8(truncatingIfNeeded: raw >> (8 * UInt64($0))) }
    }

    /// A date as ISO 8601 text with its UTC offset, as QuickTime's `com.apple.quicktime.creationdate` holds it.
    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
