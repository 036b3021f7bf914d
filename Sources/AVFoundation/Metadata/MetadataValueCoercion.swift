import Foundation

/// How an item's value is presented as a string, number, date or data (AVMetadataItem.h, "type coercion"): each
/// is `nil` when the value cannot be represented that way.
enum MetadataValueCoercion {
    /// Text as itself; numbers as their decimal text; dates as ISO 8601; bytes declared as UTF-8/UTF-16 text decoded.
    static func string(_ value: (any NSCopying & NSObjectProtocol)?, dataType: String?) -> String? {
        switch value {
        case let string as NSString:
            return String(describing: string)
        case let number as NSNumber:
            return number.stringValue
        case let date as NSDate:
            return isoFormatter.string(from: Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate))
        case let data as NSData:
            let bytes = Data(referencing: data)
            switch dataType {
            case kCMMetadataBaseDataType_UTF8?: return String(data: bytes, encoding: .utf8)
            case kCMMetadataBaseDataType_UTF16?: return String(data: bytes, encoding: .utf16)
            default: return nil
            }
        case let url as NSURL:
            return url.absoluteString
        default:
            return nil
        }
    }

    /// Numbers as themselves; text that is an integer or a decimal number parsed.
    static func number(_ value: (any NSCopying & NSObjectProtocol)?) -> NSNumber? {
        switch value {
        case let number as NSNumber:
            return number
        case let string as NSString:
            let text = trimmingWhitespace(String(describing: string))
            if let integer = Int64(text) { return NSNumber(value: integer) }
            if let double = Double(text), double.isFinite { return NSNumber(value: double) }
            return nil
        default:
            return nil
        }
    }

    /// `text` without the `CharacterSet.whitespaces` at either end, as `trimmingCharacters(in:)` gives it, without
    /// its bridging through `NSString`, which cost more than the rest of a coercion. (Linux's set is not quite the
    /// one Apple documents: it holds U+200B too, so the set itself is asked.)
    static func trimmingWhitespace(_ text: String) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII ? scalar == " " || scalar == "\t" : whitespaces.contains(scalar)
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) { return text }
        return String(scalars[first...last])
    }

    private static let whitespaces = CharacterSet.whitespaces

    /// Dates as themselves; text in one of the ISO 8601 forms media files use ("2012-04-21T10:00:00Z",
    /// "2012-04-21T10:00:00-0700", "2012-04-21", "2012").
    static func date(_ value: (any NSCopying & NSObjectProtocol)?) -> Date? {
        switch value {
        case let date as NSDate:
            return Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case let string as NSString:
            return parseDate(String(describing: string))
        default:
            return nil
        }
    }

    /// Data as itself; text as its UTF-8 bytes.
    static func data(_ value: (any NSCopying & NSObjectProtocol)?) -> Data? {
        switch value {
        case let data as NSData: return Data(referencing: data)
        case let string as NSString: return String(describing: string).data(using: .utf8)
        default: return nil
        }
    }

    /// Parses the date forms of ISO 8601 found in media metadata; `nil` for anything else.
    static func parseDate(_ text: String) -> Date? { MetadataDateParser.date(from: text) }

    nonisolated(unsafe) private static let isoFormatter: ISO8601DateFormatter = {
        // ISO8601DateFormatter is documented thread-safe for formatting and parsing once configured.
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter
    }()
}
