import MediaFormats

/// H.264 decoder configuration (`avcC`, ISO/IEC 14496-15 §5.4.2.1 AVCConfigurationBox): the box around the
/// package's one `AVCDecoderConfigurationRecord` (§5.3.3.1), whose fields it exposes as its own.
@dynamicMemberLookup
package struct AVCConfigurationBox: SingleTypeBox {
    package static let type: FourCC = "avcC"
    /// The record.
    package var record: AVCDecoderConfigurationRecord

    /// A box holding `record`.
    package init(record: AVCDecoderConfigurationRecord) { self.record = record }

    /// The record's fields.
    package subscript<T>(dynamicMember field: WritableKeyPath<AVCDecoderConfigurationRecord, T>) -> T {
        get { record[keyPath: field] }
        set { record[keyPath: field] = newValue }
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        record = try reader.read { bytes throws(MediaFormatError) in try AVCDecoderConfigurationRecord(parsing: &bytes) }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        do { try record.write(to: &writer) } catch { throw BoxWriteError(Self.type, error) }
    }
}
