// Export preset names (AVAssetExportSession.h). Each constant's value is its own name, as in Apple's SDK (the header
// declares them `NSString *const` without values; Apple's runtime values, printed by `allExportPresets()` and used as
// strings by code everywhere, are the names themselves). What each preset produces here: `ExportPreset+Catalog.swift`
// and docs/export.md.

/// A low-quality movie: H.264 and AAC, video no larger than 224 pixels on its long edge, never scaled up.
public let AVAssetExportPresetLowQuality: String = "AVAssetExportPresetLowQuality"
/// A medium-quality movie: H.264 and AAC, video no larger than 568 pixels on its long edge, never scaled up.
public let AVAssetExportPresetMediumQuality: String = "AVAssetExportPresetMediumQuality"
/// The highest-quality movie: H.264 and AAC at the source's size.
public let AVAssetExportPresetHighestQuality: String = "AVAssetExportPresetHighestQuality"
/// The highest-quality movie with HEVC video and AAC audio, at the source's size.
public let AVAssetExportPresetHEVCHighestQuality: String = "AVAssetExportPresetHEVCHighestQuality"
/// The highest-quality movie with HEVC video with alpha and AAC audio (needs a source with alpha).
public let AVAssetExportPresetHEVCHighestQualityWithAlpha: String = "AVAssetExportPresetHEVCHighestQualityWithAlpha"

/// A movie whose H.264 video fits in 640 by 480 pixels, with AAC audio.
public let AVAssetExportPreset640x480: String = "AVAssetExportPreset640x480"
/// A movie whose H.264 video fits in 960 by 540 pixels, with AAC audio.
public let AVAssetExportPreset960x540: String = "AVAssetExportPreset960x540"
/// A movie whose H.264 video fits in 1280 by 720 pixels, with AAC audio.
public let AVAssetExportPreset1280x720: String = "AVAssetExportPreset1280x720"
/// A movie whose H.264 video fits in 1920 by 1080 pixels, with AAC audio.
public let AVAssetExportPreset1920x1080: String = "AVAssetExportPreset1920x1080"
/// A movie whose H.264 video fits in 3840 by 2160 pixels, with AAC audio.
public let AVAssetExportPreset3840x2160: String = "AVAssetExportPreset3840x2160"

/// A movie whose HEVC video fits in 1920 by 1080 pixels, with AAC audio.
public let AVAssetExportPresetHEVC1920x1080: String = "AVAssetExportPresetHEVC1920x1080"
/// A movie whose HEVC video with alpha fits in 1920 by 1080 pixels, with AAC audio.
public let AVAssetExportPresetHEVC1920x1080WithAlpha: String = "AVAssetExportPresetHEVC1920x1080WithAlpha"
/// A movie whose HEVC video fits in 3840 by 2160 pixels, with AAC audio.
public let AVAssetExportPresetHEVC3840x2160: String = "AVAssetExportPresetHEVC3840x2160"
/// A movie whose HEVC video with alpha fits in 3840 by 2160 pixels, with AAC audio.
public let AVAssetExportPresetHEVC3840x2160WithAlpha: String = "AVAssetExportPresetHEVC3840x2160WithAlpha"
/// A movie whose HEVC video fits in 4320 by 2160 pixels, with AAC audio.
public let AVAssetExportPresetHEVC4320x2160: String = "AVAssetExportPresetHEVC4320x2160"
/// A movie whose HEVC video fits in 7680 by 4320 pixels, with AAC audio.
public let AVAssetExportPresetHEVC7680x4320: String = "AVAssetExportPresetHEVC7680x4320"

/// An audio-only .m4a file of AAC audio with iTunes gapless playback data.
public let AVAssetExportPresetAppleM4A: String = "AVAssetExportPresetAppleM4A"
/// Every track's media passed through exactly as stored (not listed by `allExportPresets()`, as Apple documents).
public let AVAssetExportPresetPassthrough: String = "AVAssetExportPresetPassthrough"
/// A QuickTime movie with Apple ProRes 422 video and linear PCM audio.
public let AVAssetExportPresetAppleProRes422LPCM: String = "AVAssetExportPresetAppleProRes422LPCM"
/// A QuickTime movie with Apple ProRes 4444 video (alpha kept) and linear PCM audio.
public let AVAssetExportPresetAppleProRes4444LPCM: String = "AVAssetExportPresetAppleProRes4444LPCM"
