/// A vendor extension box (`uuid`, ISO/IEC 14496-12 §4.2 and §11.1): a 16-byte user type, then a payload this
/// library keeps raw.
package struct UUIDBox: SingleTypeBox {
    package static let type: FourCC = "uuid"
    /// The 16-byte user type naming the extension.
    package var userType: [UInt8]
    /// The payload after the user type.
    package var payload: [UInt8]

    /// An extension box with the given user type and payload.
    package init(userType: [UInt8], payload: [UInt8]) {
        self.userType = userType
        self.payload = payload
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        userType = try reader.readBytes(count: 16)
        payload = reader.readRemainingBytes()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        guard userType.count == 16 else { throw BoxWriteError(Self.type, "the user type must be 16 bytes, not \(userType.count)") }
        writer.writeBytes(userType)
        writer.writeBytes(payload)
    }
}
