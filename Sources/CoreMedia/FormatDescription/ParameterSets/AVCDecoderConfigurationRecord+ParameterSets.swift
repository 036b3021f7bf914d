import MediaFormats

extension AVCDecoderConfigurationRecord {
    /// The record `CMVideoFormatDescriptionCreateFromH264ParameterSets` builds from SPS (7), PPS (8) and SPS
    /// extension (13) NAL units, in the order given within each kind: profile, compatibility and level from the
    /// first SPS, and the chroma/bit-depth tail for the profiles the first edition of ISO/IEC 14496-15
    /// (§5.3.3.1.2) lists (100, 110, 122, 144), as Apple's writer does.
    init(parameterSets: [[UInt8]], nalUnitLength: Int) throws {
        guard [1, 2, 4].contains(nalUnitLength) else {
            throw ParameterSetError("the NAL unit length size must be 1, 2 or 4, not \(nalUnitLength)")
        }
        var sps: [[UInt8]] = [], pps: [[UInt8]] = [], extensions: [[UInt8]] = []
        for nal in parameterSets {
            guard let header = nal.first else { throw ParameterSetError("an H.264 parameter set is empty") }
            guard nal.count <= 0xFFFF else { throw ParameterSetError("an H.264 parameter set exceeds 65535 bytes") }
            switch header & 0x1F {
            case 7: sps.append(nal)
            case 8: pps.append(nal)
            case 13: extensions.append(nal)
            default: throw ParameterSetError("NAL unit type \(header & 0x1F) is not an H.264 parameter set")
            }
        }
        guard let first = sps.first, !pps.isEmpty else {
            throw ParameterSetError("at least one SPS and one PPS are needed")
        }
        guard sps.count <= 31, pps.count <= 255, extensions.count <= 255 else {
            throw ParameterSetError("too many parameter sets for an avcC record")
        }
        let parsed = try H264SequenceParameterSet(nalUnit: first)
        var tail: HighProfileExtension?
        if [100, 110, 122, 144].contains(parsed.profileIDC) {
            tail = HighProfileExtension(chromaFormat: UInt8(parsed.chromaFormatIDC),
                                        bitDepthLumaMinus8: UInt8(parsed.bitDepthLumaMinus8),
                                        bitDepthChromaMinus8: UInt8(parsed.bitDepthChromaMinus8),
                                        sequenceParameterSetExtensions: extensions)
        }
        self.init(profileIndication: parsed.profileIDC, profileCompatibility: parsed.constraintFlags,
                  levelIndication: parsed.levelIDC, nalUnitLengthSize: nalUnitLength, sequenceParameterSets: sps,
                  pictureParameterSets: pps, highProfileExtension: tail)
    }
}
