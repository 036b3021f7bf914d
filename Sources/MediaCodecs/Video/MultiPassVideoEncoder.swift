import CoreMedia
import CoreVideo
import Foundation
import Synchronization

/// A video encoder that runs the multi-pass protocol when asked to: an analysis pass whose samples are only there
/// for their statistics, then the pass whose samples are kept, encoded with those statistics (x264/x265 `stats`
/// files in `statisticsDirectory`, which the caller creates and removes). Without a directory it is one pass.
///
/// The one implementation of passes for both users: an asset writer input with `performsMultiPassEncodingIfSupported`
/// (the caller appends the media again for each pass) and an export with multi-pass (the export reads the source
/// twice). Each calls `beginFinalPass()` between the two.
///
/// Thread safety: `mutex` guards the current session and the pass; calls from several threads are serialised.
package final class MultiPassVideoEncoder: Sendable {
    private struct State {
        var session: VideoEncoderSession
        var isAnalysisPass: Bool
    }

    private let settings: VideoEncoderSettings
    private let sourceFormatHint: CMFormatDescription?
    private let options: VideoEncoderSession.Options
    private let statisticsDirectory: URL?
    private let state: Mutex<State>

    /// Opens the encoder for its first pass: an analysis pass when `statisticsDirectory` is given (the settings must
    /// support it: `VideoEncoderSession.supportsMultiPass`), else the only one. `options.twoPass` is set here.
    package init(settings: VideoEncoderSettings, sourceFormatHint: CMFormatDescription?,
                 options: VideoEncoderSession.Options = .init(), statisticsDirectory: URL?) throws(CodecError) {
        self.settings = settings
        self.sourceFormatHint = sourceFormatHint
        self.options = options
        self.statisticsDirectory = statisticsDirectory
        var first = options
        first.twoPass = statisticsDirectory.map { .firstPass(statisticsDirectory: $0.path) }
        let session = try VideoEncoderSession(settings: settings, sourceFormatHint: sourceFormatHint, options: first)
        state = Mutex(State(session: session, isAnalysisPass: statisticsDirectory != nil))
    }

    /// Whether the current pass is the analysis pass (its samples are not output).
    package var isAnalysisPass: Bool { state.withLock { $0.isAnalysisPass } }

    /// The current session's output format.
    package var formatDescription: CMFormatDescription? { session.formatDescription }

    private var session: VideoEncoderSession { state.withLock { $0.session } }

    /// Encodes a picture; returns the samples that became ready, in decode order.
    package func encode(_ pixelBuffer: CVPixelBuffer, presentationTimeStamp pts: CMTime, duration: CMTime = .invalid,
                        forceKeyFrame: Bool = false) throws(CodecError) -> [CMSampleBuffer] {
        try session.encode(pixelBuffer, presentationTimeStamp: pts, duration: duration, forceKeyFrame: forceKeyFrame)
    }

    /// Ends the current pass's stream one packet at a time (see `VideoEncoderSession.finishNext`).
    package func finishNext() throws(CodecError) -> [CMSampleBuffer]? { try session.finishNext() }

    /// Ends the analysis pass (its statistics are written) and opens the final pass, which reads them. Returns false,
    /// changing nothing, when there is no analysis pass to end (one pass, or the final pass already begun).
    @discardableResult
    package func beginFinalPass() throws(CodecError) -> Bool {
        try state.withLock { (state: inout State) throws(CodecError) -> Bool in
            guard state.isAnalysisPass, let statisticsDirectory else { return false }
            _ = try state.session.finish()
            var final = options
            final.twoPass = .secondPass(statisticsDirectory: statisticsDirectory.path)
            state.session = try VideoEncoderSession(settings: settings, sourceFormatHint: sourceFormatHint,
                                                    options: final)
            state.isAnalysisPass = false
            return true
        }
    }
}
