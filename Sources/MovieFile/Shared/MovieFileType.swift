import ISOBMFF

/// The movie file types this module writes, named by their uniform type identifiers (the raw values of Apple's
/// `AVFileType.mov`, `.mp4`, `.m4a`, `.m4v`, `.mobile3GPP`, `.mobile3GPP2`), so the asset layer maps one to the
/// other with `MovieFileType(rawValue: fileType.rawValue)`.
package enum MovieFileType: String, Sendable, CaseIterable, CustomStringConvertible {
    /// QuickTime movie (.mov).
    case quickTimeMovie = "com.apple.quicktime-movie"
    /// MPEG-4 (.mp4).
    case mpeg4 = "public.mpeg-4"
    /// Apple MPEG-4 audio (.m4a).
    case appleM4A = "com.apple.m4a-audio"
    /// Apple MPEG-4 video (.m4v).
    case appleM4V = "com.apple.m4v-video"
    /// 3GPP (.3gp).
    case threeGPP = "public.3gpp"
    /// 3GPP2 (.3g2).
    case threeGPP2 = "public.3gpp2"

    /// The usual file name extension, for messages.
    package var description: String {
        switch self {
        case .quickTimeMovie: ".mov"
        case .mpeg4: ".mp4"
        case .appleM4A: ".m4a"
        case .appleM4V: ".m4v"
        case .threeGPP: ".3gp"
        case .threeGPP2: ".3g2"
        }
    }

    /// True for QuickTime movies; every other type is an ISO base media file.
    package var isQuickTime: Bool { self == .quickTimeMovie }

    /// The `ftyp` written at the start of the file.
    ///
    /// QuickTime: major brand `qt  `, minor version 0, compatible `qt  `, as AVFoundation's movie writer and the
    /// iPhone camera write it. MP4: `mp42` version 1 compatible with `mp41 mp42 isom`, as AVAssetWriter and
    /// AVAssetExportSession write `.mp4`. M4A: `M4A ` version 0 with `M4A mp42 isom` and a zero brand, as iTunes and
    /// AVFoundation write (the iTunes 11 fixture `mg-alac-itunes.m4a` carries exactly these bytes). M4V: `M4V `
    /// version 1 with `M4V M4A mp42 isom`, iTunes' video form. 3GPP: `3gp4` (release 4: H.263, MPEG-4 video, AMR,
    /// AAC) also listing `3gp5`, `3gp6` (H.264, timed text) and `isom`; 3GPP2: `3g2a` with `isom` (3GPP2 C.S0050-B
    /// §7.1). The 3GPP brand set is the release set our sample entries conform to; Apple's exact 3GPP bytes were not
    /// available to check.
    package var fileTypeBox: FileTypeBox {
        switch self {
        case .quickTimeMovie:
            FileTypeBox(majorBrand: "qt  ", minorVersion: 0, compatibleBrands: ["qt  "])
        case .mpeg4:
            FileTypeBox(majorBrand: "mp42", minorVersion: 1, compatibleBrands: ["mp41", "mp42", "isom"])
        case .appleM4A:
            FileTypeBox(majorBrand: "M4A ", minorVersion: 0,
                        compatibleBrands: ["M4A ", "mp42", "isom", FourCC(rawValue: 0)])
        case .appleM4V:
            FileTypeBox(majorBrand: "M4V ", minorVersion: 1, compatibleBrands: ["M4V ", "M4A ", "mp42", "isom"])
        case .threeGPP:
            FileTypeBox(majorBrand: "3gp4", minorVersion: 0, compatibleBrands: ["3gp4", "3gp5", "3gp6", "isom"])
        case .threeGPP2:
            FileTypeBox(majorBrand: "3g2a", minorVersion: 0, compatibleBrands: ["3g2a", "isom"])
        }
    }

    /// True for the 3GPP family, whose movie-level metadata is 3GPP asset information in `udta` (3GPP TS 26.244
    /// §8) rather than an iTunes item list.
    package var isThreeGPPFamily: Bool { self == .threeGPP || self == .threeGPP2 }
}
