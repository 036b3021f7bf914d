import MediaFormats

/// MPEG-4 audio codec strings.
extension CodecString {
    /// `mp4a.40.N` from an AudioSpecificConfig (ISO/IEC 14496-3 §1.6.2.1, the DecoderSpecificInfo of an `esds`): RFC
    /// 6381 §3.3's object type indication 0x40 (MPEG-4 audio) in hexadecimal, then the audio object type in decimal:
    /// 2 for AAC LC, 5 for HE-AAC (SBR), 29 for HE-AAC v2 (PS), 42 for USAC.
    ///
    /// HE-AAC is named 5 or 29 however the config signals it (explicitly, its first object type 5 or 29, or
    /// backward-compatibly, the sync extension after an AAC LC core), as Apple's HLS authoring specification lists
    /// them; SBR that is not signalled at all cannot be seen and is named by its core (2). The config is parsed whole
    /// by `MediaFormats`, so one cut short or with a reserved sampling frequency index is refused, and so is object
    /// type 0 ("null"), which describes no audio.
    package static func mpeg4Audio(audioSpecificConfig bytes: [UInt8]) throws(HLSError) -> String {
        let config = try parsed("AudioSpecificConfig") { () throws(MediaFormatError) in
            try AudioSpecificConfig(parsing: bytes)
        }
        guard config.objectType != 0 else {
            throw HLSError(.malformedRecord, field: "AudioSpecificConfig byte 0",
                           "audio object type 0 is the null object: the config describes no audio")
        }
        return "mp4a.40.\(config.hasPS ? 29 : config.hasSBR ? 5 : config.objectType)"
    }
}
