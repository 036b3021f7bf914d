import CoreGraphics
import CoreMedia

/// What an image generator's request is made with: the generator's properties when the request was made.
// Safe because a value frozen when the request is made; the video composition it holds is a copy nobody changes.
struct FrameGrabSettings: @unchecked Sendable {
    var appliesPreferredTrackTransform = false
    var maximumSize = CGSize.zero
    var apertureMode = AVAssetImageGenerator.ApertureMode.cleanAperture
    var dynamicRangePolicy = AVAssetImageGenerator.DynamicRangePolicy.forceSDR
    var toleranceBefore = CMTime.positiveInfinity
    var toleranceAfter = CMTime.positiveInfinity
    /// A copy of the generator's composition (compositions are copied when set, so this one never changes).
    var videoComposition: AVVideoComposition?

    /// Whether the frame on screen at the requested time is wanted, whatever it costs to decode.
    var isExact: Bool { toleranceBefore == .zero && toleranceAfter == .zero }
}

/// How one request ended, as the engine reports it to the generator.
// Safe because an immutable value (an image and times, or an error), handed over once.
enum FrameGrabOutcome: @unchecked Sendable {
    /// The image, and the time (on the asset's timeline) of the frame it shows.
    case image(CGImage, actualTime: CMTime)
    /// Why there is no image.
    case failed(AVError)
    /// The request was cancelled before its image was made.
    case cancelled
}
