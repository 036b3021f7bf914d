import Foundation
import Testing
import FFmpegBridge

@Suite("Bitstream helpers")
struct BitstreamTests {
    @Test("AudioSpecificConfig: LC, HE-AAC and HE-AAC v2 (explicit and backward-compatible signalling), PCE")
    func audioSpecificConfig() throws {
        // AAC LC 44.1 kHz stereo: 0x12 0x10 (ISO/IEC 14496-3 example; also FFmpeg's aac encoder output).
        let lc = try FFAudioSpecificConfig(parsing: [0x12, 0x10])
        #expect(lc.objectType == 2 && lc.sampleRate == 44_100 && lc.channelCount == 2 && !lc.hasSBR && lc.samplesPerFrame == 1024)
        #expect(lc.bytes == [0x12, 0x10])
        // HE-AAC explicit hierarchical: AOT 5, 24 kHz core → 48 kHz, stereo, core AOT 2 (0x2B 0x11 0x88 0x00).
        let he = try FFAudioSpecificConfig(parsing: [0x2B, 0x11, 0x88, 0x00])
        #expect(he.hasSBR && !he.hasPS && he.objectType == 2 && he.sampleRate == 24_000 && he.outputSampleRate == 48_000)
        #expect(he.samplesPerFrame == 2048)
        // HE-AAC v2: AOT 29, 24 kHz core, mono (0xEB 0x09 0x88 0x00).
        let v2 = try FFAudioSpecificConfig(parsing: [0xEB, 0x09, 0x88, 0x00])
        #expect(v2.hasSBR && v2.hasPS && v2.channelCount == 1 && v2.outputSampleRate == 48_000)
        // Backward-compatible: LC 24 kHz stereo followed by sync extension 0x2B7, SBR present, 48 kHz (0x13 0x10 0x56 0xE5 0x98).
        let compatible = try FFAudioSpecificConfig(parsing: [0x13, 0x10, 0x56, 0xE5, 0x98])
        #expect(compatible.objectType == 2 && compatible.hasSBR && compatible.outputSampleRate == 48_000)
        // Explicit frequency (escape index 15) and 960-sample frames round trip through the writer.
        var odd = FFAudioSpecificConfig(sampleRate: 37_800, channelConfiguration: 1, usesShortFrames: true)
        odd.objectType = 2
        let reparsed = try FFAudioSpecificConfig(parsing: odd.bytes)
        #expect(reparsed.sampleRate == 37_800 && reparsed.usesShortFrames && reparsed.samplesPerFrame == 960)
        // channelConfiguration 0 with a program config element: 1 front CPE + 1 front SCE + 1 LFE = 4 channels.
        var w: [UInt8] = []
        var bits: [Int] = []
        func put(_ value: Int, _ count: Int) { for i in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> i) & 1) } }
        put(2, 5); put(3, 4); put(0, 4)                       // AOT LC, 48 kHz, channelConfiguration 0
        put(0, 1); put(0, 1); put(0, 1)                       // GASpecificConfig flags
        put(0, 4); put(1, 2); put(3, 4)                       // PCE: tag, object type, frequency index
        put(2, 4); put(0, 4); put(0, 4); put(1, 2); put(0, 3); put(0, 4)  // 2 front, 0 side, 0 back, 1 LFE, 0 assoc, 0 cc
        put(0, 1); put(0, 1); put(0, 1)                       // no mixdowns
        put(1, 1); put(0, 4); put(0, 1); put(1, 4)            // front: CPE tag 0, SCE tag 1
        put(0, 4)                                             // LFE tag 0
        while bits.count % 8 != 0 { bits.append(0) }
        for i in stride(from: 0, to: bits.count, by: 8) { w.append(UInt8(bits[i..<(i + 8)].reduce(0) { $0 << 1 | $1 })) }
        let pce = try FFAudioSpecificConfig(parsing: w)
        #expect(pce.channelConfiguration == 0 && pce.channelCount == 4)
        #expect(throws: FFError.self) { try FFAudioSpecificConfig(parsing: [0x12]) }
        #expect(throws: FFError.self) { try FFAudioSpecificConfig(parsing: [0x16, 0x90]) }   // reserved index 13
    }

    @Test("ADTS header: parse and write, refusals for what ADTS cannot carry")
    func adts() throws {
        let config = FFAudioSpecificConfig(sampleRate: 48_000, channelConfiguration: 2)
        let header = try FFADTSHeader(config: config, payloadLength: 371)
        // FF F1: sync, MPEG-4, layer 0, no CRC; 0x4C: LC, 48 kHz index 3; channel 2; length 378.
        #expect(header.bytes == [0xFF, 0xF1, 0x4C, 0x80, 0x2F, 0x5F, 0xFC])
        let parsed = try FFADTSHeader(parsing: header.bytes)
        #expect(parsed.frameLength == 378 && parsed.headerLength == 7 && parsed.audioSpecificConfig == config)
        #expect(throws: FFError.self) { try FFADTSHeader(parsing: [0xFF, 0xF1, 0x4C]) }
        #expect(throws: FFError.self) { try FFADTSHeader(parsing: [0xFF, 0x00, 0, 0, 0, 0, 0]) }
        var he = config
        he.objectType = 5
        #expect(throws: FFError.self) { try FFADTSHeader(config: he, payloadLength: 10) }
        #expect(throws: FFError.self) { try FFADTSHeader(config: config, payloadLength: 9000) }
        #expect(throws: FFError.self) { try FFADTSHeader(config: FFAudioSpecificConfig(sampleRate: 37_800, channelConfiguration: 2), payloadLength: 10) }
    }

    @Test("ALAC cookie: bare, versioned, FFmpeg's atom and a frma-wrapped atom all yield the 24-byte config")
    func alacCookie() {
        let config: [UInt8] = (0..<24).map { UInt8($0 + 1) }
        #expect(FFALACMagicCookie.config(from: config) == config)
        #expect(FFALACMagicCookie.config(from: [0, 0, 0, 0] + config) == config)
        let atom = FFALACMagicCookie.ffmpegExtradata(fromConfig: config)
        #expect(atom.count == 36 && FFALACMagicCookie.config(from: atom) == config)
        let frma: [UInt8] = [0, 0, 0, 12] + Array("frma".utf8) + Array("alac".utf8)
        #expect(FFALACMagicCookie.config(from: frma + atom + [0, 0, 0, 8, 0, 0, 0, 0]) == config)
        #expect(FFALACMagicCookie.config(from: [1, 2, 3]) == nil)
    }
}
