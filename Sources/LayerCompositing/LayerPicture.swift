import CoreVideo
import Raster

/// A picture in memory someone else owns, described for reading: Raster's planes plus the Core Video pixel format
/// that says how they are laid out. The compositor's own pictures are 32BGRA, `'y420'` (I420) and the sources'
/// formats; a picture's colour encoding travels beside it (`LayerColor`), not in its format, so a `'y420'` scratch
/// picture may hold full-range samples.
package struct LayerPicture {
    /// The layout, as a `kCVPixelFormatType_…` code.
    package var pixelFormat: OSType
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// The planes, in the format's plane order.
    package var planes: [PixelPlane]

    /// Describes a picture.
    package init(pixelFormat: OSType, width: Int, height: Int, planes: [PixelPlane]) {
        self.pixelFormat = pixelFormat
        self.width = width
        self.height = height
        self.planes = planes
    }

    /// The same planes without the format, for Raster's routines (the caller knows the layout they take).
    package var picture: PixelPicture { PixelPicture(width: width, height: height, planes: planes) }

    /// The same memory viewed as the sub-picture `rect` (corners on the format's chroma grid).
    func cropped(to rect: RasterRect) -> LayerPicture {
        if rect == RasterRect(x: 0, y: 0, width: width, height: height) { return self }
        let layout = PixelFormatLayout.layout(for: pixelFormat)
        let planes = self.planes.enumerated().map { index, plane in
            guard let shape = layout?.planes[index] else { return plane }
            let offset = rect.y / shape.verticalSubsampling * plane.bytesPerRow
                + rect.x / shape.horizontalSubsampling / shape.pixelsPerBlock * shape.bytesPerBlock
            return PixelPlane(baseAddress: plane.baseAddress + offset, bytesPerRow: plane.bytesPerRow,
                              rowCount: shape.height(forImageHeight: rect.height))
        }
        return LayerPicture(pixelFormat: pixelFormat, width: rect.width, height: rect.height, planes: planes)
    }
}

/// A picture in memory someone else owns, described for writing.
package struct MutableLayerPicture {
    /// The layout, as a `kCVPixelFormatType_…` code.
    package var pixelFormat: OSType
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// The planes, in the format's plane order.
    package var planes: [MutablePixelPlane]

    /// Describes a picture.
    package init(pixelFormat: OSType, width: Int, height: Int, planes: [MutablePixelPlane]) {
        self.pixelFormat = pixelFormat
        self.width = width
        self.height = height
        self.planes = planes
    }

    /// The same picture, read-only.
    package var readOnly: LayerPicture {
        LayerPicture(pixelFormat: pixelFormat, width: width, height: height, planes: planes.map(\.readOnly))
    }

    /// The same planes without the format, for Raster's routines.
    package var picture: MutablePixelPicture { MutablePixelPicture(width: width, height: height, planes: planes) }

    /// The same memory viewed as the sub-picture `rect` (corners on the format's chroma grid).
    func cropped(to rect: RasterRect) -> MutableLayerPicture {
        let view = readOnly.cropped(to: rect)
        return MutableLayerPicture(pixelFormat: pixelFormat, width: view.width, height: view.height,
                                   planes: view.planes.map {
                                       MutablePixelPlane(baseAddress: UnsafeMutableRawPointer(mutating: $0.baseAddress),
                                                         bytesPerRow: $0.bytesPerRow, rowCount: $0.rowCount)
                                   })
    }
}

/// The layouts the compositor tells apart; every other format is only ever converted.
enum LayerLayout {
    /// 32BGRA, the layout layers are drawn in.
    case bgra
    /// 8-bit 4:2:0 in three planes (`'y420'`, `'f420'`).
    case planar420
    /// 8-bit 4:2:0 in two planes (`'420v'`, `'420f'`).
    case biPlanar420
    /// Anything else.
    case other

    init(_ pixelFormat: OSType) {
        switch pixelFormat {
        case kCVPixelFormatType_32BGRA: self = .bgra
        case kCVPixelFormatType_420YpCbCr8Planar, kCVPixelFormatType_420YpCbCr8PlanarFullRange: self = .planar420
        case kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, kCVPixelFormatType_420YpCbCr8BiPlanarFullRange:
            self = .biPlanar420
        default: self = .other
        }
    }

    /// The chroma grid step in pixels (1 or 2 each way) of a Core Video format, for rectangle corners.
    static func chromaStep(of pixelFormat: OSType) -> (x: Int, y: Int) {
        guard let layout = PixelFormatLayout.layout(for: pixelFormat) else { return (1, 1) }
        return (layout.planes.map { $0.horizontalSubsampling * $0.pixelsPerBlock }.max() ?? 1,
                layout.planes.map(\.verticalSubsampling).max() ?? 1)
    }
}

extension CVBuffer {
    /// The buffer's planes described for reading. Valid while the buffer lives; read it only while it is locked.
    var layerPicture: LayerPicture {
        LayerPicture(pixelFormat: pixelFormat, width: width, height: height,
                     planes: planes.map { PixelPlane(baseAddress: UnsafeRawPointer($0.baseAddress),
                                                     bytesPerRow: $0.bytesPerRow, rowCount: $0.height) })
    }

    /// The buffer's planes for writing.
    var mutableLayerPicture: MutableLayerPicture {
        MutableLayerPicture(pixelFormat: pixelFormat, width: width, height: height,
                            planes: planes.map { MutablePixelPlane(baseAddress: $0.baseAddress,
                                                                   bytesPerRow: $0.bytesPerRow, rowCount: $0.height) })
    }
}
