import MediaFormats

/// A metadata value (`data` in an `ilst` item; QuickTime "Value atom"): a type indicator, a locale and the bytes.
package struct MetadataDataBox: SingleTypeBox {
    package static let type: FourCC = "data"

    /// The well-known types (QuickTime File Format, "Well-known types").
    package enum WellKnownType: UInt32, Sendable {
        case implicit = 0, utf8 = 1, utf16 = 2, shiftJIS = 3, utf8Sort = 4, utf16Sort = 5, jpeg = 13, png = 14
        case signedIntegerBigEndian = 21, unsignedIntegerBigEndian = 22, float32BigEndian = 23, float64BigEndian = 24
        case bmp = 27, quickTimeMetadataAtom = 28, int8 = 65, int16BigEndian = 66, int32BigEndian = 67
        case point32Float = 70, dimensions32Float = 71, rect32Float = 72, int64BigEndian = 74, uint8 = 75
        case uint16BigEndian = 76, uint32BigEndian = 77, uint64BigEndian = 78, affineTransform64Float = 79
    }

    /// A decoded value.
    package enum Value: Hashable, Sendable {
        case text(String)
        case signedInteger(Int64)
        case unsignedInteger(UInt64)
        case float(Double)
        /// Pictures, implicit (`trkn`, `disk`), and everything else: the bytes.
        case data([UInt8])
    }

    /// The type set (high byte of the indicator; 0 means well-known types).
    package var typeSet: UInt8 = 0
    /// The type within the set (24 bits).
    package var typeCode: UInt32
    /// The country code of the locale (0: any).
    package var country: UInt16 = 0
    /// The language of the locale (0: any).
    package var language: UInt16 = 0
    /// The value's bytes.
    package var payload: [UInt8]

    /// A value of well-known type `type`.
    package init(type: WellKnownType, payload: [UInt8]) {
        typeCode = type.rawValue
        self.payload = payload
    }

    /// A UTF-8 text value.
    package init(text: String) { self.init(type: .utf8, payload: Array(text.utf8)) }

    /// The well-known type, if the indicator names one.
    package var wellKnownType: WellKnownType? { typeSet == 0 ? WellKnownType(rawValue: typeCode) : nil }

    /// The value decoded according to its type (integers of 1, 2, 3, 4 or 8 bytes for the generic integer types).
    package var value: Value {
        switch wellKnownType {
        case .utf8, .utf8Sort: return .text(TextEncoding.utf8.decode(payload))
        case .utf16, .utf16Sort: return .text(TextEncoding.utf16BigEndian.decode(payload))
        case .signedIntegerBigEndian, .int8, .int16BigEndian, .int32BigEndian, .int64BigEndian:
            guard [1, 2, 3, 4, 8].contains(payload.count) else { return .data(payload) }
            let unsigned = payload.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let shift = UInt64(64 - 8 * payload.count)
            return .signedInteger(Int64(bitPattern: unsigned << shift) >> Int64(shift))
        case .unsignedIntegerBigEndian, .uint8, .uint16BigEndian, .uint32BigEndian, .uint64BigEndian:
            guard [1, 2, 3, 4, 8].contains(payload.count) else { return .data(payload) }
            return .unsignedInteger(payload.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        case .float32BigEndian where payload.count == 4:
            return .float(Double(Float(bitPattern: payload.reduce(UInt32(0)) { $0 << 8 | UInt32($1) })))
        case .float64BigEndian where payload.count == 8:
            return .float(Double(bitPattern: payload.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }))
        default:
            return .data(payload)
        }
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        typeSet = try reader.readUInt8()
        typeCode = try reader.readUInt24()
        country = try reader.readUInt16()
        language = try reader.readUInt16()
        payload = reader.readRemainingBytes()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeUInt8(typeSet)
        writer.writeUInt24(typeCode)
        writer.writeUInt16(country)
        writer.writeUInt16(language)
        writer.writeBytes(payload)
    }
}
