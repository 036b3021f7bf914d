import Raster
internal import CFFmpeg
import Synchronization

/// Converts pictures between pixel formats and sizes: libyuv for the paths it has (NV12/I420/I422/I444 ↔
/// BGRA/RGBA with BT.601/709/2020 matrices, I420 ↔ NV12, 8-bit and RGB32 scaling, RGB32 channel shuffles),
/// swscale for everything else.
///
/// A converter keeps scratch buffers and swscale state, so it serialises its own calls with a lock; for parallel
/// conversion, make one converter per thread (they are cheap: the plan is made once, at creation).
// Safe because `lock` serialises every call and guards the scratch buffers.
package final class FFImageConverter: @unchecked Sendable {
    /// What the converter was created for.
    package let configuration: FFImageConverterConfiguration
    /// How each conversion is done, for diagnostics and tests (`["libyuv NV12ToARGBMatrix"]`,
    /// `["libyuv I420Scale", "libyuv I420ToARGBMatrix"]`, `["swscale"]`, …).
    package let pathDescription: [String]

    // The lock serialises use of the steps (swscale contexts) and the scratch buffers.
    private let lock = Mutex(())
    private let steps: [FFConversionStep]
    private var scratch: [FFScratchImage] = []

    /// Plans a conversion; fails naming the setting that cannot be honoured.
    package init(configuration c: FFImageConverterConfiguration) throws(FFError) {
        FFLog.installIfNeeded()
        try Self.validate(c)
        let source = c.resolvedSourceRect, destination = c.resolvedDestinationRect
        let from = FFStepImage(format: c.sourceFormat, width: source.width, height: source.height)
        let to = FFStepImage(format: c.destinationFormat, width: destination.width, height: destination.height)
        steps = try FFConversionStep.plan(from: from, to: to, configuration: c)
        pathDescription = steps.map(\.description)
        configuration = c
    }

    /// Whether conversions from `source` to `destination` are possible at all (swscale reads and writes every
    /// named format except a few packed 16-bit ones; libyuv's paths are a subset).
    package static func canConvert(from source: FFPixelFormat, to destination: FFPixelFormat) -> Bool {
        sws_isSupportedInput(source.avValue) != 0 && sws_isSupportedOutput(destination.avValue) != 0
    }

    /// Converts `source` into `destination` (both must match the configuration's formats and sizes).
    package func convert(_ source: FFImageBuffer, into destination: FFMutableImageBuffer) throws(FFError) {
        let c = configuration
        try source.validate("FFImageConverter.convert(source)")
        try destination.readOnly.validate("FFImageConverter.convert(destination)")
        guard source.pixelFormat == c.sourceFormat, source.width == c.sourceWidth, source.height == c.sourceHeight else {
            throw FFError(.invalidArgument, operation: "FFImageConverter.convert",
                          message: "source is \(source.pixelFormat) \(source.width)x\(source.height); the converter was made for \(c.sourceFormat) \(c.sourceWidth)x\(c.sourceHeight)")
        }
        guard destination.pixelFormat == c.destinationFormat, destination.width == c.destinationWidth,
              destination.height == c.destinationHeight else {
            throw FFError(.invalidArgument, operation: "FFImageConverter.convert",
                          message: "destination is \(destination.pixelFormat) \(destination.width)x\(destination.height); the converter was made for \(c.destinationFormat) \(c.destinationWidth)x\(c.destinationHeight)")
        }
        try lock.withLock { (_: inout Void) throws(FFError) in
            let input = source.cropped(to: c.resolvedSourceRect)
            let output = destination.cropped(to: c.resolvedDestinationRect)
            if c.fillsUncoveredArea, c.resolvedDestinationRect != RasterRect(x: 0, y: 0, width: c.destinationWidth, height: c.destinationHeight) {
                try fillBlack(destination, outside: c.resolvedDestinationRect, encoding: c.destinationEncoding)
            }
            var current = input
            for (index, step) in steps.enumerated() {
                if index == steps.count - 1 {
                    try step.run(current, output)
                } else {
                    let target = try scratchImage(index, for: step.to)
                    try step.run(current, target)
                    current = target.readOnly
                }
            }
        }
    }

    /// A scratch picture for the output of step `index`, reused across calls.
    private func scratchImage(_ index: Int, for image: FFStepImage) throws(FFError) -> FFMutableImageBuffer {
        while scratch.count <= index { scratch.append(try FFScratchImage(image)) }
        if scratch[index].image != image { scratch[index] = try FFScratchImage(image) }
        return scratch[index].buffer
    }

    private static func validate(_ c: FFImageConverterConfiguration) throws(FFError) {
        let op = "FFImageConverter"
        let limit = FFLimits.maximumPictureDimension
        for (name, w, h) in [("source", c.sourceWidth, c.sourceHeight), ("destination", c.destinationWidth, c.destinationHeight)] {
            guard (1...limit).contains(w), (1...limit).contains(h) else {
                throw FFError(.invalidConfiguration, operation: op, setting: "\(name)Width/\(name)Height",
                              message: "\(w)x\(h) is outside 1...\(limit)")
            }
        }
        for (name, rect, format, w, h) in [("sourceRect", c.resolvedSourceRect, c.sourceFormat, c.sourceWidth, c.sourceHeight),
                                           ("destinationRect", c.resolvedDestinationRect, c.destinationFormat,
                                            c.destinationWidth, c.destinationHeight)] {
            guard rect.x >= 0, rect.y >= 0, rect.width >= 1, rect.height >= 1, rect.x + rect.width <= w,
                  rect.y + rect.height <= h else {
                throw FFError(.invalidConfiguration, operation: op, setting: name,
                              message: "\(rect) is not inside the \(w)x\(h) picture")
            }
            let stepX = 1 << format.chromaShiftX, stepY = 1 << format.chromaShiftY
            guard rect.x % stepX == 0, rect.y % stepY == 0 else {
                throw FFError(.invalidConfiguration, operation: op, setting: name,
                              message: "\(format) is chroma-subsampled: the corner (\(rect.x), \(rect.y)) must be a multiple of (\(stepX), \(stepY))")
            }
        }
        guard c.sourceFormat.planeCount > 0, c.destinationFormat.planeCount > 0,
              sws_isSupportedInput(c.sourceFormat.avValue) != 0 else {
            throw FFError(.invalidConfiguration, operation: op, setting: "sourceFormat", message: "\(c.sourceFormat) cannot be read")
        }
        guard sws_isSupportedOutput(c.destinationFormat.avValue) != 0 else {
            throw FFError(.invalidConfiguration, operation: op, setting: "destinationFormat", message: "\(c.destinationFormat) cannot be written")
        }
    }

    /// Paints the destination outside `rect` black, as four bands.
    private func fillBlack(_ image: FFMutableImageBuffer, outside rect: RasterRect, encoding: FFYCbCrEncoding) throws(FFError) {
        let bands = [
            RasterRect(x: 0, y: 0, width: image.width, height: rect.y),
            RasterRect(x: 0, y: rect.y + rect.height, width: image.width, height: image.height - rect.y - rect.height),
            RasterRect(x: 0, y: rect.y, width: rect.x, height: rect.height),
            RasterRect(x: rect.x + rect.width, y: rect.y, width: image.width - rect.x - rect.width, height: rect.height),
        ].filter { $0.width > 0 && $0.height > 0 }
        for band in bands {
            let region = image.croppedForFill(to: band)
            var data: [UnsafeMutablePointer<UInt8>?] = region.planes.map { $0.baseAddress.assumingMemoryBound(to: UInt8.self) }
            var lines: [Int] = region.planes.map(\.bytesPerRow)
            while data.count < 4 { data.append(nil); lines.append(0) }
            let status = data.withUnsafeMutableBufferPointer { d in
                lines.withUnsafeBufferPointer { l in
                    av_image_fill_black(d.baseAddress, l.baseAddress, image.pixelFormat.avValue,
                                        encoding.isFullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG,
                                        Int32(region.width), Int32(region.height))
                }
            }
            try ffCheck(status, "av_image_fill_black(\(image.pixelFormat))")
            if image.pixelFormat.hasAlpha { setOpaque(region) }
        }
    }

    /// av_image_fill_black leaves alpha transparent; letterbox bars are opaque black.
    private func setOpaque(_ region: FFMutableImageBuffer) {
        let format = region.pixelFormat
        // Planar alpha is plane 3 at the luma depth; packed RGBA keeps it at a fixed byte of each pixel.
        if format.planeCount == 4 {
            let plane = region.planes[3]
            let maximum = (1 << format.bitDepth) - 1
            for row in 0..<region.height {
                let line = plane.baseAddress + row * plane.bytesPerRow
                for x in 0..<region.width {
                    if format.bitDepth > 8 {
                        line.storeBytes(of: UInt16(maximum).littleEndian, toByteOffset: 2 * x, as: UInt16.self)
                    } else {
                        line.storeBytes(of: UInt8(maximum), toByteOffset: x, as: UInt8.self)
                    }
                }
            }
        } else if let offset = FFConversionStep.alphaByteOffset(format) {
            let plane = region.planes[0]
            for row in 0..<region.height {
                let line = plane.baseAddress + row * plane.bytesPerRow
                for x in 0..<region.width { line.storeBytes(of: 0xFF, toByteOffset: 4 * x + offset, as: UInt8.self) }
            }
        }
    }
}

