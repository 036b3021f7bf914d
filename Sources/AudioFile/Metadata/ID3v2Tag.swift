import Foundation
import MediaContainer
import MediaFormats

/// An ID3v2 tag (ID3 tag version 2.2, 2.3 and 2.4 informal standards): the frames of the tag at the start of an MP3
/// or ADTS stream, or inside a WAVE `id3 ` / AIFF `ID3 ` chunk, as metadata items in the `.id3` key space, keyed by
/// their version 2.3/2.4 frame IDs (2.2's three-letter IDs are mapped).
///
/// Frames that cannot be read (compressed or encrypted frames, frames running past the tag) are skipped with a
/// warning; a malformed tag never fails the file, because the audio does not depend on it.
struct ID3v2Tag {
    /// The items, in tag order.
    var entries: [MetadataEntry] = []
    /// Gapless information from an iTunes `COMM` frame described `iTunSMPB`: (priming, padding, valid frames).
    var iTunesGapless: (priming: Int64, remainder: Int64, validFrames: Int64)?
    /// What was skipped and why.
    var warnings: [String] = []

    /// The whole tag's size (header, body, footer) if an ID3v2 header starts at `offset`, else `nil`.
    static func size(in data: AudioFileData, at offset: Int) -> Int? {
        guard data.matches(Array("ID3".utf8), at: offset), let header = data.reader.getBytes(at: offset, count: 10),
              header[3] >= 2, header[3] <= 4, header[3] != 0xFF, header[4] != 0xFF,
              let body = syncSafe(header[6..<10]) else { return nil }
        let footer = header[3] == 4 && header[5] & 0x10 != 0 ? 10 : 0
        return 10 + body + footer
    }

