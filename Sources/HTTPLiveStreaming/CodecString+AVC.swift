import MediaFormats

/// H.264 codec strings.
extension CodecString {
    /// `avc1.PPCCLL` (or `avc3.…`) from an AVCDecoderConfigurationRecord (ISO/IEC 14496-15 §5.3.3.1, the `avcC`
    /// payload): RFC 6381 §3.3's profile_idc, constraint-flags byte and level_idc of the sequence parameter set, each
    /// as two uppercase hexadecimal digits (`avc1.64001F`: High, level 3.1), which the record repeats in its bytes 1
    /// to 3.
    ///
    /// The record is parsed whole by `MediaFormats` and must be one a decoder could use (version 1, 1-, 2- or 4-byte
    /// NAL unit lengths, every parameter set within the bytes), so the string never names a stream nobody can play.
    package static func avc(configurationRecord bytes: [UInt8], sampleEntryType: String = "avc1")
        throws(HLSError) -> String {
        guard sampleEntryType == "avc1" || sampleEntryType == "avc3" else {
            throw HLSError(.unsupportedCodec, field: "CODECS",
                           "'\(sampleEntryType)' is not an H.264 sample entry type (avc1 or avc3)")
        }
        let record = try parsed("avcC") { () throws(MediaFormatError) in
            let record = try AVCDecoderConfigurationRecord(parsing: bytes)
            try record.validateForDecoding()
            return record
        }
        return "\(sampleEntryType)."
            + [record.profileIndication, record.profileCompatibility, record.levelIndication]
                .map { hex($0, digits: 2) }.joined()
    }
}
