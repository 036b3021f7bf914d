/// A media characteristic: a property of a track that playback or selection can ask about.
///
/// Raw values are Apple's: the four original characteristics are their own names, the later ones UTI-style strings
/// (Apple's documentation gives "public.contains-hdr-video" for `containsHDRVideo`; the others as Apple's SDK
/// defines them).
public struct AVMediaCharacteristic: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The media is visual (video, text, subtitles, closed captions).
    public static let visual = AVMediaCharacteristic("AVMediaCharacteristicVisual")
    /// The media is audible.
    public static let audible = AVMediaCharacteristic("AVMediaCharacteristicAudible")
    /// The media is legible (text, subtitles, closed captions).
    public static let legible = AVMediaCharacteristic("AVMediaCharacteristicLegible")
    /// The media is frame-based (video, audio with frames, timecode).
    public static let frameBased = AVMediaCharacteristic("AVMediaCharacteristicFrameBased")
    /// The video uses a wide-gamut colour space.
    public static let usesWideGamutColorSpace = AVMediaCharacteristic("public.uses-wide-gamut-color-space")
    /// The video is high dynamic range (HLG or PQ transfer).
    public static let containsHDRVideo = AVMediaCharacteristic("public.contains-hdr-video")
    /// The video has an alpha channel.
    public static let containsAlphaChannel = AVMediaCharacteristic("public.contains-alpha-channel")
    /// The track is the main program content.
    public static let isMainProgramContent = AVMediaCharacteristic("public.main-program-content")
    /// The track is auxiliary content.
    public static let isAuxiliaryContent = AVMediaCharacteristic("public.auxiliary-content")
    /// The track holds original content, not a translation.
    public static let isOriginalContent = AVMediaCharacteristic("public.original-content")
    /// Legible text that transcribes spoken dialogue.
    public static let transcribesSpokenDialogForAccessibility =
        AVMediaCharacteristic("public.accessibility.transcribes-spoken-dialog")
    /// Legible text that describes music and sound.
    public static let describesMusicAndSoundForAccessibility =
        AVMediaCharacteristic("public.accessibility.describes-music-and-sound")
    /// Text that is easy to read.
    public static let easyToRead = AVMediaCharacteristic("public.easy-to-read")
    /// Audio or text that describes the video.
    public static let describesVideoForAccessibility = AVMediaCharacteristic("public.accessibility.describes-video")
    /// A translation of the original language.
    public static let languageTranslation = AVMediaCharacteristic("public.translation")
    /// A dubbed translation.
    public static let dubbedTranslation = AVMediaCharacteristic("public.translation.dubbed")
    /// A voice-over translation.
    public static let voiceOverTranslation = AVMediaCharacteristic("public.translation.voice-over")
    /// Subtitles that are shown only when forced.
    public static let containsOnlyForcedSubtitles = AVMediaCharacteristic("public.subtitles.forced-only")
    /// The video is stereoscopic (multiple views).
    public static let containsStereoMultiviewVideo =
        AVMediaCharacteristic("public.contains-stereo-multiview-video")
}
