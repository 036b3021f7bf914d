import Foundation
import TestSupport

/// Small audio files made in set-up, each named after the quirk it exercises, cached under
/// `TestFiles.generatedMediaCache/audiofile` so they are made once: by the `ffmpeg` command line where it can
/// (FFmpeg 5.1 has no AMR encoder and its CAF muxer refuses AAC, see `handmade`), by hand from a described byte
/// layout otherwise, and by cutting or splicing generated files for the broken ones.
enum GeneratedAudio {
    /// Half a second of two different tones, so channels differ.
    private static func tones(_ rate: Int, channels: Int = 1, seconds: String = "0.5") -> [String] {
        let frequencies = [440, 550, 660, 770, 880, 990, 1100, 1210]
        let expressions = frequencies.prefix(channels).map { "0.5*sin(\($0)*2*PI*t)" }.joined(separator: "|")
        return ["-f", "lavfi", "-i", "aevalsrc=\(expressions):s=\(rate):d=\(seconds)"]
    }

    /// How a file is made.
    enum Recipe: Sendable {
        /// `ffmpeg` arguments before the output path.
        case ffmpeg([String])
        /// `ffmpeg` writing to a pipe (its standard output), as streaming writers do: sizes it cannot patch.
        case ffmpegPipe([String])
        /// Another generated file, transformed.
        case derived(String, @Sendable ([UInt8]) -> [UInt8])
        /// Bytes built here.
        case bytes(@Sendable () -> [UInt8])
    }

