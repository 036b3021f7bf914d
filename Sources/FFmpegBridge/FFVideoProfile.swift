/// H.264 profiles x264 can be restricted to (x264's names).
package enum FFH264Profile: String, Sendable, Hashable, CaseIterable {
    case baseline, main, high
    /// High 10 (10-bit 4:2:0).
    case high10
    /// High 4:2:2 (up to 10-bit 4:2:2).
    case high422
    /// High 4:4:4 Predictive.
    case high444
}

/// HEVC profiles x265 can be restricted to (x265's names).
package enum FFHEVCProfile: String, Sendable, Hashable, CaseIterable {
    case main
    case main10
    case mainStillPicture = "mainstillpicture"
    case main422_10 = "main422-10"
    case main444_8 = "main444-8"
    case main444_10 = "main444-10"
}

/// Apple ProRes profiles (the raw value is prores_ks's `profile` number).
package enum FFProResProfile: Int32, Sendable, Hashable, CaseIterable {
    case proxy = 0
    case lt = 1
    case standard = 2
    case hq = 3
    case p4444 = 4
    case p4444XQ = 5

    /// The QuickTime sample-entry four-character code ('apco', 'apcs', 'apcn', 'apch', 'ap4h', 'ap4x').
    package var fourCC: String {
        switch self {
        case .proxy: return "apco"
        case .lt: return "apcs"
        case .standard: return "apcn"
        case .hq: return "apch"
        case .p4444: return "ap4h"
        case .p4444XQ: return "ap4x"
        }
    }

    /// Whether the profile is 4:4:4 (with optional alpha) rather than 4:2:2.
    package var is444: Bool { self == .p4444 || self == .p4444XQ }
}

/// A codec profile restriction.
package enum FFVideoProfile: Sendable, Hashable {
    case h264(FFH264Profile)
    case hevc(FFHEVCProfile)
    case prores(FFProResProfile)
}
