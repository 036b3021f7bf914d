import MediaFormats

/// AC-3 configuration (`dac3`, ETSI TS 102 366 Annex F.4 AC3SpecificBox): the box around the package's one
/// `AC3SpecificConfig`, whose fields it exposes as its own.
@dynamicMemberLookup
package struct AC3SpecificBox: SingleTypeBox {
    package static let type: FourCC = "dac3"
    /// The configuration.
    package var config: AC3SpecificConfig

    /// A box holding `config`.
    package init(config: AC3SpecificConfig) { self.config = config }

    /// The configuration's fields.
    package subscript<T>(dynamicMember field: WritableKeyPath<AC3SpecificConfig, T>) -> T {
        get { config[keyPath: field] }
        set { config[keyPath: field] = newValue }
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        config = try reader.read { bytes throws(MediaFormatError) in try AC3SpecificConfig(parsing: &bytes) }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) { config.write(to: &writer) }
}
