internal import StillImageCodecs
import Foundation

/// The frames of a GIF as Apple's ImageIO gives them: each one the whole canvas, composited over the frames before it
/// by their disposal methods (GIF89a §23.c.iv), transparent where nothing has been drawn.
///
/// The blocks are walked once, on first use, without decoding pixels. Composing frame n needs frames 0…n, so the
/// canvas after the last frame composed is kept: reading the frames in order decodes each once. A lock guards that
/// state, so a source may be used from any thread.
// Safe because `lock` guards the scan and the kept canvas; the bytes are immutable.
final class GIFFrames: @unchecked Sendable {
    private let bytes: Data
    private let lock = NSLock()
    private var scanned: Result<GIFCodec.Info, StillImageError>?
    /// The canvas after frame `index` and its disposal: what frame `index + 1` is drawn over.
    private var resume: (index: Int, canvas: [UInt8])?

    init(bytes: Data) {
        self.bytes = bytes
    }

    /// The file's blocks: canvas, loop count, frames.
    var info: Result<GIFCodec.Info, StillImageError> {
        lock.withLock { scanLocked() }
    }

    private func scanLocked() -> Result<GIFCodec.Info, StillImageError> {
        if let scanned { return scanned }
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(StillImageError) in try GIFCodec.scan(raw, limits: StillImageLimits.standard) }
        }
        scanned = result
        return result
    }

    /// Frame `index` composited on the canvas, as straight RGBA.
    func image(at index: Int) -> Result<CGImage, StillImageError> {
        lock.withLock {
            let info: GIFCodec.Info
            switch scanLocked() {
            case .success(let value): info = value
            case .failure(let error): return .failure(error)
            }
            guard index >= 0, index < info.frames.count else {
                return .failure(info.failure ?? StillImageError(.invalidArgument, operation: "CGImageSourceCreateImageAtIndex",
                                                        message: "the GIF holds \(info.frames.count) frame(s); \(index) was asked for"))
            }
            let width = info.width, height = info.height
            var (next, canvas) = (0, [UInt8](repeating: 0, count: width * height * 4))
            if let resume, resume.index < index { (next, canvas) = (resume.index + 1, resume.canvas) }
            var output = canvas
            for current in next...index {
                let frame = info.frames[current]
                let saved = frame.disposal == 3 ? canvas : nil
                let drawn = bytes.withUnsafeBytes { raw in
                    Result { () throws(StillImageError) in
                        try GIFCodec.draw(raw, frame: frame, of: info, onto: &canvas)
                    }
                }
                if case .failure(let error) = drawn {
                    resume = nil
                    return .failure(error)
                }
                if current == index { output = canvas }
                if frame.disposal == 2 {
                    // Restore to background: transparent, as Apple's ImageIO and browsers show it.
                    let right = min(frame.left + frame.width, width), bottom = min(frame.top + frame.height, height)
                    if frame.left < right, frame.top < bottom {
                        for y in frame.top..<bottom {
                            canvas.replaceSubrange((y * width + frame.left) * 4 ..< (y * width + right) * 4,
                                                   with: repeatElement(0, count: (right - frame.left) * 4))
                        }
                    }
                } else if let saved {
                    canvas = saved
                }
                resume = (current, canvas)
            }
            let picture = StillImage(width: width, height: height, layout: .rgba, bytesPerRow: width * 4,
                                     pixels: Data(output))
            guard let image = StillImageConversion.image(from: picture) else {
                return .failure(StillImageError(.failed, operation: "CGImageSource", message: "the decoded pixels do not form an image"))
            }
            return .success(image)
        }
    }

    /// The delay entries of a frame's GIF dictionary: the stored delay, and that delay with Apple's documented floor
    /// of 0.1 s for `kCGImagePropertyGIFDelayTime`.
    static func timing(_ frame: GIFCodec.Frame) -> [String: Any] {
        let unclamped = Double(frame.delayCentiseconds) / 100
        return [kCGImagePropertyGIFUnclampedDelayTime as String: unclamped,
                kCGImagePropertyGIFDelayTime as String: max(unclamped, 0.1)]
    }

    /// The GIF dictionary of the file as a whole (`CGImageSourceCopyProperties`).
    static func fileDictionary(_ info: GIFCodec.Info) -> [String: Any] {
        var dictionary: [String: Any] = [
            kCGImagePropertyGIFHasGlobalColorMap as String: info.globalColorMap != nil,
            kCGImagePropertyGIFCanvasPixelWidth as String: info.width,
            kCGImagePropertyGIFCanvasPixelHeight as String: info.height,
            kCGImagePropertyGIFFrameInfoArray as String: info.frames.map(timing),
        ]
        if let loopCount = info.loopCount { dictionary[kCGImagePropertyGIFLoopCount as String] = loopCount }
        return dictionary
    }
}

