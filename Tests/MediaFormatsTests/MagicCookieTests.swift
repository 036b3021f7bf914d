import Testing
import MediaFormats

@Suite("The magic-cookie convention and the codec configuration records it is made of")
struct MagicCookieTests {
    @Test("AAC: an ES_Descriptor cookie built for an AudioSpecificConfig parses back to it; a bare one is read as is")
    func esDescriptorCookie() throws {
        let asc: [UInt8] = [0x12, 0x10]
        let cookie = try MagicCookie.esDescriptor(decoderSpecificInfo: asc, bufferSize: 1_000, maxBitRate: 128_000,
                                                  averageBitRate: 128_000)
        #expect(cookie.first == 0x03)
        #expect(try MagicCookie.audioSpecificConfig(fromCookie: cookie) == asc)
        #expect(try MagicCookie.audioSpecificConfig(fromCookie: asc) == asc)
        #expect(throws: MediaFormatError.self) { try MagicCookie.audioSpecificConfig(fromCookie: []) }
        let config = try #require(try ESDescriptor(parsing: cookie).decoderConfig)
        #expect(config.objectTypeIndication == 0x40 && config.streamType == 5 && config.bufferSizeDB == 1_000)
        // An MP3 cookie without decoder-specific info: the layout Apple's and FFmpeg's writers use, 4-byte lengths
        // (tag 3: ES_ID 0, flags 0; tag 4: OTI 0x6B, stream type 5 << 2 | reserved 1, zero sizes; tag 6: predefined 2).
        let mp3 = try MagicCookie.esDescriptor(objectTypeIndication: 0x6B, decoderSpecificInfo: nil)
        let decoderConfig: [UInt8] = [0x04, 0x80, 0x80, 0x80, 13, 0x6B, 0x15] + [UInt8](repeating: 0, count: 11)
        let slConfig: [UInt8] = [0x06, 0x80, 0x80, 0x80, 1, 2]
        #expect(mp3 == [0x03, 0x80, 0x80, 0x80, 3 + 18 + 6, 0, 0, 0] + decoderConfig + slConfig)
    }

    @Test("descriptors: parse(write(x)) == x with minimal lengths, a URL, an unknown descriptor and trailing bytes")
    func descriptorRoundTrip() throws {
        var config = DecoderConfigDescriptor(objectTypeIndication: 0x20, streamType: 4, decoderSpecificInfo: [7, 7, 7])
        config.lengthFieldSize = 1
        config.subdescriptors.append(.other(RawDescriptor(tag: 0x14, payload: [1, 2])))
        var descriptor = ESDescriptor(decoderConfig: config)
        descriptor.lengthFieldSize = 2
        descriptor.url = Array("file".utf8)
        descriptor.ocrESID = 9
        descriptor.trailingBytes = [0xAA]
        #expect(try ESDescriptor(parsing: try descriptor.serialized()) == descriptor)
        #expect(throws: MediaFormatError.self) { try ESDescriptor(parsing: [0x04, 0x01, 0x00]) }  // not tag 3
        #expect(throws: MediaFormatError.self) { try ESDescriptor(parsing: [0x03, 0x80, 0x80, 0x80, 0x80, 0x01]) }
        #expect(throws: MediaFormatError.self) { try ESDescriptor(parsing: [0x03, 0x10, 0x00]) }  // runs past the end
    }

    @Test("ALAC: bare, versioned, FFmpeg's atom and a frma-wrapped atom all yield the 24-byte config; chan is kept")
    func alacCookie() throws {
        let config = ALACSpecificConfig(bitDepth: 24, numberOfChannels: 2, maxFrameBytes: 9_000, avgBitRate: 900_000,
                                        sampleRate: 48_000)
        let bytes = config.bytes
        #expect(bytes.count == 24 && bytes[5] == 24 && bytes[9] == 2)
        #expect(try ALACSpecificConfig(parsing: bytes) == config)
        #expect(MagicCookie.alacSpecificConfig(fromCookie: bytes) == bytes)
        #expect(MagicCookie.alacSpecificConfig(fromCookie: [0, 0, 0, 0] + bytes) == bytes)
        let atom = MagicCookie.alacAtom(config: bytes)
        #expect(atom.count == 36 && atom[4..<8].elementsEqual("alac".utf8) && MagicCookie.alacSpecificConfig(fromCookie: atom) == bytes)
        let frma: [UInt8] = [0, 0, 0, 12] + Array("frma".utf8) + Array("alac".utf8)
        let chan: [UInt8] = [0, 0, 0, 24] + Array("chan".utf8) + [0, 0, 0, 0] + [0, 0x65, 0, 2] + [UInt8](repeating: 0, count: 8)
        let wrapped = frma + atom + chan + [0, 0, 0, 8, 0, 0, 0, 0]
        #expect(MagicCookie.alacSpecificConfig(fromCookie: wrapped) == bytes)
        #expect(MagicCookie.alacCookie(fromCookie: wrapped) == bytes + chan)
        #expect(MagicCookie.alacCookie(fromCookie: bytes + chan) == bytes + chan)
        #expect(MagicCookie.alacSpecificConfig(fromCookie: [1, 2, 3]) == nil)
    }

