import FFmpegBridge

/// A profile and level as `AVVideoProfileLevelKey` names them (`"H264_High_4_1"`, `"HEVC_Main10_AutoLevel"`): the
/// `AVVideoProfileLevelH264…` constants and VideoToolbox's `kVTProfileLevel_…` strings, which share one grammar:
/// codec, profile, then a level written with an underscore for the point or `AutoLevel`.
package struct ProfileLevel: Hashable, Sendable {
    /// The codec the profile belongs to.
    package enum Codec: String, Sendable { case h264 = "H264", hevc = "HEVC" }

    /// The codec.
    package var codec: Codec
    /// The profile name as written (`Baseline`, `Main`, `High`, `ConstrainedHigh`, `Main10`, …).
    package var profile: String
    /// The level as the standard writes it (`"3"`, `"3.1"`, `"5.2"`), or `nil` for `AutoLevel`.
    package var level: String?

    /// Parses a profile/level string; `nil` when it does not follow the grammar.
    package init?(_ string: String) {
        let parts = string.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, let codec = Codec(rawValue: parts[0]) else { return nil }
        self.codec = codec
        profile = parts[1]
        let levelParts = Array(parts[2...])
        if levelParts == ["AutoLevel"] {
            level = nil
        } else if levelParts.count == 2, let major = Int(levelParts[0]), let minor = Int(levelParts[1]),
                  (1...6).contains(major), (0...3).contains(minor) {
            level = minor == 0 ? "\(major)" : "\(major).\(minor)"
        } else {
            return nil
        }
    }

    /// The x264 profile for an H.264 profile name, and whether the profile forbids B-frames.
    var x264Profile: (profile: FFH264Profile, forbidsBFrames: Bool)? {
        switch profile {
        // x264's "baseline" is Constrained Baseline (no FMO/ASO), which is what Baseline streams are in practice.
        case "Baseline", "ConstrainedBaseline": return (.baseline, true)
        case "Main": return (.main, false)
        case "High": return (.high, false)
        // Constrained High (H.264 A.2.4.2) is High without B slices.
        case "ConstrainedHigh": return (.high, true)
        case "High10": return (.high10, false)
        case "High422": return (.high422, false)
        default: return nil
        }
    }

    /// The x265 profile for an HEVC profile name.
    var x265Profile: FFHEVCProfile? {
        switch profile {
        case "Main": return .main
        case "Main10": return .main10
        case "Main42210": return .main422_10
        default: return nil
        }
    }
}
