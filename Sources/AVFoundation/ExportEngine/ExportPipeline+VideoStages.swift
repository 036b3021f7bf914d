import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs
import MediaContainer
import MovieFile

/// A video track's stages: its reader output, scaler and encoder.
extension ExportPipeline {
    /// The reader output, scaler and encode stage of a video track (for the analysis pass or the real one): a track
    /// output decoding the plan's track, or a video composition output composing its tracks.
    /// `stage`: the track's encode stage when it already exists (a multi-pass track's, in its final pass); otherwise
    /// one is made, for an analysis pass when `statisticsDirectory` is given.
    func makeVideoStages(_ plan: PlannedTrack, video settings: ExportPlan.Video, reader: AVAssetReader,
                         stage existing: EncodeStage? = nil, statisticsDirectory: URL? = nil) throws
        -> (AVAssetReaderOutput, PixelBufferConverter?, EncodeStage) {
        let track = plan.source
        let output: AVAssetReaderOutput
        let stored: (Int, Int)
        var sizesDiffer = false
        var displaySize = track.displaySize
        if settings.composed, let composition = request.videoComposition {
            // Composed frames come in bi-planar 4:2:0, which the encoder takes as it is: the built-in compositor
            // renders into it, a custom compositor's frames are converted on the compose worker. The scale stage
            // then only scales, when the render size is not the preset's.
            let composed = AVAssetReaderVideoCompositionOutput(videoTracks: plan.sources.map(\.track), videoSettings: [
                kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange])
            composed.setComposition(composition, compositor: request.customVideoCompositor)
            output = composed
            let state = composition.snapshot
            let scale = CGFloat(state.renderScale)
            stored = (Int((state.renderSize.width * scale).rounded()), Int((state.renderSize.height * scale).rounded()))
            displaySize = CGSize(width: stored.0, height: stored.1)
        } else {
            output = AVAssetReaderTrackOutput(track: track.track,
                                              outputSettings: ExportSettings.decodeSettings(for: settings,
                                                                                            track: track))
            let dimensions = track.formats.first.map(CMVideoFormatDescriptionGetDimensions)
            stored = (Int(dimensions?.width ?? 0), Int(dimensions?.height ?? 0))
            // A composition's segments may differ in size: every picture then goes through the scaler.
            sizesDiffer = track.formats.contains {
                let size = CMVideoFormatDescriptionGetDimensions($0)
                return Int(size.width) != stored.0 || Int(size.height) != stored.1
            }
        }
        output.alwaysCopiesSampleData = false
        output.readAheadBound = ExportLimits.decodedPictureReadAhead
        try add(output, to: reader, track: track)
        let scales = stored.0 != settings.width || stored.1 != settings.height || sizesDiffer
            || displaySize != CGSize(width: stored.0, height: stored.1)
        var converter: PixelBufferConverter?
        var inputSize = stored
        let scalesToRGB = settings.keepsAlpha && track.hasAlpha && !settings.composed
        if scales {
            let format = scalesToRGB ? kCVPixelFormatType_32BGRA
                : track.isHighBitDepth ? kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange
                : kCVPixelFormatType_420YpCbCr8Planar
            var configuration = PixelBufferConverter.Configuration(pixelFormat: format, width: settings.width,
                                                                   height: settings.height, scalingMode: .resize)
            // An export is a final rendition: bicubic (ffmpeg's default scaler, so a transcode matches its quality)
            // for YCbCr; bilinear for BGRA with alpha, where only libyuv scales fast and it has no bicubic.
            configuration.filter = format == kCVPixelFormatType_32BGRA ? .bilinear : .bicubic
            do throws(CodecError) {
                converter = try PixelBufferConverter(configuration: configuration)
            } catch {
                throw codecFailure(error, "cannot scale to \(settings.width)x\(settings.height)", code: .exportFailed,
                                   trackID: track.trackID)
            }
            inputSize = (settings.width, settings.height)
        }
        let encoderSettings: VideoEncoderSettings
        do throws(CodecSettingsError) {
            encoderSettings = try VideoEncoderSettings(outputSettings: settings.outputSettings)
        } catch {
            throw ExportFailure.stage(.unsupportedOutputSettings, "track \(track.trackID): the preset's video settings",
                                      underlying: error, trackID: track.trackID)
        }
        if let existing { return (output, converter, existing) }
        if let set = settings.instructionSet, !set.isAvailable {
            throw AVError(.encoderNotFound, "track \(track.trackID): the plan's encoder uses the \(set.rawValue) "
                          + "instruction set, which this machine's processor lacks; plan the export for a lower one")
        }
        do throws(CodecError) {
            let hint = Self.pictureHint(track, width: inputSize.0, height: inputSize.1, picturesAreYCbCr: !scalesToRGB)
            var options = VideoEncoderSession.Options()
            options.threadCount = settings.threadCount
            options.instructionSet = settings.instructionSet
            let trackID = track.trackID
            let stage = try EncodeStage(settings: encoderSettings, sourceFormatHint: hint, options: options,
                                        statisticsDirectory: statisticsDirectory) { error, step in
                switch step {
                case .encoding, .finishing:
                    codecFailure(error, "encoding video", code: .encodeFailed, trackID: trackID)
                case .startingFinalPass:
                    codecFailure(error, "cannot start the final encoding pass", code: .encodeFailed, trackID: trackID)
                }
            }
            return (output, converter, stage)
        } catch {
            throw codecFailure(error, "cannot open the \(settings.codec) encoder", code: .encodeFailed,
                               trackID: track.trackID)
        }
    }

    /// A format description of the pictures the encoder will get (their size and the source's colour tags, with
    /// the matrix the scaler writes out for an untagged source), so the encoder opens at once and its output
    /// format is known before writing starts.
    static func pictureHint(_ track: ExportSource.Track, width: Int, height: Int,
                            picturesAreYCbCr ycbcr: Bool) -> CMFormatDescription? {
        var extensions: [String: Any] = [:]
        if let source = track.formats.first {
            for key in [kCMFormatDescriptionExtension_ColorPrimaries, kCMFormatDescriptionExtension_TransferFunction,
                        kCMFormatDescriptionExtension_YCbCrMatrix, kCMFormatDescriptionExtension_FullRangeVideo] {
                if let value = CMFormatDescriptionGetExtension(source, extensionKey: key) {
                    extensions[key as String] = value
                }
            }
            // The scaler tags an untagged source's pictures with the matrix they were read with when the new height
            // would be read differently; the encoder signals what its pictures will say.
            let stored = CMVideoFormatDescriptionGetDimensions(source)
            if extensions[kCMFormatDescriptionExtension_YCbCrMatrix as String] == nil, ycbcr,
               let matrix = VideoColorDescription.assumedMatrix(sourceHeight: Int(stored.height),
                                                                outputHeight: height) {
                extensions[kCMFormatDescriptionExtension_YCbCrMatrix as String] = matrix
            }
        }
        var description: CMFormatDescription?
        let status = CMVideoFormatDescriptionCreate(allocator: kCFAllocatorDefault,
                                                    codecType: kCVPixelFormatType_420YpCbCr8Planar,
                                                    width: Int32(width), height: Int32(height),
                                                    extensions: extensions.isEmpty ? nil : extensions as CFDictionary,
                                                    formatDescriptionOut: &description)
        return status == noErr ? description : nil
    }
}
