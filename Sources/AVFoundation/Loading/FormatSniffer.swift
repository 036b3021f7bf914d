import CoreMedia
import Foundation
import MediaContainer

/// The container families the asset layer can tell apart from a file's first bytes, one per reader.
enum SniffedFormat: String, Sendable, CaseIterable {
    /// QuickTime movie or ISO base media (MP4, M4A, M4V, 3GP, 3G2, fragmented MP4): read by MovieFile.
    case isoBaseMedia = "QuickTime/ISO base media"
    /// RIFF WAVE, RF64 or BW64.
    case wave = "WAVE"
    /// AIFF or AIFF-C.
    case aiff = "AIFF"
    /// Core Audio Format.
    case caf = "CAF"
    /// AMR or AMR-WB storage format (RFC 4867 §5).
    case amr = "AMR"
    /// MPEG audio layer 1/2/3 elementary stream, optionally behind ID3v2 tags.
    case mp3 = "MPEG audio"
    /// AAC in ADTS framing, optionally behind ID3v2 tags.
    case adts = "ADTS AAC"
}

/// Recognises a container from its first bytes, using the path extension only to break ties that the bytes
/// cannot (none so far: every supported family has a signature).
enum FormatSniffer {
    /// Top-level box types that can open a QuickTime or ISO base media file (ISO/IEC 14496-12 §4.3 puts `ftyp`
    /// first, but QuickTime files without `ftyp` start with `moov`, `mdat`, `wide`, `free`, `skip` or a preview
    /// `pnot`; segments start with `styp`, `sidx` or `moof`).
    private static let leadingBoxTypes: Set<String> = [
        "ftyp", "moov", "mdat", "wide", "free", "skip", "pnot", "uuid", "styp", "sidx", "moof", "junk",
    ]

    /// How many bytes `sniff` looks at before any ID3v2 tag is skipped.
    static let prefixLength = 64

    /// The format whose signature `bytes` (the start of the file) carry, or `nil` when none does.
    ///
    /// `readBytes` reads further into the file: MPEG audio and ADTS behind an ID3v2 tag are told apart by the frame
    /// header after the tag, which can be megabytes in (cover art).
    static func sniff(prefix bytes: [UInt8], fileLength: Int,
                      readBytes: (Range<Int>) -> [UInt8]?) -> SniffedFormat? {
        func ascii(_ range: Range<Int>) -> String? {
            guard range.upperBound <= bytes.count else { return nil }
            return String(decoding: bytes[range], as: UTF8.self)
        }
        if let type = ascii(4..<8), leadingBoxTypes.contains(type), isPlausibleBoxSize(bytes, fileLength: fileLength) {
            return .isoBaseMedia
        }
        if let riff = ascii(0..<4), ["RIFF", "RF64", "BW64"].contains(riff), ascii(8..<12) == "WAVE" { return .wave }
        if ascii(0..<4) == "FORM", let kind = ascii(8..<12), kind == "AIFF" || kind == "AIFC" { return .aiff }
        if ascii(0..<4) == "caff" { return .caf }
        if bytes.starts(with: Array("#!AMR".utf8)) { return .amr }
        return sniffMPEGAudio(bytes, readBytes: readBytes)
    }

    /// A box size field that fits the file: 0 (to the end), 1 (64-bit size follows) or 8...length.
    private static func isPlausibleBoxSize(_ bytes: [UInt8], fileLength: Int) -> Bool {
        guard bytes.count >= 8 else { return false }
        let size = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        return size == 0 || size == 1 || (size >= 8 && size <= fileLength)
    }

    /// MPEG audio or ADTS: an ID3v2 tag (ID3v2.4 §3.1) is skipped, then the frame sync decides: ADTS has layer
    /// bits 00 (ISO/IEC 13818-7 §6.2), MPEG audio layers 1–3 have 01–11 (ISO/IEC 11172-3 §2.4.2.3).
    private static func sniffMPEGAudio(_ bytes: [UInt8], readBytes: (Range<Int>) -> [UInt8]?) -> SniffedFormat? {
        var offset = 0
        var header = bytes
        if bytes.count >= 10, bytes.starts(with: Array("ID3".utf8)) {
            let sizeBytes = bytes[6..<10]
            guard sizeBytes.allSatisfy({ $0 & 0x80 == 0 }) else { return nil }
            let tagSize = sizeBytes.reduce(0) { $0 << 7 | Int($1) }
            let hasFooter = bytes[5] & 0x10 != 0
            offset = 10 + tagSize + (hasFooter ? 10 : 0)
            guard let next = readBytes(offset..<(offset + 4)) else { return .mp3 }
            header = next
        }
        guard header.count >= 4, header[0] == 0xFF, header[1] & 0xE0 == 0xE0 else { return nil }
        let layer = (header[1] >> 1) & 0x03
        if layer == 0 {
            // ADTS also needs MPEG-4/-2 "ID" bits with the 12-bit sync (0xFFF) and a sampling index below 13.
            guard header[1] & 0xF0 == 0xF0, (header[2] >> 2) & 0x0F < 13 else { return nil }
            return .adts
        }
        let bitrateIndex = header[2] >> 4, sampleRateIndex = (header[2] >> 2) & 0x03
        guard bitrateIndex != 0x0F, sampleRateIndex != 0x03 else { return nil }
        return .mp3
    }
}
