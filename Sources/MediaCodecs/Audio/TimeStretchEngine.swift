import AudioStretch

/// One library's stretcher as `AudioTimeStretchSession` drives it: planes in, whatever output is ready out. The
/// session does the rest (the exact count, the tail), so an engine has no end-of-stream call. Each engine reports
/// its own library's error as a `CodecError`, since the libraries live in different bridge modules.
protocol TimeStretchEngine: AnyObject {
    /// Frames of lead-in the engine takes before the input (their output is not returned); 0 for most.
    var leadInFrameCount: Int { get }
    /// Takes planes (one per channel, of equal length) and returns the output ready so far.
    func stretch(_ planes: [[Float]]) throws(CodecError) -> [[Float]]
}

extension TimeStretchEngine {
    var leadInFrameCount: Int { 0 }
}

/// Made with `padsStartWithSilence: false`: the session gives it a looped lead-in.
extension RubberBandStretcher: TimeStretchEngine {
    var leadInFrameCount: Int { startPadFrameCount }
    func stretch(_ planes: [[Float]]) throws(CodecError) -> [[Float]] {
        do throws(TimeStretchError) { return try process(planes) } catch {
            throw CodecError(error, while: "time stretching with spectral")
        }
    }
}

extension SoundTouchStretcher: TimeStretchEngine {
    func stretch(_ planes: [[Float]]) throws(CodecError) -> [[Float]] {
        do throws(TimeStretchError) { return try process(planes) } catch {
            throw CodecError(error, while: "time stretching with timeDomain")
        }
    }
}

/// Speed 1: every algorithm leaves the audio as it is, so it is passed through, exact and free.
final class UnchangedTimeEngine: TimeStretchEngine {
    func stretch(_ planes: [[Float]]) throws(CodecError) -> [[Float]] { planes }
}