    static let recipes: [String: Recipe] = [
        // WAVE
        "wav-s16le-mono-list-info.wav": .ffmpeg(tones(44_100) + ["-c:a", "pcm_s16le", "-metadata", "title=Tone é",
                                                                 "-metadata", "artist=Generator"]),
        "wav-s24le-stereo-extensible.wav": .ffmpeg(tones(48_000, channels: 2) + ["-c:a", "pcm_s24le"]),
        "wav-s32le-stereo.wav": .ffmpeg(tones(48_000, channels: 2) + ["-c:a", "pcm_s32le"]),
        "wav-f32le-stereo-float.wav": .ffmpeg(tones(48_000, channels: 2) + ["-c:a", "pcm_f32le"]),
        "wav-f64le-mono-float.wav": .ffmpeg(tones(22_050) + ["-c:a", "pcm_f64le"]),
        "wav-u8-mono-odd-data-size.wav": .ffmpeg(tones(8_000, seconds: "0.500125") + ["-c:a", "pcm_u8"]),
        "wav-s16le-5.1-extensible-mask.wav": .ffmpeg(tones(48_000, channels: 6) + ["-channel_layout", "5.1",
                                                                                  "-c:a", "pcm_s16le"]),
        "wav-rf64-always-ds64.wav": .ffmpeg(tones(48_000, channels: 2) + ["-c:a", "pcm_s16le", "-rf64", "always"]),
        "wav-alaw-g711.wav": .ffmpeg(tones(8_000) + ["-c:a", "pcm_alaw"]),
        "wav-mulaw-g711.wav": .ffmpeg(tones(8_000) + ["-c:a", "pcm_mulaw"]),
        "wav-ima-adpcm-blocks.wav": .ffmpeg(tones(22_050, channels: 2) + ["-c:a", "adpcm_ima_wav"]),
        "wav-streamed-pipe-sizes.wav": .ffmpegPipe(tones(16_000) + ["-c:a", "pcm_s16le", "-f", "wav"]),
        "wav-truncated-mid-frame.wav": .derived("wav-s24le-stereo-extensible.wav") { Array($0.dropLast(1_001)) },
        "wav-bw64-id.wav": .derived("wav-rf64-always-ds64.wav") { Array("BW64".utf8) + $0.dropFirst(4) },
        "wav-data-size-zero-streamed.wav": .derived("wav-s16le-mono-list-info.wav") { settingDataSize(of: $0, to: 0) },
        "wav-id3-chunk.wav": .derived("wav-s16le-mono-list-info.wav") { appendingChunk(to: $0, id: "id3 ",
                                                                                         payload: sampleID3Tag) },
        // AIFF and AIFF-C
        "aiff-s16be-stereo-text-chunks.aiff": .ffmpeg(tones(44_100, channels: 2) + [
            "-c:a", "pcm_s16be", "-metadata", "title=Name chunk", "-metadata", "author=Auth chunk",
            "-metadata", "copyright=2026 Copyright", "-metadata", "comment=Annotation"]),
        "aiff-s24be-mono.aiff": .ffmpeg(tones(48_000) + ["-c:a", "pcm_s24be"]),
        "aiff-s8-mono.aiff": .ffmpeg(tones(11_025) + ["-c:a", "pcm_s8"]),
        "aifc-sowt-s16le.aifc": .ffmpeg(tones(44_100, channels: 2) + ["-c:a", "pcm_s16le", "-f", "aiff"]),
        "aifc-fl32-float.aifc": .ffmpeg(tones(48_000, channels: 2) + ["-c:a", "pcm_f32be", "-f", "aiff"]),
        "aifc-fl64-float.aifc": .ffmpeg(tones(48_000) + ["-c:a", "pcm_f64be", "-f", "aiff"]),
        "aifc-ulaw.aifc": .ffmpeg(tones(8_000) + ["-c:a", "pcm_mulaw", "-f", "aiff"]),
        "aifc-ima4-packets.aifc": .ffmpeg(tones(48_000) + ["-c:a", "adpcm_ima_qt", "-f", "aiff"]),
        "aiff-id3-chunk.aiff": .ffmpeg(tones(44_100) + ["-c:a", "pcm_s16be", "-write_id3v2", "1",
                                                        "-metadata", "title=ID3 in AIFF"]),
        "aiff-truncated-ssnd.aiff": .derived("aiff-s24be-mono.aiff") { Array($0.dropLast(778)) },
        // CAF
        "caf-lpcm-s16le.caf": .ffmpeg(tones(44_100, channels: 2) + ["-c:a", "pcm_s16le"]),
        "caf-lpcm-f32be.caf": .ffmpeg(tones(48_000) + ["-c:a", "pcm_f32be"]),
        "caf-lpcm-s24be.caf": .ffmpeg(tones(48_000, channels: 2) + ["-c:a", "pcm_s24be"]),
        "caf-alac-frma-atom-cookie.caf": .ffmpeg(tones(44_100, channels: 2) + ["-c:a", "alac"]),
        "caf-opus-no-cookie.caf": .ffmpeg(tones(48_000, channels: 2) + ["-c:a", "libopus", "-b:a", "48k"]),
        "caf-ima4-constant-packets.caf": .ffmpeg(tones(44_100) + ["-c:a", "adpcm_ima_qt"]),
        "caf-ulaw.caf": .ffmpeg(tones(8_000) + ["-c:a", "pcm_mulaw"]),
        "caf-lpcm-streamed-data-size-minus-one.caf": .ffmpegPipe(tones(16_000) + ["-c:a", "pcm_s16le", "-f", "caf"]),
        "caf-alac-truncated-data.caf": .derived("caf-alac-frma-atom-cookie.caf") { truncatingCAFData($0, by: 2_000) },

        // AMR (hand-built: FFmpeg 5.1 has no AMR encoder here). FFmpeg's decoders refuse SID frames ("not yet
        // implemented") and NO_DATA frames ("corrupt bitstream"), so those are in files of their own.
        "amr-nb-speech-modes.amr": .bytes { amrFile(wideband: false, withSIDAndNoData: false) },
        "amr-wb-speech-modes.awb": .bytes { amrFile(wideband: true, withSIDAndNoData: false) },
        "amr-nb-sid-and-no-data.amr": .bytes { amrFile(wideband: false, withSIDAndNoData: true) },
        "amr-wb-sid-and-no-data.awb": .bytes { amrFile(wideband: true, withSIDAndNoData: true) },
        "amr-nb-truncated-last-frame.amr": .derived("amr-nb-speech-modes.amr") { Array($0.dropLast(5)) },
        // MP3
        "mp3-cbr-info-lame-tag.mp3": .ffmpeg(tones(44_100, channels: 2) + ["-c:a", "libmp3lame", "-b:a", "64k"]),
        "mp3-vbr-xing-lame-tag-id3v2.mp3": .ffmpeg(tones(44_100) + ["-c:a", "libmp3lame", "-q:a", "4",
                                                                    "-metadata", "title=VBR", "-metadata", "artist=Lame"]),
        "mp3-mpeg2-22khz-id3v1.mp3": .ffmpeg(tones(22_050) + ["-c:a", "libmp3lame", "-b:a", "32k", "-write_id3v1", "1",
                                                              "-metadata", "album=Old Tag"]),
        "mp3-mpeg25-8khz-no-xing.mp3": .ffmpeg(tones(8_000) + ["-c:a", "libmp3lame", "-b:a", "16k", "-write_xing", "0",
                                                               "-id3v2_version", "0"]),
        "mp2-layer2-48khz.mp2": .ffmpeg(tones(48_000, channels: 2) + ["-c:a", "mp2", "-b:a", "128k"]),
        "mp3-junk-between-frames.mp3": .derived("mp3-cbr-info-lame-tag.mp3") { insertingJunk(into: $0) },
        "mp3-truncated-last-frame.mp3": .derived("mp3-vbr-xing-lame-tag-id3v2.mp3") { Array($0.dropLast(50)) },
        // ADTS
        "adts-aac-lc-mono.aac": .ffmpeg(tones(44_100) + ["-c:a", "aac", "-b:a", "32k"]),
        "adts-aac-lc-stereo-48k-id3.aac": .ffmpeg(tones(48_000, channels: 2) + ["-c:a", "aac", "-b:a", "64k",
                                                                               "-f", "adts", "-write_id3v2", "1",
                                                                               "-metadata", "title=ADTS tag"]),
        "adts-aac-pce-channel-config-0.aac": .ffmpeg(tones(48_000, channels: 2) + ["-c:a", "aac", "-b:a", "64k",
                                                                                  "-aac_pce", "1"]),
        "adts-crc-protected.aac": .derived("adts-aac-lc-mono.aac") { addingADTSCRC(to: $0) },
        "adts-truncated-last-frame.aac": .derived("adts-aac-lc-mono.aac") { Array($0.dropLast(20)) },
    ]

