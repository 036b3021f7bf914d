import MediaFormats

/// HEVC codec strings.
extension CodecString {
    /// `hvc1.…` (or `hev1.…`) from an HEVCDecoderConfigurationRecord (ISO/IEC 14496-15 §8.3.3.1, the `hvcC`
    /// payload), as ISO/IEC 14496-15 Annex E.3 builds it, elements separated by dots:
    ///
    /// 1. the sample entry type;
    /// 2. general_profile_space as nothing, `A`, `B` or `C` (0 to 3), then general_profile_idc in decimal;
    /// 3. the 32 general_profile_compatibility_flags in reverse bit order (flag 31 the most significant bit… flag 0
    ///    the least) in hexadecimal, leading zeros left out;
    /// 4. general_tier_flag as `L` or `H`, then general_level_idc in decimal;
    /// 5. each of the six bytes of general constraint indicator flags in hexadecimal, trailing zero bytes left out.
    ///
    /// So `hvc1.1.6.L93.B0`: Main profile (compatible with Main and Main 10), Main tier, level 3.1, progressive and
    /// frame-only. Hexadecimal is uppercase, as in Annex E's and Apple's examples.
    ///
    /// The record is parsed whole by `MediaFormats` and must be one a decoder could use.
    package static func hevc(configurationRecord bytes: [UInt8], sampleEntryType: String = "hvc1")
        throws(HLSError) -> String {
        guard sampleEntryType == "hvc1" || sampleEntryType == "hev1" else {
            throw HLSError(.unsupportedCodec, field: "CODECS",
                           "'\(sampleEntryType)' is not an HEVC sample entry type (hvc1 or hev1)")
        }
        let record = try parsed("hvcC") { () throws(MediaFormatError) in
            let record = try HEVCDecoderConfigurationRecord(parsing: bytes)
            try record.validateForDecoding()
            return record
        }
        let space = ["", "A", "B", "C"][Int(record.generalProfileSpace & 3)]
        let tier = record.generalTierFlag ? "H" : "L"
        // The six constraint bytes, first (most significant) first.
        var constraints = stride(from: 40, through: 0, by: -8).map {
            UInt8(truncatingIfNeeded: record.generalConstraintIndicatorFlags >> UInt64($0))
        }
        while constraints.last == 0 { constraints.removeLast() }
        return ([sampleEntryType, "\(space)\(record.generalProfileIdc)",
                 hex(record.generalProfileCompatibilityFlags.bitReversedValue),
                 "\(tier)\(record.generalLevelIdc)"] + constraints.map { hex($0) }).joined(separator: ".")
    }
}

extension UInt32 {
    /// The value with its 32 bits in reverse order (bit 0 becomes bit 31).
    fileprivate var bitReversedValue: UInt32 {
        var value = self, reversed: UInt32 = 0
        for _ in 0..<32 {
            reversed = reversed << 1 | value & 1
            value >>= 1
        }
        return reversed
    }
}
