import MediaContainer

/// A RIFF `LIST` chunk of type `INFO` (Microsoft Multimedia Programmer's Reference, "INFO List Chunk"): text
/// sub-chunks such as `INAM` (title) and `IART` (artist). Entries with an Audio File Services equivalent use its
/// info dictionary key; the rest keep their four-character code.
enum RIFFInfoList {
    /// INFO identifiers and the info dictionary keys they mean.
    static let keys: [UInt32: String] = [
        FourCharacterCode.make("INAM"): AudioFileInfoKey.title,
        FourCharacterCode.make("IART"): AudioFileInfoKey.artist,
        FourCharacterCode.make("IPRD"): AudioFileInfoKey.album,
        FourCharacterCode.make("ICMT"): AudioFileInfoKey.comments,
        FourCharacterCode.make("ICOP"): AudioFileInfoKey.copyright,
        FourCharacterCode.make("ICRD"): AudioFileInfoKey.recordedDate,
        FourCharacterCode.make("IGNR"): AudioFileInfoKey.genre,
        FourCharacterCode.make("ISFT"): AudioFileInfoKey.encodingApplication,
        FourCharacterCode.make("ITRK"): AudioFileInfoKey.trackNumber,
        FourCharacterCode.make("IPRT"): AudioFileInfoKey.trackNumber,
        FourCharacterCode.make("ISBJ"): AudioFileInfoKey.subtitle,
        FourCharacterCode.make("IMUS"): AudioFileInfoKey.composer,
        FourCharacterCode.make("IWRI"): AudioFileInfoKey.lyricist,
    ]

    /// The INFO identifier written for each info dictionary key (ITRK, the common one, for the track number).
    static let codes: [String: UInt32] = {
        var codes: [String: UInt32] = [:]
        for (code, key) in keys where code != FourCharacterCode.make("IPRT") { codes[key] = code }
        return codes
    }()

    /// The entries of an INFO list's payload (after the `INFO` type code). Malformed sub-chunks end the list.
    static func entries(_ payload: ArraySlice<UInt8>) -> [MetadataEntry] {
        var entries: [MetadataEntry] = []
        var index = payload.startIndex
        while index + 8 <= payload.endIndex, entries.count < AudioFileLimits.maximumMetadataItems {
            let code = payload[index..<index + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let size = payload[index + 4..<index + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            let start = index + 8
            guard size <= payload.endIndex - start else { break }
            let text = TextDecoding.utf8OrLatin1(Array(payload[start..<start + size]))
            if !text.isEmpty {
                entries.append(keys[code].map { .audioFileText($0, text) } ?? .audioFileText(code: code, text))
            }
            index = start + size + (size & 1)
        }
        return entries
    }

    /// An INFO list payload (starting with `INFO`) for the entries that have an INFO identifier; text is written
    /// as UTF-8 with a terminating NUL, padded to even length.
    static func payload(for metadata: [MetadataEntry]) -> [UInt8] {
        var bytes = Array("INFO".utf8)
        for entry in metadata {
            guard case .string(let text) = entry.value else { continue }
            var code: UInt32?
            switch entry.key {
            case .fourCC(let value) where entry.keySpace == .audioFile: code = value
            case .string(let key) where entry.keySpace == .audioFile:
                code = codes[key]
            default: code = nil
            }
            guard let code else { continue }
            let body = Array(text.utf8) + [0]
            bytes += FourCharacterCode.bytes(code)
            bytes += withUnsafeBytes(of: UInt32(body.count).littleEndian, Array.init)
            bytes += body
            if body.count & 1 == 1 { bytes.append(0) }
        }
        return bytes
    }
}
