/// H.264 / HEVC parameter sets split out of a stream (for avcC / hvcC, or
/// `CMVideoFormatDescriptionCreateFromH264ParameterSets`).
package struct FFParameterSets: Hashable, Sendable {
    /// HEVC video parameter sets (empty for H.264).
    package var videoParameterSets: [[UInt8]] = []
    /// Sequence parameter sets (H.264 also SPS extensions, type 13).
    package var sequenceParameterSets: [[UInt8]] = []
    /// Picture parameter sets.
    package var pictureParameterSets: [[UInt8]] = []

    /// All of them in the order a decoder needs them (VPS, SPS, PPS).
    package var all: [[UInt8]] { videoParameterSets + sequenceParameterSets + pictureParameterSets }
}

/// Byte-stream (ITU-T H.264 Annex B / H.265 Annex B) ↔ length-prefixed (ISO/IEC 14496-15) NAL unit framing.
///
/// x264 and x265 emit Annex B (start codes); MP4 stores each NAL unit behind a big-endian length field and the
/// parameter sets in the sample entry. These conversions are single passes over the bytes.
package enum FFAnnexB {
    /// The NAL unit type of a NAL unit's first byte(s): `nal_unit_type` (H.264 §7.3.1: low 5 bits; H.265 §7.3.1.2:
    /// bits 1–6 of the first byte).
    package static func nalUnitType(_ firstByte: UInt8, codec: FFCodec) -> Int {
        codec == .hevc ? Int((firstByte >> 1) & 0x3F) : Int(firstByte & 0x1F)
    }

    /// Whether a NAL unit type is a parameter set (H.264 SPS 7, PPS 8, SPS extension 13; HEVC VPS 32, SPS 33, PPS 34).
    package static func isParameterSet(_ type: Int, codec: FFCodec) -> Bool {
        codec == .hevc ? (32...34).contains(type) : (type == 7 || type == 8 || type == 13)
    }

    /// Whether a NAL unit type is an access unit delimiter (H.264 9, HEVC 35), which MP4 samples should not carry.
    package static func isAccessUnitDelimiter(_ type: Int, codec: FFCodec) -> Bool {
        codec == .hevc ? type == 35 : type == 9
    }

    /// The byte ranges of the NAL units (without start codes or trailing zero bytes) in an Annex B byte stream.
    /// Bytes before the first start code are ignored.
    package static func nalUnits(in bytes: UnsafeRawBufferPointer) -> [Range<Int>] {
        let count = bytes.count
        guard count >= 3, let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return [] }
        var units: [Range<Int>] = []
        var start: Int? = nil
        var i = 0
        // A start code is 00 00 01. Checking the third byte first lets the scan skip ahead by three when it is
        // neither 0 nor 1, which it usually is in coded data.
        while i + 2 < count {
            let third = base[i + 2]
            if third > 1 {
                i += 3
            } else if third == 1 && base[i] == 0 && base[i + 1] == 0 {
                if let s = start { units.append(s..<trimmedEnd(base, s, i)) }
                i += 3
                start = i
            } else {
                i += 1
            }
        }
        if let s = start, s < count { units.append(s..<trimmedEnd(base, s, count)) }
        return units.filter { !$0.isEmpty }
    }

    /// The NAL units of an Annex B stream held in an array.
    package static func nalUnits(in bytes: [UInt8]) -> [Range<Int>] {
        bytes.withUnsafeBytes { nalUnits(in: $0) }
    }

    /// Converts Annex B to length-prefixed NAL units (`lengthSize` 1, 2 or 4 bytes, big-endian), leaving out NAL
    /// units whose type `drop` returns true for (by default parameter sets and access unit delimiters, which MP4
    /// keeps out of samples).
    package static func lengthPrefixed(_ annexB: [UInt8], codec: FFCodec, lengthSize: Int = 4,
                                       drop: ((Int) -> Bool)? = nil) throws(FFError) -> [UInt8] {
        guard lengthSize == 1 || lengthSize == 2 || lengthSize == 4 else {
            throw FFError(.invalidArgument, operation: "FFAnnexB.lengthPrefixed", message: "length size \(lengthSize) is not 1, 2 or 4")
        }
        let shouldDrop = drop ?? { isParameterSet($0, codec: codec) || isAccessUnitDelimiter($0, codec: codec) }
        let limit = lengthSize == 4 ? Int(UInt32.max) : (1 << (8 * lengthSize)) - 1
        let units = nalUnits(in: annexB).filter { !shouldDrop(nalUnitType(annexB[$0.lowerBound], codec: codec)) }
        var output = [UInt8]()
        output.reserveCapacity(units.reduce(0) { $0 + $1.count + lengthSize })
        for unit in units {
            guard unit.count <= limit else {
                throw FFError(.invalidData, operation: "FFAnnexB.lengthPrefixed",
                              message: "a \(unit.count)-byte NAL unit does not fit a \(lengthSize)-byte length")
            }
            for shift in stride(from: 8 * (lengthSize - 1), through: 0, by: -8) {
                output.append(UInt8(truncatingIfNeeded: unit.count >> shift))
            }
            output.append(contentsOf: annexB[unit])
        }
        return output
    }

    /// Converts length-prefixed NAL units to Annex B with 4-byte start codes; throws when a length runs past the end.
    package static func annexB(fromLengthPrefixed bytes: [UInt8], lengthSize: Int = 4) throws(FFError) -> [UInt8] {
        guard lengthSize == 1 || lengthSize == 2 || lengthSize == 4 else {
            throw FFError(.invalidArgument, operation: "FFAnnexB.annexB", message: "length size \(lengthSize) is not 1, 2 or 4")
        }
        var output = [UInt8]()
        output.reserveCapacity(bytes.count + bytes.count / 64)
        var offset = 0
        while offset < bytes.count {
            guard offset + lengthSize <= bytes.count else {
                throw FFError(.invalidData, operation: "FFAnnexB.annexB",
                              message: "a \(lengthSize)-byte length at offset \(offset) runs past the \(bytes.count)-byte sample")
            }
            var length = 0
            for k in 0..<lengthSize { length = length << 8 | Int(bytes[offset + k]) }
            offset += lengthSize
            guard length <= bytes.count - offset else {
                throw FFError(.invalidData, operation: "FFAnnexB.annexB",
                              message: "NAL unit length \(length) at offset \(offset - lengthSize) runs past the \(bytes.count)-byte sample")
            }
            output.append(contentsOf: [0, 0, 0, 1])
            output.append(contentsOf: bytes[offset..<(offset + length)])
            offset += length
        }
        return output
    }

    /// The parameter sets in an Annex B stream (an encoder's extradata or a key frame), in stream order.
    package static func parameterSets(in annexB: [UInt8], codec: FFCodec) -> FFParameterSets {
        var sets = FFParameterSets()
        for unit in nalUnits(in: annexB) {
            let type = nalUnitType(annexB[unit.lowerBound], codec: codec)
            let bytes = Array(annexB[unit])
            switch (codec, type) {
            case (.hevc, 32): sets.videoParameterSets.append(bytes)
            case (.hevc, 33): sets.sequenceParameterSets.append(bytes)
            case (.hevc, 34): sets.pictureParameterSets.append(bytes)
            case (.hevc, _): break
            case (_, 7), (_, 13): sets.sequenceParameterSets.append(bytes)
            case (_, 8): sets.pictureParameterSets.append(bytes)
            default: break
            }
        }
        return sets
    }

    /// Whether an Annex B access unit is a non-reference picture, judged from its first slice's NAL header:
    /// H.264 `nal_ref_idc == 0` (§7.4.1); HEVC a sub-layer non-reference type (TRAIL_N, TSA_N, STSA_N, RADL_N,
    /// RASL_N, RSV_VCL_N10/12/14: even types below 16, §7.4.2.2). `nil` when the packet has no slice.
    package static func isNonReferencePicture(_ annexB: [UInt8], codec: FFCodec) -> Bool? {
        for unit in nalUnits(in: annexB) {
            let header = annexB[unit.lowerBound]
            let type = nalUnitType(header, codec: codec)
            if codec == .hevc {
                guard type < 32 else { continue }
                return type < 16 && type % 2 == 0
            }
            guard (1...5).contains(type) else { continue }
            return (header >> 5) & 0x3 == 0
        }
        return nil
    }

    /// A NAL unit never ends in a zero byte (rbsp_trailing_bits); zeros before a start code are trailing_zero_8bits
    /// or the leading zero of a 4-byte start code.
    private static func trimmedEnd(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start && base[e - 1] == 0 { e -= 1 }
        return e
    }
}
