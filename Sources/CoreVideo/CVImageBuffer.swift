import CoreFoundationShims

// Image buffer geometry (CVImageBuffer.h): encoded, display and clean sizes derived from attachments.

/// The full size of the image in pixels.
public func CVImageBufferGetEncodedSize(_ imageBuffer: CVImageBuffer) -> CGSize {
    CGSize(width: imageBuffer.width, height: imageBuffer.height)
}

/// The size to display the image at, in square pixels: `kCVImageBufferDisplayDimensionsKey` if attached,
/// otherwise the clean aperture's size with its width scaled by the pixel aspect ratio (720 × 480 NTSC DV with a
/// 10:11 ratio displays at 654.5 × 480).
public func CVImageBufferGetDisplaySize(_ imageBuffer: CVImageBuffer) -> CGSize {
    if let dimensions = AttributeValue.dictionary(imageBuffer.attachment(kCVImageBufferDisplayDimensionsKey as String)?.value),
       let width = AttributeValue.double(dimensions[kCVImageBufferDisplayWidthKey as String]),
       let height = AttributeValue.double(dimensions[kCVImageBufferDisplayHeightKey as String]), width > 0, height > 0 {
        return CGSize(width: width, height: height)
    }
    let clean = CVImageBufferGetCleanRect(imageBuffer)
    var width = Double(clean.width)
    if let ratio = AttributeValue.dictionary(imageBuffer.attachment(kCVImageBufferPixelAspectRatioKey as String)?.value),
       let horizontal = AttributeValue.double(ratio[kCVImageBufferPixelAspectRatioHorizontalSpacingKey as String]),
       let vertical = AttributeValue.double(ratio[kCVImageBufferPixelAspectRatioVerticalSpacingKey as String]),
       horizontal > 0, vertical > 0 {
        width *= horizontal / vertical
    }
    return CGSize(width: width, height: Double(clean.height))
}

/// The clean aperture as a rectangle inside the encoded size (origin at the top left): centred, moved by the
/// aperture's offsets. The whole image when no valid `kCVImageBufferCleanApertureKey` is attached.
public func CVImageBufferGetCleanRect(_ imageBuffer: CVImageBuffer) -> CGRect {
    let full = CGRect(x: 0, y: 0, width: imageBuffer.width, height: imageBuffer.height)
    guard let aperture = AttributeValue.dictionary(imageBuffer.attachment(kCVImageBufferCleanApertureKey as String)?.value),
          let width = AttributeValue.double(aperture[kCVImageBufferCleanApertureWidthKey as String]),
          let height = AttributeValue.double(aperture[kCVImageBufferCleanApertureHeightKey as String]),
          width > 0, height > 0
    else { return full }
    let horizontal = AttributeValue.double(aperture[kCVImageBufferCleanApertureHorizontalOffsetKey as String]) ?? 0
    let vertical = AttributeValue.double(aperture[kCVImageBufferCleanApertureVerticalOffsetKey as String]) ?? 0
    return CGRect(x: (Double(imageBuffer.width) - width) / 2 + horizontal,
                  y: (Double(imageBuffer.height) - height) / 2 + vertical, width: width, height: height)
}

/// Whether the image is stored bottom row first. Pixel buffers never are (only OpenGL textures can be).
public func CVImageBufferIsFlipped(_ imageBuffer: CVImageBuffer) -> Bool {
    false
}