/// Writes GIF files: every image becomes one full-canvas frame (the canvas is the first image's size; larger images
/// are cropped to it), its colours reduced to a palette by `ColorQuantizer` (median cut, no dithering). Pixels
/// whose alpha is below one half are transparent; when any are, frames are disposed to background so they do not
/// show through one another.
enum GIFEncoding {
    /// The file's bytes for `images` (each with its own properties) under the destination's properties.
    static func encode(_ images: [(image: CGImage, properties: [String: Any])],
                       destinationProperties: [String: Any]) -> Result<Data, StillImageError> {
        let operation = "CGImageDestinationFinalize"
        let fileGIF = destinationProperties[kCGImagePropertyGIFDictionary as String].flatMap(dictionary) ?? [:]
        var frames: [(rgba: [UInt8], width: Int, height: Int, delay: Int)] = []
        for (original, properties) in images {
            let options = destinationProperties.merging(properties) { _, new in new }
            let image: CGImage
            switch CGImageDestination.fitted(original, options: options) {
            case .success(let fitted): image = fitted
            case .failure(let error): return .failure(error)
            }
            guard let data = CGImagePixels.rgba8(image, premultiplied: false) else {
                return .failure(StillImageError(.invalidArgument, operation: "CGImageDestinationAddImage",
                                        message: "cannot read a \(image.bitsPerComponent)-bit-per-component, "
                                            + "\(image.bitsPerPixel)-bit-per-pixel image with bitmap info \(image.bitmapInfo.rawValue)"))
            }
            let gif = properties[kCGImagePropertyGIFDictionary as String].flatMap(dictionary) ?? [:]
            // A palette given by the caller is not applied (frames are quantised here): refuse it rather than
            // write other colours than the ones asked for.
            if gif[kCGImagePropertyGIFImageColorMap as String] != nil
                || fileGIF[kCGImagePropertyGIFImageColorMap as String] != nil {
                return .failure(StillImageError(.invalidArgument, operation: "CGImageDestinationAddImage",
                                        message: "kCGImagePropertyGIFImageColorMap is not supported when writing: "
                                            + "each frame's palette is computed from its pixels"))
            }
            let seconds = (gif[kCGImagePropertyGIFUnclampedDelayTime as String] ?? gif[kCGImagePropertyGIFDelayTime as String]
                ?? fileGIF[kCGImagePropertyGIFUnclampedDelayTime as String] ?? fileGIF[kCGImagePropertyGIFDelayTime as String])
                .flatMap(CGImageDestination.number) ?? 0
            let delay = Int((min(max(seconds, 0), 655.35) * 100).rounded())
            frames.append(([UInt8](data), image.width, image.height, delay))
        }
        guard let first = frames.first else {
            return .failure(StillImageError(.invalidArgument, operation: operation, message: "no images were added"))
        }
        let width = first.width, height = first.height
        guard width <= 65_535, height <= 65_535 else {
            return .failure(StillImageError(.invalidArgument, operation: operation,
                                    message: "GIF cannot store a \(width)x\(height) image (at most 65535 a side)"))
        }
        // Crop every frame to the canvas.
        for index in frames.indices where frames[index].width > width || frames[index].height > height {
            let frame = frames[index], columns = min(frame.width, width), rows = min(frame.height, height)
            var cropped = [UInt8]()
            cropped.reserveCapacity(columns * rows * 4)
            for y in 0..<rows { cropped += frame.rgba[y * frame.width * 4 ..< (y * frame.width + columns) * 4] }
            frames[index] = (cropped, columns, rows, frame.delay)
        }
        let hasTransparency = frames.contains { frame in stride(from: 3, to: frame.rgba.count, by: 4).contains { frame.rgba[$0] < 128 } }
        let maximumColors = hasTransparency ? 255 : 256
        let sharedPalette = fileGIF[kCGImagePropertyGIFHasGlobalColorMap as String].flatMap(bool)
        let loopCount = fileGIF[kCGImagePropertyGIFLoopCount as String].flatMap(CGImageDestination.number).map { Int($0.rounded()) }

        var globalPalette: [UInt8]?
        var encoded: [GIFCodec.EncodedFrame] = []
        /// `frame`'s indices into `colors`, and the table to write: the colours and, when there is transparency, a slot
        /// after them for the transparent index (which no opaque pixel may take, so it is not offered to the mapping).
        func indexed(_ frame: [UInt8], colors: [UInt8]) -> (indices: [UInt8], palette: [UInt8], transparent: UInt8?) {
            let transparent = hasTransparency ? UInt8(colors.count / 3) : nil
            let indices = ColorQuantizer.map(rgba: frame, palette: colors, transparentIndex: transparent ?? 0)
            return (indices, hasTransparency ? colors + [0, 0, 0] : colors, transparent)
        }
        if sharedPalette == true {
            var quantizer = ColorQuantizer(maximumColors: maximumColors)
            for frame in frames { quantizer.add(rgba: frame.rgba) }
            let colors = quantizer.palette()
            for frame in frames {
                let (indices, palette, transparent) = indexed(frame.rgba, colors: colors)
                globalPalette = palette
                encoded.append(GIFCodec.EncodedFrame(width: frame.width, height: frame.height, indices: indices, palette: nil,
                                                     transparentIndex: transparent.map { Int($0) },
                                                     delayCentiseconds: frame.delay, disposal: hasTransparency ? 2 : 1))
            }
        } else {
            for (index, frame) in frames.enumerated() {
                var quantizer = ColorQuantizer(maximumColors: maximumColors)
                quantizer.add(rgba: frame.rgba)
                let (indices, palette, transparent) = indexed(frame.rgba, colors: quantizer.palette())
                // The first frame's table is the global one unless the properties ask for none.
                let isGlobal = index == 0 && sharedPalette == nil
                if isGlobal { globalPalette = palette }
                encoded.append(GIFCodec.EncodedFrame(width: frame.width, height: frame.height, indices: indices,
                                                     palette: isGlobal ? nil : palette,
                                                     transparentIndex: transparent.map { Int($0) },
                                                     delayCentiseconds: frame.delay, disposal: hasTransparency ? 2 : 1))
            }
        }
        return Result { () throws(StillImageError) in
            // With transparency, the screen's background is the global table's transparent slot (its last entry).
            try GIFCodec.encode(width: width, height: height, globalPalette: globalPalette,
                                backgroundIndex: hasTransparency ? (globalPalette?.count ?? 3) / 3 - 1 : 0,
                                loopCount: loopCount, frames: encoded)
        }
    }

    private static func dictionary(_ value: Any) -> [String: Any]? {
        if let value = value as? NSDictionary { return value.stringKeyed }
        guard let value = value as? [AnyHashable: Any] else { return nil }
        var entries: [String: Any] = [:]
        for (key, entry) in value {
            if let key = key.base as? String ?? (key.base as? NSString).map(String.init) { entries[key] = entry }
        }
        return entries
    }

    private static func bool(_ value: Any) -> Bool? {
        switch value {
        case let value as Bool: value
        case let value as NSNumber: value.boolValue
        case let value as Int: value != 0
        default: nil
        }
    }
}