    /// Every name, sorted.
    static let names: [String] = recipes.keys.sorted()

    /// The file for `name`, made if it is not cached yet.
    static func url(_ name: String) throws -> URL {
        guard let recipe = recipes[name] else { throw CocoaError(.fileNoSuchFile) }
        var derivedFrom: URL?
        if case .derived(let base, _) = recipe { derivedFrom = try self.url(base) }
        return try TestFiles.cachedMedia(name, folder: "audiofile") { partial in
            switch recipe {
            case .ffmpeg(let arguments):
                try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-y"] + arguments + [partial.path])
            case .ffmpegPipe(let arguments):
                let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error"] + arguments + ["pipe:1"])
                try result.standardOutput.write(to: partial)
            case .derived(_, let transform):
                guard let derivedFrom else { throw CocoaError(.fileNoSuchFile) }
                try Data(transform(Array(try Data(contentsOf: derivedFrom)))).write(to: partial)
            case .bytes(let make):
                try Data(make()).write(to: partial)
            }
        }
    }

    /// The bytes of `name`.
    static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: try url(name))) }

    // MARK: Hand-built and derived files

    /// An ID3v2.3 tag with a title (TIT2), an artist in UTF-16 (TPE1) and a comment (COMM).
    static let sampleID3Tag: [UInt8] = {
        func frame(_ id: String, _ payload: [UInt8]) -> [UInt8] {
            Array(id.utf8) + withUnsafeBytes(of: UInt32(payload.count).bigEndian, Array.init) + [0, 0] + payload
        }
        var body = frame("TIT2", [3] + Array("Chunk title".utf8))
        body += frame("TPE1", [1, 0xFF, 0xFE] + "Ärtist".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        body += frame("COMM", [0] + Array("eng".utf8) + [0] + Array("A comment".utf8))
        let size = body.count
        let syncSafe = [UInt8(size >> 21 & 0x7F), UInt8(size >> 14 & 0x7F), UInt8(size >> 7 & 0x7F), UInt8(size & 0x7F)]
        return Array("ID3".utf8) + [3, 0, 0] + syncSafe + body
    }()

    /// `riff` with one more chunk at the end and its RIFF size updated.
    static func appendingChunk(to riff: [UInt8], id: String, payload: [UInt8]) -> [UInt8] {
        var bytes = riff + Array(id.utf8) + withUnsafeBytes(of: UInt32(payload.count).littleEndian, Array.init) + payload
        if payload.count & 1 == 1 { bytes.append(0) }
        let size = UInt32(bytes.count - 8)
        bytes.replaceSubrange(4..<8, with: withUnsafeBytes(of: size.littleEndian, Array.init))
        return bytes
    }

    /// A WAVE file whose `data` size field says `size` (0: a streaming writer that never came back to it).
    static func settingDataSize(of wave: [UInt8], to size: UInt32) -> [UInt8] {
        var bytes = wave
        guard let data = (12..<bytes.count - 8).first(where: { bytes[$0..<$0 + 4].elementsEqual("data".utf8) }) else {
            return bytes
        }
        bytes.replaceSubrange(data + 4..<data + 8, with: withUnsafeBytes(of: size.littleEndian, Array.init))
        return bytes
    }

    /// ADTS frames made CRC-protected: protection_absent cleared, two CRC bytes after each 7-byte header (zeros:
    /// decoders do not check them by default), frame lengths grown by 2.
    static func addingADTSCRC(to adts: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index + 7 <= adts.count, adts[index] == 0xFF {
            let length = Int(adts[index + 3] & 3) << 11 | Int(adts[index + 4]) << 3 | Int(adts[index + 5] >> 5)
            guard length >= 7, index + length <= adts.count else { break }
            var header = Array(adts[index..<index + 7])
            header[1] &= 0xFE
            let newLength = length + 2
            header[3] = header[3] & 0xFC | UInt8(newLength >> 11 & 3)
            header[4] = UInt8(newLength >> 3 & 0xFF)
            header[5] = header[5] & 0x1F | UInt8(newLength & 7) << 5
            result += header + [0, 0] + adts[index + 7..<index + length]
            index += length
        }
        return result
    }

    /// A CAF file cut `count` bytes before the end of its audio data, as a copy interrupted mid-file leaves it:
    /// the chunks are reordered so that the packet table comes before the data (as Apple's writer places it), then
    /// the file ends inside the data chunk, which keeps its declared size.
    static func truncatingCAFData(_ caf: [UInt8], by count: Int) -> [UInt8] {
        var position = 8
        var others: [UInt8] = []
        var data: [UInt8] = []
        while position + 12 <= caf.count {
            let type = String(decoding: caf[position..<position + 4], as: UTF8.self)
            let size = caf[position + 4..<position + 12].reduce(0) { $0 << 8 | Int($1) }
            let chunk = caf[position..<min(caf.count, position + 12 + size)]
            if type == "data" { data = Array(chunk) } else { others += chunk }
            position += 12 + size
        }
        return Array(caf[0..<8]) + others + data.dropLast(count)
    }

    /// Narrowband or wideband AMR storage: every speech mode (and, if asked, a SID frame and NO_DATA frames)
    /// three times over, with deterministic payload bits (the decoders accept any speech bits: AMR storage has no
    /// checksum). Speech frame sizes from 3GPP TS 26.101 and TS 26.201.
    static func amrFile(wideband: Bool, withSIDAndNoData: Bool) -> [UInt8] {
        var sizes = wideband ? [17, 23, 32, 36, 40, 46, 50, 58, 60] : [12, 13, 15, 17, 19, 20, 26, 31]
        if withSIDAndNoData { sizes.append(5) }
        var bytes = Array((wideband ? "#!AMR-WB\n" : "#!AMR\n").utf8)
        var state: UInt32 = 0x1234_5678
        for _ in 0..<3 {
            for (type, size) in sizes.enumerated() {
                bytes.append(UInt8(type) << 3 | 0x04)
                for _ in 0..<size {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    bytes.append(UInt8(truncatingIfNeeded: state >> 24))
                }
            }
            if withSIDAndNoData { bytes.append(15 << 3 | 0x04) }  // NO_DATA
        }
        return bytes
    }

    /// An MP3 with 333 bytes of junk after its third audio frame and 100 before its last.
    static func insertingJunk(into mp3: [UInt8]) -> [UInt8] {
        var frames: [Int] = []
        var index = 0
        if mp3.starts(with: Array("ID3".utf8)) {
            index = 10 + mp3[6..<10].reduce(0) { $0 << 7 | Int($1) }
        }
        // Walk frames by header (CBR 64 kbit/s at 44.1 kHz: 208 or 209 bytes).
        while index + 4 <= mp3.count {
            if mp3[index] == 0xFF, mp3[index + 1] & 0xE0 == 0xE0 {
                frames.append(index)
                let padding = Int(mp3[index + 2] >> 1 & 1)
                index += 144 * 64_000 / 44_100 + padding
            } else {
                index += 1
            }
        }
        guard frames.count > 6 else { return mp3 }
        var junk = [UInt8](repeating: 0x55, count: 333)
        junk[10] = 0xFF  // a lone sync-looking byte
        var result = mp3
        result.insert(contentsOf: [UInt8](repeating: 0xAA, count: 100), at: frames[frames.count - 1])
        result.insert(contentsOf: junk, at: frames[4])
        return result
    }
}
