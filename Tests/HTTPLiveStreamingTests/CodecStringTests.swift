import Foundation
import HTTPLiveStreaming
import Testing
import TestSupport

/// Codec strings from hand-made records whose answers ISO/IEC 14496-15 Annex E and RFC 6381 give, and refusal of
/// records that are short, malformed or random.
@Suite("CodecString")
struct CodecStringTests {
    /// An avcC: High profile (100), no constraint flags, level 3.1, one 4-byte SPS and one 2-byte PPS.
    static let avcRecord: [UInt8] = [1, 0x64, 0x00, 0x1F, 0xFF, 0xE1, 0x00, 0x04, 0x67, 0x64, 0x00, 0x1F,
                                     0x01, 0x00, 0x02, 0x68, 0xEB]

    /// An hvcC of Annex E's example `hvc1.1.6.L93.B0`, with one array of one 3-byte VPS.
    static let hevcRecord: [UInt8] = [1, 0x01, 0x60, 0, 0, 0, 0xB0, 0, 0, 0, 0, 0, 93,
                                      0xF0, 0x00, 0xFC, 0xFD, 0xF8, 0xF8, 0, 0, 0x0F,
                                      1, 0xA0, 0x00, 0x01, 0x00, 0x03, 0x40, 0x01, 0x0C]

