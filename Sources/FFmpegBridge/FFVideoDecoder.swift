internal import CFFmpeg
import Synchronization

/// What a video decoder is created from.
package struct FFVideoDecoderConfiguration: Sendable, Hashable {
    /// The codec.
    package var codec: FFCodec
    /// The codec's out-of-band setup bytes as the container stores them: the avcC / hvcC / av1C box payload,
    /// the MPEG-4 Part 2 decoder-specific info from esds, or nothing (ProRes, Motion JPEG).
    package var extradata: [UInt8]
    /// Coded width from the container (0 when unknown); the bitstream's own size wins.
    package var codedWidth: Int
    /// Coded height from the container (0 when unknown).
    package var codedHeight: Int
    /// The time base of the packet timestamps (passed through untouched; FFmpeg uses it only in log messages).
    package var timeBase: FFRational?
    /// Decoding threads; `nil` means one per core. Frame threading delays output by `threadCount - 1` packets.
    package var threadCount: Int?
    /// Drop pictures FFmpeg flags as corrupt instead of returning them with `isCorrupt` set.
    package var discardsCorruptFrames: Bool
    /// A specific FFmpeg decoder (`h264`, `libdav1d`), or `nil` for the bridge's choice.
    package var decoderName: String?
    /// The sample entry's four-character code, when it tells the decoder something the bitstream does not:
    /// FFmpeg's ProRes decoder outputs 4444 ('ap4h', 'ap4x') at 12 bits only when it knows the tag.
    package var codecTag: String?

    /// A configuration with the usual defaults.
    package init(codec: FFCodec, extradata: [UInt8] = [], codedWidth: Int = 0, codedHeight: Int = 0,
                 timeBase: FFRational? = nil, threadCount: Int? = nil, discardsCorruptFrames: Bool = false,
                 decoderName: String? = nil, codecTag: String? = nil) {
        self.codecTag = codecTag
        self.codec = codec
        self.extradata = extradata
        self.codedWidth = codedWidth
        self.codedHeight = codedHeight
        self.timeBase = timeBase
        self.threadCount = threadCount
        self.discardsCorruptFrames = discardsCorruptFrames
        self.decoderName = decoderName
    }
}

/// A video decoder: packets in decode order in, pictures in presentation order out, each carrying the pts of the
/// packet it came from.
///
/// A corrupt packet makes `decode` throw an `FFError` of kind `invalidData` for that packet; the decoder keeps
/// going and later packets decode normally. Frames that were ready before the error are never lost: they come out
/// of the next call. Calls are serialised by a lock, so one decoder may be fed from any thread.
// Safe because `lock` serialises every call; the configuration is immutable.
package final class FFVideoDecoder: @unchecked Sendable {
    /// What the decoder was created from.
    package let configuration: FFVideoDecoderConfiguration
    /// The FFmpeg decoder in use (`h264`, `hevc`, `libdav1d`, …).
    package let decoderName: String
    /// Decoding threads in use.
    package let threadCount: Int
    /// Whether frame threading is active (it delays output by `threadCount - 1` packets).
    package let usesFrameThreading: Bool

    // The lock serialises every use of the codec context, which FFmpeg does not allow concurrently.
    private let core: FFDecoderCore
    private let lock = Mutex(())

    /// Opens a decoder.
    package init(configuration: FFVideoDecoderConfiguration) throws(FFError) {
        guard configuration.codec.mediaType == .video else {
            throw FFError(.invalidConfiguration, operation: "FFVideoDecoder", setting: "codec",
                          message: "\(configuration.codec) is not a video codec")
        }
        let limit = FFLimits.maximumPictureDimension
        guard (0...limit).contains(configuration.codedWidth), (0...limit).contains(configuration.codedHeight) else {
            throw FFError(.invalidConfiguration, operation: "FFVideoDecoder", setting: "codedWidth/codedHeight",
                          message: "\(configuration.codedWidth)x\(configuration.codedHeight) is outside 0...\(limit)")
        }
        var tag: UInt32 = 0
        if let codecTag = configuration.codecTag {
            let bytes = Array(codecTag.utf8)
            guard bytes.count == 4 else {
                throw FFError(.invalidConfiguration, operation: "FFVideoDecoder", setting: "codecTag",
                              message: "'\(codecTag)' is not a four-character code")
            }
            // FFmpeg's MKTAG: first character in the low byte.
            tag = bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
        }
        let decoder = try configuration.codec.findDecoder(named: configuration.decoderName)
        let threads = max(1, configuration.threadCount ?? ffCPUCount)
        let capabilities = decoder.pointee.capabilities
        let frameThreads = threads > 1 && (capabilities & AV_CODEC_CAP_FRAME_THREADS) != 0
        let core = try FFDecoderCore(decoder: decoder, extradata: configuration.extradata) { context throws(FFError) in
            context.pointee.codec_tag = tag
            context.pointee.width = Int32(configuration.codedWidth)
            context.pointee.height = Int32(configuration.codedHeight)
            context.pointee.coded_width = Int32(configuration.codedWidth)
            context.pointee.coded_height = Int32(configuration.codedHeight)
            if let timeBase = configuration.timeBase, timeBase.isPositive {
                context.pointee.pkt_timebase = AVRational(num: timeBase.numerator, den: timeBase.denominator)
            }
            context.pointee.thread_count = Int32(threads)
            context.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
            // Never show pictures decoded from missing references; they are garbage, not "corrupt but useful".
            context.pointee.flags &= ~AV_CODEC_FLAG_OUTPUT_CORRUPT
        }
        self.configuration = configuration
        decoderName = core.name
        threadCount = threads
        usesFrameThreading = frameThreads
        self.core = core
    }

    /// Decodes one packet (bytes in the container's sample format: length-prefixed NAL units for H.264/HEVC in
    /// MP4) and returns the pictures that became ready, in presentation order.
    package func decode(_ packet: UnsafeRawBufferPointer, timing: FFPacketTiming) throws(FFError) -> [FFVideoFrame] {
        let discard = configuration.discardsCorruptFrames
        return try lock.withLock { (_: inout Void) throws(FFError) -> [FFVideoFrame] in
            wrap(try core.decode(packet, timing: timing), discardCorrupt: discard)
        }
    }

    /// Decodes one packet held in an array.
    package func decode(_ packet: [UInt8], timing: FFPacketTiming) throws(FFError) -> [FFVideoFrame] {
        let discard = configuration.discardsCorruptFrames
        return try lock.withLock { (_: inout Void) throws(FFError) -> [FFVideoFrame] in
            let raw = try ffWithBytes(packet) { bytes throws(FFError) in try core.decode(bytes, timing: timing) }
            return wrap(raw, discardCorrupt: discard)
        }
    }

    /// Ends the stream: returns every picture still inside the decoder. The decoder then accepts a new stream
    /// (starting with a key frame).
    package func flush() throws(FFError) -> [FFVideoFrame] {
        let discard = configuration.discardsCorruptFrames
        return try lock.withLock { (_: inout Void) throws(FFError) -> [FFVideoFrame] in
            wrap(try core.decode(nil, timing: nil), discardCorrupt: discard)
        }
    }

    /// Discards everything inside the decoder without output (before decoding from a new position).
    package func reset() {
        lock.withLock { _ in core.reset() }
    }
}

private func wrap(_ frames: [UnsafeMutablePointer<AVFrame>], discardCorrupt: Bool) -> [FFVideoFrame] {
    let wrapped = frames.map { FFVideoFrame(taking: $0) }
    return discardCorrupt ? wrapped.filter { !$0.isCorrupt } : wrapped
}
