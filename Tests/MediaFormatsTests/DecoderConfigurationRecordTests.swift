import Testing
import MediaFormats

@Suite("avcC and hvcC records (ISO/IEC 14496-15 §5.3.3.1, §8.3.3.1): parsed and written once")
struct DecoderConfigurationRecordTests {
    static let high = AVCDecoderConfigurationRecord(
        profileIndication: 100, profileCompatibility: 0, levelIndication: 31, sequenceParameterSets: [[0x67, 0x64, 0x00, 0x1F]],
        pictureParameterSets: [[0x68, 0xEB]],
        highProfileExtension: .init(chromaFormat: 1, bitDepthLumaMinus8: 2, bitDepthChromaMinus8: 2,
                                    sequenceParameterSetExtensions: [[0x6D, 1]]))

    @Test("avcC: parse(write(x)) == x, with and without the High-profile tail, reserved bits as stored")
    func avcRoundTrip() throws {
        var zeros = Self.high
        zeros.reservedBits = [0, 0]
        zeros.nalUnitLengthSize = 2
        let baseline = AVCDecoderConfigurationRecord(profileIndication: 66, profileCompatibility: 0xC0, levelIndication: 30,
                                                     sequenceParameterSets: [[0x67, 1], [0x67, 2]], pictureParameterSets: [[0x68]])
        for record in [Self.high, zeros, baseline] {
            #expect(try AVCDecoderConfigurationRecord(parsing: try record.serialized()) == record)
        }
        // Reserved bits all ones (ISO/IEC 14496-15 §5.3.3.1.1): 0xFF (4-byte lengths), 0xE2 (two SPS).
        #expect(try baseline.serialized().prefix(6) == [1, 66, 0xC0, 30, 0xFF, 0xE2])
        #expect(Self.high.parameterSets == [[0x67, 0x64, 0x00, 0x1F], [0x68, 0xEB], [0x6D, 1]])
    }

    @Test("avcC: a tail is read only for profiles that may carry one and when its four bytes are there")
    func avcTail() throws {
        var main = Self.high
        main.profileIndication = 77
        var bytes = try main.serialized()
        #expect(try AVCDecoderConfigurationRecord(parsing: bytes).highProfileExtension == nil)
        var withoutTail = Self.high
        withoutTail.highProfileExtension = nil
        bytes = try withoutTail.serialized()
        #expect(try AVCDecoderConfigurationRecord(parsing: bytes) == withoutTail)
    }

    @Test("avcC: what a decoder refuses is refused by validateForDecoding, not by parsing; writing checks its fields")
    func avcValidation() throws {
        var version2 = try Self.high.serialized()
        version2[0] = 2
        let parsed = try AVCDecoderConfigurationRecord(parsing: version2)
        #expect(throws: MediaFormatError.self) { try parsed.validateForDecoding() }
        var threeByteLengths = Self.high
        threeByteLengths.nalUnitLengthSize = 3
        #expect(throws: MediaFormatError.self) { try threeByteLengths.validateForDecoding() }
        var empty = Self.high
        empty.pictureParameterSets = [[]]
        #expect(throws: MediaFormatError.self) { try empty.validateForDecoding() }
        try Self.high.validateForDecoding()
        var tooMany = Self.high
        tooMany.sequenceParameterSets = Array(repeating: [0x67], count: 32)
        #expect(throws: MediaFormatError.self) { try tooMany.serialized() }
        #expect(throws: MediaFormatError.self) { try AVCDecoderConfigurationRecord(parsing: [1, 100, 0, 31, 0xFF, 0xE1, 0x00, 0x40, 0x67]) }
    }

    @Test("hvcC: parse(write(x)) == x, reserved bits and array flags as stored")
    func hevcRoundTrip() throws {
        var record = HEVCDecoderConfigurationRecord(
            generalProfileIdc: 2, generalProfileCompatibilityFlags: 0x2000_0000, generalConstraintIndicatorFlags: 0x9000_0000_0000,
            generalLevelIdc: 123, bitDepthLumaMinus8: 2, bitDepthChromaMinus8: 2, arrays: [
                .init(isComplete: true, nalUnitType: 32, nalUnits: [[0x40, 1]]),
                .init(isComplete: true, nalUnitType: 33, nalUnits: [[0x42, 1, 2]]),
                .init(isComplete: false, nalUnitType: 39, nalUnits: [[0x4E, 1], [0x4E, 2]])])
        #expect(try HEVCDecoderConfigurationRecord(parsing: try record.serialized()) == record)
        record.reservedBits = [0, 0, 0, 0, 0]
        record.arrays[0].reservedBit = 1
        record.minSpatialSegmentationIdc = 0xFFF
        record.numberOfTemporalLayers = 3
        record.temporalIdNested = false
        record.nalUnitLengthSize = 2
        let bytes = try record.serialized()
        #expect(bytes.count == 23 + 3 * 3 + 2 * 4 + 9, "header, three array headers, four lengths, nine NAL bytes")
        #expect(try HEVCDecoderConfigurationRecord(parsing: bytes) == record)
        #expect(record.parameterSets == [[0x40, 1], [0x42, 1, 2], [0x4E, 1], [0x4E, 2]])
        try record.validateForDecoding()
        // An array count the remaining bytes cannot hold is refused before anything is allocated.
        #expect(throws: MediaFormatError.self) { try HEVCDecoderConfigurationRecord(parsing: Array(bytes.prefix(22)) + [200]) }
    }
}
