// AVVideoCodecType (AVVideoSettings.h): the four-character codec names used as values for `AVVideoCodecKey`.
//
// Values: the `/* @"…" */` comments of Apple's AVVideoSettings.h (MacOSX10.15.sdk, as mirrored by
// phracker/MacOSX-SDKs) for the codecs that header lists; for codecs added later (ProRes 4444 XQ, ProRes RAW,
// JPEG XL) the sample-entry code CoreMedia defines for the same codec (`kCMVideoCodecType_…`), which is what
// Apple's SDK header gives as the value too.

/// The type of the strings that name a video codec in a video settings dictionary (Apple's `AVVideoCodecType`).
///
/// Apple's header declares it `NS_STRING_ENUM`, which Swift imports with `init(rawValue:)` only (no unlabelled
/// initializer, no description: code may declare those itself).
public struct AVVideoCodecType: RawRepresentable, Hashable, Sendable {
    /// The codec's four-character code as a string (`"avc1"`).
    public let rawValue: String

    /// A codec type from its string.
    public init(rawValue: String) { self.rawValue = rawValue }
}

extension AVVideoCodecType {
    /// The HEVC video codec (`"hvc1"`).
    public static let hevc = AVVideoCodecType(rawValue: "hvc1")
    /// The H.264 video codec (`"avc1"`).
    public static let h264 = AVVideoCodecType(rawValue: "avc1")
    /// The JPEG video codec (`"jpeg"`).
    public static let jpeg = AVVideoCodecType(rawValue: "jpeg")
    /// The Apple ProRes 4444 video codec (`"ap4h"`).
    public static let proRes4444 = AVVideoCodecType(rawValue: "ap4h")
    /// The Apple ProRes 422 video codec (`"apcn"`).
    public static let proRes422 = AVVideoCodecType(rawValue: "apcn")
    /// The Apple ProRes 422 HQ video codec (`"apch"`).
    public static let proRes422HQ = AVVideoCodecType(rawValue: "apch")
    /// The Apple ProRes 422 LT video codec (`"apcs"`).
    public static let proRes422LT = AVVideoCodecType(rawValue: "apcs")
    /// The Apple ProRes 422 Proxy video codec (`"apco"`).
    public static let proRes422Proxy = AVVideoCodecType(rawValue: "apco")
    /// The HEVC video codec with an alpha channel (`"muxa"`). AVVideoSettings.h: it selects the encoder only; the
    /// encoded content is backwards compatible and is labelled `"hvc1"`.
    public static let hevcWithAlpha = AVVideoCodecType(rawValue: "muxa")
    /// The Apple ProRes 4444 XQ video codec (`"ap4x"`, `kCMVideoCodecType_AppleProRes4444XQ`).
    public static let appleProRes4444XQ = AVVideoCodecType(rawValue: "ap4x")
    /// The Apple ProRes RAW video codec (`"aprn"`, `kCMVideoCodecType_AppleProResRAW`).
    public static let proResRAW = AVVideoCodecType(rawValue: "aprn")
    /// The Apple ProRes RAW HQ video codec (`"aprh"`, `kCMVideoCodecType_AppleProResRAWHQ`).
    public static let proResRAWHQ = AVVideoCodecType(rawValue: "aprh")
    /// The JPEG XL video codec (`"jxlc"`, `kCMVideoCodecType_JPEG_XL`).
    public static let JPEGXL = AVVideoCodecType(rawValue: "jxlc")
}

/// The HEVC codec name, as a string (deprecated by Apple in favour of `AVVideoCodecType.hevc`).
@available(*, deprecated, renamed: "AVVideoCodecType.hevc")
public let AVVideoCodecHEVC: String = "hvc1"
/// The H.264 codec name, as a string (deprecated by Apple in favour of `AVVideoCodecType.h264`).
@available(*, deprecated, renamed: "AVVideoCodecType.h264")
public let AVVideoCodecH264: String = "avc1"
/// The JPEG codec name, as a string (deprecated by Apple in favour of `AVVideoCodecType.jpeg`).
@available(*, deprecated, renamed: "AVVideoCodecType.jpeg")
public let AVVideoCodecJPEG: String = "jpeg"
/// The ProRes 4444 codec name, as a string (deprecated by Apple in favour of `AVVideoCodecType.proRes4444`).
@available(*, deprecated, renamed: "AVVideoCodecType.proRes4444")
public let AVVideoCodecAppleProRes4444: String = "ap4h"
/// The ProRes 422 codec name, as a string (deprecated by Apple in favour of `AVVideoCodecType.proRes422`).
@available(*, deprecated, renamed: "AVVideoCodecType.proRes422")
public let AVVideoCodecAppleProRes422: String = "apcn"
