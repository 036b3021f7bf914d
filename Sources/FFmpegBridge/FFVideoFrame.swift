import Raster
internal import CFFmpeg

/// The kind of picture a frame was coded as.
package enum FFPictureType: Sendable, Hashable {
    case intra, predicted, bidirectional, other
}

/// A decoded picture. The object owns FFmpeg's frame (and through it the reference-counted picture memory), so
/// its planes stay valid for exactly as long as the object lives, even after the decoder is gone.
///
/// Zero copy: to wrap the planes in a `CVPixelBuffer`, retain this object in the pixel buffer's release callback.
/// The memory may be shared with the decoder's reference pictures: it is read-only.
// Safe because immutable after `init`; the frame's memory is read-only, and freed in `deinit`.
package final class FFVideoFrame: @unchecked Sendable {
    // Immutable after init; the AVFrame is never modified, so any thread may read it.
    let frame: UnsafeMutablePointer<AVFrame>

    /// Width in pixels (after the codec's cropping).
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// The pixel format.
    package let pixelFormat: FFPixelFormat
    /// The planes, in the pixel format's plane order.
    package let planes: [PixelPlane]
    /// Colour description as the stream signalled it.
    package let colorProperties: FFColorProperties
    /// Presentation time of the packet this picture came from, in the caller's time base; `nil` if it had none.
    package let pts: Int64?
    /// Duration of the packet this picture came from (0 when not given).
    package let duration: Int64
    /// Whether the picture is a random-access point (IDR / intra-only).
    package let isKeyFrame: Bool
    /// How the picture was coded.
    package let pictureType: FFPictureType
    /// Whether FFmpeg flagged the picture as damaged (concealed errors, missing references).
    package let isCorrupt: Bool
    /// Whether the picture is interlaced, and which field comes first.
    package let isInterlaced: Bool
    /// For interlaced pictures, whether the top field is first.
    package let isTopFieldFirst: Bool
    /// Pixel aspect ratio, when the stream gives one.
    package let sampleAspectRatio: FFRational?

    /// Takes ownership of `frame`.
    init(taking frame: UnsafeMutablePointer<AVFrame>) {
        self.frame = frame
        let f = frame.pointee
        width = Int(f.width)
        height = Int(f.height)
        // Decoders only output formats that have descriptors.
        pixelFormat = FFPixelFormat(rawValue: f.format) ?? .yuv420p
        planes = (0..<pixelFormat.planeCount).compactMap { index in
            guard let data = cff_frame_data(frame, Int32(index)) else { return nil }
            return PixelPlane(baseAddress: UnsafeRawPointer(data), bytesPerRow: Int(cff_frame_linesize(frame, Int32(index))),
                              rowCount: FFPixelFormat(rawValue: f.format).map {
                               $0.rowCount(ofPlane: index, height: Int(f.height))
                           } ?? Int(f.height))
        }
        colorProperties = FFColorProperties(frame: frame)
        pts = f.pts == cff_nopts_value() ? nil : f.pts
        duration = f.pkt_duration
        isKeyFrame = f.key_frame != 0
        switch f.pict_type {
        case AV_PICTURE_TYPE_I: pictureType = .intra
        case AV_PICTURE_TYPE_P: pictureType = .predicted
        case AV_PICTURE_TYPE_B: pictureType = .bidirectional
        default: pictureType = .other
        }
        isCorrupt = (f.flags & AV_FRAME_FLAG_CORRUPT) != 0 || f.decode_error_flags != 0
        isInterlaced = f.interlaced_frame != 0
        isTopFieldFirst = f.top_field_first != 0
        let sar = f.sample_aspect_ratio
        sampleAspectRatio = sar.num > 0 && sar.den > 0 ? FFRational(sar.num, sar.den) : nil
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&owned)
    }
}
