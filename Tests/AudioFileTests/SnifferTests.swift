import Foundation
import MediaContainer
import MediaFormats
import Testing
@testable import AudioFile
import TestSupport

/// Picking the reader from the first bytes and the extension, and the small pieces the readers stand on.
@Suite("Sniffing and building blocks")
struct SnifferTests {
    @Test("every generated file is recognized as its format", arguments: ReaderCase.all)
    func sniff(_ testCase: ReaderCase) throws {
        let data = AudioFileData(copying: try GeneratedAudio.bytes(testCase.file))
        let format = AudioFileOpener.format(of: data, pathExtension: (testCase.file as NSString).pathExtension)
        #expect(format == testCase.format)
        // Without the extension, only streams that start with junk could need it; ours do not.
        #expect(AudioFileOpener.format(of: data) == testCase.format)
    }

    @Test("bare MPEG audio and ADTS are told apart by their layer bits; other formats are not claimed")
    func bareStreams() throws {
        let mp3 = try GeneratedAudio.bytes("mp3-mpeg25-8khz-no-xing.mp3")
        #expect(mp3.first == 0xFF, "the file starts with a frame, no ID3 tag")
        #expect(MP3Reader.canRead(AudioFileData(copying: mp3.prefix(4_096)), at: 0))
        #expect(!ADTSReader.canRead(AudioFileData(copying: mp3.prefix(4_096)), at: 0))
        let adts = try GeneratedAudio.bytes("adts-aac-lc-mono.aac")
        #expect(ADTSReader.canRead(AudioFileData(copying: adts.prefix(4_096)), at: 0))
        #expect(!MP3Reader.canRead(AudioFileData(copying: adts.prefix(4_096)), at: 0))
        #expect(AudioFileOpener.format(of: AudioFileData(copying: Array("ftypisom and so on".utf8)), pathExtension: "mp3") == nil)
        #expect(AudioFileOpener.format(of: AudioFileData(copying: [UInt8](repeating: 0, count: 4_096)), pathExtension: "aac") == nil)
        // An MP3 behind 1000 bytes of junk is found when the extension says MP3.
        let junked = AudioFileData(copying: [UInt8](repeating: 0x20, count: 1_000) + mp3.prefix(7_000))
        #expect(AudioFileOpener.format(of: junked, pathExtension: "mp3") == .mp3)
        #expect(AudioFileOpener.format(of: junked) == nil)
    }

    @Test("an ID3 tag before ADTS audio leads to the ADTS reader")
    func id3BeforeADTS() throws {
        let bytes = try GeneratedAudio.bytes("adts-aac-lc-stereo-48k-id3.aac")
        #expect(bytes.starts(with: Array("ID3".utf8)))
        #expect(AudioFileOpener.format(of: AudioFileData(copying: bytes)) == .adts)
    }

    @Test("80-bit extended sample rates decode and encode exactly", arguments: [8_000.0, 22_050, 44_100, 48_000, 96_000,
                                                                             22_254.545_454_545_45, 1, 705_600])
    func extendedFloat(_ rate: Double) throws {
        let bytes = ExtendedFloat.encode(rate)
        #expect(bytes.count == 10)
        #expect(ExtendedFloat.decode(bytes) == rate)
    }

    @Test("44.1 kHz is 400E AC44 0000 0000 0000 in AIFF (Apple's AIFF 1.3 example value)")
    func extendedFloatBytes() {
        #expect(ExtendedFloat.encode(44_100) == [0x40, 0x0E, 0xAC, 0x44, 0, 0, 0, 0, 0, 0])
        #expect(ExtendedFloat.decode([0x7F, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0]) == nil, "infinity is refused")
    }

    @Test("CAF variable-length integers round-trip and refuse more than 32 bits")
    func varints() throws {
        for value: UInt32 in [0, 1, 127, 128, 16_383, 16_384, 0x0FFF_FFFF, 0x1000_0000, .max] {
            var bytes: [UInt8] = []
            CAFPacketTable.appendVarint(value, to: &bytes)
            var cursor = ChunkReader(AudioFileData(copying: bytes), from: 0, to: bytes.count, format: "CAF", path: "pakt",
                                     endianness: .big)
            #expect(try CAFPacketTable.readVarint(&cursor, what: "value") == value)
            #expect(cursor.isAtEnd)
        }
        let tooLong: [UInt8] = [0x90, 0x80, 0x80, 0x80, 0x00]
        var cursor = ChunkReader(AudioFileData(copying: tooLong), from: 0, to: 5, format: "CAF", path: "pakt", endianness: .big)
        #expect(throws: AudioFileError.self) { try CAFPacketTable.readVarint(&cursor, what: "value") }
    }

