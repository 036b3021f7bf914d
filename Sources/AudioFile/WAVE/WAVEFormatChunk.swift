import CoreAudioTypes

/// The `fmt ` chunk of a RIFF/WAVE file (Microsoft Multimedia Programmer's Reference, WAVEFORMATEX and
/// WAVEFORMATEXTENSIBLE): the format tag, channels, rate, block alignment and sample size, and for
/// WAVE_FORMAT_EXTENSIBLE the valid bits, the speaker mask and the sub-format GUID.
struct WAVEFormatChunk: Equatable {
    /// Format tags this reader knows (mmreg.h values).
    enum Tag {
        static let pcm: UInt16 = 0x0001
        static let msADPCM: UInt16 = 0x0002
        static let ieeeFloat: UInt16 = 0x0003
        static let aLaw: UInt16 = 0x0006
        static let muLaw: UInt16 = 0x0007
        static let imaADPCM: UInt16 = 0x0011
        static let gsm610: UInt16 = 0x0031
        static let mpegLayer3: UInt16 = 0x0055
        static let extensible: UInt16 = 0xFFFE
    }

    /// The tail shared by every KSDATAFORMAT_SUBTYPE GUID whose first two bytes are a format tag:
    /// xxxxxxxx-0000-0010-8000-00AA00389B71, stored little-endian in its first three fields.
    static let subFormatGUIDTail: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38,
                                             0x9B, 0x71]

    var formatTag: UInt16
    var channels: UInt16
    var sampleRate: UInt32
    var averageBytesPerSecond: UInt32
    var blockAlign: UInt16
    var bitsPerSample: UInt16
    /// The extension after `cbSize`, as stored.
    var extensionBytes: [UInt8] = []
    /// WAVE_FORMAT_EXTENSIBLE: significant bits per sample.
    var validBitsPerSample: UInt16?
    /// WAVE_FORMAT_EXTENSIBLE: speaker positions (SPEAKER_FRONT_LEFT = 1 …), the bits of `AudioChannelBitmap`.
    var channelMask: UInt32?
    /// WAVE_FORMAT_EXTENSIBLE: the sub-format GUID's bytes as stored.
    var subFormat: [UInt8]?

    /// The format tag that describes the samples: the sub-format's for WAVE_FORMAT_EXTENSIBLE (when its GUID is
    /// one of the tag-derived ones), otherwise the format tag.
    var effectiveTag: UInt16? {
        guard formatTag == Tag.extensible else { return formatTag }
        guard let subFormat, subFormat.count == 16, Array(subFormat[2...]) == Self.subFormatGUIDTail else { return nil }
        return UInt16(subFormat[0]) | UInt16(subFormat[1]) << 8
    }

    /// Reads the chunk's payload.
    init(parsing cursor: inout ChunkReader) throws(AudioFileError) {
        let start = cursor.offset
        formatTag = try cursor.readUInt16()
        channels = try cursor.readUInt16()
        sampleRate = try cursor.readUInt32()
        averageBytesPerSecond = try cursor.readUInt32()
        blockAlign = try cursor.readUInt16()
        // WAVEFORMAT (14 bytes, no sample size) from very old writers implies 8 bits per sample per block.
        bitsPerSample = cursor.readableBytes >= 2 ? try cursor.readUInt16() : 0
        if cursor.readableBytes >= 2 {
            let extensionSize = Int(try cursor.readUInt16())
            extensionBytes = try cursor.readBytes(count: min(extensionSize, cursor.readableBytes))
        }
        guard channels > 0 else { throw cursor.error("channel count 0", at: start + 2) }
        guard sampleRate > 0 else { throw cursor.error("sample rate 0", at: start + 4) }
        if formatTag == Tag.extensible {
            guard extensionBytes.count >= 22 else {
                throw cursor.error("WAVE_FORMAT_EXTENSIBLE needs a 22-byte extension, found \(extensionBytes.count)",
                                   at: start + 16)
            }
            validBitsPerSample = UInt16(extensionBytes[0]) | UInt16(extensionBytes[1]) << 8
            channelMask = extensionBytes[2..<6].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            subFormat = Array(extensionBytes[6..<22])
        }
    }

    /// The `wSamplesPerBlock` field that ADPCM formats put first in their extension.
    var samplesPerBlock: UInt16? {
        extensionBytes.count >= 2 ? UInt16(extensionBytes[0]) | UInt16(extensionBytes[1]) << 8 : nil
    }

    /// A short name for messages.
    static func name(of tag: UInt16) -> String {
        let names: [UInt16: String] = [Tag.pcm: "PCM", Tag.msADPCM: "Microsoft ADPCM", Tag.ieeeFloat: "IEEE float",
                                       Tag.aLaw: "A-law", Tag.muLaw: "µ-law", Tag.imaADPCM: "IMA ADPCM",
                                       Tag.gsm610: "GSM 6.10", Tag.mpegLayer3: "MPEG Layer III",
                                       Tag.extensible: "WAVE_FORMAT_EXTENSIBLE"]
        let hex = "0x" + String(repeating: "0", count: max(0, 4 - String(tag, radix: 16).count))
            + String(tag, radix: 16, uppercase: true)
        return names[tag].map { "\(hex) (\($0))" } ?? hex
    }
}
