import CoreAudioTypes
import ISOBMFF

/// Builds `esds` boxes for AAC and MPEG audio.
enum ESDBoxBytes {
    /// An `esds` holding the cookie (an ES_Descriptor) as is; a bare AudioSpecificConfig cookie is wrapped in an
    /// ES_Descriptor, and a missing one is made from the stream description (ISO/IEC 14496-3 §1.6.2.1).
    static func esds(cookie: [UInt8], asbd: AudioStreamBasicDescription, isMP3: Bool) -> UnknownBox {
        if cookie.first == 0x03 { return UnknownBox(type: "esds", payload: [0, 0, 0, 0] + cookie) }
        var specificInfo = cookie
        if specificInfo.isEmpty, !isMP3 { specificInfo = audioSpecificConfig(asbd) }
        // OTI 0x40 MPEG-4 audio, 0x6B MPEG-1 audio (layer 3 included); stream type 5 (audio) << 2 | 1.
        var config: [UInt8] = [isMP3 ? 0x6B : 0x40, 0x15, 0, 0, 0] + [UInt8](repeating: 0, count: 8)
        if !specificInfo.isEmpty { config += descriptor(tag: 0x05, specificInfo) }
        var body: [UInt8] = [0, 0, 0]  // ES_ID 0, flags 0
        body += descriptor(tag: 0x04, config)
        body += descriptor(tag: 0x06, [0x02])  // SLConfigDescriptor, predefined 2 (MP4)
        return UnknownBox(type: "esds", payload: [0, 0, 0, 0] + descriptor(tag: 0x03, body))
    }

    /// A descriptor with a 4-byte expandable length (ISO/IEC 14496-1 §8.3.3), as Apple's writers lay them out.
    private static func descriptor(tag: UInt8, _ body: [UInt8]) -> [UInt8] {
        let n = body.count
        return [tag, UInt8(0x80 | (n >> 21) & 0x7F), UInt8(0x80 | (n >> 14) & 0x7F), UInt8(0x80 | (n >> 7) & 0x7F),
                UInt8(n & 0x7F)] + body
    }

    /// A two-byte AudioSpecificConfig: object type (AAC LC unless the flags name another), rate index, channels.
    private static func audioSpecificConfig(_ asbd: AudioStreamBasicDescription) -> [UInt8] {
        let rates: [Double] = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350]
        let objectType = UInt8(clamping: asbd.mFormatFlags == 0 ? 2 : asbd.mFormatFlags)
        let index = UInt8(rates.firstIndex(of: asbd.mSampleRate) ?? 4)
        let channels = UInt8(clamping: asbd.mChannelsPerFrame == 8 ? 7 : asbd.mChannelsPerFrame)
        return [objectType << 3 | index >> 1, (index & 1) << 7 | (channels & 0xF) << 3]
    }
}
