import MediaFormats

/// A NUL-terminated string field kept byte for byte: the bytes before the NUL, and whether the NUL was there
/// (QuickTime writers sometimes end a name at the box end instead). The text is decoded on demand.
package struct CStringField: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The bytes before the NUL.
    package var bytes: [UInt8]
    /// Whether a NUL followed them.
    package var isTerminated: Bool

    /// A field holding `bytes`, terminated unless told otherwise.
    package init(bytes: [UInt8], isTerminated: Bool = true) {
        self.bytes = bytes
        self.isTerminated = isTerminated
    }

    /// A terminated field holding `text` as UTF-8.
    package init(_ text: String) { self.init(bytes: Array(text.utf8)) }

    /// A terminated field holding `value` as UTF-8.
    package init(stringLiteral value: String) { self.init(value) }

    /// The text, as UTF-8 (Mac OS Roman if the bytes are not UTF-8).
    package var text: String { TextEncoding.decodeUTF8OrMacRoman(bytes) }
}

extension BoxReader {
    /// Reads a C string field (see `CStringField`).
    package mutating func readCStringField() throws(BoxParseError) -> CStringField {
        let (bytes, isTerminated) = try readCString()
        return CStringField(bytes: bytes, isTerminated: isTerminated)
    }
}

extension BoxWriter {
    /// Appends a C string field, with its NUL if it had one.
    package mutating func writeCStringField(_ field: CStringField) {
        writeBytes(field.bytes)
        if field.isTerminated { writeUInt8(0) }
    }
}

extension BoxReader {
    /// Reads a time or duration that is 64-bit in version 1 and 32-bit in version 0 (ISO/IEC 14496-12 `mvhd`,
    /// `tkhd`, `mdhd`, `mehd`, `tfdt`, `sidx`).
    package mutating func readVersionedUInt(version: UInt8) throws(BoxParseError) -> UInt64 {
        version == 1 ? try readUInt64() : UInt64(try readUInt32())
    }
}

extension BoxWriter {
    /// Appends a field that is 64-bit in version 1 and 32-bit in version 0; throws if `value` does not fit version 0.
    package mutating func writeVersionedUInt(_ value: UInt64, version: UInt8, field: String, in type: FourCC)
        throws(BoxWriteError) {
        if version == 1 {
            writeUInt64(value)
        } else {
            guard let value32 = UInt32(exactly: value) else {
                throw BoxWriteError(type, "\(field) \(value) needs version 1 (64-bit fields), not version \(version)")
            }
            writeUInt32(value32)
        }
    }
}

/// The smallest full-box version whose field widths hold all of `values` (0 for 32-bit, 1 for 64-bit).
package func minimalVersion(for values: UInt64...) -> UInt8 {
    values.allSatisfy { $0 <= UInt64(UInt32.max) } ? 0 : 1
}
