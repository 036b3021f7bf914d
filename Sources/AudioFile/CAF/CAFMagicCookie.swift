import CoreAudioTypes
import MediaFormats

/// CAF's `kuki` forms of the package's magic cookies (`MediaFormats.MagicCookie` holds the convention): CAF writers
/// store an AAC cookie as an ES_Descriptor or a bare AudioSpecificConfig, ALAC bare or inside QuickTime
/// `frma`/`alac` atoms (FFmpeg writes the latter), Opus as an Ogg identification header or not at all for mono
/// and stereo, and FLAC as a whole `dfLa` box (Apple's form), as "fLaC" and metadata blocks, or as a bare
/// STREAMINFO.
enum CAFMagicCookie {
    /// Whether `formatID` is one of the MPEG-4 AAC family that carries an ES_Descriptor cookie.
    static func isAAC(_ formatID: AudioFormatID) -> Bool {
        [kAudioFormatMPEG4AAC, kAudioFormatMPEG4AAC_HE, kAudioFormatMPEG4AAC_HE_V2, kAudioFormatMPEG4AAC_LD,
         kAudioFormatMPEG4AAC_ELD, kAudioFormatMPEG4AAC_ELD_SBR, kAudioFormatMPEG4AAC_ELD_V2].contains(formatID)
    }

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
            if kuki.count >= 2 && kuki.count <= 64, let cookie = try? MagicCookie.esDescriptor(decoderSpecificInfo: kuki) {
                return cookie
            }
            warnings.append("CAF: the AAC magic cookie is neither an ES_Descriptor nor an AudioSpecificConfig; kept as is")
            return kuki
        case kAudioFormatAppleLossless:
            guard let kuki else { return nil }
            if let cookie = MagicCookie.alacCookie(fromCookie: kuki) { return cookie }
            warnings.append("CAF: the ALAC magic cookie holds no ALACSpecificConfig; kept as is")
            return kuki
        case kAudioFormatOpus:
            if let kuki, let cookie = try? MagicCookie.opusCookie(fromOpusHead: kuki) { return cookie }
            if let kuki, !kuki.isEmpty {
                warnings.append("CAF: the Opus magic cookie is not an OpusHead; a dOps is made from the stream description")
            }
            let channels = Int(description.mChannelsPerFrame)
            guard let cookie = MagicCookie.opusCookie(channels: channels, preSkip: priming,
                                                      inputSampleRate: description.mSampleRate) else {
                warnings.append("CAF: Opus with \(channels) channels and no magic cookie; its channel mapping is unknown")
                return nil
            }
            return cookie
        case kAudioFormatFLAC:
            guard let kuki else {
                warnings.append("CAF: FLAC without a magic cookie (no STREAMINFO)")
                return nil
            }
            if let cookie = flacCookie(fromCAF: kuki) { return cookie }
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
            var writer = ByteWriter(capacity: 8 + cookie.count)
            writer.writeUInt32(UInt32(truncatingIfNeeded: 8 + cookie.count))
            writer.writeBytes("dfLa".utf8)
            writer.writeBytes(cookie)
            return writer.bytes
        case kAudioFormatOpus:
            // Mono and stereo Opus needs no cookie (CAF writers leave it out); other mappings keep their table in
            // the Ogg identification header form this reader converts back.
            guard let config = try? OpusSpecificConfig(parsing: cookie), config.channelMappingFamily != 0 else { return nil }
            return try? config.opusHead()
        default:
            return cookie
        }
    }

    /// The FLAC cookie of a CAF FLAC `kuki`: a whole `dfLa` box (Apple's form), "fLaC" followed by metadata
    /// blocks, or a bare 34-byte STREAMINFO.
    static func flacCookie(fromCAF kuki: [UInt8]) -> [UInt8]? {
        let reader = ByteReader(kuki)
        if kuki.count >= 12 + 4 + 34, kuki[4..<8].elementsEqual("dfLa".utf8) {
            guard let size = reader.peekUInt32().map(Int.init), size >= 12, size <= kuki.count else { return nil }
            return Array(kuki[8..<size])
        }
        if kuki.count >= 4 + 4 + 34, kuki[0..<4].elementsEqual("fLaC".utf8) {
            // The blocks as they are, behind the cookie's version and flags.
            return [0, 0, 0, 0] + kuki[4...]
        }
        if kuki.count == FLACMetadataBlock.streamInfoSize { return try? MagicCookie.flacCookie(streamInfo: kuki) }
        return nil
    }
}
