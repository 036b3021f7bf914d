import MediaFormats

/// Apple Lossless configuration (`alac` inside an `alac` sample entry or QuickTime `wave`): a full box around the
/// package's one `ALACSpecificConfig` (Apple's ALAC specification), whose fields it exposes as its own.
@dynamicMemberLookup
package struct ALACSpecificBox: SingleTypeBox {
    package static let type: FourCC = "alac"
    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// The 24-byte configuration.
    package var config: ALACSpecificConfig

    /// A box holding `config`.
    package init(config: ALACSpecificConfig) { self.config = config }

    /// The configuration's fields.
    package subscript<T>(dynamicMember field: WritableKeyPath<ALACSpecificConfig, T>) -> T {
        get { config[keyPath: field] }
        set { config[keyPath: field] = newValue }
    }

    /// The 24-byte magic cookie as a decoder takes it.
    package var magicCookie: [UInt8] { config.bytes }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        config = try reader.read { bytes throws(MediaFormatError) in try ALACSpecificConfig(parsing: &bytes) }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        config.write(to: &writer)
    }
}
