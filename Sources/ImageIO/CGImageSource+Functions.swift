import Foundation

// Image sources, as CGImageSource.h spells them.

/// An image source over the file at `url`, or `nil` if the file cannot be read. Options: `kCGImageSourceTypeIdentifierHint`.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    guard let bytes = try? Data(contentsOf: url, options: .mappedIfSafe) else { return nil }
    return CGImageSource(bytes: bytes, typeHint: options?[kCGImageSourceTypeIdentifierHint] as? String)
}

/// An image source over `data`'s bytes. Bytes of a type not read here still make a source, whose type is `nil`
/// (or the recognised type) and which holds no images, as on Apple platforms.
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    CGImageSource(bytes: data, typeHint: options?[kCGImageSourceTypeIdentifierHint] as? String)
}

/// An image source over the bytes `provider` gives.
public func CGImageSourceCreateWithDataProvider(_ provider: CGDataProvider, _ options: CFDictionary?) -> CGImageSource? {
    guard let data = provider.data else { return nil }
    return CGImageSourceCreateWithData(data, options)
}

/// The type identifiers of the formats image sources decode here: `public.png`, `public.jpeg` and `com.compuserve.gif`.
public func CGImageSourceCopyTypeIdentifiers() -> CFArray {
    CFObjectArray(bridging: ImageFileFormat.all.map(\.identifier))
}

/// The type identifier of the source's data (`public.png`), or `nil` when its type is not known.
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? {
    isrc.typeIdentifier.map { $0 as CFString }
}

/// How many images the source holds: 1 for a PNG or JPEG whose header reads, a GIF's complete frames, otherwise 0.
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int {
    isrc.count
}

/// How far the source's data gets: complete, cut short, invalid or of an unknown type.
public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus {
    isrc.status
}

/// How far the image at `index` gets: the source's status for a PNG's or JPEG's one image; for a GIF's frame,
/// complete when it decodes; `statusInvalidData` for an index with no image.
public func CGImageSourceGetStatusAtIndex(_ isrc: CGImageSource, _ index: Int) -> CGImageSourceStatus {
    guard index >= 0, index < max(isrc.count, 1) else { return .statusInvalidData }
    if isrc.gif != nil, index < isrc.count {
        guard case .success = isrc.decode(at: index) else { return .statusInvalidData }
        return .statusComplete
    }
    return isrc.status
}

/// Properties of the file as a whole: its size in bytes, and the primary image's index when it holds one; for a GIF,
/// `kCGImagePropertyGIFDictionary` with the loop count (when the file has one), the canvas size, whether there is a
/// global colour map, and every frame's delays (`kCGImagePropertyGIFFrameInfoArray`).
public func CGImageSourceCopyProperties(_ isrc: CGImageSource, _ options: CFDictionary?) -> CFDictionary? {
    var properties: [String: Any] = [kCGImagePropertyFileSize as String: isrc.bytes.count]
    if isrc.count > 0 { properties[kCGImagePropertyPrimaryImage as String] = 0 }
    if let info = try? isrc.gif?.info.get() {
        properties[kCGImagePropertyGIFDictionary as String] = GIFFrames.fileDictionary(info)
    }
    return properties as CFDictionary
}

/// Properties of the image at `index`: `kCGImagePropertyPixelWidth`, `…PixelHeight`, `…Depth`, `…ColorModel`,
/// `…HasAlpha`, `…Orientation`, and the format's dictionary (a GIF frame's: `kCGImagePropertyGIFDelayTime` and
/// `…UnclampedDelayTime`; its size is the canvas's, as the composited frame's). `nil` for an index with no image.
public func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?)
    -> CFDictionary? {
    isrc.properties(at: index).map { $0 as CFDictionary }
}

/// The image at `index`, decoded, or `nil` if there is none there or its data does not decode (a message on
/// standard error says why). A GIF's frame comes composited over the frames before it, the size of the canvas,
/// straight RGBA, transparent where no frame has drawn.
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    guard index >= 0, index < max(isrc.count, 1), isrc.format != nil else { return nil }
    switch isrc.decode(at: index) {
    case .success(let image): return image
    case .failure(let error):
        CGImageSource.log("CGImageSourceCreateImageAtIndex", error)
        return nil
    }
}

/// A thumbnail of the image at `index`. PNG and JPEG files carry no thumbnail read here, so one is made from the
/// full image when the options ask for that (`kCGImageSourceCreateThumbnailFromImageAlways` or `…IfAbsent`),
/// scaled to fit `kCGImageSourceThumbnailMaxPixelSize` (never enlarged); otherwise `nil`.
public func CGImageSourceCreateThumbnailAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?)
    -> CGImage? {
    let always = options?[kCGImageSourceCreateThumbnailFromImageAlways] as? Bool ?? false
    let ifAbsent = options?[kCGImageSourceCreateThumbnailFromImageIfAbsent] as? Bool ?? false
    guard always || ifAbsent, let image = CGImageSourceCreateImageAtIndex(isrc, index, nil) else { return nil }
    guard let limit = (options?[kCGImageSourceThumbnailMaxPixelSize]).flatMap(ImageScaling.pixelCount) else {
        return image
    }
    return ImageScaling.fit(image, maxPixelSize: limit)
}
