internal import CFFmpeg

/// The send/receive loop shared by the video and audio encoders. Not thread-safe by itself: the owning encoder
/// serialises calls with its lock.
final class FFEncoderCore {
    private(set) var context: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// Packets received before an error was thrown; handed out first by the next call.
    private var pending: [FFPacket] = []
    /// Whether the end of the stream has been sent (`drainNext`).
    private var draining = false
    /// The encoder's name, for error messages.
    let name: String

    /// Allocates a context; the owner configures it and calls `open`.
    init(encoder: UnsafePointer<AVCodec>) throws(FFError) {
        name = String(cString: encoder.pointee.name)
        guard let context = avcodec_alloc_context3(encoder), let packet = av_packet_alloc() else {
            throw FFError(.outOfMemory, operation: "avcodec_alloc_context3(\(name))", message: "allocation failed")
        }
        self.context = context
        self.packet = packet
    }

    deinit {
        av_packet_free(&packet)
        avcodec_free_context(&context)
    }

    /// The context, for configuration before `open` and for reading after.
    var codecContext: UnsafeMutablePointer<AVCodecContext> {
        guard let context else { preconditionFailure("FFEncoderCore invariant: codecContext read after close()") }
        return context
    }

    /// Whether `close()` has run.
    var isClosed: Bool { context == nil }

    /// Sets an FFmpeg option by name on the context or, failing that, the encoder's private options.
    func setOption(_ name: String, _ value: String, setting: String) throws(FFError) {
        let status = av_opt_set(codecContext, name, value, AV_OPT_SEARCH_CHILDREN)
        if status == FFErrorCode.optionNotFound {
            throw FFError(code: status, operation: "av_opt_set(\(self.name))", setting: setting,
                          message: "the \(self.name) encoder has no option '\(name)'")
        }
        try ffCheck(status, "av_opt_set(\(self.name))", setting: setting,
                    message: "the \(self.name) encoder rejected \(name)=\(value)")
    }

    /// Opens the encoder after configuration.
    func open(_ encoder: UnsafePointer<AVCodec>) throws(FFError) {
        try ffCheck(avcodec_open2(codecContext, encoder, nil), "avcodec_open2(\(name))",
                    message: "the encoder refused the configuration (FFmpeg's log says which setting)")
    }

    /// The extradata the encoder produced at open (parameter sets, AudioSpecificConfig, ALAC cookie).
    var extradata: [UInt8] {
        guard let context, let data = context.pointee.extradata, context.pointee.extradata_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(context.pointee.extradata_size)))
    }

    /// Sends one frame and returns every packet that became ready (the end of the stream: `drainNext`, `drainAll`).
    func encode(_ frame: UnsafePointer<AVFrame>) throws(FFError) -> [FFPacket] {
        guard let context else {
            throw FFError(.invalidArgument, operation: "encode(\(name))", message: "the encoder was already flushed")
        }
        var received = pending
        pending = []
        var failure: FFError?
        // The encoder refuses input (EAGAIN) only while it holds output; bounded so a misbehaving encoder cannot
        // spin forever.
        for _ in 0..<64 {
            let status = avcodec_send_frame(context, frame)
            if status == FFErrorCode.again {
                let before = received.count
                if let error = receive(into: &received) { failure = error; break }
                if received.count == before {
                    failure = FFError(.failed, operation: "avcodec_send_frame(\(name))",
                                      message: "the encoder refused input without producing output")
                    break
                }
                continue
            }
            if status < 0 { failure = FFError(code: status, operation: "avcodec_send_frame(\(name))") }
            break
        }
        if let error = receive(into: &received), failure == nil { failure = error }
        if let failure {
            pending = received
            throw failure
        }
        return received
    }

    /// Ends the stream (the first call) and returns the next packet still inside the encoder, or nil once the encoder
    /// is empty. Draining packet by packet lets the caller pass each one on while the encoder finishes the rest:
    /// x264's look-ahead alone holds dozens of frames, seconds of work at the end of a stream.
    func drainNext() throws(FFError) -> FFPacket? {
        if !pending.isEmpty { return pending.removeFirst() }
        guard let context, let packet else { return nil }
        if !draining {
            // EAGAIN: the encoder holds output it must hand over first; the end is sent again on the next call.
            let status = avcodec_send_frame(context, nil)
            if status >= 0 || status == FFErrorCode.endOfFile {
                draining = true
            } else if status != FFErrorCode.again {
                throw FFError(code: status, operation: "avcodec_send_frame(\(name), end of stream)")
            }
        }
        let status = avcodec_receive_packet(context, packet)
        if status == FFErrorCode.endOfFile { return nil }
        if status == FFErrorCode.again {
            // Once draining, an encoder never asks for more input; before, it refused the end without any output.
            if draining { return nil }
            throw FFError(.failed, operation: "avcodec_send_frame(\(name), end of stream)",
                          message: "the encoder refused the end of the stream without producing output")
        }
        if status < 0 { throw FFError(code: status, operation: "avcodec_receive_packet(\(name))") }
        defer { av_packet_unref(packet) }
        return FFPacket(packet)
    }

    /// Ends the stream and returns every packet still inside the encoder.
    func drainAll() throws(FFError) -> [FFPacket] {
        var packets: [FFPacket] = []
        while let packet = try drainNext() { packets.append(packet) }
        return packets
    }

    /// Frees the codec context (x264 writes its two-pass statistics file here).
    func close() {
        avcodec_free_context(&context)
    }

    private func receive(into packets: inout [FFPacket]) -> FFError? {
        guard let context, let packet else { return nil }
        while true {
            let status = avcodec_receive_packet(context, packet)
            if status == FFErrorCode.again || status == FFErrorCode.endOfFile { return nil }
            if status < 0 { return FFError(code: status, operation: "avcodec_receive_packet(\(name))") }
            packets.append(FFPacket(packet))
            av_packet_unref(packet)
        }
    }
}

/// Keeps a caller's object alive while FFmpeg references memory it owns.
final class FFBufferOwner {
    let object: AnyObject
    init(_ object: AnyObject) { self.object = object }
}

/// Wraps caller-owned memory in an `AVBufferRef` without copying; `owner` is retained until FFmpeg drops the last
/// reference (possibly on one of its threads), then released.
func ffWrapBuffer(_ base: UnsafeRawPointer, size: Int, owner: AnyObject) -> UnsafeMutablePointer<AVBufferRef>? {
    let retained = Unmanaged.passRetained(FFBufferOwner(owner)).toOpaque()
    let buffer = av_buffer_create(UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self)), size,
                                  { opaque, _ in
                                      guard let opaque else { return }
                                      Unmanaged<FFBufferOwner>.fromOpaque(opaque).release()
                                  }, retained, AV_BUFFER_FLAG_READONLY)
    if buffer == nil { Unmanaged<FFBufferOwner>.fromOpaque(retained).release() }
    return buffer
}
