import Foundation
import Testing
import MediaFormats
import TestSupport

@Suite("NAL units: Annex B ↔ length-prefixed, parameter sets, non-reference pictures, RBSP")
struct NALUnitTests {
    @Test("Annex B ↔ length-prefixed round trip, parameter sets split out, start code edge cases")
    func annexB() throws {
        let sps: [UInt8] = [0x67, 0x64, 0x00, 0x1F, 0xAC, 0xD9], pps: [UInt8] = [0x68, 0xEB, 0xE3, 0xCB]
        let sei: [UInt8] = [0x06, 0x05, 0x01, 0x80], idr: [UInt8] = [0x65, 0x88, 0x84, 0x00, 0x00, 0x03, 0x00, 0x21]
        // 4-byte and 3-byte start codes, trailing zero bytes, an access unit delimiter.
        let stream: [UInt8] = [0, 0, 0, 1, 0x09, 0xF0] + [0, 0, 0, 1] + sps + [0, 0, 1] + pps + [0, 0]
            + [0, 0, 0, 1] + sei + [0, 0, 1] + idr
        let units = NALUnits.ranges(inAnnexB: stream).map { Array(stream[$0]) }
        #expect(units == [[0x09, 0xF0], sps, pps, sei, idr])
        let sets = NALUnits.parameterSets(inAnnexB: stream, format: .h264)
        #expect(sets.sequenceParameterSets == [sps] && sets.pictureParameterSets == [pps] && sets.videoParameterSets.isEmpty)
        let sample = try NALUnits.lengthPrefixed(stream, format: .h264)
        #expect(sample == [0, 0, 0, 4] + sei + [0, 0, 0, 8] + idr)
        let everything = try NALUnits.lengthPrefixed(stream, format: .h264, lengthSize: 2, drop: { _ in false })
        #expect(everything.count == 2 * 5 + 2 + sps.count + pps.count + sei.count + idr.count)
        #expect(try NALUnits.annexB(fromLengthPrefixed: sample) == [0, 0, 0, 1] + sei + [0, 0, 0, 1] + idr)
        #expect(throws: MediaFormatError.self) { try NALUnits.annexB(fromLengthPrefixed: [0, 0, 0, 9, 1, 2]) }
        #expect(throws: MediaFormatError.self) { try NALUnits.annexB(fromLengthPrefixed: [0, 0, 1]) }
        #expect(throws: MediaFormatError.self) { try NALUnits.lengthPrefixed(stream, format: .h264, lengthSize: 3) }
        #expect(NALUnits.ranges(inAnnexB: [0, 0]).isEmpty && NALUnits.ranges(inAnnexB: [1, 2, 3, 4]).isEmpty)
        #expect(NALUnits.isNonReferencePicture([0, 0, 1, 0x01, 0x9E], format: .h264) == true)
        #expect(NALUnits.isNonReferencePicture([0, 0, 1, 0x41, 0x9A], format: .h264) == false)
        #expect(NALUnits.isNonReferencePicture([0, 0, 1, 0x67, 0x64], format: .h264) == nil)
        // HEVC: VPS/SPS/PPS by type, TRAIL_N (0) is non-reference, TRAIL_R (1) is.
        let hevc: [UInt8] = [0, 0, 0, 1, 0x40, 0x01, 0xAA, 0, 0, 0, 1, 0x42, 0x01, 0xBB, 0, 0, 0, 1, 0x44, 0x01, 0xCC,
                             0, 0, 0, 1, 0x00, 0x01, 0xDD]
        let hevcSets = NALUnits.parameterSets(inAnnexB: hevc, format: .hevc)
        #expect(hevcSets.all == [[0x40, 0x01, 0xAA], [0x42, 0x01, 0xBB], [0x44, 0x01, 0xCC]])
        #expect(NALUnits.isNonReferencePicture(hevc, format: .hevc) == true)
        #expect(NALUnits.isNonReferencePicture([0, 0, 1, 0x02, 0x01, 0xDD], format: .hevc) == false)
    }

    @Test("property: length-prefixed(annexB(x)) == x for random NAL units (seed printed; LAVF_SEED re-runs)")
    func annexBProperty() throws {
        let seed = ProcessInfo.processInfo.environment["LAVF_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("NALUnitTests.annexBProperty seed \(seed)")
        var generator = SplitMix64(seed: seed)
        for _ in 0..<200 {
            // NAL units with emulation prevention applied, so they contain no start code and end non-zero.
            let units: [[UInt8]] = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                var raw: [UInt8] = [UInt8.random(in: 1...0x1F, using: &generator) | 0x20]
                for _ in 0..<Int.random(in: 0...60, using: &generator) {
                    let byte = Bool.random(using: &generator) ? 0 : UInt8.random(in: 0...255, using: &generator)
                    if raw.count >= 2, raw[raw.count - 1] == 0, raw[raw.count - 2] == 0, byte <= 3 { raw.append(3) }
                    raw.append(byte)
                }
                if raw.last == 0 { raw.append(0x80) }
                return raw
            }
            let sample: [UInt8] = units.flatMap { (unit: [UInt8]) -> [UInt8] in
                [0, 0, UInt8(unit.count >> 8), UInt8(unit.count & 0xFF)] + unit
            }
            let annexB = try NALUnits.annexB(fromLengthPrefixed: sample)
            #expect(try NALUnits.lengthPrefixed(annexB, format: .h264, drop: { _ in false }) == sample)
        }
    }

    @Test("RBSP: emulation prevention bytes (00 00 03) are removed after the header (H.264 §7.4.1)")
    func rbsp() throws {
        let nal: [UInt8] = [0x67, 0x00, 0x00, 0x03, 0x01, 0x00, 0x00, 0x03, 0x00, 0x03]
        #expect(NALUnits.rbsp(of: nal, headerLength: 1) == [0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x03])
        #expect(NALUnits.rbsp(of: [0x40, 0x01, 0xAB], headerLength: 2) == [0xAB])
        var bits = BitReader(NALUnits.rbsp(of: [0x67, 0x42, 0x00, 0x1F], headerLength: 1))
        #expect(try bits.readBits(8) == 0x42)
    }
}

