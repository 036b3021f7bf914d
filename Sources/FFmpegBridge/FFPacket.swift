internal import CFFmpeg

/// One compressed packet an encoder produced.
package struct FFPacket: Sendable, Hashable {
    /// The coded bytes. H.264 and HEVC come as Annex B (start codes); use `MediaFormats.NALUnits.lengthPrefixed` for MP4.
    package var data: [UInt8]
    /// Presentation time in the encoder's time base: exactly the pts of the input frame (for audio, the encoder's
    /// own, which starts `primingSampleCount` before the first input sample).
    package var pts: Int64?
    /// Decode time from the encoder. With B-frames the first ones are before the first pts (negative when the
    /// first pts is 0); this is reported as the encoder gave it, never shifted.
    package var dts: Int64?
    /// Duration in the encoder's time base (0 when unknown).
    package var duration: Int64
    /// Whether the packet is a sync sample (IDR for H.264, IRAP for HEVC; every packet for intra-only codecs).
    package var isKeyFrame: Bool
    /// Whether FFmpeg flagged the packet disposable (`AV_PKT_FLAG_DISPOSABLE`): no other frame references it. x264
    /// and x265 do not set the flag; `MediaCodecs` reads H.264 and HEVC slice headers instead.
    package var isDisposable: Bool
    /// New codec setup bytes the encoder sent with this packet (FLAC updates STREAMINFO at the end), if any.
    package var newExtradata: [UInt8]?

    /// Describes a packet.
    package init(data: [UInt8], pts: Int64?, dts: Int64?, duration: Int64, isKeyFrame: Bool,
                 isDisposable: Bool = false, newExtradata: [UInt8]? = nil) {
        self.data = data
        self.pts = pts
        self.dts = dts
        self.duration = duration
        self.isKeyFrame = isKeyFrame
        self.isDisposable = isDisposable
        self.newExtradata = newExtradata
    }

    /// Copies an FFmpeg packet out.
    init(_ packet: UnsafePointer<AVPacket>) {
        let p = packet.pointee
        data = p.size > 0 && p.data != nil ? Array(UnsafeBufferPointer(start: p.data, count: Int(p.size))) : []
        pts = p.pts == cff_nopts_value() ? nil : p.pts
        dts = p.dts == cff_nopts_value() ? nil : p.dts
        duration = p.duration
        isKeyFrame = p.flags & AV_PKT_FLAG_KEY != 0
        isDisposable = p.flags & AV_PKT_FLAG_DISPOSABLE != 0
        var size = 0
        if let side = av_packet_get_side_data(packet, AV_PKT_DATA_NEW_EXTRADATA, &size), size > 0 {
            newExtradata = Array(UnsafeBufferPointer(start: side, count: size))
        } else {
            newExtradata = nil
        }
    }
}
