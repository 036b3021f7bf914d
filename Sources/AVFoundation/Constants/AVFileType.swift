/// A file format, named by its uniform type identifier (raw values are Apple's UTIs).
public struct AVFileType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// QuickTime movie (.mov).
    public static let mov = AVFileType("com.apple.quicktime-movie")
    /// MPEG-4 (.mp4).
    public static let mp4 = AVFileType("public.mpeg-4")
    /// Apple MPEG-4 video (.m4v).
    public static let m4v = AVFileType("com.apple.m4v-video")
    /// Apple MPEG-4 audio (.m4a).
    public static let m4a = AVFileType("com.apple.m4a-audio")
    /// 3GPP (.3gp).
    public static let mobile3GPP = AVFileType("public.3gpp")
    /// 3GPP2 (.3g2).
    public static let mobile3GPP2 = AVFileType("public.3gpp2")
    /// Core Audio Format (.caf).
    public static let caf = AVFileType("com.apple.coreaudio-format")
    /// WAVE (.wav).
    public static let wav = AVFileType("com.microsoft.waveform-audio")
    /// AIFF (.aif, .aiff).
    public static let aiff = AVFileType("public.aiff-audio")
    /// AIFC (.aifc).
    public static let aifc = AVFileType("public.aifc-audio")
    /// Adaptive multi-rate audio (.amr).
    public static let amr = AVFileType("org.3gpp.adaptive-multi-rate-audio")
    /// MPEG layer 3 audio (.mp3).
    public static let mp3 = AVFileType("public.mp3")
    /// Sun/NeXT audio (.au).
    public static let au = AVFileType("public.au-audio")
    /// AC-3 audio (.ac3).
    public static let ac3 = AVFileType("public.ac3-audio")
    /// Enhanced AC-3 audio (.eac3).
    public static let eac3 = AVFileType("public.enhanced-ac3-audio")
    /// JPEG image (.jpg).
    public static let jpg = AVFileType("public.jpeg")
    /// HEIC image (.heic).
    public static let heic = AVFileType("public.heic")
    /// HEIF image (.heif).
    public static let heif = AVFileType("public.heif")
    /// AVC intra image (.avci).
    public static let avci = AVFileType("public.avci")
    /// TIFF image (.tif).
    public static let tif = AVFileType("public.tiff")
    /// Adobe digital negative (.dng).
    public static let dng = AVFileType("com.adobe.raw-image")
    /// Apple iTT captions (.itt).
    public static let appleiTT = AVFileType("com.apple.itunes-timed-text")
    /// Scenarist closed captions (.scc).
    public static let SCC = AVFileType("com.scenarist.closed-caption")
    /// Apple Haptics Audio Pattern (.ahap).
    public static let AHAP = AVFileType("public.haptics-content")
}
