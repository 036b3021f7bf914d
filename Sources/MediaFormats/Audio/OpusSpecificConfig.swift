/// Opus configuration (Encapsulation of Opus in ISO Base Media File Format §4.3.2, the OpusSpecificBox payload):
/// the fields of Ogg's OpusHead (RFC 7845 §5.1), big-endian and without the magic signature. The payload of `dOps`
/// and the package's Opus magic cookie.
package struct OpusSpecificConfig: Hashable, Sendable {
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

    /// Parses a whole `dOps` payload.
    package init(parsing bytes: [UInt8]) throws(MediaFormatError) {
        var reader = ByteReader(bytes)
        try self.init(parsing: &reader)
    }

    /// Parses the configuration at the reader's position.
    package init(parsing reader: inout ByteReader) throws(MediaFormatError) {
        try self.init(reading: &reader, endianness: .big)
    }

    /// The fields in OpusHead's order, in either byte order; the mapping table follows family 0 only when present.
    private init(reading reader: inout ByteReader, endianness: Endianness) throws(MediaFormatError) {
        version = try reader.readUInt8()
        outputChannelCount = try reader.readUInt8()
        preSkip = try reader.readUInt16(endianness: endianness)
        inputSampleRate = try reader.readUInt32(endianness: endianness)
        outputGain = try reader.readInt16(endianness: endianness)
        channelMappingFamily = try reader.readUInt8()
        if channelMappingFamily != 0 {
            channelMappingTable = ChannelMappingTable(streamCount: try reader.readUInt8(), coupledCount: try reader.readUInt8(),
                                                      channelMapping: try reader.readBytes(count: Int(outputChannelCount)))
        }
    }

    /// Appends the `dOps` payload.
    package func write(to writer: inout ByteWriter) throws(MediaFormatError) {
        try write(to: &writer, endianness: .big)
    }

    private func write(to writer: inout ByteWriter, endianness: Endianness) throws(MediaFormatError) {
        guard (channelMappingFamily == 0) == (channelMappingTable == nil),
              channelMappingTable.map({ $0.channelMapping.count == Int(outputChannelCount) }) ?? true else {
            throw MediaFormatError(.unrepresentable, at: Int64(writer.count),
                                   "Opus channel mapping families other than 0 need one mapping entry per output channel")
        }
        writer.writeUInt8(version)
        writer.writeUInt8(outputChannelCount)
        writer.writeUInt16(preSkip, endianness: endianness)
        writer.writeUInt32(inputSampleRate, endianness: endianness)
        writer.writeInt16(outputGain, endianness: endianness)
        writer.writeUInt8(channelMappingFamily)
        if let table = channelMappingTable {
            writer.writeUInt8(table.streamCount)
            writer.writeUInt8(table.coupledCount)
            writer.writeBytes(table.channelMapping)
        }
    }

    /// The `dOps` payload.
    package func serialized() throws(MediaFormatError) -> [UInt8] {
        var writer = ByteWriter()
        try write(to: &writer)
        return writer.bytes
    }

    // MARK: OpusHead

    /// OpusHead's magic signature (RFC 7845 §5.1).
    package static let opusHeadSignature = Array("OpusHead".utf8)

    /// The configuration of an Ogg identification header: "OpusHead", version 1, then the same fields,
    /// little-endian.
    package init(opusHead: [UInt8]) throws(MediaFormatError) {
        guard opusHead.starts(with: Self.opusHeadSignature) else {
            throw MediaFormatError(.invalidValue, at: 0, "an Opus identification header starts with \"OpusHead\"")
        }
        var reader = ByteReader(Array(opusHead.dropFirst(8)), baseOffset: 8)
        try self.init(reading: &reader, endianness: .little)
        // The Ogg header's version is 1; ISOBMFF's is 0.
        version = 0
    }

    /// The Ogg identification header FFmpeg's decoder and encoder use.
    package func opusHead() throws(MediaFormatError) -> [UInt8] {
        var writer = ByteWriter()
        writer.writeBytes(Self.opusHeadSignature)
        var ogg = self
        ogg.version = 1
        try ogg.write(to: &writer, endianness: .little)
        return writer.bytes
    }
}
