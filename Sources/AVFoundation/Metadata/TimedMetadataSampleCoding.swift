import CoreMedia
import Foundation

/// The one home of boxed ('mebx') timed metadata sample coding (QuickTime File Format, "Timed Metadata Media"),
/// written by `AVAssetWriterInputMetadataAdaptor` and read by `AVTimedMetadataGroup(sampleBuffer:)`.
///
/// A sample is a run of boxes, one per item: a 32-bit big-endian size (header included), a four-byte type that
/// is the item's local key ID in the format description's key table, and the value in the key's data type:
/// UTF-8 or UTF-16 (big-endian) text, big-endian integers and IEEE floats of the type's width, or raw bytes.
enum TimedMetadataSampleCoding {
    /// Why an item cannot be encoded.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// One item of a sample: its local key ID and value bytes.
    struct Box: Equatable {
        var localID: OSType
        var payload: Data
    }

    // MARK: Values

    /// An item's value in the bytes of `dataType`.
    static func encode(_ item: AVMetadataItem, dataType: String) throws(Refusal) -> Data {
        let name = item.identifier?.rawValue ?? "without identifier"
        let value = item.value
        func number() throws(Refusal) -> NSNumber {
            guard let number = value as? NSNumber else {
                throw Refusal(description: "metadata item \(name) of type \(dataType) needs a number")
            }
            return number
        }
        func integer<T: FixedWidthInteger>(_ type: T.Type) throws(Refusal) -> Data {
            withUnsafeBytes(of: T(truncatingIfNeeded: try number().int64Value).bigEndian) { Data($0) }
        }
        switch dataType {
        case kCMMetadataBaseDataType_UTF8:
            guard let text = item.stringValue else {
                throw Refusal(description: "metadata item \(name) of type UTF-8 needs text")
            }
            return Data(text.utf8)
        case kCMMetadataBaseDataType_UTF16:
            guard let text = item.stringValue else {
                throw Refusal(description: "metadata item \(name) of type UTF-16 needs text")
            }
            return text.data(using: .utf16BigEndian) ?? Data()
        case kCMMetadataBaseDataType_SInt8, kCMMetadataBaseDataType_UInt8: return try integer(Int8.self)
        case kCMMetadataBaseDataType_SInt16, kCMMetadataBaseDataType_UInt16: return try integer(Int16.self)
        case kCMMetadataBaseDataType_SInt32, kCMMetadataBaseDataType_UInt32: return try integer(Int32.self)
        case kCMMetadataBaseDataType_SInt64, kCMMetadataBaseDataType_UInt64: return try integer(Int64.self)
        case kCMMetadataBaseDataType_Float32:
            return withUnsafeBytes(of: try number().floatValue.bitPattern.bigEndian) { Data($0) }
        case kCMMetadataBaseDataType_Float64:
            return withUnsafeBytes(of: try number().doubleValue.bitPattern.bigEndian) { Data($0) }
        default:
            if let data = item.dataValue { return data }
            if let text = item.stringValue { return Data(text.utf8) }
            throw Refusal(description: "metadata item \(name) has no value its data type \(dataType) can carry")
        }
    }

    /// The value `bytes` hold in `dataType`, as `encode` writes it: `NSString` for text, `NSNumber` for numbers
    /// (of the type's signedness and width), `NSData` for anything else; `nil` when a number has the wrong width.
    static func decode(_ bytes: Data, dataType: String) -> (any NSCopying & NSObjectProtocol)? {
        func integer<T: FixedWidthInteger>(_ type: T.Type) -> T? {
            guard bytes.count == MemoryLayout<T>.size else { return nil }
            return bytes.reduce(T.zero) { $0 << 8 | T(truncatingIfNeeded: $1) }
        }
        switch dataType {
        case kCMMetadataBaseDataType_UTF8: return String(data: bytes, encoding: .utf8).map(NSString.init(string:))
        case kCMMetadataBaseDataType_UTF16:
            return String(data: bytes, encoding: .utf16BigEndian).map(NSString.init(string:))
        case kCMMetadataBaseDataType_SInt8: return integer(Int8.self).map { NSNumber(value: $0) }
        case kCMMetadataBaseDataType_SInt16: return integer(Int16.self).map { NSNumber(value: $0) }
        case kCMMetadataBaseDataType_SInt32: return integer(Int32.self).map { NSNumber(value: $0) }
        case kCMMetadataBaseDataType_SInt64: return integer(Int64.self).map { NSNumber(value: $0) }
        case kCMMetadataBaseDataType_UInt8: return integer(UInt8.self).map { NSNumber(value: $0) }
        case kCMMetadataBaseDataType_UInt16: return integer(UInt16.self).map { NSNumber(value: $0) }
        case kCMMetadataBaseDataType_UInt32: return integer(UInt32.self).map { NSNumber(value: $0) }
        case kCMMetadataBaseDataType_UInt64: return integer(UInt64.self).map { NSNumber(value: $0) }
        case kCMMetadataBaseDataType_Float32:
            return integer(UInt32.self).map { NSNumber(value: Float(bitPattern: $0)) }
        case kCMMetadataBaseDataType_Float64:
            return integer(UInt64.self).map { NSNumber(value: Double(bitPattern: $0)) }
        default: return NSData(data: bytes)
        }
    }