    @Test("avc1.PPCCLL: profile, constraint flags and level as two uppercase hex digits each")
    func avc() throws {
        #expect(try CodecString.avc(configurationRecord: Self.avcRecord) == "avc1.64001F")
        #expect(try CodecString.avc(configurationRecord: Self.avcRecord, sampleEntryType: "avc3") == "avc3.64001F")
        var baseline = Self.avcRecord
        baseline[1...3] = [0x42, 0xC0, 0x0A]  // Constrained Baseline, level 1
        #expect(try CodecString.avc(configurationRecord: baseline) == "avc1.42C00A")
        #expect((#expect(throws: HLSError.self) {
            try CodecString.avc(configurationRecord: Self.avcRecord, sampleEntryType: "hvc1")
        })?.code == .unsupportedCodec)
    }

    @Test("hvc1: profile space and idc, reversed compatibility flags, tier and level, constraint bytes")
    func hevc() throws {
        #expect(try CodecString.hevc(configurationRecord: Self.hevcRecord) == "hvc1.1.6.L93.B0")
        var other = Self.hevcRecord
        other[1] = 0b01_1_00100                  // profile space 1 ("A"), high tier, profile 4
        other[2...5] = [0x08, 0, 0, 0]           // compatibility flag 4 → reversed 0x10
        other[6...11] = [0x90, 0x00, 0x08, 0, 0, 0]  // a zero byte inside is kept, trailing ones are not
        other[12] = 120
        #expect(try CodecString.hevc(configurationRecord: other, sampleEntryType: "hev1") == "hev1.A4.10.H120.90.0.8")
        other[2...5] = [0, 0, 0, 0]
        other[6...11] = [0, 0, 0, 0, 0, 0]
        #expect(try CodecString.hevc(configurationRecord: other) == "hvc1.A4.0.H120")
        other[2...5] = [0xFF, 0xFF, 0xFF, 0xFF]
        other[6...11] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]
        #expect(try CodecString.hevc(configurationRecord: other) == "hvc1.A4.FFFFFFFF.H120.FF.FF.FF.FF.FF.1")
    }

    /// Fields of an AudioSpecificConfig as (bit count, value), packed most significant bit first.
    private static func audioSpecificConfig(_ fields: [(bits: Int, value: UInt32)]) -> [UInt8] {
        var bits: [UInt8] = []
        for field in fields {
            for shift in stride(from: field.bits - 1, through: 0, by: -1) {
                bits.append(UInt8(field.value >> shift & 1))
            }
        }
        while bits.count % 8 != 0 { bits.append(0) }
        return stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(0) { $0 << 1 | $1 }
        }
    }

    @Test("mp4a.40.N: the audio object type, with the escape for 32 to 95")
    func mpeg4Audio() throws {
        #expect(try CodecString.mpeg4Audio(audioSpecificConfig: [0x12, 0x10]) == "mp4a.40.2")  // LC, 44.1 kHz, stereo
        let cases: [([(bits: Int, value: UInt32)], String)] = [
            // HE-AAC, explicit: SBR, 24 kHz core, stereo, 48 kHz extension, AAC LC core, its GASpecificConfig.
            ([(5, 5), (4, 6), (4, 2), (4, 3), (5, 2), (3, 0)], "mp4a.40.5"),
            ([(5, 29), (4, 6), (4, 1), (4, 3), (5, 2), (3, 0)], "mp4a.40.29"),  // HE-AAC v2, explicit
            // HE-AAC, backward-compatible: an AAC LC config, then the sync extension 0x2B7 naming SBR at 48 kHz.
            ([(5, 2), (4, 6), (4, 2), (3, 0), (11, 0x2B7), (5, 5), (1, 1), (4, 3)], "mp4a.40.5"),
            ([(5, 31), (6, 10), (4, 3), (4, 2)], "mp4a.40.42"),        // USAC: 32 + 10
            ([(5, 31), (6, 63), (4, 3), (4, 2)], "mp4a.40.95"),
            ([(5, 2), (4, 15), (24, 44_100), (4, 2)], "mp4a.40.2"),    // an explicit sampling frequency
        ]
        for (fields, expected) in cases {
            #expect(try CodecString.mpeg4Audio(audioSpecificConfig: Self.audioSpecificConfig(fields)) == expected)
        }
        let malformed: [[UInt8]] = [
            [], [0x12],                                            // ends before the channel configuration
            Self.audioSpecificConfig([(5, 0), (4, 3), (4, 2)]),    // the null object type
            Self.audioSpecificConfig([(5, 2), (4, 13), (4, 2)]),   // a reserved frequency index
            Self.audioSpecificConfig([(5, 31), (6, 10)]),          // escape, then nothing
            Self.audioSpecificConfig([(5, 2), (4, 15), (8, 1)]),   // explicit frequency cut short
        ]
        for config in malformed {
            #expect((#expect(throws: HLSError.self) {
                try CodecString.mpeg4Audio(audioSpecificConfig: config)
            })?.code == .malformedRecord)
        }
    }

    /// A four-character code from its text.
    private static func code(_ text: String) -> UInt32 { text.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

    @Test("fixed audio strings by four-character code, sample entry or Core Audio spelling",
          arguments: [("ac-3", "ac-3"), ("ec-3", "ec-3"), ("alac", "alac"), ("fLaC", "fLaC"), ("flac", "fLaC"),
                      ("Opus", "Opus"), ("opus", "Opus")])
    func fixedAudio(_ code: String, _ expected: String) throws {
        #expect(try CodecString.audio(fourCharacterCode: Self.code(code)) == expected)
    }

    @Test("MPEG-4 audio and unknown codes have no fixed string")
    func noFixedString() throws {
        for code in ["mp4a", "aac ", "zzzz"] {
            #expect((#expect(throws: HLSError.self) {
                try CodecString.audio(fourCharacterCode: Self.code(code))
            })?.code == .unsupportedCodec)
        }
        let error = #expect(throws: HLSError.self) { try CodecString.audio(fourCharacterCode: 0x0001_6162) }
        #expect(error?.message.contains(#"\x00\x01ab"#) == true)
    }

    @Test("every truncation of a record is refused, and so is a wrong version or a 3-byte length size")
    func malformedRecords() throws {
        for length in 0..<Self.avcRecord.count {
            #expect((#expect(throws: HLSError.self) {
                try CodecString.avc(configurationRecord: Array(Self.avcRecord.prefix(length)))
            })?.code == .malformedRecord)
        }
        for length in 0..<Self.hevcRecord.count {
            #expect((#expect(throws: HLSError.self) {
                try CodecString.hevc(configurationRecord: Array(Self.hevcRecord.prefix(length)))
            })?.code == .malformedRecord)
        }
        var avc = Self.avcRecord
        avc[0] = 0
        #expect((#expect(throws: HLSError.self) {
            try CodecString.avc(configurationRecord: avc)
        })?.field == "avcC byte 0")
        avc = Self.avcRecord
        avc[4] = 0xFE
        #expect((#expect(throws: HLSError.self) {
            try CodecString.avc(configurationRecord: avc)
        })?.field == "avcC byte 4")
        var hevc = Self.hevcRecord
        hevc[21] = 0x0E
        #expect((#expect(throws: HLSError.self) {
            try CodecString.hevc(configurationRecord: hevc)
        })?.field == "hvcC byte 21")
        hevc = Self.hevcRecord
        hevc[27] = 0xFF  // the VPS claims 255 bytes
        #expect((#expect(throws: HLSError.self) {
            try CodecString.hevc(configurationRecord: hevc)
        })?.code == .malformedRecord)
    }

    @Test("property: random and mutated bytes give a string or an error, never a crash (seed printed; LAVF_SEED)")
    func hostileBytes() {
        let seed = ProcessInfo.processInfo.environment["LAVF_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 1...UInt64.max)
        print("CodecStringTests.hostileBytes seed \(seed) (re-run with LAVF_SEED=\(seed))")
        var generator = SplitMix64(seed: seed)
        for _ in 0..<3000 {
            var bytes: [UInt8]
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                bytes = (0..<Int.random(in: 0...48, using: &generator)).map { _ in
                    UInt8.random(in: 0...255, using: &generator)
                }
            case 1: bytes = Self.avcRecord
            default: bytes = Self.hevcRecord
            }
            for _ in 0..<Int.random(in: 0...4, using: &generator) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            // Each either answers or throws the module's error; a trap would end the test process.
            _ = try? CodecString.avc(configurationRecord: bytes)
            _ = try? CodecString.hevc(configurationRecord: bytes)
            _ = try? CodecString.mpeg4Audio(audioSpecificConfig: bytes)
        }
        // The unmutated records still answer, so the loop above exercised the success paths too.
        #expect((try? CodecString.hevc(configurationRecord: Self.hevcRecord)) == "hvc1.1.6.L93.B0")
    }
}
