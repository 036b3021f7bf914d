import MediaFormats

/// E-AC-3 configuration (`dec3`, ETSI TS 102 366 Annex F.6 EC3SpecificBox): the box around the package's one
/// `EC3SpecificConfig`, whose fields it exposes as its own.
@dynamicMemberLookup
package struct EC3SpecificBox: SingleTypeBox {
    package static let type: FourCC = "dec3"
    /// The configuration.
    package var config: EC3SpecificConfig

    /// A box holding `config`.
    package init(config: EC3SpecificConfig) { self.config = config }

    /// The configuration's fields.
    package subscript<T>(dynamicMember field: WritableKeyPath<EC3SpecificConfig, T>) -> T {
        get { config[keyPath: field] }
        set { config[keyPath: field] = newValue }
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        config = try reader.read { bytes throws(MediaFormatError) in try EC3SpecificConfig(parsing: &bytes) }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        do { try config.write(to: &writer) } catch { throw BoxWriteError(Self.type, error) }
    }
}