    // MARK: Boxes

    /// The sample bytes of `boxes`.
    static func write(_ boxes: [Box]) -> Data {
        var data = Data()
        for box in boxes {
            withUnsafeBytes(of: UInt32(8 + box.payload.count).bigEndian) { data.append(contentsOf: $0) }
            withUnsafeBytes(of: box.localID.bigEndian) { data.append(contentsOf: $0) }
            data.append(box.payload)
        }
        return data
    }

    /// The boxes of a sample, or `nil` when a box's size runs past the sample or is smaller than its header.
    static func read(_ data: Data) -> [Box]? {
        let bytes = [UInt8](data)
        var boxes: [Box] = []
        var offset = 0
        func word(_ at: Int) -> UInt32 { bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        while offset < bytes.count {
            guard bytes.count - offset >= 8 else { return nil }
            let size = Int(word(offset))
            guard size >= 8, size <= bytes.count - offset else { return nil }
            boxes.append(Box(localID: word(offset + 4), payload: Data(bytes[offset + 8..<offset + size])))
            offset += size
        }
        return boxes
    }

    // MARK: Keys

    /// One key of a boxed metadata format description's key table.
    struct Key {
        /// The key space's four-character code as text ("mdta").
        var keySpace: String
        /// The key's bytes.
        var keyBytes: Data
        var dataType: String
        var languageTag: String?

        /// The identifier the key names.
        var identifier: AVMetadataIdentifier {
            MetadataKeyCoding.identifier(prefix: keySpace, key: .data(keyBytes))
        }

        /// Whether the key is the one `identifier` names (compared as key space and unescaped key bytes).
        func matches(_ identifier: AVMetadataIdentifier) -> Bool {
            let raw = identifier.rawValue
            guard let slash = raw.firstIndex(of: "/"), raw[..<slash] == keySpace,
                  let (_, bytes) = MetadataKeyCoding.split(identifier) else { return false }
            return Data(bytes) == keyBytes
        }
    }

    /// The keys of a boxed metadata format description, by local key ID.
    static func keys(of format: CMMetadataFormatDescription) -> [OSType: Key] {
        var keys: [OSType: Key] = [:]
        for (localID, key) in format.metadataKeyTable {
            guard let namespace = (key[kCMMetadataFormatDescriptionKey_Namespace as String] as? NSNumber)?.uint32Value
                    ?? (key[kCMMetadataFormatDescriptionKey_Namespace as String] as? Int).map(UInt32.init(truncatingIfNeeded:)),
                  let value = key[kCMMetadataFormatDescriptionKey_Value as String] as? Data,
                  let dataType = key[kCMMetadataFormatDescriptionKey_DataType as String] as? String else { continue }
            keys[localID] = Key(keySpace: MetadataKeyCoding.fourCharacterString(namespace), keyBytes: value,
                                dataType: dataType, languageTag: key[kCMMetadataFormatDescriptionKey_LanguageTag as String] as? String)
        }
        return keys
    }
}

extension CMFormatDescription {
    /// The key table of a boxed metadata format description, by local ID (looked up ID by ID: the public
    /// `CMMetadataFormatDescriptionGetKeyWithLocalID` is the only way in).
    fileprivate var metadataKeyTable: [(OSType, [String: Any])] {
        let count = CMMetadataFormatDescriptionGetIdentifiers(self)?.count ?? 0
        var table: [(OSType, [String: Any])] = []
        var localID: OSType = 1
        while table.count < count, localID < 0x1_0000 {
            if let key = CMMetadataFormatDescriptionGetKeyWithLocalID(self, localKeyID: localID) as? [String: Any] {
                table.append((localID, key))
            }
            localID += 1
        }
        return table
    }
}
