/// An elementary stream descriptor (ISO/IEC 14496-1 §7.2.6.5 ES_Descriptor): the stream's ID and flags, its
/// decoder configuration and sync layer configuration, in stored order. The payload of `esds` after its version
/// and flags, and the package's magic cookie for AAC and MPEG audio.
package struct ESDescriptor: Hashable, Sendable {
    /// A descriptor inside this one.
    package enum Subdescriptor: Hashable, Sendable {
        case decoderConfig(DecoderConfigDescriptor)
        case slConfig(SLConfigDescriptor)
        case other(RawDescriptor)
    }

    /// Bytes of the length field as stored (FFmpeg and Apple use 4).
    package var lengthFieldSize: Int = 4
    /// `ES_ID` (0 in MP4 files, whose track ID identifies the stream).
    package var esID: UInt16 = 0
    /// `streamPriority` (5 bits).
    package var streamPriority: UInt8 = 0
    /// `dependsOn_ES_ID`, when `streamDependenceFlag` is set.
    package var dependsOnESID: UInt16?
    /// The URL, when `URL_Flag` is set.
    package var url: [UInt8]?
    /// `OCR_ES_Id`, when `OCRstreamFlag` is set.
    package var ocrESID: UInt16?
    /// Decoder config, SL config and others.
    package var subdescriptors: [Subdescriptor]
    /// Bytes after the subdescriptors too short to be one, as stored.
    package var trailingBytes: [UInt8] = []

    /// A descriptor holding `decoderConfig` and the MP4 sync layer configuration (predefined 2).
    package init(decoderConfig: DecoderConfigDescriptor) {
        subdescriptors = [.decoderConfig(decoderConfig), .slConfig(SLConfigDescriptor())]
    }

    /// The decoder configuration.
    package var decoderConfig: DecoderConfigDescriptor? {
        for case .decoderConfig(let config) in subdescriptors { return config }
        return nil
    }

    /// Parses a whole ES_Descriptor (tag 3 first).
    package init(parsing bytes: [UInt8]) throws(MediaFormatError) {
        var reader = ByteReader(bytes)
        try self.init(parsing: &reader)
    }

    /// Parses the ES_Descriptor at the reader's position, tag and length included.
    package init(parsing reader: inout ByteReader) throws(MediaFormatError) {
        let start = reader.offset
        let (tag, payload, fieldSize) = try MPEG4Descriptor.readHeader(&reader)
        var body = payload
        guard tag == MPEG4Descriptor.esDescriptorTag else {
            throw MediaFormatError(.invalidValue, at: start, "expected an ES_Descriptor (tag 3), found tag \(tag)")
        }
        try self.init(parsingPayload: &body, lengthFieldSize: fieldSize)
    }

    /// Parses the descriptor's payload.
    private init(parsingPayload reader: inout ByteReader, lengthFieldSize: Int) throws(MediaFormatError) {
        self.lengthFieldSize = lengthFieldSize
        esID = try reader.readUInt16()
        let flags = try reader.readUInt8()
        streamPriority = flags & 0x1F
        if flags & 0x80 != 0 { dependsOnESID = try reader.readUInt16() }
        if flags & 0x40 != 0 { url = try reader.readBytes(count: Int(try reader.readUInt8())) }
        if flags & 0x20 != 0 { ocrESID = try reader.readUInt16() }
        subdescriptors = []
        while reader.readableBytes >= 2 {
            let (tag, payload, fieldSize) = try MPEG4Descriptor.readHeader(&reader)
            var body = payload
            switch tag {
            case MPEG4Descriptor.decoderConfigTag:
                subdescriptors.append(.decoderConfig(try DecoderConfigDescriptor(parsing: &body, lengthFieldSize: fieldSize)))
            case MPEG4Descriptor.slConfigTag:
                subdescriptors.append(.slConfig(try SLConfigDescriptor(parsing: &body, lengthFieldSize: fieldSize)))
            default:
                subdescriptors.append(.other(RawDescriptor(tag: tag, lengthFieldSize: fieldSize,
                                                           payload: body.readRemainingBytes())))
            }
        }
        trailingBytes = reader.readRemainingBytes()
    }

    /// Appends the descriptor, tag and length included.
    package func write(to writer: inout ByteWriter) throws(MediaFormatError) {
        try MPEG4Descriptor.write(tag: MPEG4Descriptor.esDescriptorTag, lengthFieldSize: lengthFieldSize,
                                  to: &writer) { body throws(MediaFormatError) in
            body.writeUInt16(esID)
            var flags = streamPriority & 0x1F
            if dependsOnESID != nil { flags |= 0x80 }
            if url != nil { flags |= 0x40 }
            if ocrESID != nil { flags |= 0x20 }
            body.writeUInt8(flags)
            if let dependsOnESID { body.writeUInt16(dependsOnESID) }
            if let url {
                guard url.count <= 255 else {
                    throw MediaFormatError(.unrepresentable, at: Int64(body.count), "an ES_Descriptor URL holds at most 255 bytes")
                }
                body.writeUInt8(UInt8(url.count))
                body.writeBytes(url)
            }
            if let ocrESID { body.writeUInt16(ocrESID) }
            for descriptor in subdescriptors {
                switch descriptor {
                case .decoderConfig(let config): try config.write(to: &body)
                case .slConfig(let config): try config.write(to: &body)
                case .other(let raw): try raw.write(to: &body)
                }
            }
            body.writeBytes(trailingBytes)
        }
    }

    /// The descriptor's bytes (the magic cookie of AAC and MPEG audio).
    package func serialized() throws(MediaFormatError) -> [UInt8] {
        var writer = ByteWriter()
        try write(to: &writer)
        return writer.bytes
    }
}
