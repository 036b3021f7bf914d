import CoreGraphics

/// The largest rectangle of the given aspect ratio that fits inside `boundingRect`, centred in it (AVUtilities.h):
/// how a player fits video into a view, and how thumbnailers and compositions letterbox a track.
///
/// Only the ratio of `aspectRatio`'s sides matters (a `naturalSize` is the usual argument). When it has no ratio (a
/// zero, negative or non-finite side), the result is the empty rectangle at the centre of `boundingRect`.
public func AVMakeRect(aspectRatio: CGSize, insideRect boundingRect: CGRect) -> CGRect {
    let bounds = boundingRect.standardized
    let center = CGPoint(x: bounds.midX, y: bounds.midY)
    guard aspectRatio.width > 0, aspectRatio.height > 0, aspectRatio.width.isFinite, aspectRatio.height.isFinite,
          bounds.width.isFinite, bounds.height.isFinite else {
        return CGRect(origin: center, size: .zero)
    }
    let scale = min(bounds.width / aspectRatio.width, bounds.height / aspectRatio.height)
    let size = CGSize(width: aspectRatio.width * scale, height: aspectRatio.height * scale)
    return CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
}