    @Test("Opus: OpusHead and dOps convert both ways; default mappings for cookie-less streams")
    func opus() throws {
        let head: [UInt8] = Array("OpusHead".utf8) + [1, 2, 0x38, 0x01, 0x80, 0xBB, 0, 0, 0, 0, 0]
        let dops = try MagicCookie.opusCookie(fromOpusHead: head)
        // dOps (Opus in ISOBMFF §4.3.2): version 0, channels, pre-skip and rate big-endian, gain, family.
        #expect(dops == [0, 2, 0x01, 0x38, 0, 0, 0xBB, 0x80, 0, 0, 0])
        #expect(try MagicCookie.opusHead(fromCookie: dops) == head)
        #expect(try MagicCookie.opusHead(fromCookie: head) == head)
        #expect(MagicCookie.opusPreSkip(dops) == 312 && MagicCookie.opusPreSkip(head) == 312)
        let surround = try #require(MagicCookie.opusCookie(channels: 6, preSkip: 312, inputSampleRate: 48_000))
        #expect(surround[10] == 1 && surround[11] == 4 && surround[12] == 2, "family 1: 4 streams, 2 coupled for 5.1")
        #expect(try MagicCookie.opusCookie(fromOpusHead: try MagicCookie.opusHead(fromCookie: surround)) == surround)
        #expect(MagicCookie.opusCookie(channels: 9, preSkip: 0, inputSampleRate: 48_000) == nil)
        #expect(throws: MediaFormatError.self) { try MagicCookie.opusCookie(fromOpusHead: Array("OpusHeap".utf8) + [1, 2]) }
        var broken = try OpusSpecificConfig(parsing: surround)
        broken.channelMappingTable?.channelMapping.removeLast()
        #expect(throws: MediaFormatError.self) { try broken.serialized() }
    }

    @Test("FLAC: STREAMINFO ↔ the dfLa cookie, with or without its version and flags")
    func flac() throws {
        let info = [UInt8](0..<34)
        let cookie = try MagicCookie.flacCookie(streamInfo: info)
        #expect(cookie.count == 4 + 4 + 34 && cookie[4] == 0x80, "version/flags, then a last STREAMINFO block")
        #expect(try MagicCookie.streamInfo(fromCookie: cookie) == info)
        #expect(try MagicCookie.streamInfo(fromCookie: Array(cookie.dropFirst(4))) == info)
        #expect(try MagicCookie.streamInfo(fromCookie: info) == info)
        #expect(throws: MediaFormatError.self) { try MagicCookie.streamInfo(fromCookie: [0, 0, 0, 0, 0x84, 0, 0, 2, 1, 2]) }
    }

    @Test("dac3 and dec3: parse(write(x)) == x, reserved bits and extension bytes as stored")
    func ac3() throws {
        var ac3 = AC3SpecificConfig(fscod: 1, bsmod: 2, acmod: 7, lfeon: true, bitRateCode: 15)
        ac3.reserved = 0b10101
        var writer = ByteWriter()
        ac3.write(to: &writer)
        #expect(writer.count == 3)
        var reader = ByteReader(writer.bytes)
        #expect(try AC3SpecificConfig(parsing: &reader) == ac3)
        var ec3 = EC3SpecificConfig(dataRate: 640, substreams: [
            .init(fscod: 0, acmod: 7, lfeon: true),
            .init(fscod: 0, asvc: true, bsmod: 1, acmod: 2, lfeon: false, numberOfDependentSubstreams: 1, channelLocation: 0x1FF),
        ])
        ec3.extensionBytes = [0x01, 0x10]
        writer = ByteWriter()
        try ec3.write(to: &writer)
        reader = ByteReader(writer.bytes)
        #expect(try EC3SpecificConfig(parsing: &reader) == ec3)
        #expect(throws: MediaFormatError.self) {
            var none = ByteWriter()
            try EC3SpecificConfig(dataRate: 1, substreams: []).write(to: &none)
        }
    }
}