/// A picture's format and size as a conversion step sees it.
struct FFStepImage: Hashable {
    var format: FFPixelFormat
    var width: Int
    var height: Int
}

/// Owned memory for an intermediate picture.
final class FFScratchImage {
    let image: FFStepImage
    let buffer: FFMutableImageBuffer
    private let memory: [UnsafeMutableRawPointer]

    init(_ image: FFStepImage) throws(FFError) {
        self.image = image
        let strides = image.format.minimumBytesPerRow(width: image.width).map { ($0 + 63) & ~63 }
        guard strides.count == image.format.planeCount else {
            throw FFError(.invalidConfiguration, operation: "FFImageConverter", message: "cannot lay out \(image.format)")
        }
        var planes: [MutablePixelPlane] = []
        var memory: [UnsafeMutableRawPointer] = []
        for (index, stride) in strides.enumerated() {
            let rows = image.format.rowCount(ofPlane: index, height: image.height)
            let pointer = UnsafeMutableRawPointer.allocate(byteCount: stride * rows + 64, alignment: 64)
            memory.append(pointer)
            planes.append(MutablePixelPlane(baseAddress: pointer, bytesPerRow: stride, rowCount: rows))
        }
        self.memory = memory
        buffer = FFMutableImageBuffer(pixelFormat: image.format, width: image.width, height: image.height, planes: planes)
    }

