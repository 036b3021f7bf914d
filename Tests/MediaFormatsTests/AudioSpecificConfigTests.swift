import Testing
import MediaFormats

/// Bits packed most significant first, as AudioSpecificConfig is written.
func packedBits(_ fields: [(Int, Int)]) -> [UInt8] {
    var writer = BitWriter()
    for (value, count) in fields { writer.writeBits(value, count: count) }
    return writer.bytes
}

@Suite("AudioSpecificConfig (ISO/IEC 14496-3 §1.6.2.1): one parser, one writer, one rate table")
struct AudioSpecificConfigTests {
    /// 1 front CPE + 1 front SCE + 1 LFE (4 channels): tag, object type, frequency index 3, 2 front, 0 side,
    /// 0 back, 1 LFE, 0 assoc, 0 cc, no mixdowns, CPE tag 0, SCE tag 1, LFE tag 0.
    static let pceFields: [(Int, Int)] = [(0, 4), (1, 2), (3, 4), (2, 4), (0, 4), (0, 4), (1, 2), (0, 3), (0, 4),
                                          (0, 1), (0, 1), (0, 1), (1, 1), (0, 4), (0, 1), (1, 4), (0, 4)]

    @Test("LC, HE-AAC and HE-AAC v2, explicit and backward-compatible signalling")
    func profiles() throws {
        // AAC LC 44.1 kHz stereo: 0x12 0x10 (ISO/IEC 14496-3 example; also FFmpeg's aac encoder output).
        let lc = try AudioSpecificConfig(parsing: [0x12, 0x10])
        #expect(lc.objectType == 2 && lc.sampleRate == 44_100 && lc.channelCount == 2 && !lc.hasSBR && lc.samplesPerFrame == 1024)
        #expect(try lc.serialized() == [0x12, 0x10])
        // HE-AAC explicit hierarchical: AOT 5, 24 kHz core → 48 kHz, stereo, core AOT 2 (0x2B 0x11 0x88 0x00).
        let he = try AudioSpecificConfig(parsing: [0x2B, 0x11, 0x88, 0x00])
        #expect(he.hasSBR && !he.hasPS && he.objectType == 2 && he.sampleRate == 24_000 && he.outputSampleRate == 48_000)
        #expect(he.samplesPerFrame == 2048)
        // HE-AAC v2: AOT 29, 24 kHz core, mono (0xEB 0x09 0x88 0x00).
        let v2 = try AudioSpecificConfig(parsing: [0xEB, 0x09, 0x88, 0x00])
        #expect(v2.hasSBR && v2.hasPS && v2.channelCount == 1 && v2.outputSampleRate == 48_000)
        // Backward-compatible: LC 24 kHz stereo followed by sync extension 0x2B7, SBR present, 48 kHz
        // (0x13 0x10 0x56 0xE5 0x98).
        let compatible = try AudioSpecificConfig(parsing: [0x13, 0x10, 0x56, 0xE5, 0x98])
        #expect(compatible.objectType == 2 && compatible.hasSBR && compatible.outputSampleRate == 48_000)
        // HE-AAC v2 backward-compatibly: AOT 2, 24 kHz, mono, GASpecificConfig, then 0x2B7 + AOT 5 + SBR 1 + 48 kHz,
        // then 0x548 + PS 1.
        let v2Compatible = try AudioSpecificConfig(parsing: packedBits([(2, 5), (6, 4), (1, 4), (0, 3), (0x2B7, 11), (5, 5),
                                                                        (1, 1), (3, 4), (0x548, 11), (1, 1)]))
        #expect(v2Compatible.objectType == 2 && v2Compatible.hasSBR && v2Compatible.hasPS
                && v2Compatible.extensionSampleRate == 48_000)
    }

    @Test("channel configurations, 960-sample frames, escaped rates and object types, a program config element")
    func variants() throws {
        #expect(try AudioSpecificConfig(parsing: packedBits([(2, 5), (4, 4), (6, 4), (0, 3)])).channelCount == 6)
        #expect(try AudioSpecificConfig(parsing: packedBits([(2, 5), (4, 4), (7, 4), (0, 3)])).channelCount == 8)
        #expect(try AudioSpecificConfig(parsing: packedBits([(2, 5), (4, 4), (2, 4), (1, 1), (0, 2)])).usesShortFrames)
        #expect(try AudioSpecificConfig(parsing: packedBits([(2, 5), (15, 4), (96_000, 24), (2, 4), (0, 3)])).sampleRate == 96_000)
        // Escaped object type 31 + 6 bits: 32 + 10 = 42 (USAC).
        #expect(try AudioSpecificConfig(parsing: packedBits([(31, 5), (10, 6), (3, 4), (2, 4)])).objectType == 42)
        // ER AAC ELD (39): frameLengthFlag is the first bit of ELDSpecificConfig.
        #expect(try AudioSpecificConfig(parsing: packedBits([(31, 5), (7, 6), (3, 4), (1, 4), (1, 1)])).usesShortFrames)
        let pce = try AudioSpecificConfig(parsing: packedBits([(2, 5), (3, 4), (0, 4), (0, 3)] + Self.pceFields + [(0, 8)]))
        #expect(pce.channelConfiguration == 0 && pce.channelCount == 4 && pce.programConfigElement?.channels == 4)
        #expect(throws: MediaFormatError.self) { try AudioSpecificConfig(parsing: [0x12]) }
        #expect(throws: MediaFormatError.self) { try AudioSpecificConfig(parsing: [0x16, 0x90]) }   // reserved index 13
        #expect(throws: MediaFormatError.self) { try AudioSpecificConfig(parsing: [0xFF]) }
        #expect(throws: MediaFormatError.self) { try AudioSpecificConfig(parsing: packedBits([(2, 5), (15, 4), (0, 24), (2, 4)])) }
    }

    @Test("parse(write(x)) == x: escaped rate, 960 frames, SBR and PS, a program config element with a comment")
    func roundTrips() throws {
        var odd = AudioSpecificConfig(sampleRate: 37_800, channelConfiguration: 1, usesShortFrames: true)
        #expect(try odd.serialized().count == 5, "explicit 24-bit frequency")
        var he = AudioSpecificConfig(objectType: 2, sampleRate: 24_000, channelConfiguration: 1)
        he.hasSBR = true
        he.hasPS = true
        he.extensionSampleRate = 48_000
        var bits = BitReader(packedBits(Self.pceFields + [(3, 8), (0x41, 8), (0x42, 8), (0x43, 8)]))
        let element = try ProgramConfigElement(parsing: &bits)
        #expect(element.comment == Array("ABC".utf8) && element.channels == 4)
        let withPCE = AudioSpecificConfig(sampleRate: 48_000, channelConfiguration: 0, programConfigElement: element)
        odd.objectType = 4
        for config in [odd, he, withPCE, AudioSpecificConfig(objectType: 42, sampleRate: 44_100, channelConfiguration: 2)] {
            #expect(try AudioSpecificConfig(parsing: try config.serialized()) == config)
        }
        #expect(throws: MediaFormatError.self) { try AudioSpecificConfig(objectType: 31, sampleRate: 48_000, channelConfiguration: 2).serialized() }
        #expect(throws: MediaFormatError.self) { try AudioSpecificConfig(sampleRate: 1 << 24, channelConfiguration: 2).serialized() }
    }

    @Test("the sampling frequency table is ISO/IEC 14496-3 Table 1.18")
    func table() {
        #expect(AudioSpecificConfig.samplingFrequencies.count == 13)
        #expect(AudioSpecificConfig.samplingFrequencyIndex(of: 44_100) == 4)
        #expect(AudioSpecificConfig.samplingFrequencyIndex(of: 7_350) == 12)
        #expect(AudioSpecificConfig.samplingFrequencyIndex(of: 37_800) == nil)
        #expect(AudioSpecificConfig.channels(ofConfiguration: 13) == 24 && AudioSpecificConfig.channels(ofConfiguration: 8) == nil)
    }
}

