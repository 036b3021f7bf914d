/// Bit rates of a stream (`btrt`, ISO/IEC 14496-12 §8.5.2.2 BitRateBox).
package struct BitRateBox: SingleTypeBox {
    package static let type: FourCC = "btrt"
    /// Decoder buffer size in bytes.
    package var bufferSizeDB: UInt32
    /// Peak bit rate over any one second.
    package var maxBitrate: UInt32
    /// Average bit rate.
    package var avgBitrate: UInt32

    /// Bit rates.
    package init(bufferSizeDB: UInt32, maxBitrate: UInt32, avgBitrate: UInt32) {
        self.bufferSizeDB = bufferSizeDB
        self.maxBitrate = maxBitrate
        self.avgBitrate = avgBitrate
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        bufferSizeDB = try reader.readUInt32()
        maxBitrate = try reader.readUInt32()
        avgBitrate = try reader.readUInt32()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeUInt32(bufferSizeDB)
        writer.writeUInt32(maxBitrate)
        writer.writeUInt32(avgBitrate)
    }
}
