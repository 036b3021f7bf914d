/// A key's data type (`dtyp`, ISO/IEC 14496-12 §12.3.3.3): a namespace (0 for QuickTime well-known types) and the
/// type's value (a 32-bit well-known type number in that case).
package struct MetadataDatatypeDefinitionBox: SingleTypeBox {
    package static let type: FourCC = "dtyp"
    /// 0 for QuickTime well-known types; otherwise a namespace code.
    package var datatypeNamespace: UInt32
    /// The type as stored.
    package var datatypeValue: [UInt8]

    /// A definition.
    package init(datatypeNamespace: UInt32, datatypeValue: [UInt8]) {
        self.datatypeNamespace = datatypeNamespace
        self.datatypeValue = datatypeValue
    }

    /// The well-known type number, when the namespace is 0 and the value is 4 bytes.
    package var wellKnownType: UInt32? {
        guard datatypeNamespace == 0, datatypeValue.count == 4 else { return nil }
        return datatypeValue.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        datatypeNamespace = try reader.readUInt32()
        datatypeValue = reader.readRemainingBytes()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeUInt32(datatypeNamespace)
        writer.writeBytes(datatypeValue)
    }
}
