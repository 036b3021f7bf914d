/// How to configure the decoder (ISO/IEC 14496-1 §7.2.6.6 DecoderConfigDescriptor): the object type (0x40 AAC,
/// 0x6B MP3, 0x20 MPEG-4 Visual…), stream type, buffer size, bit rates and the decoder-specific info (for AAC,
/// the AudioSpecificConfig).
package struct DecoderConfigDescriptor: Hashable, Sendable {
    /// A descriptor inside this one.
    package enum Subdescriptor: Hashable, Sendable {
        case decoderSpecificInfo(DecoderSpecificInfo)
        case other(RawDescriptor)
    }

    /// Bytes of the length field as stored.
    package var lengthFieldSize: Int = 4
    /// `objectTypeIndication` (ISO/IEC 14496-1 Table 5; registered at mp4ra.org).
    package var objectTypeIndication: UInt8
    /// `streamType` (6 bits: 4 visual, 5 audio).
    package var streamType: UInt8
    /// `upStream`.
    package var upStream: Bool = false
    /// The reserved bit after `upStream`, as stored (1 by the spec).
    package var reservedBit: UInt8 = 1
    /// `bufferSizeDB` (24 bits).
    package var bufferSizeDB: UInt32
    /// Peak bit rate in bits per second.
    package var maxBitrate: UInt32
    /// Average bit rate (0 when variable).
    package var avgBitrate: UInt32
    /// Decoder-specific info and others.
    package var subdescriptors: [Subdescriptor]
    /// Bytes after the subdescriptors too short to be one, as stored.
    package var trailingBytes: [UInt8] = []

    /// A configuration with the given decoder-specific info.
    package init(objectTypeIndication: UInt8, streamType: UInt8, bufferSizeDB: UInt32 = 0, maxBitrate: UInt32 = 0,
                 avgBitrate: UInt32 = 0, decoderSpecificInfo: [UInt8]?) {
        self.objectTypeIndication = objectTypeIndication
        self.streamType = streamType
        self.bufferSizeDB = bufferSizeDB
        self.maxBitrate = maxBitrate
        self.avgBitrate = avgBitrate
        subdescriptors = decoderSpecificInfo.map { [.decoderSpecificInfo(DecoderSpecificInfo(bytes: $0))] } ?? []
    }

    /// The decoder-specific info bytes (AAC's AudioSpecificConfig, MPEG-4 Visual's VOL header).
    package var decoderSpecificInfo: [UInt8]? {
        for case .decoderSpecificInfo(let info) in subdescriptors { return info.bytes }
        return nil
    }

    /// Parses the descriptor's payload.
    package init(parsing reader: inout ByteReader, lengthFieldSize: Int) throws(MediaFormatError) {
        self.lengthFieldSize = lengthFieldSize
        objectTypeIndication = try reader.readUInt8()
        let typeByte = try reader.readUInt8()
        streamType = typeByte >> 2
        upStream = typeByte & 2 != 0
        reservedBit = typeByte & 1
        bufferSizeDB = try reader.readUInt24()
        maxBitrate = try reader.readUInt32()
        avgBitrate = try reader.readUInt32()
        subdescriptors = []
        while reader.readableBytes >= 2 {
            let (tag, payload, fieldSize) = try MPEG4Descriptor.readHeader(&reader)
            var body = payload
            if tag == MPEG4Descriptor.decoderSpecificInfoTag {
                subdescriptors.append(.decoderSpecificInfo(DecoderSpecificInfo(bytes: body.readRemainingBytes(),
                                                                               lengthFieldSize: fieldSize)))
            } else {
                subdescriptors.append(.other(RawDescriptor(tag: tag, lengthFieldSize: fieldSize,
                                                           payload: body.readRemainingBytes())))
            }
        }
        trailingBytes = reader.readRemainingBytes()
    }

    /// Appends the descriptor, tag and length included.
    package func write(to writer: inout ByteWriter) throws(MediaFormatError) {
        guard bufferSizeDB <= 0xFF_FFFF else {
            throw MediaFormatError(.unrepresentable, at: Int64(writer.count), "bufferSizeDB is a 24-bit field")
        }
        try MPEG4Descriptor.write(tag: MPEG4Descriptor.decoderConfigTag, lengthFieldSize: lengthFieldSize,
                                  to: &writer) { body throws(MediaFormatError) in
            body.writeUInt8(objectTypeIndication)
            body.writeUInt8((streamType & 0x3F) << 2 | (upStream ? 2 : 0) | reservedBit & 1)
            body.writeUInt24(bufferSizeDB)
            body.writeUInt32(maxBitrate)
            body.writeUInt32(avgBitrate)
            for descriptor in subdescriptors {
                switch descriptor {
                case .decoderSpecificInfo(let info):
                    try MPEG4Descriptor.write(tag: MPEG4Descriptor.decoderSpecificInfoTag,
                                              lengthFieldSize: info.lengthFieldSize, payload: info.bytes, to: &body)
                case .other(let raw):
                    try raw.write(to: &body)
                }
            }
            body.writeBytes(trailingBytes)
        }
    }
}

/// Decoder-specific configuration bytes (ISO/IEC 14496-1 §7.2.6.7 DecoderSpecificInfo).
package struct DecoderSpecificInfo: Hashable, Sendable {
    /// The bytes (AAC: AudioSpecificConfig).
    package var bytes: [UInt8]
    /// Bytes of the length field as stored.
    package var lengthFieldSize: Int

    /// Info holding `bytes`.
    package init(bytes: [UInt8], lengthFieldSize: Int = 4) {
        self.bytes = bytes
        self.lengthFieldSize = lengthFieldSize
    }
}
