internal import CFFmpeg
import Synchronization

/// A video encoder: pictures with exact timestamps in, `FFPacket`s out.
///
/// Timestamps pass through exactly: the pts of a packet is the pts of the picture it encodes, in
/// `configuration.timeBase`; the dts is the encoder's, and with B-frames the first dts values lie before the first
/// pts. Calls are serialised by a lock.
// Safe because `lock` serialises every call and guards every `var`.
package final class FFVideoEncoder: @unchecked Sendable {
    /// What the encoder was created from.
    package let configuration: FFVideoEncoderConfiguration
    /// The codec setup the encoder produced: for libx264/libx265 with `usesGlobalHeader`, the parameter sets in
    /// Annex B form (split them with `MediaFormats.NALUnits.parameterSets`); empty when the codec has none.
    package let extradata: [UInt8]

    // The lock serialises all use of `core`, `lastPTS` and `durations`.
    private let lock = Mutex(())
    private let core: FFEncoderCore
    private var lastPTS: Int64?
    /// Durations of pictures sent but not yet out, by pts (the encoders do not carry durations through).
    private var durations: [Int64: Int64] = [:]

    /// Opens an encoder; fails with an `FFError` naming the first setting that cannot be honoured.
    package init(configuration: FFVideoEncoderConfiguration) throws(FFError) {
        let encoder = try configuration.encoder.findEncoder()
        guard configuration.encoder.codec.mediaType == .video else {
            throw FFError(.invalidConfiguration, operation: "FFVideoEncoder", setting: "encoder",
                          message: "\(configuration.encoder) is not a video encoder")
        }
        let core = try FFEncoderCore(encoder: encoder)
        try Self.configure(core, with: configuration)
        try core.open(encoder)
        self.core = core
        self.configuration = configuration
        extradata = core.extradata
    }

    /// Encodes a picture from caller-owned planes.
    ///
    /// With an `owner`, nothing is copied: FFmpeg references the planes and keeps `owner` alive until it no longer
    /// needs them (encoders with frame threading or look-ahead hold pictures for a while), so the planes must not
    /// change until then. Without one, the planes are copied before this returns.
    package func encode(_ image: FFImageBuffer, owner: (AnyObject & Sendable)?, pts: Int64, duration: Int64 = 0,
                        forceKeyFrame: Bool = false) throws(FFError) -> [FFPacket] {
        try lock.withLock { (_: inout Void) throws(FFError) -> [FFPacket] in
            let operation = "encode(\(configuration.encoder.name))"
            try image.validate(operation)
            guard image.pixelFormat == configuration.pixelFormat, image.width == configuration.width,
                  image.height == configuration.height else {
                throw FFError(.invalidArgument, operation: operation,
                              message: "picture is \(image.pixelFormat) \(image.width)x\(image.height); the encoder was configured for \(configuration.pixelFormat) \(configuration.width)x\(configuration.height)")
            }
            guard var frame = av_frame_alloc() else {
                throw FFError(.outOfMemory, operation: "av_frame_alloc", message: "allocation failed")
            }
            defer {
                var owned: UnsafeMutablePointer<AVFrame>? = frame
                av_frame_free(&owned)
            }
            frame.pointee.width = Int32(image.width)
            frame.pointee.height = Int32(image.height)
            frame.pointee.format = image.pixelFormat.rawValue
            if let owner {
                for (index, plane) in image.planes.enumerated() {
                    let size = plane.bytesPerRow * plane.rowCount
                    guard let buffer = ffWrapBuffer(plane.baseAddress, size: size, owner: owner) else {
                        throw FFError(.outOfMemory, operation: "av_buffer_create", message: "allocation failed")
                    }
                    cff_frame_set_plane(frame, Int32(index), buffer.pointee.data, Int32(clamping: plane.bytesPerRow), buffer)
                }
            } else {
                try ffCheck(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
                copyPlanes(image, into: &frame)
            }
            return try send(frame, pts: pts, duration: duration, forceKeyFrame: forceKeyFrame, operation: operation)
        }
    }

    /// Encodes a decoded picture without copying it (transcoding).
    package func encode(_ picture: FFVideoFrame, pts: Int64, duration: Int64 = 0,
                        forceKeyFrame: Bool = false) throws(FFError) -> [FFPacket] {
        try lock.withLock { (_: inout Void) throws(FFError) -> [FFPacket] in
            let operation = "encode(\(configuration.encoder.name))"
            guard picture.pixelFormat == configuration.pixelFormat, picture.width == configuration.width,
                  picture.height == configuration.height else {
                throw FFError(.invalidArgument, operation: operation,
                              message: "picture is \(picture.pixelFormat) \(picture.width)x\(picture.height); the encoder was configured for \(configuration.pixelFormat) \(configuration.width)x\(configuration.height)")
            }
            guard let frame = av_frame_alloc() else {
                throw FFError(.outOfMemory, operation: "av_frame_alloc", message: "allocation failed")
            }
            defer {
                var owned: UnsafeMutablePointer<AVFrame>? = frame
                av_frame_free(&owned)
            }
            try ffCheck(av_frame_ref(frame, picture.frame), "av_frame_ref")
            // The decoder's picture type and key flag describe the old stream, not this one.
            frame.pointee.key_frame = 0
            frame.pointee.pict_type = AV_PICTURE_TYPE_NONE
            return try send(frame, pts: pts, duration: duration, forceKeyFrame: forceKeyFrame, operation: operation)
        }
    }

    /// Ends the stream: returns every packet still inside the encoder, then closes it (x264 writes first-pass
    /// statistics at this point). The encoder accepts nothing afterwards.
    package func flush() throws(FFError) -> [FFPacket] {
        var packets: [FFPacket] = []
        while let packet = try drainNext() { packets.append(packet) }
        return packets
    }

    /// Ends the stream one packet at a time: the next packet still inside the encoder, as soon as the encoder has
    /// it, or nil once none is left (the encoder is then closed, as by `flush()`).
    package func drainNext() throws(FFError) -> FFPacket? {
        try lock.withLock { (_: inout Void) throws(FFError) -> FFPacket? in
            if core.isClosed { return nil }
            if let packet = try core.drainNext() { return withDuration(packet) }
            core.close()
            durations.removeAll()
            return nil
        }
    }

    private func send(_ frame: UnsafeMutablePointer<AVFrame>, pts: Int64, duration: Int64, forceKeyFrame: Bool,
                      operation: String) throws(FFError) -> [FFPacket] {
        if let lastPTS, pts <= lastPTS {
            throw FFError(.invalidArgument, operation: operation,
                          message: "pts \(pts) does not follow the previous picture's pts \(lastPTS) (pictures go in presentation order, pts strictly increasing)")
        }
        guard duration >= 0 else {
            throw FFError(.invalidArgument, operation: operation, message: "duration \(duration) is negative")
        }
        frame.pointee.pts = pts
        frame.pointee.pict_type = forceKeyFrame ? AV_PICTURE_TYPE_I : frame.pointee.pict_type
        configuration.colorProperties.apply(to: frame)
        if let sar = configuration.sampleAspectRatio {
            frame.pointee.sample_aspect_ratio = AVRational(num: sar.numerator, den: sar.denominator)
        }
        // A fixed quantiser (mjpeg's quality) is read from each frame, not from the context: libavcodec's
        // MPEG-family encoders take `frame->quality` under AV_CODEC_FLAG_QSCALE, which ffmpeg's command line sets
        // per frame; without it every quality encoded alike.
        if let context = core.context, context.pointee.flags & AV_CODEC_FLAG_QSCALE != 0 {
            frame.pointee.quality = context.pointee.global_quality
        }
        durations[pts] = duration
        lastPTS = pts
        return try core.encode(frame).map(withDuration)
    }

    private func withDuration(_ packet: FFPacket) -> FFPacket {
        var packet = packet
        if let pts = packet.pts, let duration = durations.removeValue(forKey: pts) {
            packet.duration = duration
        }
        if configuration.isIntraOnly { packet.isKeyFrame = true }
        return packet
    }
}

/// Copies caller planes into a frame's own buffers (the copy path of `FFVideoEncoder.encode`).
private func copyPlanes(_ image: FFImageBuffer, into frame: inout UnsafeMutablePointer<AVFrame>) {
    let rowBytes = image.pixelFormat.minimumBytesPerRow(width: image.width)
    for (index, plane) in image.planes.enumerated() {
        guard let destination = cff_frame_data(frame, Int32(index)) else { continue }
        let destinationStride = Int(cff_frame_linesize(frame, Int32(index)))
        let rows = image.pixelFormat.rowCount(ofPlane: index, height: image.height)
        for row in 0..<rows {
            (UnsafeMutableRawPointer(destination) + row * destinationStride)
                .copyMemory(from: plane.baseAddress + row * plane.bytesPerRow, byteCount: rowBytes[index])
        }
    }
}
