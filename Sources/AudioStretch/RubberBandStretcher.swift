internal import CRubberBand
import Synchronization

/// Changes the duration of audio without changing its pitch: the Rubber Band Library's R3 ("finer") engine, a
/// phase vocoder with multi-resolution analysis, run in its streaming (real-time) mode.
///
/// Output is aligned with the input: the library's preferred start pad goes in before the first input and its start
/// delay is cut from the output, as RubberBandStretcher.h (`getPreferredStartPad`, `getStartDelay`) prescribes for
/// real-time mode. So output frame `k` is the stretch of the input around frame `k / timeRatio`. The pad is silence
/// unless the caller gives its own lead-in (`padsStartWithSilence: false`): silence makes the first windows fade
/// the sound in.
///
/// There is no end-of-stream call: Rubber Band's own ending (`final`) pads with silence and its output count is not
/// the stretched length (measured with 3.1.2 on 4 s at 48 kHz, `final` set on the last block: 2128 to 23092 frames
/// too many at speeds 32 down to 0.1, 17920 too few at 1/32), so the caller extends the input itself and cuts the
/// output at the length it wants (`AudioTimeStretchSession` in MediaCodecs does).
///
/// Channels are stretched together (`OptionChannelsTogether`), which keeps the phase relation between channels,
/// and so the stereo image, over the whole frequency range; the default treats them apart and widens the image
/// (RubberBandStretcher.h, option 11). Calls are serialised by a lock.
// Safe because `lock` serialises every call and guards every `var`.
package final class RubberBandStretcher: @unchecked Sendable {
    /// Frames per second of the audio.
    package let sampleRate: Int
    /// Number of channels, each a separate plane.
    package let channelCount: Int
    /// Output duration over input duration (2 plays at half speed).
    package let timeRatio: Double

    // The lock serialises use of the library state, the scratch planes and the discard count.
    private let lock = Mutex(())
    private let state: OpaquePointer
    private let inputPlanes: [UnsafeMutablePointer<Float>]
    private let outputPlanes: [UnsafeMutablePointer<Float>]
    private let inputPointers: [UnsafePointer<Float>?]
    private let outputPointers: [UnsafeMutablePointer<Float>?]
    private let outputCapacity: Int
    /// Output frames still to cut: the start delay, less what has been cut.
    private var framesToDiscard: Int

    /// Frames of lead-in the library wants before the first input frame (its preferred start pad).
    package let startPadFrameCount: Int

    /// The library's version, as its header names it.
    package static let version = RUBBERBAND_VERSION

    /// Creates a stretcher that makes audio `timeRatio` times as long (1/32...32). With `padsStartWithSilence`
    /// false, the first `startPadFrameCount` frames given to `process` are taken as the lead-in to the input
    /// rather than as input (their output falls within the start delay, which is cut).
    package init(sampleRate: Int, channelCount: Int, timeRatio: Double, padsStartWithSilence: Bool = true) throws(TimeStretchError) {
        let operation = "RubberBandStretcher"
        try StretchChecks.configuration(operation, sampleRate: sampleRate, channelCount: channelCount,
                                        maximumChannels: StretchLimits.maximumChannels, factor: timeRatio,
                                        factorName: "timeRatio")
        let options = RubberBandOptionProcessRealTime.rawValue | RubberBandOptionEngineFiner.rawValue
            | RubberBandOptionChannelsTogether.rawValue | RubberBandOptionThreadingNever.rawValue
        guard let state = rubberband_new(UInt32(sampleRate), UInt32(channelCount), RubberBandOptions(bitPattern: options),
                                         timeRatio, 1.0) else {
            throw TimeStretchError(.outOfMemory, operation: "rubberband_new", message: "the library returned no stretcher")
        }
        // An unknown option is ignored by the library, so only the engine version proves R3 is running
        // (RubberBandStretcher.h, option 2).
        guard rubberband_get_engine_version(state) == 3 else {
            rubberband_delete(state)
            throw TimeStretchError(.engineUnavailable, operation: operation,
                          message: "Rubber Band \(RUBBERBAND_VERSION) did not start its R3 (finer) engine")
        }
        let block = StretchLimits.blockFrames
        rubberband_set_max_process_size(state, UInt32(block))
        self.state = state
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.timeRatio = timeRatio
        let capacity = block * 8
        outputCapacity = capacity
        inputPlanes = (0..<channelCount).map { _ in
            let plane = UnsafeMutablePointer<Float>.allocate(capacity: block)
            plane.initialize(repeating: 0, count: block)
            return plane
        }
        outputPlanes = (0..<channelCount).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: capacity) }
        inputPointers = inputPlanes.map { UnsafePointer($0) }
        outputPointers = outputPlanes.map { $0 }
        framesToDiscard = Int(rubberband_get_start_delay(state))
        startPadFrameCount = Int(rubberband_get_preferred_start_pad(state))
        // The start pad is silence (the input planes are zeroed above); what it produces is within the start delay.
        var pad = padsStartWithSilence ? startPadFrameCount : 0
        var discarded = Array(repeating: [Float](), count: channelCount)
        while pad > 0 {
            let count = min(pad, block)
            feed(count, into: &discarded)
            pad -= count
        }
    }

    deinit {
        rubberband_delete(state)
        inputPlanes.forEach { $0.deallocate() }
        outputPlanes.forEach { $0.deallocate() }
    }

    /// Stretches `planes` (one per channel, equal lengths, any length) and returns the output that is ready; the
    /// library holds back about a window's worth, which comes out as more input goes in.
    package func process(_ planes: [[Float]]) throws(TimeStretchError) -> [[Float]] {
        let frames = try StretchChecks.frameCount("RubberBandStretcher.process", planes, channelCount: channelCount)
        return lock.withLock { _ in
            var output = Array(repeating: [Float](), count: channelCount)
            var offset = 0
            while offset < frames {
                let count = min(frames - offset, StretchLimits.blockFrames)
                for channel in 0..<channelCount {
                    planes[channel].withUnsafeBufferPointer { source in
                        guard let base = source.baseAddress else { return }
                        inputPlanes[channel].update(from: base + offset, count: count)
                    }
                }
                feed(count, into: &output)
                offset += count
            }
            return output
        }
    }

    /// Gives the first `count` frames of the input planes to the library and appends what it has ready, less the
    /// frames still to discard. Called with the lock held (or from `init`).
    private func feed(_ count: Int, into output: inout [[Float]]) {
        inputPointers.withUnsafeBufferPointer { rubberband_process(state, $0.baseAddress, UInt32(count), 0) }
        while true {
            let available = Int(rubberband_available(state))
            guard available > 0 else { return }
            let retrieved = outputPointers.withUnsafeBufferPointer {
                Int(rubberband_retrieve(state, $0.baseAddress, UInt32(min(available, outputCapacity))))
            }
            guard retrieved > 0 else { return }
            let skip = min(framesToDiscard, retrieved)
            framesToDiscard -= skip
            for channel in 0..<channelCount {
                output[channel].append(contentsOf: UnsafeBufferPointer(start: outputPlanes[channel] + skip,
                                                                      count: retrieved - skip))
            }
        }
    }
}
