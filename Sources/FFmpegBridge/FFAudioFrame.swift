internal import CFFmpeg

/// Decoded audio. The object owns FFmpeg's frame, so the sample planes live exactly as long as it does.
// Safe because immutable after `init`; the frame is only read, and freed in `deinit`.
package final class FFAudioFrame: @unchecked Sendable {
    // Immutable after init; the AVFrame is never modified.
    let frame: UnsafeMutablePointer<AVFrame>

    /// How samples are stored.
    package let sampleFormat: FFSampleFormat
    /// Which channels, in which order.
    package let channelLayout: FFChannelLayout
    /// Samples per second.
    package let sampleRate: Int
    /// Samples per channel in this frame.
    package let frameCount: Int
    /// The sample planes: one per channel when planar, one in all when interleaved. Read-only.
    package let planes: [UnsafeRawPointer]
    /// Bytes of valid samples in each plane.
    package let bytesPerPlane: Int
    /// Presentation time of the packet the samples came from, in the caller's time base; `nil` if it had none.
    package let pts: Int64?
    /// Duration of the packet the samples came from (0 when not given).
    package let duration: Int64
    /// Samples the codec says to drop from the start and end of this frame (FFmpeg's skip-samples side data), when
    /// it says so. The frame still contains them; trimming is the caller's decision (edit lists).
    package let skipSamples: (start: Int, end: Int)?

    /// Takes ownership of `frame`.
    init(taking frame: UnsafeMutablePointer<AVFrame>) {
        self.frame = frame
        let f = frame.pointee
        // Audio decoders only output FFmpeg's 12 sample formats, all of which FFSampleFormat names.
        let format = FFSampleFormat(AVSampleFormat(rawValue: f.format)) ?? .f32Planar
        sampleFormat = format
        channelLayout = FFChannelLayout(f.ch_layout)
        sampleRate = Int(f.sample_rate)
        frameCount = Int(f.nb_samples)
        let channels = Int(f.ch_layout.nb_channels)
        planes = (0..<format.planeCount(channelCount: channels)).compactMap { index in
            cff_frame_extended_data(frame, Int32(index)).map { UnsafeRawPointer($0) }
        }
        bytesPerPlane = format.bytesPerPlane(frameCount: Int(f.nb_samples), channelCount: channels)
        pts = f.pts == cff_nopts_value() ? nil : f.pts
        duration = f.pkt_duration
        if let side = av_frame_get_side_data(frame, AV_FRAME_DATA_SKIP_SAMPLES), side.pointee.size >= 8 {
            // Layout (libavcodec/packet.h, AV_PKT_DATA_SKIP_SAMPLES): u32le start, u32le end, u8 reasons.
            let raw = UnsafeRawPointer(side.pointee.data!)
            let start = UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))
            let end = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            skipSamples = (Int(start), Int(end))
        } else {
            skipSamples = nil
        }
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&owned)
    }
}
