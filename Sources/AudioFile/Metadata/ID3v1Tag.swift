import MediaContainer
import MediaFormats

/// The 128-byte ID3v1 (and v1.1) tag at the end of an MP3 file: "TAG", title, artist, album (30 bytes each), year
/// (4), comment (30; v1.1 puts a track number in its last byte after a zero), genre (1). The fields become the
/// ID3v2 frames with the same meaning (TIT2, TPE1, TALB, TYER, COMM, TRCK, TCON) so one key vocabulary covers
/// both versions; the genre is kept in ID3v2.3's "(n)" reference form.
enum ID3v1Tag {
    /// The tag's size when the file ends with one.
    static let size = 128

    /// Whether the file's last 128 bytes are an ID3v1 tag.
    static func isPresent(in data: AudioFileData, end: Int) -> Bool {
        end >= size && data.matches(Array("TAG".utf8), at: end - size)
    }

    /// The items of the tag that ends at `end`.
    static func entries(in data: AudioFileData, end: Int) -> [MetadataEntry] {
        guard isPresent(in: data, end: end), let tag = data.reader.getBytes(at: end - size, count: size) else { return [] }
        func field(_ range: Range<Int>) -> String {
            var bytes = Array(tag[range])
            if let nul = bytes.firstIndex(of: 0) { bytes = Array(bytes[..<nul]) }
            while let last = bytes.last, last == 0x20 { bytes.removeLast() }
            return TextDecoding.latin1(bytes)
        }
        var entries: [MetadataEntry] = []
        func add(_ id: String, _ value: String) {
            guard !value.isEmpty else { return }
            let code = id.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            entries.append(MetadataEntry(keySpace: .id3, key: .fourCC(code), value: .string(value),
                                         dataType: MetadataDataType.utf8))
        }
        add("TIT2", field(3..<33))
        add("TPE1", field(33..<63))
        add("TALB", field(63..<93))
        add("TYER", field(93..<97))
        let isVersion11 = tag[125] == 0 && tag[126] != 0
        add("COMM", field(97..<(isVersion11 ? 125 : 127)))
        if isVersion11 { add("TRCK", String(tag[126])) }
        if tag[127] != 0xFF { add("TCON", "(\(tag[127]))") }
        return entries
    }
}
