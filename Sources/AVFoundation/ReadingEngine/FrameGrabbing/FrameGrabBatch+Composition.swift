import CoreGraphics
import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs

extension FrameGrabBatch {
    /// Answers every time with a frame of `composition`: each one frame long read of an
    /// `AVAssetReaderVideoCompositionOutput` over the asset's video tracks (the engine's one compositing path, with
    /// the generator's custom compositor when there is one), scaled down to fit `maximumSize`. The frame answering a
    /// time is the composition's frame at it (the composition clock starts at the time read), so the actual time is
    /// the requested one; the asset's end is answered by the frame one `frameDuration` before it.
    func runComposed(_ composition: AVVideoComposition) throws(AVError) {
        let duration = try Self.preparedDuration(of: asset)
        let tracks = asset.tracks(withMediaType: .video)
        guard !tracks.isEmpty else {
            throw AVError(.operationNotSupportedForAsset, "the asset has no video track to make images of")
        }
        let render = composition.renderSize
        let scale = Double(composition.renderScale)
        let geometry = FrameImageGeometry.make(width: Double(render.width) * scale, height: Double(render.height) * scale,
                                               linear: .identity, maximumSize: settings.maximumSize,
                                               scalingMode: .stretch)
        var scaler: PixelBufferConverter?
        for index in times.indices {
            if isCancelled { return }
            let time = times[index]
            do throws(AVError) {
                let (picture, actualTime) = try composedFrame(at: time, of: composition, tracks: tracks, duration: duration)
                var image = picture
                if CVPixelBufferGetWidth(picture) != geometry.width || CVPixelBufferGetHeight(picture) != geometry.height {
                    do throws(CodecError) {
                        let converter: PixelBufferConverter
                        if let scaler {
                            converter = scaler
                        } else {
                            converter = try PixelBufferConverter(configuration: .init(
                                pixelFormat: kCVPixelFormatType_32BGRA, width: geometry.width, height: geometry.height))
                            scaler = converter
                        }
                        image = try converter.convert(picture)
                    } catch {
                        throw AVError(.decodeFailed, "the composed frame at \(FrameResolver.text(time)) cannot be scaled",
                                      underlying: error, extra: [AVErrorTimeKey: time])
                    }
                }
                let made = try FrameImageMaker.image(of: image, space: FrameImageMaker.colorSpace(of: picture), time: time)
                record(index, .image(made, actualTime: actualTime))
            } catch {
                record(index, .failed(error))
            }
        }
    }

    /// The composed frame on screen at `time`, as 32BGRA, and its composition time.
    private func composedFrame(at time: CMTime, of composition: AVVideoComposition, tracks: [AVAssetTrack],
                               duration: CMTime) throws(AVError) -> (CVPixelBuffer, CMTime) {
        guard time.isNumeric, time >= .zero, time <= duration, duration > .zero else {
            throw AVError(.noImageAtTime, "no image at \(FrameResolver.text(time)): the asset lasts "
                          + FrameResolver.text(duration), extra: time.isNumeric ? [AVErrorTimeKey: time] : [:])
        }
        let frame = composition.frameDuration.isNumeric && composition.frameDuration > .zero
            ? composition.frameDuration : CMTime(value: 1, timescale: 30)
        let start = time < duration ? time : max(.zero, duration - frame)
        let reader: AVAssetReader
        do {
            reader = try AVAssetReader(asset: asset)
        } catch let error as AVError {
            throw error
        } catch {
            throw AVError(.operationNotSupportedForAsset, "the asset cannot be read", underlying: error)
        }
        reader.timeRange = CMTimeRange(start: start, duration: min(frame, duration - start))
        let output = AVAssetReaderVideoCompositionOutput(
            videoTracks: tracks, videoSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA])
        output.setComposition(composition, compositor: compositor)
        reader.add(output)
        defer { reader.cancelReading() }
        guard reader.startReading(), let buffer = output.copyNextSampleBuffer(),
              let picture = CMSampleBufferGetImageBuffer(buffer) else {
            if let error = reader.error as? AVError { throw error }
            throw AVError(.noImageAtTime, "the video composition gave no frame at \(FrameResolver.text(time))",
                          underlying: reader.error, extra: [AVErrorTimeKey: time])
        }
        return (picture, CMSampleBufferGetPresentationTimeStamp(buffer))
    }
}
