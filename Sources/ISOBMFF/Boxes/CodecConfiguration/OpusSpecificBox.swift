/// Opus configuration (`dOps`, Encapsulation of Opus in ISO Base Media File Format §4.3.2 OpusSpecificBox).
package struct OpusSpecificBox: SingleTypeBox {
    package static let type: FourCC = "dOps"
    /// 0.
    package var version: UInt8 = 0
    /// Output channels.
    package var outputChannelCount: UInt8
    /// Samples (at 48 kHz) to discard from the decoder output at the start.
    package var preSkip: UInt16
    /// The original input sample rate (informative).
    package var inputSampleRate: UInt32
    /// Gain in Q7.8 dB.
    package var outputGain: Int16 = 0
    /// 0: mono/stereo; 1: Vorbis order surround; 255: unspecified.
    package var channelMappingFamily: UInt8 = 0
    /// For families other than 0: streams, coupled streams and the mapping.
    package var channelMappingTable: ChannelMappingTable?

    /// The mapping table of families other than 0.
    package struct ChannelMappingTable: Hashable, Sendable {
        /// Opus streams in each packet.
        package var streamCount: UInt8
        /// How many of them are stereo.
        package var coupledCount: UInt8
        /// Decoded channel for each output channel.
        package var channelMapping: [UInt8]

        /// A table.
        package init(streamCount: UInt8, coupledCount: UInt8, channelMapping: [UInt8]) {
            self.streamCount = streamCount
            self.coupledCount = coupledCount
            self.channelMapping = channelMapping
        }
    }

    /// A family-0 configuration.
    package init(outputChannelCount: UInt8, preSkip: UInt16, inputSampleRate: UInt32) {
        self.outputChannelCount = outputChannelCount
        self.preSkip = preSkip
        self.inputSampleRate = inputSampleRate
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        version = try reader.readUInt8()
        outputChannelCount = try reader.readUInt8()
        preSkip = try reader.readUInt16()
        inputSampleRate = try reader.readUInt32()
        outputGain = try reader.readInt16()
        channelMappingFamily = try reader.readUInt8()
        if channelMappingFamily != 0 {
            channelMappingTable = ChannelMappingTable(streamCount: try reader.readUInt8(), coupledCount: try reader.readUInt8(),
                                                      channelMapping: try reader.readBytes(count: Int(outputChannelCount)))
        }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        guard (channelMappingFamily == 0) == (channelMappingTable == nil),
              channelMappingTable.map({ $0.channelMapping.count == Int(outputChannelCount) }) ?? true else {
            throw BoxWriteError(Self.type, "families other than 0 need a mapping of one entry per output channel")
        }
        writer.writeUInt8(version)
        writer.writeUInt8(outputChannelCount)
        writer.writeUInt16(preSkip)
        writer.writeUInt32(inputSampleRate)
        writer.writeInt16(outputGain)
        writer.writeUInt8(channelMappingFamily)
        if let table = channelMappingTable {
            writer.writeUInt8(table.streamCount)
            writer.writeUInt8(table.coupledCount)
            writer.writeBytes(table.channelMapping)
        }
    }
}
