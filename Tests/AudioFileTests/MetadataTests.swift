import Foundation
import MediaContainer
import Testing
@testable import AudioFile
import TestSupport

/// Metadata read from the files, judged by ffprobe's format tags.
@Suite("Metadata")
struct MetadataTests {
    /// ffprobe's format tags, keys lowercased.
    func ffprobeTags(_ name: String) throws -> [String: String] {
        let json = try ExternalTool.ffprobeJSON(["-show_format", try GeneratedAudio.url(name).path])
        let tags = (json["format"] as? [String: Any])?["tags"] as? [String: Any] ?? [:]
        return Dictionary(tags.compactMap { key, value in (value as? String).map { (key.lowercased(), $0) } },
                          uniquingKeysWith: { first, _ in first })
    }

    func metadata(_ name: String) throws -> [MetadataEntry] {
        try openReader(try GeneratedAudio.url(name)).metadata
    }

    func string(_ entries: [MetadataEntry], _ space: MetadataEntry.KeySpace, _ key: MetadataEntry.Key) -> String? {
        for entry in entries where entry.keySpace == space && entry.key == key {
            if case .string(let text) = entry.value { return text }
        }
        return nil
    }

    func id3(_ frame: StaticString) -> MetadataEntry.Key { .fourCC(FourCharacterCode.make(frame)) }

    @Test("RIFF LIST/INFO entries use the info dictionary keys (INAM → title, IART → artist, ISFT → encoder)")
    func riffInfo() throws {
        let entries = try metadata("wav-s16le-mono-list-info.wav")
        let tags = try ffprobeTags("wav-s16le-mono-list-info.wav")
        #expect(string(entries, .audioFile, .string(AudioFileInfoKey.title)) == tags["title"])
        #expect(tags["title"] == "Tone é")
        #expect(string(entries, .audioFile, .string(AudioFileInfoKey.artist)) == tags["artist"])
        #expect(string(entries, .audioFile, .string(AudioFileInfoKey.encodingApplication)) == tags["encoder"])
    }

    @Test("an id3 chunk in WAVE gives ID3 frames: ISO 8859-1, UTF-16 with BOM, a comment with its language")
    func waveID3Chunk() throws {
        let entries = try metadata("wav-id3-chunk.wav")
        #expect(string(entries, .id3, id3("TIT2")) == "Chunk title")
        #expect(string(entries, .id3, id3("TPE1")) == "Ärtist")
        let comment = entries.first { $0.key == id3("COMM") }
        #expect(comment?.value == .string("A comment") && comment?.languageCode == "eng")
        // The LIST/INFO entries are still there.
        #expect(string(entries, .audioFile, .string(AudioFileInfoKey.title)) == "Tone é")
    }

    @Test("AIFF text chunks: NAME, AUTH, (c) and ANNO")
    func aiffText() throws {
        let entries = try metadata("aiff-s16be-stereo-text-chunks.aiff")
        let tags = try ffprobeTags("aiff-s16be-stereo-text-chunks.aiff")
        #expect(string(entries, .audioFile, .string(AudioFileInfoKey.title)) == tags["title"])
        #expect(string(entries, .audioFile, .string(AudioFileInfoKey.artist)) == tags["author"])
        #expect(string(entries, .audioFile, .string(AudioFileInfoKey.copyright)) == tags["copyright"])
        #expect(string(entries, .audioFile, .string(AudioFileInfoKey.comments)) == tags["comment"])
        #expect(tags["title"] == "Name chunk")
    }

    @Test("ID3 chunks in AIFF, ID3v2 before MP3 and ADTS audio, ID3v1 at the end of an MP3", arguments: [
        ("aiff-id3-chunk.aiff", "TIT2", "title"),
        ("mp3-vbr-xing-lame-tag-id3v2.mp3", "TIT2", "title"),
        ("mp3-vbr-xing-lame-tag-id3v2.mp3", "TPE1", "artist"),
        ("mp3-vbr-xing-lame-tag-id3v2.mp3", "TSSE", "encoder"),
        ("mp3-mpeg2-22khz-id3v1.mp3", "TALB", "album"),
        ("adts-aac-lc-stereo-48k-id3.aac", "TIT2", "title"),
    ])
    func id3Tags(_ name: String, _ frame: String, _ ffprobeKey: String) throws {
        let entries = try metadata(name)
        let code = frame.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let values = entries.filter { $0.keySpace == .id3 && $0.key == .fourCC(code) }.compactMap { entry -> String? in
            if case .string(let text) = entry.value { return text }
            return nil
        }
        let expected = try #require(try ffprobeTags(name)[ffprobeKey])
        #expect(values.contains(expected), "\(name) \(frame): \(values), ffprobe \(expected)")
    }

    @Test("CAF info strings keep their keys")
    func cafInfo() throws {
        let entries = try metadata("caf-lpcm-s16le.caf")
        #expect(string(entries, .audioFile, .string("encoder")) == (try ffprobeTags("caf-lpcm-s16le.caf"))["encoder"])
    }

    @Test("ID3v2.4 with unsynchronisation, a data length indicator and a v2.2 tag are read; broken frames are skipped")
    func id3Variants() throws {
        // v2.4, tag-wide unsynchronisation: a frame whose text holds 0xFF 0x00 0xE0 must come back as 0xFF 0xE0.
        let text: [UInt8] = [0] + Array("A".utf8) + [0xFF, 0x00, 0xE0]
        let frame = Array("TIT2".utf8) + [0, 0, 0, UInt8(text.count)] + [0, 0x02] + text
        let v24 = Array("ID3".utf8) + [4, 0, 0x80, 0, 0, 0, UInt8(frame.count)] + frame
        let tag24 = ID3v2Tag(in: AudioFileData(copying: v24), at: 0, format: "test")
        #expect(tag24.entries.first?.value == .string("A\u{FF}\u{E0}"))

        // v2.2: three-letter IDs, 24-bit sizes, mapped to their 2.3 names.
        let payload: [UInt8] = [0] + Array("Old".utf8)
        let frame22 = Array("TT2".utf8) + [0, 0, UInt8(payload.count)] + payload
        let v22 = Array("ID3".utf8) + [2, 0, 0, 0, 0, 0, UInt8(frame22.count)] + frame22
        let tag22 = ID3v2Tag(in: AudioFileData(copying: v22), at: 0, format: "test")
        #expect(tag22.entries.first?.key == .fourCC(FourCharacterCode.make("TIT2")))

        // A frame claiming more bytes than the tag holds ends the tag with a warning, not a failure.
        let broken = Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 20] + Array("TIT2".utf8) + [0, 0, 1, 0, 0, 0] + [0, 65]
            + [UInt8](repeating: 0, count: 8)
        let brokenTag = ID3v2Tag(in: AudioFileData(copying: broken), at: 0, format: "test")
        #expect(brokenTag.entries.isEmpty && !brokenTag.warnings.isEmpty)
    }
}
