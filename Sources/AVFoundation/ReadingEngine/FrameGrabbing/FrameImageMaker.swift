import CoreGraphics
import CoreMedia
import CoreVideo
import Foundation
import LayerCompositing
import MediaCodecs

/// Turns decoded 32BGRA pictures into the generator's `CGImage`s: turned when the geometry says so (the
/// compositing kernel: exact pixel moves for quarter turns), copied into memory of the image's own (the pixel
/// buffer goes back to its pool), described as Core Graphics describes 32-bit little-endian BGRX pixels, and tagged
/// with the picture's colour space.
///
/// One maker per thread (its compositor is).
final class FrameImageMaker {
    /// The bitmap layout of every image: B, G, R and an unused byte in memory order.
    static let bitmapInfo = CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipFirst.rawValue)
        .union(.byteOrder32Little)

    private let geometry: FrameImageGeometry
    private let policy: AVAssetImageGenerator.DynamicRangePolicy
    private var turner: VideoLayerCompositor?

    init(geometry: FrameImageGeometry, policy: AVAssetImageGenerator.DynamicRangePolicy) {
        self.geometry = geometry
        self.policy = policy
    }

    /// The image of `picture` (32BGRA, the geometry's decode size or any size when nothing turns it).
    func image(of picture: CVPixelBuffer, time: CMTime) throws(AVError) -> CGImage {
        let transfer = CVBufferCopyAttachment(picture, kCVImageBufferTransferFunctionKey, nil) as? String
        var toneMapping: HighDynamicRangeToneMapper.Transfer?
        if policy == .forceSDR {
            switch transfer {
            case String(kCVImageBufferTransferFunction_SMPTE_ST_2084_PQ): toneMapping = .pq
            case String(kCVImageBufferTransferFunction_ITU_R_2100_HLG): toneMapping = .hlg
            default: break
            }
        }
        var source = picture
        if let turn = geometry.turn {
            source = try turned(picture, by: turn, time: time)
        }
        // A tone-mapped image is standard dynamic range sRGB.
        let space = toneMapping == nil ? Self.colorSpace(of: picture) : CGColorSpace(name: CGColorSpace.sRGB)!
        return try Self.image(of: source, space: space, time: time, toneMapping: toneMapping)
    }

    /// `picture` drawn through `turn` into a picture of the image's size.
    private func turned(_ picture: CVPixelBuffer, by turn: CGAffineTransform, time: CMTime) throws(AVError) -> CVPixelBuffer {
        do throws(LayerCompositingError) {
            let compositor: VideoLayerCompositor
            if let turner {
                compositor = turner
            } else {
                compositor = try VideoLayerCompositor(width: geometry.width, height: geometry.height,
                                                      outputPixelFormat: kCVPixelFormatType_32BGRA, highQuality: true,
                                                      converter: LayerPictureConverter())
                turner = compositor
            }
            var made: CVPixelBuffer?
            guard CVPixelBufferCreate(nil, geometry.width, geometry.height, kCVPixelFormatType_32BGRA, nil, &made)
                == kCVReturnSuccess, let destination = made else {
                throw LayerCompositingError(.failed,
                                            "no \(geometry.width)x\(geometry.height) picture for the turned image")
            }
            try compositor.compose(layers: [VideoLayer(source: picture, transform: turn)],
                                   background: (0, 0, 0, 1), into: destination)
            return destination
        } catch {
            throw AVError(.decodeFailed, "the frame at \(FrameResolver.text(time)) cannot be turned by the track's "
                          + "preferred transform", underlying: error, extra: [AVErrorTimeKey: time])
        }
    }

    /// A `CGImage` holding a copy of `picture`'s BGRA pixels, tone-mapped from high dynamic range when
    /// `toneMapping` names the picture's transfer function (the copy is mapped: decoded pictures may be cached).
    static func image(of picture: CVPixelBuffer, space: CGColorSpace, time: CMTime,
                      toneMapping: HighDynamicRangeToneMapper.Transfer? = nil) throws(AVError) -> CGImage {
        let width = CVPixelBufferGetWidth(picture), height = CVPixelBufferGetHeight(picture)
        let rowBytes = width * 4
        var bytes = Data(count: rowBytes * height)
        guard CVPixelBufferGetPixelFormatType(picture) == kCVPixelFormatType_32BGRA,
              CVPixelBufferLockBaseAddress(picture, .readOnly) == kCVReturnSuccess else {
            throw AVError(.decodeFailed, "the frame at \(FrameResolver.text(time)) is not a readable 32BGRA picture")
        }
        defer { CVPixelBufferUnlockBaseAddress(picture, .readOnly) }
        guard let base = CVPixelBufferGetBaseAddress(picture) else {
            throw AVError(.decodeFailed, "the frame at \(FrameResolver.text(time)) has no pixels")
        }
        let stride = CVPixelBufferGetBytesPerRow(picture)
        bytes.withUnsafeMutableBytes { destination in
            for row in 0..<height {
                (destination.baseAddress! + row * rowBytes).copyMemory(from: base + row * stride, byteCount: rowBytes)
            }
            if let toneMapping {
                HighDynamicRangeToneMapper.mapToStandardRange(destination.baseAddress!, width: width, height: height,
                                                              bytesPerRow: rowBytes, transfer: toneMapping)
            }
        }
        guard let provider = CGDataProvider(data: bytes),
              let image = CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32,
                                  bytesPerRow: rowBytes, space: space, bitmapInfo: bitmapInfo, provider: provider,
                                  decode: nil, shouldInterpolate: true, intent: .defaultIntent) else {
            throw AVError(.decodeFailed, "the frame at \(FrameResolver.text(time)) cannot be described as an image")
        }
        return image
    }

    /// The colour space a picture's tags name: BT.2100 PQ or HLG by transfer function, else by primaries (BT.2020,
    /// Display P3, DCI-P3, BT.709); sRGB for untagged and other pictures.
    static func colorSpace(of picture: CVPixelBuffer) -> CGColorSpace {
        let primaries = CVBufferCopyAttachment(picture, kCVImageBufferColorPrimariesKey, nil) as? String
        let transfer = CVBufferCopyAttachment(picture, kCVImageBufferTransferFunctionKey, nil) as? String
        let name: CFString
        switch (primaries, transfer) {
        case (_, String(kCVImageBufferTransferFunction_SMPTE_ST_2084_PQ)): name = CGColorSpace.itur_2100_PQ
        case (_, String(kCVImageBufferTransferFunction_ITU_R_2100_HLG)): name = CGColorSpace.itur_2100_HLG
        case (String(kCVImageBufferColorPrimaries_ITU_R_2020), _): name = CGColorSpace.itur_2020
        case (String(kCVImageBufferColorPrimaries_P3_D65), _): name = CGColorSpace.displayP3
        case (String(kCVImageBufferColorPrimaries_DCI_P3), _): name = CGColorSpace.dcip3
        case (String(kCVImageBufferColorPrimaries_ITU_R_709_2), _): name = CGColorSpace.itur_709
        default: name = CGColorSpace.sRGB
        }
        return CGColorSpace(name: name) ?? CGColorSpaceCreateDeviceRGB()
    }
}
