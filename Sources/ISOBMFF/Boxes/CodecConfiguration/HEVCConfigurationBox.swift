import MediaFormats

/// H.265 decoder configuration (`hvcC`, ISO/IEC 14496-15 §8.4.1 HEVCConfigurationBox): the box around the
/// package's one `HEVCDecoderConfigurationRecord` (§8.3.3.1), whose fields it exposes as its own.
@dynamicMemberLookup
package struct HEVCConfigurationBox: SingleTypeBox {
    package static let type: FourCC = "hvcC"
    /// The record.
    package var record: HEVCDecoderConfigurationRecord

    /// A box holding `record`.
    package init(record: HEVCDecoderConfigurationRecord) { self.record = record }

    /// The record's fields.
    package subscript<T>(dynamicMember field: WritableKeyPath<HEVCDecoderConfigurationRecord, T>) -> T {
        get { record[keyPath: field] }
        set { record[keyPath: field] = newValue }
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        record = try reader.read { bytes throws(MediaFormatError) in try HEVCDecoderConfigurationRecord(parsing: &bytes) }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        do { try record.write(to: &writer) } catch { throw BoxWriteError(Self.type, error) }
    }
}
