import CoreGraphics
import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs

extension FrameGrabBatch {
    /// Answers every time with a frame of `composition`, read by an `AVAssetReaderVideoCompositionOutput` over the
    /// asset's video tracks (the engine's one compositing path, with the generator's custom compositor when there is
    /// one), scaled down to fit `maximumSize`. Each time is read as a time range one frame long that starts at it:
    /// the composition clock starts at a range's start, so the frame answering a time is the composition's frame at
    /// it and the actual time is the requested one. The asset's end is answered by the frame one `frameDuration`
    /// before it.
    ///
    /// The times are read in time order, a window at a time, each window by one reader over the ranges of its times
    /// (a reader per time paid an asset check, a compositor set-up and decoder sessions for every image). A time
    /// the shared read leaves unanswered (it failed at an earlier time: a compositor's failure, say) is read again
    /// by a reader of its own, so every time gets the answer, image or error, that such a reader gives.
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
        let frame = composition.frameDuration.isNumeric && composition.frameDuration > .zero
            ? composition.frameDuration : CMTime(value: 1, timescale: 30)
        let read = ComposedRead(composition: composition, tracks: tracks, frame: frame, duration: duration)
        var images = ComposedImages(geometry: geometry)

        // Times with a frame, in time order (a time outside the asset is answered now).
        var readable: [(index: Int, start: CMTime)] = []
        for index in times.indices {
            do throws(AVError) {
                readable.append((index, try read.start(for: times[index])))
            } catch {
                record(index, .failed(error))
            }
        }
        readable.sort { ($0.start, $0.index) < ($1.start, $1.index) }
        let windowSize = max(2, min(ReadingLimits.frameGrabWindow,
                                    ReadingLimits.frameGrabWindowBytes / max(1, geometry.width * geometry.height * 4)))
        var offset = 0
        while offset < readable.count, !isCancelled {
            let window = readable[offset..<min(readable.count, offset + windowSize)]
            offset = window.endIndex
            var starts: [CMTime] = []
            for (_, start) in window where starts.last != start { starts.append(start) }
            var answered = Set<Int>()
            readFrames(read, starts: starts) { rangeIndex, picture, actualTime in
                for (index, start) in window where start == starts[rangeIndex] {
                    answered.insert(index)
                    answer(index, picture: picture, actualTime: actualTime, images: &images)
                }
            }
            for (index, start) in window where !answered.contains(index) {
                if isCancelled { return }
                do throws(AVError) {
                    let (picture, actualTime) = try lonelyFrame(read, start: start, time: times[index])
                    answer(index, picture: picture, actualTime: actualTime, images: &images)
                } catch {
                    record(index, .failed(error))
                }
            }
        }
    }

    /// Records the image of `picture` for time `index`, or why there is none.
    private func answer(_ index: Int, picture: CVPixelBuffer, actualTime: CMTime, images: inout ComposedImages) {
        do throws(AVError) {
            record(index, .image(try images.image(of: picture, time: times[index]), actualTime: actualTime))
        } catch {
            record(index, .failed(error))
        }
    }

    /// The frame starting at `start`, read on its own: the answer for `time` of a reader of its own.
    private func lonelyFrame(_ read: ComposedRead, start: CMTime, time: CMTime) throws(AVError) -> (CVPixelBuffer, CMTime) {
        var frame: (CVPixelBuffer, CMTime)?
        let failure = readFrames(read, starts: [start]) { _, picture, actualTime in frame = (picture, actualTime) }
        if let frame { return frame }
        if let error = failure as? AVError { throw error }
        throw AVError(.noImageAtTime, "the video composition gave no frame at \(FrameResolver.text(time))",
                      underlying: failure, extra: [AVErrorTimeKey: time])
    }

    /// Reads the composed frames of `starts` (increasing) with one reader, handing `body` the first frame of each
    /// range and its time. Returns the reader's error, if it has one, once reading stops.
    @discardableResult
    private func readFrames(_ read: ComposedRead, starts: [CMTime],
                            _ body: (_ range: Int, _ picture: CVPixelBuffer, _ actualTime: CMTime) -> Void) -> (any Error)? {
        let reader: AVAssetReader
        do {
            reader = try AVAssetReader(asset: asset)
        } catch {
            return (error as? AVError) ?? AVError(.operationNotSupportedForAsset, "the asset cannot be read",
                                                  underlying: error)
        }
        countComposedRead()
        let ranges = read.ranges(starting: starts)
        reader.timeRanges = ranges
        let output = AVAssetReaderVideoCompositionOutput(
            videoTracks: read.tracks, videoSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA])
        output.setComposition(read.composition, compositor: compositor)
        reader.add(output)
        defer { reader.cancelReading() }
        guard reader.startReading() else { return reader.error }
        // The range waiting for its first frame; later frames of a range are passed over.
        var next = 0
        while next < ranges.count, !isCancelled, let buffer = output.copyNextSampleBuffer() {
            let time = CMSampleBufferGetPresentationTimeStamp(buffer)
            while next < ranges.count, time >= ranges[next].end { next += 1 }
            guard next < ranges.count, time >= ranges[next].start else { continue }
            // A frame without a picture answers nothing: its time is read again on its own.
            guard let picture = CMSampleBufferGetImageBuffer(buffer) else { break }
            body(next, picture, time)
            next += 1
        }
        return reader.error
    }
}

/// What reading composed frames needs: the composition, its tracks, its frame duration and the asset's duration.
private struct ComposedRead {
    let composition: AVVideoComposition
    let tracks: [AVAssetTrack]
    let frame: CMTime
    let duration: CMTime

    /// Where the frame answering `time` starts: the time itself, or one frame before the end for the end.
    func start(for time: CMTime) throws(AVError) -> CMTime {
        guard time.isNumeric, time >= .zero, time <= duration, duration > .zero else {
            throw AVError(.noImageAtTime, "no image at \(FrameResolver.text(time)): the asset lasts "
                          + FrameResolver.text(duration), extra: time.isNumeric ? [AVErrorTimeKey: time] : [:])
        }
        return time < duration ? time : max(.zero, duration - frame)
    }

    /// One range per start, a frame long, cut at the next start and at the asset's end.
    func ranges(starting starts: [CMTime]) -> [CMTimeRange] {
        starts.indices.map { index in
            var end = min(starts[index] + frame, duration)
            if index + 1 < starts.count { end = min(end, starts[index + 1]) }
            return CMTimeRange(start: starts[index], end: end)
        }
    }
}

/// Makes the generator's images of composed frames: scaled to the batch's geometry when the render size differs.
private struct ComposedImages {
    let geometry: FrameImageGeometry
    /// Made for the first frame that needs scaling, then kept.
    private var scaler: PixelBufferConverter?

    init(geometry: FrameImageGeometry) {
        self.geometry = geometry
    }

    mutating func image(of picture: CVPixelBuffer, time: CMTime) throws(AVError) -> CGImage {
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
        return try FrameImageMaker.image(of: image, space: FrameImageMaker.colorSpace(of: picture), time: time)
    }
}
