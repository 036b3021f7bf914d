import CoreAudioTypes
import ISOBMFF

/// The package's magic cookie convention, shared with the MP4 demuxer and the codecs, and the conversions from and
/// to the forms audio files store:
///
/// - AAC: the ES_Descriptor (ISO/IEC 14496-1 §7.2.6.5) exactly as an `esds` box holds it after its version and
///   flags, tag 0x03 first: what AudioToolbox gives as an AAC encoder's cookie and what CAF `kuki` holds.
/// - ALAC: the 24-byte ALACSpecificConfig, optionally followed by the 24-byte ALACChannelLayoutInfo (Apple's ALAC
///   specification); CAF stores it bare or wrapped in QuickTime `frma`/`alac` atoms (FFmpeg writes the latter).
/// - Opus: the `dOps` box payload (Encapsulation of Opus in ISOBMFF §4.3.2), big-endian.
/// - FLAC: the `dfLa` box payload (Encapsulation of FLAC in ISOBMFF §3.3.2): version and flags, then the metadata
///   blocks, STREAMINFO first. CAF's `kuki` holds a whole `dfLa` box.
/// - MP3, AMR, PCM: none.
package enum MagicCookie {
    /// An ES_Descriptor carrying `audioSpecificConfig` as an MPEG-4 audio stream (object type 0x40, stream type
    /// 5), with 4-byte descriptor lengths as Apple's and FFmpeg's writers use.
    package static func esDescriptor(audioSpecificConfig: [UInt8], bufferSize: UInt32 = 0, maxBitRate: UInt32 = 0,
                                     averageBitRate: UInt32 = 0) -> [UInt8] {
        let config = DecoderConfigDescriptor(objectTypeIndication: 0x40, streamType: 5,
                                             bufferSizeDB: min(bufferSize, 0xFF_FFFF), maxBitrate: maxBitRate,
                                             avgBitrate: averageBitRate, decoderSpecificInfo: audioSpecificConfig)
        var writer = BoxWriter()
        // `ESDBox.write` emits version and flags (4 bytes) before the descriptor; the cookie is what follows.
        // Writing cannot fail for a config this size (descriptors hold up to 256 MiB).
        guard (try? ESDBox(descriptor: ESDescriptor(decoderConfig: config)).write(to: &writer)) != nil else { return [] }
        return Array(writer.bytes.dropFirst(4))
    }

    /// The AudioSpecificConfig inside an ES_Descriptor cookie, if it parses.
    package static func audioSpecificConfig(fromESDescriptor cookie: [UInt8]) -> [UInt8]? {
        var reader = BoxReader([0, 0, 0, 0] + cookie)
        return (try? ESDBox(parsing: &reader))?.decoderConfig?.decoderSpecificInfo
    }

    /// Whether `formatID` is one of the MPEG-4 AAC family that carries an ES_Descriptor cookie.
    static func isAAC(_ formatID: AudioFormatID) -> Bool {
        [kAudioFormatMPEG4AAC, kAudioFormatMPEG4AAC_HE, kAudioFormatMPEG4AAC_HE_V2, kAudioFormatMPEG4AAC_LD,
         kAudioFormatMPEG4AAC_ELD, kAudioFormatMPEG4AAC_ELD_SBR, kAudioFormatMPEG4AAC_ELD_V2].contains(formatID)
    }

    // MARK: CAF

    /// The convention's cookie for a CAF stream: `kuki` converted, or made from the stream description where the
    /// codec needs one and CAF writers leave it out (Opus). Warnings say what could not be converted.
    static func fromCAF(_ kuki: [UInt8]?, description: AudioStreamBasicDescription, priming: Int64,
                        warnings: inout [String]) -> [UInt8]? {
        let formatID = description.mFormatID
        switch formatID {
        case _ where isAAC(formatID):
            guard let kuki, !kuki.isEmpty else { return nil }
            if kuki.first == MPEG4Descriptor.esDescriptorTag { return kuki }
            // Some writers store the bare AudioSpecificConfig.
            if kuki.count >= 2 && kuki.count <= 64 { return esDescriptor(audioSpecificConfig: kuki) }
            warnings.append("CAF: the AAC magic cookie is neither an ES_Descriptor nor an AudioSpecificConfig; kept as is")
            return kuki
        case kAudioFormatAppleLossless:
            guard let kuki else { return nil }
            if let config = alacConfig(fromCAF: kuki) { return config }
            warnings.append("CAF: the ALAC magic cookie holds no ALACSpecificConfig; kept as is")
            return kuki
        case kAudioFormatOpus:
            if let kuki, let dOps = opusSpecific(fromOpusHead: kuki) { return dOps }
            if let kuki, !kuki.isEmpty {
                warnings.append("CAF: the Opus magic cookie is not an OpusHead; a dOps is made from the stream description")
            }
            return opusSpecific(channels: Int(description.mChannelsPerFrame), preSkip: priming,
                                inputSampleRate: description.mSampleRate, warnings: &warnings)
        case kAudioFormatFLAC:
            guard let kuki else {
                warnings.append("CAF: FLAC without a magic cookie (no STREAMINFO)")
                return nil
            }
            if let payload = flacSpecific(fromCAF: kuki) { return payload }
            warnings.append("CAF: the FLAC magic cookie holds no STREAMINFO block; kept as is")
            return kuki
        default:
            return kuki
        }
    }

    /// The CAF `kuki` payload for the convention's `cookie` (nil: write no `kuki`).
    static func toCAF(_ cookie: [UInt8]?, formatID: AudioFormatID) -> [UInt8]? {
        guard let cookie, !cookie.isEmpty else { return nil }
        switch formatID {
        case kAudioFormatFLAC:
            // CAF holds the whole `dfLa` box.
            let size = UInt32(8 + cookie.count)
            return FourCharacterCode.bytes(size) + Array("dfLa".utf8) + cookie
        case kAudioFormatOpus:
            // Mono and stereo Opus needs no cookie (CAF writers leave it out); other mappings keep their table in
            // the Ogg identification header form this reader converts back.
            guard cookie.count > 10, cookie[10] != 0 else { return nil }
            return opusHead(fromOpusSpecific: cookie)
        default:
            return cookie
        }
    }

    // MARK: ALAC

    /// The ALACSpecificConfig (and ALACChannelLayoutInfo, if present) of a CAF ALAC cookie in either form.
    static func alacConfig(fromCAF kuki: [UInt8]) -> [UInt8]? {
        if kuki.count == 24 || kuki.count == 48 && kuki[28..<32].elementsEqual("chan".utf8) {
            return kuki
        }
        // QuickTime atoms: 'frma', 'alac' (8-byte header, version/flags, 24-byte config), optional 'chan'.
        var index = 0
        var config: [UInt8]?
        var channelInfo: [UInt8] = []
        while index + 8 <= kuki.count {
            let size = kuki[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: kuki[index + 4..<index + 8], as: UTF8.self)
            guard size >= 8, size <= kuki.count - index else { break }
            if type == "alac", size >= 36 { config = Array(kuki[index + 12..<index + 36]) }
            if type == "chan", size == 24 { channelInfo = Array(kuki[index..<index + 24]) }
            index += size
        }
        return config.map { $0 + channelInfo }
    }

    // MARK: Opus

    /// The `dOps` payload of an Ogg Opus identification header ("OpusHead", RFC 7845 §5.1; little-endian).
    static func opusSpecific(fromOpusHead head: [UInt8]) -> [UInt8]? {
        guard head.count >= 19, head[0..<8].elementsEqual("OpusHead".utf8) else { return nil }
        let channels = head[9]
        var dOps: [UInt8] = [0, channels, head[11], head[10], head[15], head[14], head[13], head[12], head[17],
                             head[16], head[18]]
        if head[18] != 0 {
            guard head.count >= 21 + Int(channels) else { return nil }
            dOps += head[19..<21 + Int(channels)]
        }
        return dOps
    }

    /// The Ogg identification header form of a `dOps` payload.
    static func opusHead(fromOpusSpecific dOps: [UInt8]) -> [UInt8]? {
        guard dOps.count >= 11 else { return nil }
        var head = Array("OpusHead".utf8) + [1, dOps[1], dOps[3], dOps[2], dOps[7], dOps[6], dOps[5], dOps[4], dOps[9],
                                             dOps[8], dOps[10]]
        if dOps[10] != 0 { head += dOps[11...] }
        return head
    }

    /// A `dOps` for `channels` channels: mapping family 0 for mono and stereo, family 1 (Vorbis channel order,
    /// RFC 7845 §5.1.1.2) up to 8 channels with libopus's standard stream and coupling counts.
    static func opusSpecific(channels: Int, preSkip: Int64, inputSampleRate: Double,
                             warnings: inout [String]) -> [UInt8]? {
        let skip = UInt16(clamping: preSkip)
        let rate = UInt32(clamping: Int64(inputSampleRate.isFinite ? inputSampleRate : 48_000))
        var dOps: [UInt8] = [0, UInt8(clamping: channels), UInt8(skip >> 8), UInt8(skip & 0xFF)]
            + FourCharacterCode.bytes(rate) + [0, 0]
        switch channels {
        case 1, 2:
            dOps.append(0)
        case 3...8:
            // (streams, coupled streams, mapping) of the Vorbis channel orders.
            let families: [Int: (UInt8, UInt8, [UInt8])] = [
                3: (2, 1, [0, 2, 1]), 4: (2, 2, [0, 1, 2, 3]), 5: (3, 2, [0, 4, 1, 2, 3]),
                6: (4, 2, [0, 4, 1, 2, 3, 5]), 7: (4, 3, [0, 4, 1, 2, 3, 5, 6]), 8: (5, 3, [0, 6, 1, 2, 3, 4, 5, 7]),
            ]
            guard let (streams, coupled, mapping) = families[channels] else { return nil }
            dOps += [1, streams, coupled] + mapping
        default:
            warnings.append("CAF: Opus with \(channels) channels and no magic cookie; its channel mapping is unknown")
            return nil
        }
        return dOps
    }

    // MARK: FLAC

    /// The `dfLa` payload of a CAF FLAC cookie: a whole `dfLa` box (Apple's form), "fLaC" followed by metadata
    /// blocks, or a bare 34-byte STREAMINFO.
    static func flacSpecific(fromCAF kuki: [UInt8]) -> [UInt8]? {
        if kuki.count >= 12 + 4 + 34, kuki[4..<8].elementsEqual("dfLa".utf8) {
            let size = kuki[0..<4].reduce(0) { $0 << 8 | Int($1) }
            guard size >= 12, size <= kuki.count else { return nil }
            return Array(kuki[8..<size])
        }
        if kuki.count >= 4 + 4 + 34, kuki[0..<4].elementsEqual("fLaC".utf8) {
            return [0, 0, 0, 0] + kuki[4...]
        }
        if kuki.count == 34 {
            return [0, 0, 0, 0, 0x80, 0, 0, 34] + kuki
        }
        return nil
    }
}
