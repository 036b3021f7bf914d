/// A media type: the kind of data a track carries. Raw values are Apple's (the QuickTime handler types).
public struct AVMediaType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Video ("vide").
    public static let video = AVMediaType("vide")
    /// Audio ("soun").
    public static let audio = AVMediaType("soun")
    /// Text ("text").
    public static let text = AVMediaType("text")
    /// Closed captions ("clcp").
    public static let closedCaption = AVMediaType("clcp")
    /// Subtitles ("sbtl").
    public static let subtitle = AVMediaType("sbtl")
    /// Timecode ("tmcd").
    public static let timecode = AVMediaType("tmcd")
    /// Timed metadata ("meta").
    public static let metadata = AVMediaType("meta")
    /// Muxed audio and video ("muxx").
    public static let muxed = AVMediaType("muxx")
    /// Depth data ("dpth").
    public static let depthData = AVMediaType("dpth")
    /// Haptic data ("hapt").
    public static let haptic = AVMediaType("hapt")
    /// Auxiliary picture ("auxv").
    public static let auxiliaryPicture = AVMediaType("auxv")
    /// Metadata objects ("mobj").
    public static let metadataObject = AVMediaType("mobj")
}
