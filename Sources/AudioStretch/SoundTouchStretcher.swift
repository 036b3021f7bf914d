internal import CSoundTouch
import Synchronization

/// Changes the duration of audio without changing its pitch: SoundTouch's time-domain stretcher (TDStretch, a
/// WSOLA-style overlap-add that splices the input where it best matches itself), through the C interface
/// `SoundTouchDLL.h`.
///
/// Output is aligned with the input, frame for frame at the start: SoundTouch's anti-alias filter, which belongs to
/// its rate transposer and does nothing for a tempo change, would otherwise delay everything by 33 frames (measured
/// with 2.3.2 at 8–96 kHz and tempos 1/32–8: output frame k + 33 equals input frame k), so it is switched off.
///
/// There is no end-of-stream call: `soundtouch_flush` pads with silence, which fades the last splices out (measured:
/// at tempo 0.5 the last 10 ms of a tone fall to silence), so the caller extends the input itself and cuts the
/// output at the length it wants (`AudioTimeStretchSession` in MediaCodecs does). Calls are serialised by a lock.
// Safe because `lock` serialises every call to the handle and the buffers.
package final class SoundTouchStretcher: @unchecked Sendable {
    /// Frames per second of the audio.
    package let sampleRate: Int
    /// Number of channels (at most `StretchLimits.maximumSoundTouchChannels`).
    package let channelCount: Int
    /// Input duration over output duration (2 plays twice as fast).
    package let tempo: Double

    // The lock serialises use of the SoundTouch instance and the scratch buffers.
    private let lock = Mutex(())
    private let handle: UnsafeMutableRawPointer
    /// One block of interleaved input, and room for interleaved output.
    private let interleavedInput: UnsafeMutablePointer<Float>
    private let interleavedOutput: UnsafeMutablePointer<Float>
    private let outputCapacity: Int

    /// The library's version text (`soundtouch_getVersionString`).
    package static var version: String { String(cString: soundtouch_getVersionString()) }

    /// Creates a stretcher that plays audio `tempo` times as fast (1/32...32).
    package init(sampleRate: Int, channelCount: Int, tempo: Double) throws(TimeStretchError) {
        let operation = "SoundTouchStretcher"
        try StretchChecks.configuration(operation, sampleRate: sampleRate, channelCount: channelCount,
                                        maximumChannels: StretchLimits.maximumSoundTouchChannels, factor: tempo,
                                        factorName: "tempo")
        guard let handle = soundtouch_createInstance() else {
            throw TimeStretchError(.outOfMemory, operation: "soundtouch_createInstance", message: "the library returned no instance")
        }
        // Each call returns 0 when the library refused the value (the C interface catches SoundTouch's exceptions).
        guard soundtouch_setChannels(handle, UInt32(channelCount)) != 0,
              soundtouch_setSampleRate(handle, UInt32(sampleRate)) != 0,
              soundtouch_setSetting(handle, Int32(CST_SETTING_USE_AA_FILTER), 0) != 0 else {
            soundtouch_destroyInstance(handle)
            throw TimeStretchError(.invalidConfiguration, operation: operation,
                          message: "SoundTouch refused \(channelCount) channels at \(sampleRate) Hz")
        }
        soundtouch_setTempo(handle, Float(tempo))
        self.handle = handle
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.tempo = tempo
        let block = StretchLimits.blockFrames
        interleavedInput = .allocate(capacity: block * channelCount)
        outputCapacity = block * 8
        interleavedOutput = .allocate(capacity: outputCapacity * channelCount)
    }

    deinit {
        soundtouch_destroyInstance(handle)
        interleavedInput.deallocate()
        interleavedOutput.deallocate()
    }

    /// Stretches `planes` (one per channel, equal lengths, any length) and returns the output that is ready;
    /// SoundTouch holds back a few of its sequences (its `SETTING_INITIAL_LATENCY` at 48 kHz: 0.09 s of input at
    /// tempo 1, 0.28 s at tempo 8).
    package func process(_ planes: [[Float]]) throws(TimeStretchError) -> [[Float]] {
        let operation = "SoundTouchStretcher.process"
        let frames = try StretchChecks.frameCount(operation, planes, channelCount: channelCount)
        return try lock.withLock { (_: inout Void) throws(TimeStretchError) -> [[Float]] in
            var output = Array(repeating: [Float](), count: channelCount)
            var offset = 0
            while offset < frames {
                let count = min(frames - offset, StretchLimits.blockFrames)
                for channel in 0..<channelCount {
                    planes[channel].withUnsafeBufferPointer { source in
                        for frame in 0..<count { interleavedInput[frame * channelCount + channel] = source[offset + frame] }
                    }
                }
                guard soundtouch_putSamples(handle, interleavedInput, UInt32(count)) != 0 else {
                    throw TimeStretchError(.failed, operation: "soundtouch_putSamples", message: "SoundTouch refused \(count) frames")
                }
                drain(into: &output)
                offset += count
            }
            return output
        }
    }

    /// Appends every frame SoundTouch has ready. Called with the lock held.
    private func drain(into output: inout [[Float]]) {
        while true {
            let received = Int(soundtouch_receiveSamples(handle, interleavedOutput, UInt32(outputCapacity)))
            guard received > 0 else { return }
            for channel in 0..<channelCount {
                output[channel].reserveCapacity(output[channel].count + received)
                for frame in 0..<received { output[channel].append(interleavedOutput[frame * channelCount + channel]) }
            }
        }
    }
}
