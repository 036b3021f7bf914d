import Foundation

// Image destinations, as CGImageDestination.h spells them.

/// A destination that writes a `type` file (`UTType.png.identifier as CFString`) of `count` images to `url` when
/// finalized, replacing any file there (through a temporary file renamed over it); `nil` for a type not written here (see `CGImageDestinationCopyTypeIdentifiers`)
/// or a count other than 1 (PNG, JPEG) or below 1 (GIF, whose frames are the images).
public func CGImageDestinationCreateWithURL(_ url: CFURL, _ type: CFString, _ count: Int, _ options: CFDictionary?)
    -> CGImageDestination? {
    guard url.isFileURL else {
        CGImageDestination.log("CGImageDestinationCreateWithURL", "\(url) is not a file URL")
        return nil
    }
    return CGImageDestination.make("CGImageDestinationCreateWithURL", type: type as String, count: count, target: .url(url))
}

/// A destination that appends a `type` file of `count` images to `data` when finalized; `nil` for a type not written
/// here or a count other than 1 (PNG, JPEG) or below 1 (GIF).
public func CGImageDestinationCreateWithData(_ data: CFMutableData, _ type: CFString, _ count: Int,
                                             _ options: CFDictionary?) -> CGImageDestination? {
    CGImageDestination.make("CGImageDestinationCreateWithData", type: type as String, count: count, target: .data(data))
}

/// The type identifiers of the formats destinations write here: `public.png`, `public.jpeg` and `com.compuserve.gif`.
public func CGImageDestinationCopyTypeIdentifiers() -> CFArray {
    CFObjectArray(bridging: ImageFileFormat.all.map(\.identifier))
}

/// Sets properties for every image of the destination (`kCGImageDestinationLossyCompressionQuality`,
/// `kCGImageDestinationBackgroundColor`, `kCGImageDestinationImageMaxPixelSize`); an image's own properties win.
/// For GIF, `kCGImagePropertyGIFDictionary` with `kCGImagePropertyGIFLoopCount` (written as a NETSCAPE2.0 block;
/// none without it), `kCGImagePropertyGIFHasGlobalColorMap` (`true`: one palette for all frames; `false`: one per
/// frame; absent: one per frame, the first frame's as the global table) and a default delay.
public func CGImageDestinationSetProperties(_ idst: CGImageDestination, _ properties: CFDictionary?) {
    idst.setProperties(properties?.stringKeyed ?? [:])
}

/// Adds `image` with `properties` (`kCGImageDestinationLossyCompressionQuality` 0…1 for JPEG, default 0.75;
/// `kCGImageDestinationBackgroundColor` for images with alpha written as JPEG, default white;
/// `kCGImageDestinationImageMaxPixelSize`; for a GIF frame, `kCGImagePropertyGIFDictionary` with
/// `kCGImagePropertyGIFUnclampedDelayTime` or `…DelayTime` in seconds, stored in hundredths). The image is encoded
/// by `CGImageDestinationFinalize`.
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {
    idst.add(image, properties: properties?.stringKeyed ?? [:])
}

/// Adds the image at `index` of `isrc`, decoded, with `properties`; nothing is added if it does not decode.
public func CGImageDestinationAddImageFromSource(_ idst: CGImageDestination, _ isrc: CGImageSource, _ index: Int,
                                                 _ properties: CFDictionary?) {
    guard let image = CGImageSourceCreateImageAtIndex(isrc, index, nil) else { return }
    idst.add(image, properties: properties?.stringKeyed ?? [:])
}

/// Encodes the added image and writes the file or data. `false` if the image is missing, cannot be encoded (float
/// or CMYK pixels, say) or cannot be written, or the destination was finalized before; a message on standard
/// error says which. The result may be ignored, as C functions' results may be in Swift on Apple platforms.
@discardableResult
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
    idst.finalize()
}