@Suite("ADTS and MPEG audio frame headers")
struct FrameHeaderTests {
    @Test("ADTS header: parse and write, refusals for what ADTS cannot carry")
    func adts() throws {
        let config = AudioSpecificConfig(sampleRate: 48_000, channelConfiguration: 2)
        let header = try ADTSHeader(config: config, payloadLength: 371)
        // FF F1: sync, MPEG-4, layer 0, no CRC; 0x4C: LC, 48 kHz index 3; channel 2; length 378.
        #expect(header.bytes == [0xFF, 0xF1, 0x4C, 0x80, 0x2F, 0x5F, 0xFC])
        let parsed = try ADTSHeader(parsing: header.bytes)
        #expect(parsed == header)
        #expect(parsed.frameLength == 378 && parsed.headerLength == 7 && parsed.audioSpecificConfig() == config)
        #expect(throws: MediaFormatError.self) { try ADTSHeader(parsing: [0xFF, 0xF1, 0x4C]) }
        #expect(throws: MediaFormatError.self) { try ADTSHeader(parsing: [0xFF, 0x00, 0, 0, 0, 0, 0]) }
        var he = config
        he.objectType = 5
        #expect(throws: MediaFormatError.self) { try ADTSHeader(config: he, payloadLength: 10) }
        #expect(throws: MediaFormatError.self) { try ADTSHeader(config: config, payloadLength: 9000) }
        #expect(throws: MediaFormatError.self) {
            try ADTSHeader(config: AudioSpecificConfig(sampleRate: 37_800, channelConfiguration: 2), payloadLength: 10)
        }
    }

    @Test("ADTS: CRC and several raw data blocks lengthen the header; compatibility ignores CRC and private bits")
    func adtsFields() throws {
        // MPEG-2, protection present, Main, 44.1 kHz, private bit, 5.1, original, 2 raw data blocks, fullness 0x123.
        var header = try ADTSHeader(config: AudioSpecificConfig(objectType: 1, sampleRate: 44_100, channelConfiguration: 6),
                                    payloadLength: 100)
        header.isMPEG2 = true
        header.hasCRC = true
        header.privateBit = true
        header.isOriginal = true
        header.bufferFullness = 0x123
        header.rawDataBlockCount = 2
        let parsed = try ADTSHeader(parsing: header.bytes)
        #expect(parsed == header && parsed.headerLength == 11 && parsed.objectType == 1 && parsed.sampleRate == 44_100)
        var other = parsed
        other.hasCRC = false
        other.privateBit = false
        other.frameLength = 500
        #expect(parsed.isCompatible(with: other))
        other.channelConfiguration = 2
        #expect(!parsed.isCompatible(with: other))
        // A frame length that cannot hold the header and one byte is not a header.
        #expect(ADTSHeader(raw: 0xFFF1_4C80_00FF_FC) == nil)
    }

    @Test("MPEG audio frame sizes for each layer and version (ISO/IEC 11172-3 §2.4.2.3, 13818-3)")
    func mpegFrameSizes() throws {
        // Layer I, MPEG-1, 384 kbit/s, 44.1 kHz: (12 × 384000 / 44100) slots of 4 bytes = 416.
        let layer1 = try #require(MPEGAudioFrameHeader(0xFFFF_C000))
        #expect(layer1.layer == 1 && layer1.frameSize == 416 && layer1.samplesPerFrame == 384)
        // Layer II, MPEG-1, 128 kbit/s, 48 kHz: 144 × 128000 / 48000 = 384.
        let layer2 = try #require(MPEGAudioFrameHeader(0xFFFD_8400))
        #expect(layer2.layer == 2 && layer2.frameSize == 384 && layer2.samplesPerFrame == 1152)
        // Layer III, MPEG-2.5, 8 kbit/s, 8 kHz, padded: 72 × 8000 / 8000 + 1 = 73, 576 samples.
        let layer3 = try #require(MPEGAudioFrameHeader(0xFFE3_1A00))
        #expect(layer3.version == .mpeg25 && layer3.sampleRate == 8_000 && layer3.frameSize == 73)
        #expect(layer3.samplesPerFrame == 576)
        // Reserved version, layer, bit rate and sample rate indices are not headers.
        for raw: UInt32 in [0xFFEB_9000, 0xFFF9_9000, 0xFFFB_F000, 0xFFFB_9C00] { #expect(MPEGAudioFrameHeader(raw) == nil) }
        // MPEG-1 Layer III mono 128 kbit/s 44.1 kHz, from bytes: 417 bytes, Xing header after 17 bytes of side info.
        let mono = try #require(MPEGAudioFrameHeader(bytes: [0xFF, 0xFB, 0x90, 0xC4]))
        #expect(mono.channels == 1 && mono.frameSize == 417 && mono.xingOffset == 21)
        #expect(MPEGAudioFrameHeader(bytes: [0xFF, 0xFB, 0x90]) == nil)
    }
}
