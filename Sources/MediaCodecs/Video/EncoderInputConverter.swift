import CoreVideo
import FFmpegBridge
import Raster

/// A picture in memory the codec layer owns, in an FFmpeg layout (yuv422p10le for ProRes, yuv420p for x264…), for
/// formats Core Video has no buffer type for. The encoder keeps it alive while it references the planes.
// Safe because immutable after `init`; the planes are written once, before the encoder is handed the picture.
final class OwnedPicture: @unchecked Sendable {
    // Immutable after init; the planes are written once, before the picture is handed to the encoder.
    let image: FFMutableImageBuffer
    private let memory: [UnsafeMutableRawPointer]

    init(format: FFPixelFormat, width: Int, height: Int) {
        let strides = format.minimumBytesPerRow(width: width).map { ($0 + 63) & ~63 }
        var planes: [MutablePixelPlane] = []
        var memory: [UnsafeMutableRawPointer] = []
        for (index, stride) in strides.enumerated() {
            let rows = format.rowCount(ofPlane: index, height: height)
            let pointer = UnsafeMutableRawPointer.allocate(byteCount: stride * rows + 64, alignment: 64)
            memory.append(pointer)
            planes.append(MutablePixelPlane(baseAddress: pointer, bytesPerRow: stride, rowCount: rows))
        }
        self.memory = memory
        image = FFMutableImageBuffer(pixelFormat: format, width: width, height: height, planes: planes)
    }

    deinit { memory.forEach { $0.deallocate() } }
}

/// Converts source pixel buffers into an encoder's input format and size, scaled by a scaling mode, with the
/// Y'CbCr matrix converted to the output's; keeps one plan per source geometry.
final class EncoderInputConverter {
    let format: FFPixelFormat
    let range: FFColorRange
    let width: Int
    let height: Int
    let scalingMode: VideoScalingMode
    let pixelAspectRatio: Double

    private struct Key: Hashable {
        let sourceFormat: FFPixelFormat
        let sourceRange: FFColorRange
        let geometry: PictureGeometry
        let sourceColor: VideoColorDescription
        let outputColor: VideoColorDescription
    }
    private var plan: (key: Key, converter: FFImageConverter)?

    init(format: FFPixelFormat, range: FFColorRange, width: Int, height: Int, scalingMode: VideoScalingMode,
         pixelAspectRatio: Double) {
        self.format = format
        self.range = range
        self.width = width
        self.height = height
        self.scalingMode = scalingMode
        self.pixelAspectRatio = pixelAspectRatio
    }

    /// Whether `buffer` can go to the encoder as it is: the encoder's layout, range, size and matrix.
    func acceptsDirectly(_ buffer: CVPixelBuffer, outputColor: VideoColorDescription) -> Bool {
        guard let layout = PixelFormatMapping.ffFormat(for: buffer.pixelFormat), layout.ffFormat == format,
              format.isJPEGRange || layout.range == range, buffer.width == width, buffer.height == height else { return false }
        let sourceMatrix = VideoColorDescription(attachmentsOf: buffer).yCbCrMatrix
        return sourceMatrix == nil || outputColor.yCbCrMatrix == nil || sourceMatrix == outputColor.yCbCrMatrix
    }

    /// A converted copy of `buffer`.
    func convert(_ buffer: CVPixelBuffer, outputColor: VideoColorDescription) throws(CodecError) -> OwnedPicture {
        guard let layout = PixelFormatMapping.ffFormat(for: buffer.pixelFormat) else {
            throw CodecError(.unsupportedFormat, "pixel format \(fourCharacterString(buffer.pixelFormat)) cannot be encoded from")
        }
        let key = Key(sourceFormat: layout.ffFormat, sourceRange: layout.range, geometry: PictureGeometry(of: buffer),
                      sourceColor: VideoColorDescription(attachmentsOf: buffer), outputColor: outputColor)
        let converter: FFImageConverter
        if let plan, plan.key == key {
            converter = plan.converter
        } else {
            let scaling = ScalingPlan.make(mode: scalingMode, source: key.geometry, destinationWidth: width,
                                           destinationHeight: height, destinationPixelAspectRatio: pixelAspectRatio,
                                           sourceAlignment: layout.ffFormat.chromaStep, destinationAlignment: format.chromaStep)
            var c = FFImageConverterConfiguration(
                sourceFormat: layout.ffFormat, sourceWidth: buffer.width, sourceHeight: buffer.height,
                destinationFormat: format, destinationWidth: width, destinationHeight: height,
                sourceColor: key.sourceColor.converterProperties(range: layout.range),
                destinationColor: outputColor.converterProperties(range: format.isJPEGRange ? .full : range))
            c.sourceRect = scaling.sourceRect
            c.destinationRect = scaling.destinationRect
            // What the encoder gets is a final rendition, scaled as the export scales one: bicubic (ffmpeg's default
            // scaler) for YCbCr sources; bilinear for RGB ones, which only libyuv scales fast and it has no bicubic.
            // Bilinear YCbCr downscales cost a ladder's 720p and 480p rungs 0.0013-0.0019 of SSIM against ffmpeg's.
            c.filter = layout.ffFormat.isRGB ? .bilinear : .bicubic
            do throws(FFError) {
                converter = try FFImageConverter(configuration: c)
            } catch {
                throw CodecError(error, while: "planning the conversion of \(fourCharacterString(buffer.pixelFormat)) input to \(format)")
            }
            plan = (key, converter)
        }
        let picture = OwnedPicture(format: format, width: width, height: height)
        do throws(FFError) {
            try buffer.withLockedPlanes(readOnly: true) { () throws(FFError) in
                try converter.convert(buffer.ffImage(as: layout.ffFormat), into: picture.image)
            }
        } catch {
            throw CodecError(error, while: "converting \(fourCharacterString(buffer.pixelFormat)) input to \(format)")
        }
        if format.hasAlpha, !layout.ffFormat.hasAlpha { fillOpaqueAlpha(picture.image) }
        return picture
    }

    /// Sets the alpha plane of a planar picture with alpha to fully opaque (sources without alpha are opaque).
    private func fillOpaqueAlpha(_ image: FFMutableImageBuffer) {
        guard image.planes.count == 4 else { return }
        let plane = image.planes[3]
        let maximum = (1 << image.pixelFormat.bitDepth) - 1
        for row in 0..<plane.rowCount {
            let line = plane.baseAddress + row * plane.bytesPerRow
            for x in 0..<image.width {
                if image.pixelFormat.bitDepth > 8 {
                    line.storeBytes(of: UInt16(maximum).littleEndian, toByteOffset: 2 * x, as: UInt16.self)
                } else {
                    line.storeBytes(of: UInt8(maximum), toByteOffset: x, as: UInt8.self)
                }
            }
        }
    }
}
