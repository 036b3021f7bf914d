internal import CFFmpeg
import Synchronization

/// How a resampler filters and quantises: its interpolation filter's length (longer is sharper and slower) and
/// whether it dithers when it reduces sample width.
package struct FFResamplerOptions: Sendable, Equatable {
    /// Taps of the interpolation filter per phase (swresample's `filter_size`); nil keeps swresample's 32.
    package var filterLength: Int?
    /// Triangular (TPDF) dither on requantisation (swresample's `dither_method`).
    package var dither: Bool

    package init(filterLength: Int? = nil, dither: Bool = false) {
        self.filterLength = filterLength
        self.dither = dither
    }
}

/// Converts audio between sample formats, rates and channel layouts (swresample).
///
/// Sample counts are exact and predictable: after all input has gone in and `flush()` has run, the total output
/// is `expectedOutputFrameCount(forInputFrameCount:)` = ⌈N · outRate / inRate⌉ frames for N input frames, for
/// any N and any chunking. Until then the resampler holds back about `delay` frames for its filter. Channels are matched by position (a layout given
/// in a custom order is reordered, and missing or extra positions are mixed with swresample's matrix). Calls are
/// serialised by a lock.
// Safe because `lock` serialises every call and guards every `var`.
package final class FFResampler: @unchecked Sendable {
    /// The input format.
    package let input: FFAudioFormat
    /// The output format.
    package let output: FFAudioFormat

    // The lock serialises all use of the swresample context and the counters.
    private let lock = Mutex(())
    private var context: OpaquePointer?
    private var framesIn: Int64 = 0
    private var framesOut: Int64 = 0
    /// For custom-order input: which input channel feeds each position of the native-order layout swresample sees.
    private let inputChannelMap: [Int32]?

    /// Creates a resampler.
    package init(from input: FFAudioFormat, to output: FFAudioFormat, options: FFResamplerOptions = .init())
        throws(FFError) {
        FFLog.installIfNeeded()
        let op = "FFResampler"
        for (side, format) in [("input", input), ("output", output)] {
            guard (1...FFLimits.maximumSampleRate).contains(format.sampleRate) else {
                throw FFError(.invalidConfiguration, operation: op, setting: "\(side).sampleRate",
                              message: "\(format.sampleRate) Hz is outside 1...\(FFLimits.maximumSampleRate)")
            }
            guard (1...FFLimits.maximumAudioChannels).contains(format.channelLayout.channelCount) else {
                throw FFError(.invalidConfiguration, operation: op, setting: "\(side).channelLayout",
                              message: "\(format.channelLayout.channelCount) channels is outside 1...\(FFLimits.maximumAudioChannels)")
            }
        }
        // swresample 4.7 mixes by channel mask, so a custom-order layout is given to it as the native layout of the
        // same channels, with a channel map saying where each comes from.
        var inLayoutModel = input.channelLayout
        var map: [Int32]? = nil
        if input.channelLayout.order == .custom {
            let channels = input.channelLayout.channels
            let distinct = Set(channels).count == channels.count
            guard distinct, channels.allSatisfy({ $0.rawValue >= 0 && $0.rawValue < 64 }) else {
                throw FFError(.invalidConfiguration, operation: op, setting: "input.channelLayout",
                              message: "\(input.channelLayout) repeats a position or uses one without a mask bit; it cannot be mixed by position")
            }
            let sorted = channels.sorted { $0.rawValue < $1.rawValue }
            inLayoutModel = FFChannelLayout(channels: sorted)
            map = sorted.map { channel in Int32(channels.firstIndex(of: channel)!) }
        }
        if output.channelLayout.order == .custom {
            throw FFError(.invalidConfiguration, operation: op, setting: "output.channelLayout",
                          message: "output in a custom channel order is not supported; convert to the native order and reorder planes")
        }
        var inLayout = inLayoutModel.makeAVLayout()
        var outLayout = output.channelLayout.makeAVLayout()
        defer {
            av_channel_layout_uninit(&inLayout)
            av_channel_layout_uninit(&outLayout)
        }
        var swr: OpaquePointer? = nil
        try ffCheck(swr_alloc_set_opts2(&swr, &outLayout, output.sampleFormat.avValue, Int32(output.sampleRate),
                                        &inLayout, input.sampleFormat.avValue, Int32(input.sampleRate), 0, nil),
                    "swr_alloc_set_opts2", message: "\(input) → \(output)")
        guard let swr else { throw FFError(.outOfMemory, operation: "swr_alloc_set_opts2", message: "allocation failed") }
        context = swr
        if let map {
            let status = map.withUnsafeBufferPointer { swr_set_channel_mapping(swr, $0.baseAddress) }
            try ffCheck(status, "swr_set_channel_mapping")
        }
        if let length = options.filterLength {
            guard (2...1_024).contains(length) else {
                throw FFError(.invalidConfiguration, operation: op, setting: "filterLength",
                              message: "\(length) taps is outside 2...1024")
            }
            try ffCheck(av_opt_set_int(UnsafeMutableRawPointer(swr), "filter_size", Int64(length), 0),
                        "av_opt_set_int(filter_size)")
        }
        if options.dither {
            try ffCheck(av_opt_set_int(UnsafeMutableRawPointer(swr), "dither_method",
                                       Int64(SWR_DITHER_TRIANGULAR.rawValue), 0), "av_opt_set_int(dither_method)")
        }
        try ffCheck(swr_init(swr), "swr_init", message: "\(input) → \(output)")
        inputChannelMap = map
        self.input = input
        self.output = output
    }

    deinit {
        swr_free(&context)
    }

    /// Output frames for `count` input frames once everything is flushed: ⌈count · outRate / inRate⌉.
    package func expectedOutputFrameCount(forInputFrameCount count: Int) -> Int {
        let numerator = Int64(count) * Int64(output.sampleRate)
        let denominator = Int64(input.sampleRate)
        return Int((numerator + denominator - 1) / denominator)
    }

    /// Frames held back in the filter, in output frames (what `flush()` will still produce, give or take one).
    package var delay: Int {
        lock.withLock { _ in context.map { Int(swr_get_delay($0, Int64(output.sampleRate))) } ?? 0 }
    }

    /// Converts samples, returning what is ready (up to `delay` frames come later).
    package func convert(_ samples: FFAudioSamples) throws(FFError) -> FFAudioBuffer {
        let planeCount = input.sampleFormat.planeCount(channelCount: input.channelLayout.channelCount)
        guard samples.planes.count == planeCount, samples.frameCount >= 0, samples.frameCount <= Int(Int32.max) / 4 else {
            throw FFError(.invalidArgument, operation: "FFResampler.convert",
                          message: "\(input.sampleFormat) x \(input.channelLayout.channelCount) channels needs \(planeCount) planes; \(samples.planes.count) given (\(samples.frameCount) frames)")
        }
        return try lock.withLock { (_: inout Void) throws(FFError) -> FFAudioBuffer in
            try run(samples.planes, frameCount: samples.frameCount)
        }
    }

    /// Converts an `FFAudioBuffer`.
    package func convert(_ buffer: FFAudioBuffer) throws(FFError) -> FFAudioBuffer {
        try buffer.withSamples { samples throws(FFError) in try convert(samples) }
    }

    /// Returns the frames still in the filter after the last input, completing exactly the expected total, and
    /// makes the resampler ready for a new stream.
    ///
    /// swresample's own flush comes up short for inputs shorter than its filter (measured: 5 frames at
    /// 32→44.1 kHz give 0, not 7), so the tail is pushed out with silence and cut at the exact count instead.
    package func flush() throws(FFError) -> FFAudioBuffer {
        try lock.withLock { (_: inout Void) throws(FFError) -> FFAudioBuffer in
            guard let context else { throw FFError(.invalidArgument, operation: "FFResampler", message: "no context") }
            let expected = Int64(expectedOutputFrameCount(forInputFrameCount: Int(framesIn)))
            var remaining = Int(max(0, expected - framesOut))
            let channels = input.channelLayout.channelCount
            let chunk = 256
            let planeCount = input.sampleFormat.planeCount(channelCount: channels)
            let bytes = input.sampleFormat.bytesPerPlane(frameCount: chunk, channelCount: channels)
            let silence = (0..<planeCount).map { _ in UnsafeMutablePointer<UInt8>.allocate(capacity: bytes) }
            defer { silence.forEach { $0.deallocate() } }
            var silencePlanes: [UnsafeMutablePointer<UInt8>?] = silence
            try ffCheck(av_samples_set_silence(&silencePlanes, 0, Int32(chunk), Int32(channels), input.sampleFormat.avValue),
                        "av_samples_set_silence")
            var tail = FFAudioBuffer(sampleFormat: output.sampleFormat, channelCount: output.channelLayout.channelCount,
                                     frameCount: 0, planes: Array(repeating: [], count: output.sampleFormat.planeCount(
                                         channelCount: output.channelLayout.channelCount)))
            // Each silent chunk yields about chunk·out/in frames once the filter is primed; the bound only guards
            // against a resampler that stops producing.
            let perChunk = max(1, chunk * output.sampleRate / input.sampleRate)
            for _ in 0..<(remaining / perChunk + 64) where remaining > 0 {
                let piece = try run(silence.map { UnsafeRawPointer($0) }, frameCount: chunk, counting: false)
                let take = min(piece.frameCount, remaining)
                let bytesPerFrame = output.sampleFormat.bytesPerPlane(frameCount: 1, channelCount: output.channelLayout.channelCount)
                for index in tail.planes.indices { tail.planes[index] += piece.planes[index].prefix(take * bytesPerFrame) }
                tail.frameCount += take
                remaining -= take
            }
            guard remaining == 0 else {
                throw FFError(.failed, operation: "FFResampler.flush", message: "swresample stopped producing output \(remaining) frames short")
            }
            // Start over for the next stream (swr_init on an open context resets its state).
            try ffCheck(swr_init(context), "swr_init")
            framesIn = 0
            framesOut = 0
            return tail
        }
    }

    private func run(_ planes: [UnsafeRawPointer], frameCount: Int, counting: Bool = true) throws(FFError) -> FFAudioBuffer {
        guard let context else { throw FFError(.invalidArgument, operation: "FFResampler", message: "no context") }
        let channels = output.channelLayout.channelCount
        // swr's own upper bound on what this call can return.
        let capacity = Int(swr_get_out_samples(context, Int32(frameCount))) + 32
        let bytesPerPlane = output.sampleFormat.bytesPerPlane(frameCount: capacity, channelCount: channels)
        let planeCount = output.sampleFormat.planeCount(channelCount: channels)
        let storage = (0..<planeCount).map { _ in UnsafeMutablePointer<UInt8>.allocate(capacity: bytesPerPlane) }
        defer { storage.forEach { $0.deallocate() } }
        var outPlanes: [UnsafeMutablePointer<UInt8>?] = storage
        var inPlanes: [UnsafePointer<UInt8>?] = planes.map { $0.assumingMemoryBound(to: UInt8.self) }
        let produced = swr_convert(context, &outPlanes, Int32(capacity), &inPlanes, Int32(frameCount))
        try ffCheck(produced, "swr_convert", message: "\(input) → \(output)")
        if counting {
            framesIn += Int64(frameCount)
            framesOut += Int64(produced)
        }
        let used = output.sampleFormat.bytesPerPlane(frameCount: Int(produced), channelCount: channels)
        return FFAudioBuffer(sampleFormat: output.sampleFormat, channelCount: channels, frameCount: Int(produced),
                             planes: storage.map { Array(UnsafeBufferPointer(start: $0, count: used)) })
    }
}
