/// AMR configuration (`damr` in `samr`/`sawb` entries, 3GPP TS 26.244 §6.7 AMRSpecificBox).
package struct AMRSpecificBox: SingleTypeBox {
    package static let type: FourCC = "damr"
    /// The encoder's vendor code.
    package var vendor: FourCC
    /// Encoder version.
    package var decoderVersion: UInt8
    /// Active codec modes (bit per mode).
    package var modeSet: UInt16
    /// Frames between mode changes (0: no restriction).
    package var modeChangePeriod: UInt8
    /// Frames per sample.
    package var framesPerSample: UInt8

    /// A configuration.
    package init(vendor: FourCC, decoderVersion: UInt8 = 0, modeSet: UInt16, modeChangePeriod: UInt8 = 0,
                 framesPerSample: UInt8 = 1) {
        self.vendor = vendor
        self.decoderVersion = decoderVersion
        self.modeSet = modeSet
        self.modeChangePeriod = modeChangePeriod
        self.framesPerSample = framesPerSample
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        vendor = try reader.readFourCC()
        decoderVersion = try reader.readUInt8()
        modeSet = try reader.readUInt16()
        modeChangePeriod = try reader.readUInt8()
        framesPerSample = try reader.readUInt8()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFourCC(vendor)
        writer.writeUInt8(decoderVersion)
        writer.writeUInt16(modeSet)
        writer.writeUInt8(modeChangePeriod)
        writer.writeUInt8(framesPerSample)
    }
}
