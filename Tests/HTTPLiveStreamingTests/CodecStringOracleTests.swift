import Foundation
import HTTPLiveStreaming
import Testing
import TestSupport

/// Codec strings from real records (avcC, hvcC and esds of files x264, x265 and ffmpeg's AAC encoder wrote), judged
/// by what ffmpeg itself reads from the bitstream: `trace_headers` (every syntax element of the parameter sets, bit
/// for bit) and ffprobe's profile and level.
@Suite("CodecString against ffmpeg")
struct CodecStringOracleTests {
    /// ffprobe's H.264 profile names → profile_idc (H.264 Annex A).
    private static let avcProfiles = ["Constrained Baseline": 66, "Baseline": 66, "Main": 77, "High": 100,
                                      "High 10": 110, "High 4:4:4 Predictive": 244]

    @Test("avc1 from x264's avcC matches the SPS as trace_headers reads it, and ffprobe's profile and level",
          arguments: [("baseline", "yuv420p"), ("main", "yuv420p"), ("high", "yuv420p"), ("high10", "yuv420p10le"),
                      ("high444", "yuv444p")])
    func avcAgainstFFmpeg(_ profile: String, _ pixelFormat: String) throws {
        let url = try GeneratedHLSMedia.h264(profile: profile, pixelFormat: pixelFormat)
        let ours = try CodecString.avc(configurationRecord: GeneratedHLSMedia.boxPayload("avcC", in: url))

        // The SPS fields in trace_headers' order: profile_idc, constraint_set0…5_flag, reserved_zero_2bits, level_idc.
        let trace = try GeneratedHLSMedia.traceHeaders(url)
        func bits(_ name: String) throws -> String { try #require(trace.first { $0.name == name }?.bits, "\(name)") }
        let constraintBits = try (0...5).map { try bits("constraint_set\($0)_flag") }.joined()
            + bits("reserved_zero_2bits")
        let fields = try [bits("profile_idc"), constraintBits, bits("level_idc")].map { field in
            try #require(UInt8(field, radix: 2))
        }
        let expected = "avc1." + fields.map { String(format: "%02X", $0) }.joined()
        #expect(ours == expected)

        let stream = try GeneratedHLSMedia.firstStream(url)
        let profileIdc = try #require(Self.avcProfiles[try GeneratedHLSMedia.string("profile", in: stream)])
        let level = try #require(stream["level"] as? Int)
        #expect(ours.hasPrefix("avc1." + String(format: "%02X", profileIdc)))
        #expect(ours.hasSuffix(String(format: "%02X", level)))
    }

    /// ffprobe's HEVC profile names → general_profile_idc (H.265 Annex A).
    private static let hevcProfiles = ["Main": 1, "Main 10": 2, "Main Still Picture": 3, "Rext": 4]

    @Test("hvc1 from x265's hvcC matches the profile_tier_level as trace_headers reads it, and ffprobe's",
          arguments: [("main", "yuv420p"), ("main10", "yuv420p10le"), ("main444-8", "yuv444p")])
    func hevcAgainstFFmpeg(_ profile: String, _ pixelFormat: String) throws {
        let url = try GeneratedHLSMedia.hevc(profile: profile, pixelFormat: pixelFormat)
        let ours = try CodecString.hevc(configurationRecord: GeneratedHLSMedia.boxPayload("hvcC", in: url))

        // Build Annex E's string from the VPS's general profile_tier_level, field by field as ffmpeg read them.
        let trace = try GeneratedHLSMedia.traceHeaders(url)
        func index(_ name: String) throws -> Int { try #require(trace.firstIndex { $0.name == name }, "\(name)") }
        func value(_ name: String) throws -> Int { try #require(Int(trace[try index(name)].bits, radix: 2)) }
        let space = ["", "A", "B", "C"][try value("general_profile_space")]
        let tier = try value("general_tier_flag") == 1 ? "H" : "L"
        var reversedFlags: UInt32 = 0
        for flag in 0..<32 {
            if try value("general_profile_compatibility_flag[\(flag)]") == 1 { reversedFlags |= 1 << flag }
        }
        // The 48 constraint bits run from general_progressive_source_flag up to general_level_idc.
        let constraintBits = trace[try index("general_progressive_source_flag")..<index("general_level_idc")]
            .map(\.bits).joined()
        try #require(constraintBits.count == 48, "trace_headers gave \(constraintBits.count) constraint bits")
        var constraintBytes = try stride(from: 0, to: 48, by: 8).map { start in
            try #require(UInt8(String(Array(constraintBits)[start..<start + 8]), radix: 2))
        }
        while constraintBytes.last == 0 { constraintBytes.removeLast() }
        let expected = (["hvc1", "\(space)\(try value("general_profile_idc"))",
                         String(reversedFlags, radix: 16, uppercase: true), "\(tier)\(try value("general_level_idc"))"]
                        + constraintBytes.map { String($0, radix: 16, uppercase: true) }).joined(separator: ".")
        #expect(ours == expected)

        let stream = try GeneratedHLSMedia.firstStream(url)
        let profileIdc = try #require(Self.hevcProfiles[try GeneratedHLSMedia.string("profile", in: stream)])
        let level = try #require(stream["level"] as? Int)
        #expect(ours.hasPrefix("hvc1.\(profileIdc)."))
        #expect(ours.split(separator: ".")[3] == "L\(level)")
    }

    /// ffprobe's AAC profile names → audio object type (ISO/IEC 14496-3 Table 1.17).
    private static let aacObjectTypes = ["Main": 1, "LC": 2, "LTP": 4, "HE-AAC": 5, "HE-AACv2": 29]

    @Test("mp4a from the AudioSpecificConfig ffprobe reports matches ffprobe's profile",
          arguments: ["aac_low", "aac_main", "aac_ltp"])
    func mpeg4AudioAgainstFFprobe(_ profile: String) throws {
        let url = try GeneratedHLSMedia.aac(profile: profile)
        let stream = try GeneratedHLSMedia.firstStream(url, extraArguments: ["-show_data"])
        // ffprobe prints extradata as a hex dump: "00000000: 1208 56e5 00    ..V..".
        let dump = try #require(stream["extradata"] as? String)
        let hex = dump.split(separator: "\n").compactMap { line -> String? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let rest = line[line.index(after: colon)...]
            let data = rest.range(of: "  ").map { rest[..<$0.lowerBound] } ?? rest
            return data.replacingOccurrences(of: " ", with: "")
        }.joined()
        let config = try stride(from: 0, to: hex.count, by: 2).map { start -> UInt8 in
            let digits = hex.dropFirst(start).prefix(2)
            return try #require(UInt8(digits, radix: 16))
        }
        let objectType = try #require(Self.aacObjectTypes[try GeneratedHLSMedia.string("profile", in: stream)])
        #expect(try CodecString.mpeg4Audio(audioSpecificConfig: config) == "mp4a.40.\(objectType)")
    }
}
