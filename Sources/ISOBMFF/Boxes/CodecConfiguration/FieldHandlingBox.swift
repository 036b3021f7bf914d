/// Field order of interlaced video (`fiel`, QuickTime "Field handling"): one or two fields, and which comes first.
package struct FieldHandlingBox: SingleTypeBox {
    package static let type: FourCC = "fiel"
    /// 1 progressive, 2 interlaced.
    package var fieldCount: UInt8
    /// 0 unknown; 1 top first (separate), 6 bottom first (separate), 9 top first, 14 bottom first (interleaved).
    package var fieldOrdering: UInt8

    /// A field description.
    package init(fieldCount: UInt8, fieldOrdering: UInt8) {
        self.fieldCount = fieldCount
        self.fieldOrdering = fieldOrdering
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fieldCount = try reader.readUInt8()
        fieldOrdering = try reader.readUInt8()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeUInt8(fieldCount)
        writer.writeUInt8(fieldOrdering)
    }
}