    /// A 28-bit sync-safe integer (7 bits per byte), or `nil` if a byte has its high bit set.
    private static func syncSafe(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte & 0x80 == 0 else { return nil }
            value = value << 7 | Int(byte)
        }
        return value
    }

    /// Parses the tag at `offset` (whose size `size(in:at:)` gave), reading at most to the end of the file.
    init(in data: AudioFileData, at offset: Int, format: String) {
        guard let total = Self.size(in: data, at: offset), let header = data.reader.getBytes(at: offset, count: 10) else {
            return
        }
        let version = header[3]
        let flags = header[5]
        let footer = version == 4 && flags & 0x10 != 0 ? 10 : 0
        // A tag cut short by the end of the file is read as far as it goes.
        let available = min(total - 10 - footer, data.count - offset - 10)
        guard available > 0 else { return }
        guard available <= AudioFileLimits.maximumMetadataBytes else {
            warnings.append("\(format): ID3v2 tag at \(offset) is \(available) bytes; larger than "
                            + "\(AudioFileLimits.maximumMetadataBytes), not read")
            return
        }
        var body = data.reader.getBytes(at: offset + 10, count: available) ?? []
        if version == 2 && flags & 0x40 != 0 {
            warnings.append("\(format): ID3v2.2 tag at \(offset) uses the undefined compression flag; not read")
            return
        }
        // Tag-wide unsynchronisation (2.2, 2.3: the whole body; 2.4: every frame, also flagged per frame).
        let tagUnsynchronised = flags & 0x80 != 0
        if tagUnsynchronised && version < 4 { body = Self.resynchronise(body[...]) }
        var position = 0
        if version >= 3 && flags & 0x40 != 0 {
            // Extended header: 2.3 gives its size without the size field, 2.4 a sync-safe size including it.
            guard body.count >= 4 else { return }
            if version == 3 {
                let size = Int(body[0]) << 24 | Int(body[1]) << 16 | Int(body[2]) << 8 | Int(body[3])
                position = 4 + size
            } else {
                position = Self.syncSafe(body[0..<4]) ?? body.count
            }
        }
        readFrames(body, from: position, version: version, tagUnsynchronised: tagUnsynchronised, offset: offset,
                   format: format)
    }

    /// Removes the zero byte the unsynchronisation scheme inserts after every 0xFF.
    private static func resynchronise(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var previousWasFF = false
        for byte in bytes {
            if previousWasFF && byte == 0 { previousWasFF = false; continue }
            result.append(byte)
            previousWasFF = byte == 0xFF
        }
        return result
    }

    private mutating func readFrames(_ body: [UInt8], from start: Int, version: UInt8, tagUnsynchronised: Bool,
                                     offset: Int, format: String) {
        let headerSize = version == 2 ? 6 : 10
        let idSize = version == 2 ? 3 : 4
        var position = start
        while position + headerSize <= body.count, entries.count < AudioFileLimits.maximumMetadataItems {
            let idBytes = body[position..<position + idSize]
            // Padding (zero bytes) ends the frames.
            guard idBytes.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }) else { break }
            var size: Int
            var statusFlags: UInt8 = 0, formatFlags: UInt8 = 0
            switch version {
            case 2:
                size = Int(body[position + 3]) << 16 | Int(body[position + 4]) << 8 | Int(body[position + 5])
            case 3:
                size = body[position + 4..<position + 8].reduce(0) { $0 << 8 | Int($1) }
                (statusFlags, formatFlags) = (body[position + 8], body[position + 9])
            default:
                size = Self.syncSafe(body[position + 4..<position + 8])
                    ?? body[position + 4..<position + 8].reduce(0) { $0 << 8 | Int($1) }
                (statusFlags, formatFlags) = (body[position + 8], body[position + 9])
            }
            _ = statusFlags
            let frameStart = position + headerSize
            let id = String(decoding: idBytes, as: UTF8.self)
            guard size >= 0, size <= body.count - frameStart else {
                warnings.append("\(format): ID3v2 frame \(id) in the tag at \(offset) runs past the tag; "
                                + "the rest of the tag is not read")
                break
            }
            var payload = Array(body[frameStart..<frameStart + size])
            position = frameStart + size
            // Frame format flags: 2.3 compression 0x80, encryption 0x40, grouping 0x20; 2.4 grouping 0x40,
            // compression 0x08, encryption 0x04, unsynchronisation 0x02, data length indicator 0x01.
            if version == 3 {
                if formatFlags & 0xC0 != 0 {
                    warnings.append("\(format): ID3v2 frame \(id) is compressed or encrypted; not read")
                    continue
                }
                if formatFlags & 0x20 != 0 { payload = Array(payload.dropFirst(1)) }
            } else if version == 4 {
                if formatFlags & 0x0C != 0 {
                    warnings.append("\(format): ID3v2 frame \(id) is compressed or encrypted; not read")
                    continue
                }
                if formatFlags & 0x40 != 0 { payload = Array(payload.dropFirst(1)) }
                if formatFlags & 0x01 != 0 { payload = Array(payload.dropFirst(4)) }
                if formatFlags & 0x02 != 0 || tagUnsynchronised { payload = Self.resynchronise(payload[...]) }
            }
            let frameID = version == 2 ? Self.version3ID(forVersion2: id) : id
            decodeFrame(frameID, payload, isVersion2: version == 2)
        }
    }

    /// The 2.3 frame ID of a 2.2 one (ID3v2.3 informal standard, appendix on 2.2 conversion); unknown IDs keep
    /// their three letters.
    private static func version3ID(forVersion2 id: String) -> String {
        let table: [String: String] = [
            "TT1": "TIT1", "TT2": "TIT2", "TT3": "TIT3", "TP1": "TPE1", "TP2": "TPE2", "TP3": "TPE3", "TP4": "TPE4",
            "TAL": "TALB", "TYE": "TYER", "TCO": "TCON", "TRK": "TRCK", "TPA": "TPOS", "TCM": "TCOM", "TXT": "TEXT",
            "TEN": "TENC", "TSS": "TSSE", "TCR": "TCOP", "TBP": "TBPM", "TLA": "TLAN", "TLE": "TLEN", "TPB": "TPUB",
            "TRC": "TSRC", "TDA": "TDAT", "TIM": "TIME", "TKE": "TKEY", "TOA": "TOPE", "TOT": "TOAL", "TOL": "TOLY",
            "TOR": "TORY", "TXX": "TXXX", "COM": "COMM", "PIC": "APIC", "ULT": "USLT", "WXX": "WXXX", "UFI": "UFID",
            "CNT": "PCNT", "POP": "POPM", "GEO": "GEOB", "TCP": "TCMP", "TST": "TSOT", "TSA": "TSOA", "TSP": "TSOP",
        ]
        return table[id] ?? id
    }

    /// Decodes one frame's payload into an item.
    private mutating func decodeFrame(_ id: String, _ payload: [UInt8], isVersion2: Bool) {
        let code = id.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let key = MetadataEntry.Key.fourCC(code)
        func append(_ value: MetadataEntry.Value, dataType: String, language: String? = nil) {
            entries.append(MetadataEntry(keySpace: .id3, key: key, value: value, dataType: dataType,
                                         languageCode: language))
        }
        guard let encoding = payload.first else { return }
        switch id {
        case "TXXX":
            let fields = Self.splitText(payload.dropFirst(), encoding: encoding, count: 2)
            if fields.count == 2 { append(.string(fields[1]), dataType: MetadataDataType.utf8) }
        case _ where id.hasPrefix("T"):
            let strings = Self.splitText(payload.dropFirst(), encoding: encoding, count: .max).filter { !$0.isEmpty }
            append(.string(strings.joined(separator: "/")), dataType: MetadataDataType.utf8)
        case "COMM", "USLT":
            guard payload.count >= 4 else { return }
            let language = Self.language(payload[1..<4])
            let fields = Self.splitText(payload.dropFirst(4), encoding: encoding, count: 2)
            guard fields.count == 2 else { return }
            if id == "COMM", fields[0] == "iTunSMPB" {
                iTunesGapless = ITunesGaplessInfo(text: fields[1]).map { ($0.priming, $0.remainder, $0.validFrames) }
            }
            append(.string(fields[1]), dataType: MetadataDataType.utf8, language: language)
        case "APIC":
            if let (data, format) = Self.picture(payload, isVersion2: isVersion2) {
                append(.image(data, format: format), dataType: format == 14 ? MetadataDataType.png
                       : format == 27 ? MetadataDataType.bmp : MetadataDataType.jpeg)
            }
        case "WXXX":
            let fields = Self.splitText(payload.dropFirst(), encoding: encoding, count: 2)
            if fields.count == 2 { append(.string(fields[1]), dataType: MetadataDataType.utf8) }
        case _ where id.hasPrefix("W"):
            append(.string(TextDecoding.latin1(TextDecoding.trimmingTrailingNULs(payload))),
                   dataType: MetadataDataType.utf8)
        default:
            append(.data(Data(payload)), dataType: MetadataDataType.rawData)
        }
    }

    /// A three-letter ISO 639-2 language code, or `nil` for "XXX", "und" and non-letters.
    private static func language(_ bytes: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self).lowercased()
        guard text.count == 3, text.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }), text != "xxx",
              text != "und" else { return nil }
        return text
    }

    /// Splits text of `encoding` (0 ISO 8859-1, 1 UTF-16 with BOM, 2 UTF-16BE, 3 UTF-8) at NUL terminators into at
    /// most `count` strings; the last takes the rest.
    static func splitText(_ bytes: ArraySlice<UInt8>, encoding: UInt8, count: Int) -> [String] {
        let wide = encoding == 1 || encoding == 2
        var strings: [String] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        func decode(_ slice: ArraySlice<UInt8>) -> String {
            switch encoding {
            case 0: return TextDecoding.latin1(slice)
            case 1: return TextDecoding.utf16(slice, defaultBigEndian: false)
            case 2: return TextDecoding.utf16(slice, defaultBigEndian: true)
            default: return String(decoding: slice, as: UTF8.self)
            }
        }
        while index < bytes.endIndex, strings.count < count - 1 {
            let isTerminator = wide
                ? index + 1 < bytes.endIndex && bytes[index] == 0 && bytes[index + 1] == 0 && (index - start) % 2 == 0
                : bytes[index] == 0
            if isTerminator {
                strings.append(decode(bytes[start..<index]))
                index += wide ? 2 : 1
                start = index
            } else {
                index += 1
            }
        }
        var rest = bytes[start..<bytes.endIndex]
        // Trailing terminators of the last string (two bytes each in UTF-16).
        if wide {
            while rest.count >= 2, rest[rest.endIndex - 1] == 0, rest[rest.endIndex - 2] == 0 { rest = rest.dropLast(2) }
        } else {
            while let last = rest.last, last == 0 { rest = rest.dropLast() }
        }
        strings.append(decode(rest))
        return strings
    }

    /// The image of an APIC (2.3/2.4: MIME type) or PIC (2.2: three-letter format) frame and its QuickTime
    /// well-known type (13 JPEG, 14 PNG, 27 BMP).
    private static func picture(_ payload: [UInt8], isVersion2: Bool) -> (Data, Int)? {
        guard let encoding = payload.first else { return nil }
        var index = 1
        var mime = ""
        if isVersion2 {
            guard payload.count >= 5 else { return nil }
            mime = String(decoding: payload[1..<4], as: UTF8.self).lowercased()
            index = 4
        } else {
            guard let end = payload[1...].firstIndex(of: 0) else { return nil }
            mime = String(decoding: payload[1..<end], as: UTF8.self).lowercased()
            index = end + 1
        }
        guard index < payload.count else { return nil }
        index += 1  // picture type
        // The description: terminated by one NUL (ISO 8859-1, UTF-8) or two (UTF-16).
        let wide = encoding == 1 || encoding == 2
        while index < payload.count {
            if wide {
                if index + 1 < payload.count, payload[index] == 0, payload[index + 1] == 0 { index += 2; break }
                index += 2
            } else {
                if payload[index] == 0 { index += 1; break }
                index += 1
            }
        }
        guard index < payload.count else { return nil }
        let image = Data(payload[index...])
        let format: Int
        if mime.contains("png") || image.starts(with: [0x89, 0x50, 0x4E, 0x47]) { format = 14 }
        else if mime.contains("bmp") || image.starts(with: [0x42, 0x4D]) { format = 27 }
        else { format = 13 }
        return (image, format)
    }
}
