import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs

/// Everything a video composition output needs to compose frames, checked when reading starts: the compositor and
/// its render context, the instructions in time order, the source tracks and how to decode them, the frame timing,
/// and the conversion to the output's settings.
// Safe because immutable after the check at start; the compositor and converter are thread-safe.
struct CompositionRender: @unchecked Sendable {
    /// A source track and the decoder sessions its frames come from.
    struct Source {
        let track: AVAssetTrack
        let sessions: DecoderSessions
    }

    let compositor: any AVVideoCompositing
    let renderContext: AVVideoCompositionRenderContext
    /// The instructions, sorted by start, not overlapping.
    let instructions: [any AVVideoCompositionInstructionProtocol]
    let sources: [Source]
    /// Timed-metadata tracks whose samples requests carry.
    let sampleDataTracks: [AVAssetTrack]
    let frameDuration: CMTime
    /// The track whose frame times the composed frames take, if any.
    let timingTrackID: CMPersistentTrackID?
    /// The output's pixel format and size, and the converter for frames that have another (a source frame passed
    /// through, a compositor's buffer of its own, output settings that ask for another format or size).
    let outputFormat: OSType
    let outputWidth: Int
    let outputHeight: Int
    let converter: PixelBufferConverter
    /// Colour attachments every composed frame gets (the composition's colour properties).
    let colorAttachments: [String: any Sendable]
    /// Requests in flight at most.
    let window: Int
    /// How long the compositor may take with a request before it is reported.
    let patience: Duration
    /// Where such reports go.
    let report: @Sendable (String) -> Void
    /// Read-ahead of each source's decoder worker.
    let sourceBound: ReadAheadBound
    /// The composition's Core Animation tool, drawn with the composed frames.
    let animation: Animation?

    /// What a Core Animation tool draws: the whole output frame around the composed frames (post-processing, for
    /// instructions that enable it), or the frames of an extra source track.
    struct Animation {
        enum Role {
            case postProcessing
            case additionalTrack(CMPersistentTrackID)
        }

        let role: Role
        let plan: CoreAnimationRenderPlan
        /// The pixel format and size its frames are drawn in.
        let pixelFormat: OSType
        let width: Int
        let height: Int
    }

    /// The instruction whose time range contains `time`.
    func instruction(at time: CMTime) -> (any AVVideoCompositionInstructionProtocol)? {
        var low = 0, high = instructions.count
        while low < high {
            let middle = (low + high) / 2
            if instructions[middle].timeRange.end <= time { low = middle + 1 } else { high = middle }
        }
        guard low < instructions.count, instructions[low].timeRange.containsTime(time) else { return nil }
        return instructions[low]
    }
}
