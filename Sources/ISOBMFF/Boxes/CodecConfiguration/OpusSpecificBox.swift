import MediaFormats

/// Opus configuration (`dOps`, Encapsulation of Opus in ISO Base Media File Format §4.3.2 OpusSpecificBox): the box
/// around the package's one `OpusSpecificConfig`, whose fields it exposes as its own.
@dynamicMemberLookup
package struct OpusSpecificBox: SingleTypeBox {
    package static let type: FourCC = "dOps"
    /// The configuration.
    package var config: OpusSpecificConfig

    /// A box holding `config`.
    package init(config: OpusSpecificConfig) { self.config = config }

    /// The configuration's fields.
    package subscript<T>(dynamicMember field: WritableKeyPath<OpusSpecificConfig, T>) -> T {
        get { config[keyPath: field] }
        set { config[keyPath: field] = newValue }
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        config = try reader.read { bytes throws(MediaFormatError) in try OpusSpecificConfig(parsing: &bytes) }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        do { try config.write(to: &writer) } catch { throw BoxWriteError(Self.type, error) }
    }
}
