import MediaFormats

/// A key's namespace and value (`keyd`, ISO/IEC 14496-12 §12.3.3.3): `mdta` + `com.apple.quicktime.detected-face`.
package struct MetadataKeyDeclarationBox: SingleTypeBox {
    package static let type: FourCC = "keyd"
    /// The key namespace (`mdta`, `udta`…).
    package var keyNamespace: FourCC
    /// The key value as stored.
    package var keyValue: [UInt8]

    /// A declaration.
    package init(keyNamespace: FourCC = "mdta", keyValue: String) {
        self.keyNamespace = keyNamespace
        self.keyValue = Array(keyValue.utf8)
    }

    /// The key value as text.
    package var text: String { TextEncoding.decodeUTF8OrMacRoman(keyValue) }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        keyNamespace = try reader.readFourCC()
        keyValue = reader.readRemainingBytes()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFourCC(keyNamespace)
        writer.writeBytes(keyValue)
    }
}
