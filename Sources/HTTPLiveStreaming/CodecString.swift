import MediaFormats

/// RFC 6381 codec strings for a variant's `CODECS` attribute (rfc8216bis §4.4.6.2), computed from the bytes of the
/// codec configuration records the sample entries carry, so that they say exactly what the segments hold.
///
/// Pure functions over bytes: the records come from files, so each is parsed by `MediaFormats` (the package's one
/// reader of them) and a short or malformed one is refused with `HLSError.Code.malformedRecord`, never trusted.
package enum CodecString {
    /// The codec string of an audio format whose string is fixed, by its four-character code: the MP4 sample entry
    /// type or Core Audio's format ID (`kAudioFormat…`; they differ in case for FLAC and Opus).
    ///
    /// - `ac-3` (AC-3) and `ec-3` (Enhanced AC-3): ETSI TS 102 366 Annex F, the sample entry types.
    /// - `alac`: Apple Lossless's sample entry type.
    /// - `fLaC` (Core Audio `flac`): the FLAC-in-ISOBMFF sample entry type.
    /// - `Opus` (Core Audio `opus`): the Opus-in-ISOBMFF sample entry type.
    ///
    /// MPEG-4 audio (`mp4a`, Core Audio `aac `) has no fixed string: its object type comes from the
    /// AudioSpecificConfig (`mpeg4Audio(audioSpecificConfig:)`).
    package static func audio(fourCharacterCode code: UInt32) throws(HLSError) -> String {
        switch fourCharacterCodeText(code) {
        case "ac-3": return "ac-3"
        case "ec-3": return "ec-3"
        case "alac": return "alac"
        case "fLaC", "flac": return "fLaC"
        case "Opus", "opus": return "Opus"
        case "mp4a", "aac ":
            throw HLSError(.unsupportedCodec, field: "CODECS",
                           "MPEG-4 audio's codec string depends on its object type: make it from the "
                               + "AudioSpecificConfig with mpeg4Audio(audioSpecificConfig:)")
        case let text:
            throw HLSError(.unsupportedCodec, field: "CODECS", "no fixed codec string for the format '\(text)'")
        }
    }

    /// A four-character code as text, its bytes as they are stored, non-printable ones escaped.
    static func fourCharacterCodeText(_ code: UInt32) -> String {
        [24, 16, 8, 0].map { shift -> String in
            let byte = UInt8(truncatingIfNeeded: code >> shift)
            return (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "\\x" + hex(byte, digits: 2)
        }.joined()
    }

    /// `value` in uppercase hexadecimal, padded with zeros to `digits` (0: no padding).
    static func hex(_ value: some BinaryInteger, digits: Int = 0) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// The record `parse` reads from its bytes, its `MediaFormatError` turned into this module's error with the byte
    /// offset where the record is wrong (`avcC byte 4`).
    static func parsed<Record>(_ record: String, _ parse: () throws(MediaFormatError) -> Record)
        throws(HLSError) -> Record {
        do {
            return try parse()
        } catch {
            throw HLSError(.malformedRecord, field: "\(record) byte \(error.offset)", error.message)
        }
    }
}
