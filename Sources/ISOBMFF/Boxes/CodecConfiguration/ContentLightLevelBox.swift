/// HDR content light level (`clli`, QuickTime File Format and ISO/IEC 23008-12, values as CTA-861.3) in cd/m².
package struct ContentLightLevelBox: SingleTypeBox {
    package static let type: FourCC = "clli"
    /// Maximum content light level.
    package var maxContentLightLevel: UInt16
    /// Maximum picture-average light level.
    package var maxPicAverageLightLevel: UInt16

    /// Light levels.
    package init(maxContentLightLevel: UInt16, maxPicAverageLightLevel: UInt16) {
        self.maxContentLightLevel = maxContentLightLevel
        self.maxPicAverageLightLevel = maxPicAverageLightLevel
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        maxContentLightLevel = try reader.readUInt16()
        maxPicAverageLightLevel = try reader.readUInt16()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeUInt16(maxContentLightLevel)
        writer.writeUInt16(maxPicAverageLightLevel)
    }
}
