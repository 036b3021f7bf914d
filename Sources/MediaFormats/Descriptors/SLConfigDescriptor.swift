/// Sync layer configuration (ISO/IEC 14496-1 §7.3.2.3 SLConfigDescriptor). MP4 files use `predefined` 2; other
/// predefined values' fields are kept as stored.
package struct SLConfigDescriptor: Hashable, Sendable {
    /// Bytes of the length field as stored.
    package var lengthFieldSize: Int = 4
    /// 2 in MP4 files (ISO/IEC 14496-14 §3.1.2).
    package var predefined: UInt8 = 2
    /// Fields after `predefined` (present when it is 0), as stored.
    package var customFields: [UInt8] = []

    /// The MP4 configuration.
    package init() {}

    /// Parses the descriptor's payload.
    package init(parsing reader: inout ByteReader, lengthFieldSize: Int) throws(MediaFormatError) {
        self.lengthFieldSize = lengthFieldSize
        predefined = try reader.readUInt8()
        customFields = reader.readRemainingBytes()
    }

    /// Appends the descriptor, tag and length included.
    package func write(to writer: inout ByteWriter) throws(MediaFormatError) {
        try MPEG4Descriptor.write(tag: MPEG4Descriptor.slConfigTag, lengthFieldSize: lengthFieldSize,
                                  payload: [predefined] + customFields, to: &writer)
    }
}
