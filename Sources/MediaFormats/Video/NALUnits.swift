/// NAL unit framing: byte streams (ITU-T H.264 Annex B, H.265 Annex B: start codes) ↔ length-prefixed NAL units
/// (ISO/IEC 14496-15 §5.3.2, as MP4 samples hold them), and the RBSP inside a NAL unit.
///
/// x264 and x265 emit Annex B; MP4 stores each NAL unit behind a big-endian length field and the parameter sets in
/// the sample entry. These conversions are single passes over the bytes.
package enum NALUnits {
    /// The byte ranges of the NAL units (without start codes or trailing zero bytes) in an Annex B byte stream.
    /// Bytes before the first start code are ignored.
    package static func ranges(inAnnexB bytes: UnsafeRawBufferPointer) -> [Range<Int>] {
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
    package static func ranges(inAnnexB bytes: [UInt8]) -> [Range<Int>] {
        bytes.withUnsafeBytes { ranges(inAnnexB: $0) }
    }

    /// A NAL unit never ends in a zero byte (rbsp_trailing_bits); zeros before a start code are trailing_zero_8bits
    /// or the leading zero of a 4-byte start code.
    private static func trimmedEnd(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start && base[e - 1] == 0 { e -= 1 }
        return e
    }

    /// Converts Annex B to length-prefixed NAL units (`lengthSize` 1, 2 or 4 bytes, big-endian), leaving out NAL
    /// units whose type `drop` returns true for (by default parameter sets and access unit delimiters, which MP4
    /// keeps out of samples).
    package static func lengthPrefixed(_ annexB: [UInt8], format: NALUnitFormat, lengthSize: Int = 4,
                                       drop: ((Int) -> Bool)? = nil) throws(MediaFormatError) -> [UInt8] {
        guard lengthSize == 1 || lengthSize == 2 || lengthSize == 4 else {
            throw MediaFormatError(.invalidValue, at: 0, "NAL unit length size \(lengthSize) is not 1, 2 or 4")
        }
        let shouldDrop = drop ?? { format.isParameterSet($0) || format.isAccessUnitDelimiter($0) }
        let limit = lengthSize == 4 ? Int(UInt32.max) : (1 << (8 * lengthSize)) - 1
        let units = ranges(inAnnexB: annexB).filter { !shouldDrop(format.nalUnitType(annexB[$0.lowerBound])) }
        var writer = ByteWriter(capacity: units.reduce(0) { $0 + $1.count + lengthSize })
        for unit in units {
            guard unit.count <= limit else {
                throw MediaFormatError(.unrepresentable, at: Int64(unit.lowerBound),
                                       "a \(unit.count)-byte NAL unit does not fit a \(lengthSize)-byte length")
            }
            writer.writeUInt(UInt64(unit.count), size: lengthSize)
            writer.writeBytes(annexB[unit])
        }
        return writer.bytes
    }

    /// Converts length-prefixed NAL units to Annex B with 4-byte start codes; throws when a length runs past the end.
    package static func annexB(fromLengthPrefixed bytes: [UInt8], lengthSize: Int = 4) throws(MediaFormatError)
        -> [UInt8] {
        guard lengthSize == 1 || lengthSize == 2 || lengthSize == 4 else {
            throw MediaFormatError(.invalidValue, at: 0, "NAL unit length size \(lengthSize) is not 1, 2 or 4")
        }
        var reader = ByteReader(bytes)
        var writer = ByteWriter(capacity: bytes.count + bytes.count / 64)
        while !reader.isAtEnd {
            let start = reader.offset
            let length = Int(try reader.readUInt(size: lengthSize))
            guard length <= reader.readableBytes else {
                throw MediaFormatError(.unexpectedEnd, at: start,
                                       "NAL unit length \(length) runs past the \(bytes.count)-byte sample")
            }
            writer.writeBytes([0, 0, 0, 1])
            writer.writeBytes(try reader.readBytes(count: length))
        }
        return writer.bytes
    }

    /// The parameter sets in an Annex B stream (an encoder's extradata or a key frame), in stream order.
    package static func parameterSets(inAnnexB annexB: [UInt8], format: NALUnitFormat) -> ParameterSets {
        var sets = ParameterSets()
        for unit in ranges(inAnnexB: annexB) {
            let bytes = Array(annexB[unit])
            switch (format, format.nalUnitType(annexB[unit.lowerBound])) {
            case (.hevc, 32): sets.videoParameterSets.append(bytes)
            case (.hevc, 33): sets.sequenceParameterSets.append(bytes)
            case (.hevc, 34): sets.pictureParameterSets.append(bytes)
            case (.hevc, _): break
            case (.h264, 7), (.h264, 13): sets.sequenceParameterSets.append(bytes)
            case (.h264, 8): sets.pictureParameterSets.append(bytes)
            case (.h264, _): break
            }
        }
        return sets
    }

    /// Whether an Annex B access unit is a non-reference picture, judged from its first slice's NAL header:
    /// H.264 `nal_ref_idc == 0` (§7.4.1); HEVC a sub-layer non-reference type (TRAIL_N, TSA_N, STSA_N, RADL_N,
    /// RASL_N, RSV_VCL_N10/12/14: even types below 16, §7.4.2.2). `nil` when the packet has no slice.
    package static func isNonReferencePicture(_ annexB: [UInt8], format: NALUnitFormat) -> Bool? {
        for unit in ranges(inAnnexB: annexB) {
            let header = annexB[unit.lowerBound]
            let type = format.nalUnitType(header)
            switch format {
            case .hevc:
                guard type < 32 else { continue }
                return type < 16 && type % 2 == 0
            case .h264:
                guard (1...5).contains(type) else { continue }
                return (header >> 5) & 0x3 == 0
            }
        }
        return nil
    }

    /// The raw byte sequence payload of `nalUnit` (as it appears in a stream, header included): the bytes after its
    /// `headerLength`-byte header with the emulation prevention bytes removed (every 0x03 after two zero bytes,
    /// H.264 §7.4.1, H.265 §7.4.2), ready for a `BitReader`.
    package static func rbsp(of nalUnit: [UInt8], headerLength: Int) -> [UInt8] {
        var rbsp: [UInt8] = []
        rbsp.reserveCapacity(max(nalUnit.count - headerLength, 0))
        var zeros = 0
        for byte in nalUnit.dropFirst(headerLength) {
            if zeros >= 2 && byte == 0x03 {
                zeros = 0
                continue
            }
            zeros = byte == 0 ? zeros + 1 : 0
            rbsp.append(byte)
        }
        return rbsp
    }
}