    deinit { memory.forEach { $0.deallocate() } }
}

extension FFPixelFormat {
    /// Bytes from the start of a row to pixel `x` in plane `plane` (x on a chroma boundary).
    func byteOffset(ofPixel x: Int, plane: Int) -> Int {
        x == 0 ? 0 : minimumBytesPerRow(width: x)[plane]
    }
}

extension FFImageBuffer {
    /// The same memory viewed as the sub-picture `rect` (corners on chroma boundaries).
    package func cropped(to rect: RasterRect) -> FFImageBuffer {
        if rect == RasterRect(x: 0, y: 0, width: width, height: height) { return self }
        let planes = self.planes.enumerated().map { index, plane in
            let rowOffset = (index == 0 || pixelFormat.isRGB || index == 3) ? rect.y : rect.y >> pixelFormat.chromaShiftY
            let offset = rowOffset * plane.bytesPerRow + pixelFormat.byteOffset(ofPixel: rect.x, plane: index)
            return PixelPlane(baseAddress: plane.baseAddress + offset, bytesPerRow: plane.bytesPerRow,
                              rowCount: pixelFormat.rowCount(ofPlane: index, height: rect.height))
        }
        return FFImageBuffer(pixelFormat: pixelFormat, width: rect.width, height: rect.height, planes: planes)
    }
}

extension FFMutableImageBuffer {
    /// The same memory viewed as the sub-picture `rect` (corners on chroma boundaries).
    package func cropped(to rect: RasterRect) -> FFMutableImageBuffer {
        let view = readOnly.cropped(to: rect)
        return FFMutableImageBuffer(pixelFormat: pixelFormat, width: view.width, height: view.height,
                                    planes: view.planes.map {
                                        MutablePixelPlane(baseAddress: UnsafeMutableRawPointer(mutating: $0.baseAddress),
                                                          bytesPerRow: $0.bytesPerRow, rowCount: $0.rowCount)
                                    })
    }

    /// A band to paint; its corners may be odd, so chroma rows/columns are rounded outward (black either way).
    func croppedForFill(to rect: RasterRect) -> FFMutableImageBuffer {
        let sx = pixelFormat.chromaShiftX, sy = pixelFormat.chromaShiftY
        let x0 = (rect.x >> sx) << sx, y0 = (rect.y >> sy) << sy
        let aligned = RasterRect(x: x0, y: y0, width: rect.x + rect.width - x0, height: rect.y + rect.height - y0)
        return cropped(to: aligned)
    }
}
