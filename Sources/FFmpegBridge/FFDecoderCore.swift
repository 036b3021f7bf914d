internal import CFFmpeg
import Synchronization

/// The send/receive loop shared by the video and audio decoders. Not thread-safe by itself: the owning decoder
/// serialises calls with its lock.
final class FFDecoderCore {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// Frames received before an error was thrown; handed out first by the next call, so an error never loses
    /// good frames.
    private var pending: [UnsafeMutablePointer<AVFrame>] = []
    /// The name of the decoder implementation, for error messages.
    let name: String

    /// Allocates and opens a decoder. `configure` sets codec-specific fields before `avcodec_open2`.
    init(decoder: UnsafePointer<AVCodec>, extradata: [UInt8],
         configure: (UnsafeMutablePointer<AVCodecContext>) throws(FFError) -> Void) throws(FFError) {
        name = String(cString: decoder.pointee.name)
        guard let context = avcodec_alloc_context3(decoder), let packet = av_packet_alloc() else {
            throw FFError(.outOfMemory, operation: "avcodec_alloc_context3(\(name))", message: "allocation failed")
        }
        self.context = context
        self.packet = packet
        guard extradata.count <= FFLimits.maximumExtradataSize else {
            throw FFError(.invalidConfiguration, operation: "open decoder \(name)", setting: "extradata",
                          message: "\(extradata.count) bytes of extradata exceeds the \(FFLimits.maximumExtradataSize)-byte limit")
        }
        if !extradata.isEmpty {
            // FFmpeg owns and frees extradata, and its bit readers may read past the end: av_malloc with padding.
            let padded = extradata.count + Int(AV_INPUT_BUFFER_PADDING_SIZE)
            guard let memory = av_mallocz(padded)?.assumingMemoryBound(to: UInt8.self) else {
                throw FFError(.outOfMemory, operation: "av_mallocz(extradata)", message: "allocation failed")
            }
            memory.update(from: extradata, count: extradata.count)
            context.pointee.extradata = memory
            context.pointee.extradata_size = Int32(extradata.count)
        }
        try configure(context)
        try ffCheck(avcodec_open2(context, decoder, nil), "avcodec_open2(\(name))")
    }

    deinit {
        for frame in pending {
            var owned: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&owned)
        }
        av_packet_free(&packet)
        avcodec_free_context(&context)
    }

    /// The opened context (valid for the core's lifetime).
    var codecContext: UnsafeMutablePointer<AVCodecContext> {
        guard let context else { preconditionFailure("FFDecoderCore invariant: context lives until deinit") }
        return context
    }

    /// Sends one packet (or, with `data == nil`, the end of the stream) and returns every frame that became ready.
    /// A failure is thrown after the frames received so far are set aside for the next call.
    func decode(_ data: UnsafeRawBufferPointer?, timing: FFPacketTiming?) throws(FFError) -> [UnsafeMutablePointer<AVFrame>] {
        guard let context, let packet else { return [] }
        var received = pending
        pending = []
        let draining = data == nil
        if let data, data.isEmpty {
            // FFmpeg takes an empty packet as the end of the stream (or refuses it); an empty sample decodes to
            // nothing.
            return received
        }
        if let data {
            guard data.count <= FFLimits.maximumPacketSize else {
                pending = received
                throw FFError(.invalidArgument, operation: "decode(\(name))",
                              message: "a \(data.count)-byte packet exceeds the \(FFLimits.maximumPacketSize)-byte limit")
            }
            // av_new_packet zeroes the padding FFmpeg's bitstream readers are allowed to over-read.
            let status = av_new_packet(packet, Int32(data.count))
            if status < 0 {
                pending = received
                throw FFError(code: status, operation: "av_new_packet(\(data.count))")
            }
            if let base = data.baseAddress, data.count > 0 {
                packet.pointee.data.update(from: base.assumingMemoryBound(to: UInt8.self), count: data.count)
            }
            let timing = timing ?? FFPacketTiming(pts: nil)
            packet.pointee.pts = timing.pts ?? cff_nopts_value()
            packet.pointee.dts = timing.dts ?? cff_nopts_value()
            packet.pointee.duration = timing.duration
            if timing.isKeyFrame { packet.pointee.flags |= AV_PKT_FLAG_KEY }
        }
        defer { av_packet_unref(packet) }

        var failure: FFError?
        // The decoder refuses input (EAGAIN) only while it holds output; receiving frees it. A decoder that keeps
        // refusing without producing anything would loop forever, so the retries are bounded.
        for _ in 0..<64 {
            let status = avcodec_send_packet(context, draining ? nil : packet)
            if status == FFErrorCode.again {
                let before = received.count
                if let error = receive(into: &received) { failure = error; break }
                if received.count == before {
                    failure = FFError(.failed, operation: "avcodec_send_packet(\(name))",
                                      message: "the decoder refused input without producing output")
                    break
                }
                continue
            }
            if status == FFErrorCode.endOfFile && draining { break }
            if status < 0 {
                failure = FFError(code: status, operation: "avcodec_send_packet(\(name))",
                                  message: timing.map { "packet pts \($0.pts.map(String.init) ?? "none")" } ?? "end of stream")
            }
            break
        }
        if let error = receive(into: &received), failure == nil { failure = error }
        if draining {
            // Fully drained: make the decoder accept packets again (for reuse after a seek).
            avcodec_flush_buffers(context)
        }
        if let failure {
            pending = received
            throw failure
        }
        return received
    }

    /// Drops everything buffered inside the decoder (for a seek) without output.
    func reset() {
        for frame in pending {
            var owned: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&owned)
        }
        pending = []
        if let context { avcodec_flush_buffers(context) }
    }

    /// Receives frames until the decoder needs input; returns the error that stopped it, if any.
    private func receive(into frames: inout [UnsafeMutablePointer<AVFrame>]) -> FFError? {
        guard let context else { return nil }
        while true {
            guard let frame = av_frame_alloc() else {
                return FFError(.outOfMemory, operation: "av_frame_alloc", message: "allocation failed")
            }
            let status = avcodec_receive_frame(context, frame)
            if status >= 0 {
                frames.append(frame)
                continue
            }
            var owned: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&owned)
            if status == FFErrorCode.again || status == FFErrorCode.endOfFile { return nil }
            return FFError(code: status, operation: "avcodec_receive_frame(\(name))")
        }
    }
}

/// The number of logical CPUs FFmpeg sees (what "all cores" means for `thread_count`).
var ffCPUCount: Int { max(1, Int(av_cpu_count())) }
