/// An audio sample entry (ISO/IEC 14496-12 §12.2.3 AudioSampleEntry; QuickTime "Sound sample description" versions
/// 0, 1 and 2): `mp4a`, `alac`, `Opus`, `fLaC`, `ac-3`, `lpcm`, `sowt`…
///
/// The 20 bytes after the version are the same slots in every form: in version 2 they hold QuickTime's fixed
/// values (3, 16, -2, 0, 65536) and the real rate and channel count follow in `version2`. Version 1 means two
/// different things: QuickTime appends four 32-bit fields, ISO's AudioSampleEntryV1 does not. Which one a file uses
/// is decided by where a well-formed child box list starts, then by the `ftyp` brand.
package struct AudioSampleEntry: SampleEntry, BoxContainer {
    /// QuickTime sound description version 1's extra fields (compressed formats' packet geometry).
    package struct QuickTimeVersion1Fields: Hashable, Sendable {
        /// Uncompressed frames per compressed packet.
        package var samplesPerPacket: UInt32
        /// Bytes per packet for one channel.
        package var bytesPerPacket: UInt32
        /// Bytes per frame (all channels).
        package var bytesPerFrame: UInt32
        /// Bytes per sample of uncompressed data.
        package var bytesPerSample: UInt32

        /// The fields.
        package init(samplesPerPacket: UInt32, bytesPerPacket: UInt32, bytesPerFrame: UInt32, bytesPerSample: UInt32) {
            self.samplesPerPacket = samplesPerPacket
            self.bytesPerPacket = bytesPerPacket
            self.bytesPerFrame = bytesPerFrame
            self.bytesPerSample = bytesPerSample
        }
    }

    /// QuickTime sound description version 2's fields after the fixed slots.
    package struct Version2Fields: Hashable, Sendable {
        /// Bytes of the version 2 structure (72 from the start of the sample entry).
        package var sizeOfStructOnly: UInt32 = 72
        /// Sample rate as a 64-bit float, stored as its bits so that equality is exact.
        package var audioSampleRateBits: UInt64
        /// Channel count.
        package var numberOfAudioChannels: UInt32
        /// Always 0x7F000000.
        package var always7F000000: UInt32 = 0x7F00_0000
        /// Bits per channel for uncompressed formats, 0 otherwise.
        package var constBitsPerChannel: UInt32
        /// Core Audio's format flags (`kAudioFormatFlagIsFloat`…).
        package var formatSpecificFlags: UInt32
        /// Bytes per packet when constant, 0 otherwise.
        package var constBytesPerAudioPacket: UInt32
        /// Frames per packet when constant (1 for LPCM), 0 otherwise.
        package var constLPCMFramesPerAudioPacket: UInt32

        /// The fields.
        package init(sampleRate: Double, numberOfAudioChannels: UInt32, constBitsPerChannel: UInt32,
                     formatSpecificFlags: UInt32, constBytesPerAudioPacket: UInt32, constLPCMFramesPerAudioPacket: UInt32) {
            audioSampleRateBits = sampleRate.bitPattern
            self.numberOfAudioChannels = numberOfAudioChannels
            self.constBitsPerChannel = constBitsPerChannel
            self.formatSpecificFlags = formatSpecificFlags
            self.constBytesPerAudioPacket = constBytesPerAudioPacket
            self.constLPCMFramesPerAudioPacket = constLPCMFramesPerAudioPacket
        }

        /// The sample rate.
        package var audioSampleRate: Double { Double(bitPattern: audioSampleRateBits) }
    }

    package var boxType: FourCC
    package var header: SampleEntryHeader
    /// Sound description version: 0, 1 (QuickTime or ISO, see `quickTimeVersion1`) or 2.
    package var version: UInt16 = 0
    /// QuickTime revision level (0).
    package var revisionLevel: UInt16 = 0
    /// QuickTime vendor (0 in ISO files).
    package var vendor: FourCC = FourCC(rawValue: 0)
    /// Channels (version 2: always 3).
    package var channelCount: UInt16
    /// Bits per sample (version 2: always 16).
    package var sampleSize: UInt16 = 16
    /// QuickTime compression ID: 0, -1 (variable), -2 (version 2) (ISO: `pre_defined`, 0).
    package var compressionID: Int16 = 0
    /// QuickTime packet size (0).
    package var packetSize: UInt16 = 0
    /// Sample rate 16.16 (version 2: always 1.0; ISO: the rate, or 0 above 65535 Hz).
    package var sampleRate: UnsignedFixed16x16
    /// QuickTime version 1's extra fields; `nil` for version 0, 2 and ISO's version 1.
    package var quickTimeVersion1: QuickTimeVersion1Fields?
    /// QuickTime version 2's fields.
    package var version2: Version2Fields?
    /// `esds`, `wave`, `alac`, `chan`, `dOps`, `dfLa`, `dac3`, `dec3`, `damr`, `btrt`…
    package var children: BoxList

    /// A version 0 (ISO) entry.
    package init(type: FourCC, dataReferenceIndex: UInt16 = 1, channelCount: UInt16, sampleSize: UInt16 = 16,
                 sampleRate: UInt32, children: BoxList = []) {
        boxType = type
        header = SampleEntryHeader(dataReferenceIndex: dataReferenceIndex)
        self.channelCount = channelCount
        self.sampleSize = sampleSize
        self.sampleRate = UnsignedFixed16x16(rawValue: sampleRate <= 0xFFFF ? sampleRate << 16 : 0)
        self.children = children
    }

    /// The sample rate, wherever this version keeps it.
    package var effectiveSampleRate: Double { version2?.audioSampleRate ?? sampleRate.doubleValue }
    /// The channel count, wherever this version keeps it.
    package var effectiveChannelCount: Int { Int(version2?.numberOfAudioChannels ?? UInt32(channelCount)) }

    /// MPEG-4 elementary stream descriptor (AAC, MP3 in MP4).
    package var elementaryStreamDescriptor: ESDBox? {
        children.first(ESDBox.self) ?? decompressionParameters?.children.first(ESDBox.self)
    }
    /// QuickTime `wave` extension.
    package var decompressionParameters: DecompressionParametersBox? { children.first(DecompressionParametersBox.self) }
    /// ALAC configuration (directly, or inside `wave` in QuickTime files).
    package var alacConfiguration: ALACSpecificBox? {
        children.first(ALACSpecificBox.self) ?? decompressionParameters?.children.first(ALACSpecificBox.self)
    }
    /// QuickTime channel layout.
    package var channelLayout: ChannelLayoutBox? { children.first(ChannelLayoutBox.self) }
    /// Opus configuration.
    package var opusConfiguration: OpusSpecificBox? { children.first(OpusSpecificBox.self) }
    /// FLAC configuration.
    package var flacConfiguration: FLACSpecificBox? { children.first(FLACSpecificBox.self) }
    /// AC-3 configuration.
    package var ac3Configuration: AC3SpecificBox? { children.first(AC3SpecificBox.self) }
    /// E-AC-3 configuration.
    package var eac3Configuration: EC3SpecificBox? { children.first(EC3SpecificBox.self) }
    /// AMR configuration.
    package var amrConfiguration: AMRSpecificBox? { children.first(AMRSpecificBox.self) }
    /// Bit rates.
    package var bitRate: BitRateBox? { children.first(BitRateBox.self) }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        boxType = reader.path.lastType ?? FourCC(rawValue: 0)
        header = try reader.readSampleEntryHeader()
        version = try reader.readUInt16()
        revisionLevel = try reader.readUInt16()
        vendor = try reader.readFourCC()
        channelCount = try reader.readUInt16()
        sampleSize = try reader.readUInt16()
        compressionID = try reader.readInt16()
        packetSize = try reader.readUInt16()
        sampleRate = try reader.readUnsignedFixed16x16()
        switch version {
        case 1 where Self.hasQuickTimeVersion1Fields(reader):
            quickTimeVersion1 = QuickTimeVersion1Fields(
                samplesPerPacket: try reader.readUInt32(), bytesPerPacket: try reader.readUInt32(),
                bytesPerFrame: try reader.readUInt32(), bytesPerSample: try reader.readUInt32())
        case 2:
            let sizeOfStructOnly = try reader.readUInt32()
            var fields = Version2Fields(
                sampleRate: try reader.readFloat64(), numberOfAudioChannels: try reader.readUInt32(),
                constBitsPerChannel: 0, formatSpecificFlags: 0, constBytesPerAudioPacket: 0,
                constLPCMFramesPerAudioPacket: 0)
            fields.sizeOfStructOnly = sizeOfStructOnly
            fields.always7F000000 = try reader.readUInt32()
            fields.constBitsPerChannel = try reader.readUInt32()
            fields.formatSpecificFlags = try reader.readUInt32()
            fields.constBytesPerAudioPacket = try reader.readUInt32()
            fields.constLPCMFramesPerAudioPacket = try reader.readUInt32()
            version2 = fields
        default:
            break
        }
        children = try BoxList.parse(&reader, scope: .standard)
    }

    /// Decides what a version 1 entry is: QuickTime's 16 extra bytes are present when a well-formed child list
    /// starts after them and not right away, or when both parse but the list after them holds more boxes (the 16
    /// bytes are never a valid box list themselves). A tie goes to the `ftyp` brand, and to QuickTime when there is
    /// none (version 1 entries come from QuickTime writers far more often).
    static func hasQuickTimeVersion1Fields(_ reader: BoxReader) -> Bool {
        guard reader.readableBytes >= 16 else { return false }
        let isoBoxes = boxCount(reader, from: reader.readerIndex)
        let quickTimeBoxes = boxCount(reader, from: reader.readerIndex + 16)
        switch (isoBoxes, quickTimeBoxes) {
        case (nil, nil): return reader.context.isQuickTimeFile ?? true
        case (nil, _): return true
        case (_, nil): return false
        case let (iso?, quickTime?):
            if iso != quickTime { return quickTime > iso }
            return reader.context.isQuickTimeFile ?? true
        }
    }

    /// The number of boxes when the bytes from `index` to the end are box headers that tile the window (up to a
    /// terminator of fewer than 8 bytes), `nil` otherwise.
    static func boxCount(_ reader: BoxReader, from index: Int) -> Int? {
        var position = index
        var count = 0
        while reader.endIndex - position >= 8 {
            guard let size = reader.getUInt32(at: position) else { return nil }
            let length = size == 0 ? reader.endIndex - position : Int(size)
            guard length >= 8, length <= reader.endIndex - position else { return nil }
            position += length
            count += 1
        }
        return count
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        try writer.writeSampleEntryHeader(header)
        writer.writeUInt16(version)
        writer.writeUInt16(revisionLevel)
        writer.writeFourCC(vendor)
        writer.writeUInt16(channelCount)
        writer.writeUInt16(sampleSize)
        writer.writeInt16(compressionID)
        writer.writeUInt16(packetSize)
        writer.writeFixed(sampleRate)
        if let fields = quickTimeVersion1 {
            guard version == 1 else { throw BoxWriteError(boxType, "QuickTime version 1 fields need version 1") }
            for value in [fields.samplesPerPacket, fields.bytesPerPacket, fields.bytesPerFrame, fields.bytesPerSample] {
                writer.writeUInt32(value)
            }
        }
        if version == 2 {
            guard let fields = version2 else { throw BoxWriteError(boxType, "version 2 needs its fields") }
            writer.writeUInt32(fields.sizeOfStructOnly)
            writer.writeUInt64(fields.audioSampleRateBits)
            for value in [fields.numberOfAudioChannels, fields.always7F000000, fields.constBitsPerChannel,
                          fields.formatSpecificFlags, fields.constBytesPerAudioPacket,
                          fields.constLPCMFramesPerAudioPacket] {
                writer.writeUInt32(value)
            }
        }
        try children.write(to: &writer)
    }
}
