/// The package's magic-cookie convention: the one form of each codec's setup that a `CMAudioFormatDescription`
/// carries, which every demuxer produces and every muxer and codec session accepts, and the conversions to and
/// from the forms codecs and other containers use.
///
/// | Codec | Cookie | Conversions here |
/// |---|---|---|
/// | AAC, MP3 (MPEG-4 systems) | the ES_Descriptor (ISO/IEC 14496-1 §7.2.6.5), as an `esds` box holds it after its version and flags, tag 0x03 first: what AudioToolbox gives as an AAC encoder's cookie | ↔ AudioSpecificConfig (FFmpeg's AAC extradata); a bare AudioSpecificConfig is also read |
/// | ALAC | the 24-byte ALACSpecificConfig, optionally followed by the 24-byte ALACChannelLayoutInfo atom (Apple's ALAC specification) | ← QuickTime `frma`/`alac` atoms (CAF, FFmpeg); → FFmpeg's 36-byte `alac` atom |
/// | Opus | the `dOps` payload (Encapsulation of Opus in ISOBMFF §4.3.2), big-endian | ↔ OpusHead (RFC 7845 §5.1, little-endian; FFmpeg's extradata) |
/// | FLAC | the whole `dfLa` payload: version and flags, then the metadata blocks, STREAMINFO first (Encapsulation of FLAC in ISOBMFF §3.3.2) | ↔ STREAMINFO's 34 bytes (FFmpeg's extradata) |
/// | AC-3, E-AC-3 | the `dac3`/`dec3` payload (`AC3SpecificConfig`, `EC3SpecificConfig`) | none: every syncframe carries its setup |
/// | AMR | the `damr` payload (3GPP TS 26.244 §6.7) | none |
/// | MP3 in audio files, PCM | none | — |
package enum MagicCookie {
    // MARK: ES_Descriptor (AAC, MPEG audio)

    /// An ES_Descriptor cookie: `objectTypeIndication` (0x40 MPEG-4 audio, 0x6B MPEG-1 audio), audio stream type 5,
    /// the buffer size and bit rates an `esds` reports, `decoderSpecificInfo` when there is one, and the MP4 sync
    /// layer configuration, with 4-byte descriptor lengths as Apple's and FFmpeg's writers lay them out.
    package static func esDescriptor(objectTypeIndication: UInt8 = 0x40, decoderSpecificInfo: [UInt8]?, bufferSize: Int = 0,
                                     maxBitRate: Int = 0, averageBitRate: Int = 0) throws(MediaFormatError) -> [UInt8] {
        let config = DecoderConfigDescriptor(objectTypeIndication: objectTypeIndication, streamType: 5,
                                             bufferSizeDB: UInt32(clamping: min(max(bufferSize, 0), 0xFF_FFFF)),
                                             maxBitrate: UInt32(clamping: maxBitRate),
                                             avgBitrate: UInt32(clamping: averageBitRate),
                                             decoderSpecificInfo: decoderSpecificInfo)
        return try ESDescriptor(decoderConfig: config).serialized()
    }

    /// The AudioSpecificConfig of an AAC cookie: the DecoderSpecificInfo of an ES_Descriptor, or the cookie itself
    /// when it is not one (some writers store the bare AudioSpecificConfig).
    package static func audioSpecificConfig(fromCookie cookie: [UInt8]) throws(MediaFormatError) -> [UInt8] {
        guard let first = cookie.first else { throw MediaFormatError(.unexpectedEnd, at: 0, "the AAC magic cookie is empty") }
        guard first == MPEG4Descriptor.esDescriptorTag else { return cookie }
        guard let config = try ESDescriptor(parsing: cookie).decoderConfig?.decoderSpecificInfo, !config.isEmpty else {
            throw MediaFormatError(.invalidValue, at: 0, "the AAC magic cookie's ES_Descriptor has no DecoderSpecificInfo")
        }
        return config
    }

    // MARK: ALAC

    /// The 24-byte ALACSpecificConfig in any of the forms a cookie takes: bare, after a version and flags (an
    /// `alac` box payload), or inside QuickTime atoms (`frma`, `alac`, `chan`…) as CAF and FFmpeg store it.
    package static func alacSpecificConfig(fromCookie cookie: [UInt8]) -> [UInt8]? {
        if cookie.count == ALACSpecificConfig.size { return cookie }
        if cookie.count == ALACSpecificConfig.size + 4 { return Array(cookie.dropFirst(4)) }
        return alacAtoms(cookie)?.config
    }

    /// The convention's ALAC cookie from any of those forms: the ALACSpecificConfig followed by the channel layout
    /// info atom when the cookie has one.
    package static func alacCookie(fromCookie cookie: [UInt8]) -> [UInt8]? {
        if cookie.count == ALACSpecificConfig.size { return cookie }
        if cookie.count == ALACSpecificConfig.size + 4 { return Array(cookie.dropFirst(4)) }
        if cookie.count == 2 * ALACSpecificConfig.size, cookie[28..<32].elementsEqual("chan".utf8) { return cookie }
        return alacAtoms(cookie).map { $0.config + ($0.channelLayoutInfo ?? []) }
    }

    /// The QuickTime `alac` atom around a 24-byte config (size, type, version and flags, config): the 36 bytes
    /// FFmpeg's ALAC decoder takes as extradata.
    package static func alacAtom(config: [UInt8]) -> [UInt8] {
        var writer = ByteWriter(capacity: 12 + config.count)
        writer.writeUInt32(UInt32(truncatingIfNeeded: 12 + config.count))
        writer.writeBytes("alac".utf8)
        writer.writeUInt32(0)
        writer.writeBytes(config)
        return writer.bytes
    }

    /// Walks QuickTime atoms (size, type, …) for the `alac` one (its config after version and flags) and a 24-byte
    /// `chan` one. A `frma` atom may come first, and its payload is the text "alac", so matching bytes instead of
    /// walking would misfire.
    private static func alacAtoms(_ cookie: [UInt8]) -> (config: [UInt8], channelLayoutInfo: [UInt8]?)? {
        var reader = ByteReader(cookie)
        var config: [UInt8]?
        var channelLayoutInfo: [UInt8]?
        while reader.readableBytes >= 8, let size = reader.peekUInt32().map(Int.init), size >= 8, size <= reader.readableBytes {
            let type = reader.peekUInt32(skipping: 4)
            guard let atom = try? reader.readSlice(count: size) else { break }
            if type == 0x616C_6163, size >= 12 + ALACSpecificConfig.size {  // 'alac'
                config = atom.getBytes(at: atom.startIndex + 12, count: ALACSpecificConfig.size)
            }
            if type == 0x6368_616E, size == ALACSpecificConfig.size {  // 'chan'
                channelLayoutInfo = atom.getBytes(at: atom.startIndex, count: size)
            }
        }
        return config.map { ($0, channelLayoutInfo) }
    }

    // MARK: Opus

    /// OpusHead (FFmpeg's extradata) from an Opus cookie; an OpusHead is accepted as it is.
    package static func opusHead(fromCookie cookie: [UInt8]) throws(MediaFormatError) -> [UInt8] {
        if cookie.starts(with: OpusSpecificConfig.opusHeadSignature) { return cookie }
        return try OpusSpecificConfig(parsing: cookie).opusHead()
    }

    /// The `dOps` cookie of an OpusHead.
    package static func opusCookie(fromOpusHead head: [UInt8]) throws(MediaFormatError) -> [UInt8] {
        try OpusSpecificConfig(opusHead: head).serialized()
    }

    /// The pre-skip (priming) an Opus cookie declares, in 48 kHz samples.
    package static func opusPreSkip(_ cookie: [UInt8]) -> Int? {
        if cookie.starts(with: OpusSpecificConfig.opusHeadSignature) {
            return (try? OpusSpecificConfig(opusHead: cookie)).map { Int($0.preSkip) }
        }
        return (try? OpusSpecificConfig(parsing: cookie)).map { Int($0.preSkip) }
    }

    /// A `dOps` cookie for `channels` channels when no encoder gave one: mapping family 0 for mono and stereo,
    /// family 1 (Vorbis channel order, RFC 7845 §5.1.1.2) up to 8 channels with libopus's standard stream and
    /// coupling counts; `nil` beyond.
    package static func opusCookie(channels: Int, preSkip: Int64, inputSampleRate: Double) -> [UInt8]? {
        guard (1...8).contains(channels) else { return nil }
        var config = OpusSpecificConfig(outputChannelCount: UInt8(channels), preSkip: UInt16(clamping: preSkip),
                                        inputSampleRate: UInt32(clamping: Int64(inputSampleRate.isFinite ? inputSampleRate : 48_000)))
        // (streams, coupled streams, mapping) of the Vorbis channel orders.
        let families: [Int: (UInt8, UInt8, [UInt8])] = [
            3: (2, 1, [0, 2, 1]), 4: (2, 2, [0, 1, 2, 3]), 5: (3, 2, [0, 4, 1, 2, 3]),
            6: (4, 2, [0, 4, 1, 2, 3, 5]), 7: (4, 3, [0, 4, 1, 2, 3, 5, 6]), 8: (5, 3, [0, 6, 1, 2, 3, 4, 5, 7]),
        ]
        if let (streams, coupled, mapping) = families[channels] {
            config.channelMappingFamily = 1
            config.channelMappingTable = .init(streamCount: streams, coupledCount: coupled, channelMapping: mapping)
        }
        return try? config.serialized()
    }

    // MARK: FLAC

    /// The whole `dfLa` payload of a FLAC cookie: the cookie itself, or the cookie behind a zero version and flags
    /// when it holds only the metadata blocks (an older form: a block header, whose 24-bit length is never 0 for
    /// STREAMINFO, cannot be four zero bytes, so the two forms cannot be confused).
    package static func dfLaPayload(fromCookie cookie: [UInt8]) -> [UInt8] {
        cookie.count >= 4 && cookie[0..<4].allSatisfy({ $0 == 0 }) ? cookie : [0, 0, 0, 0] + cookie
    }

    /// STREAMINFO (FFmpeg's extradata) from a FLAC cookie: a `dfLa` payload with or without its version and flags,
    /// or a bare 34-byte STREAMINFO.
    package static func streamInfo(fromCookie cookie: [UInt8]) throws(MediaFormatError) -> [UInt8] {
        if cookie.count == FLACMetadataBlock.streamInfoSize { return cookie }
        var reader = ByteReader(dfLaPayload(fromCookie: cookie))
        try reader.skip(4)
        let blocks = try FLACMetadataBlock.readBlocks(&reader)
        guard let info = blocks.first(where: { $0.blockType == FLACMetadataBlock.streamInfoType })?.data,
              info.count == FLACMetadataBlock.streamInfoSize else {
            throw MediaFormatError(.invalidValue, at: 0, "the FLAC magic cookie has no 34-byte STREAMINFO block")
        }
        return info
    }

    /// The FLAC cookie (version and flags, then `blocks`).
    package static func flacCookie(blocks: [FLACMetadataBlock]) throws(MediaFormatError) -> [UInt8] {
        var writer = ByteWriter()
        writer.writeUInt32(0)  // version 0, flags 0
        try FLACMetadataBlock.write(blocks, to: &writer)
        return writer.bytes
    }

    /// The FLAC cookie holding STREAMINFO as its only (last) block.
    package static func flacCookie(streamInfo: [UInt8]) throws(MediaFormatError) -> [UInt8] {
        try flacCookie(blocks: [FLACMetadataBlock(isLast: true, blockType: FLACMetadataBlock.streamInfoType, data: streamInfo)])
    }
}
