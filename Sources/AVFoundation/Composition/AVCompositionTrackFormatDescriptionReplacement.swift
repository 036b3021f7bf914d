import CoreMedia
import Foundation

/// A format description a composition track presents in place of one of its sources' (AVCompositionTrack.h).
///
/// Thread safety: immutable after `init`.
// Safe because immutable after `init`.
open class AVCompositionTrackFormatDescriptionReplacement: NSObject, @unchecked Sendable {
    /// The source's format description.
    public let originalFormatDescription: CMFormatDescription
    /// What the track presents instead.
    public let replacementFormatDescription: CMFormatDescription

    init(original: CMFormatDescription, replacement: CMFormatDescription) {
        originalFormatDescription = original
        replacementFormatDescription = replacement
        super.init()
    }
}