    @Test("finding sync bytes: offsets are absolute, ranges are clamped")
    func firstIndex() {
        let data = AudioFileData(copying: [0, 0xFF, 0, 0, 0xFF, 0]).reader
        #expect(data.firstIndex(of: 0xFF, in: 0..<6) == 1)
        #expect(data.firstIndex(of: 0xFF, in: 2..<6) == 4)
        #expect(data.firstIndex(of: 0xFF, in: 2..<4) == nil)
        #expect(data.firstIndex(of: 0xFF, in: 5..<100) == nil)
        #expect(data.firstIndex(of: 0xFF, in: -3..<2) == 1)
    }

    static func regression(_ name: String) throws -> AudioFileData {
        AudioFileData(copying: Array(try Data(contentsOf: CorpusReplayTests.corpus
            .appendingPathComponent("regressions").appendingPathComponent(name))))
    }

    @Test("free-format MP3 frames are measured from the distance between headers")
    func freeFormat() throws {
        let contents = try MP3Reader.parse(try Self.regression("mp3-free-format-600-byte-frames.bin"))
        let table = try contents.packets.makeTable(format: "MP3")
        #expect(table.count == 6)
        #expect((0..<table.count).allSatisfy { table.size(at: $0) == 600 && table.offset(at: $0) == UInt64($0 * 600) })
    }

    @Test("WAVE chunks out of order and an odd chunk without its pad byte are read")
    func waveOddities() throws {
        let early = try WAVEReader.parse(try Self.regression("wav-data-before-fmt.bin"))
        #expect(early.totalFrames == 4)
        let unpadded = try WAVEReader.parse(try Self.regression("wav-odd-list-without-pad-byte.bin"))
        #expect(unpadded.totalFrames == 2)
        #expect(unpadded.metadata.first?.value == .string("X"))
    }

    @Test("counts that would allocate without bound are refused before allocating", arguments: [
        "caf-pakt-claims-2^62-packets.bin", "caf-chan-claims-4G-descriptions.bin", "wav-fmt-size-past-end.bin",
        "aiff-ssnd-offset-past-chunk.bin",
    ])
    func hugeCounts(_ name: String) throws {
        let data = try Self.regression(name)
        let format = try #require(AudioFileOpener.format(of: data))
        do {
            let contents = try AudioFileOpener.parse(data, as: format)
            // A chan chunk that cannot be read only loses the layout.
            #expect(contents.channelLayout == nil && !contents.warnings.isEmpty)
        } catch {
            #expect((error as? AudioFileError)?.kind == .malformed, "\(error)")
        }
    }

    @Test("a VBRI frame is recognized and left out of the packets")
    func vbri() throws {
        // MPEG-1 Layer III mono 128 kbit/s 44.1 kHz frames: 417 bytes.
        let header: [UInt8] = [0xFF, 0xFB, 0x90, 0xC4]
        var info = header + [UInt8](repeating: 0, count: 32) + Array("VBRI".utf8) + [0, 1, 0, 0, 0, 50]
        info += [0, 0, 0x10, 0] + [0, 0, 0, 5]
        info += [UInt8](repeating: 0, count: 417 - info.count)
        let audio = header + [UInt8](repeating: 0, count: 413)
        let contents = try MP3Reader.parse(AudioFileData(copying: info + audio + audio + audio + audio + audio))
        let table = try contents.packets.makeTable(format: "MP3")
        #expect(table.count == 5 && table.offset(at: 0) == 417)
        #expect(contents.warnings.isEmpty)
    }

    @Test("an ADTS frame of several raw data blocks is one packet of 1024 frames per block, with a warning")
    func multipleRawDataBlocks() throws {
        var bytes = try GeneratedAudio.bytes("adts-aac-lc-mono.aac")
        bytes[6] |= 0x01  // number_of_raw_data_blocks_in_frame = 1: two blocks
        let contents = try ADTSReader.parse(AudioFileData(copying: bytes))
        let table = try contents.packets.makeTable(format: "ADTS")
        #expect(table.duration(at: 0) == 2048 && table.duration(at: 1) == 1024)
        #expect(contents.warnings.contains { $0.contains("raw data blocks") })
    }
}
