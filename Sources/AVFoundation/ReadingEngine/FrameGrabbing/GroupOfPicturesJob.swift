import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs
import MediaContainer

/// The frames a batch wants from one group of pictures of one source: decoded once, from its sync sample in
/// decode order to the last wanted frame and no further, skipping pictures no other picture refers to
/// (`TrackSource.isDisposable`) unless they are wanted.
struct GroupOfPicturesJob: Sendable {
    /// The source the group is in.
    let source: Int
    /// A span presenting the group, which times its samples (any span of the source will do: frames are matched
    /// back to samples by the times it gives).
    let span: PresentationSpan
    /// The sync sample decoding starts at.
    let start: Int
    /// The wanted samples.
    var wanted: Set<Int>

    /// One past the last sample to decode (decode order): a frame's references precede it in decode order.
    var end: Int { (wanted.max() ?? start) + 1 }
}

/// One worker's decoding state: its own sources, decoder sessions (one per source and description, kept between
/// groups) and image maker, so that workers share nothing while they decode.
///
/// Used by one thread at a time (unchecked Sendable: a batch hands each worker its own).
// Safe because a batch hands each worker its own context, used by that one thread at a time.
final class FrameDecodeContext: @unchecked Sendable {
    private let sources: FrameSources
    let sessions: DecoderSessions
    private let maker: FrameImageMaker

    /// A context decoding `backing`'s pictures to `geometry`'s decode size in 32BGRA, its decoders using
    /// `threadCount` threads (nil: every core).
    init(backing: any TrackBacking, trackID: CMPersistentTrackID, geometry: FrameImageGeometry,
         settings: FrameGrabSettings, threadCount: Int?) {
        sources = FrameSources(backing: backing)
        var output = VideoDecoderOutputSettings()
        output.pixelFormats = [kCVPixelFormatType_32BGRA]
        output.width = geometry.decodeWidth
        output.height = geometry.decodeHeight
        output.scalingMode = geometry.scalingMode
        var options = VideoDecoderSession.Options()
        options.threadCount = threadCount
        sessions = DecoderSessions(backing: backing, trackID: trackID, kind: .video(output, options))
        maker = FrameImageMaker(geometry: geometry, policy: settings.dynamicRangePolicy)
    }

    /// Decodes `job`: an image or a failure for every wanted sample. `isCancelled` is asked before each sample.
    /// Each picture becomes an image as soon as it leaves the decoder, so the decoder's buffers go straight back.
    func run(_ job: GroupOfPicturesJob, isCancelled: () -> Bool) -> [Int: Result<CGImage, AVError>] {
        var results: [Int: Result<CGImage, AVError>] = [:]
        var sampleFailures: [Int: CodecError] = [:]
        do throws(ReadingFailure) {
            let source = try sources.source(job.source)
            // The time each wanted sample's picture comes back with, through the job's span.
            var wantedByTime: [CMTime: Int] = [:]
            for sample in job.wanted {
                wantedByTime[job.span.segment.trackTime(ofMediaTicks: source.table.presentationTime(at: sample))] = sample
            }
            func collect(_ result: VideoDecodeResult) {
                for buffer in result.sampleBuffers {
                    let time = CMSampleBufferGetPresentationTimeStamp(buffer)
                    guard let sample = wantedByTime[time], let picture = CMSampleBufferGetImageBuffer(buffer) else { continue }
                    do throws(AVError) {
                        results[sample] = .success(try maker.image(of: picture, time: time))
                    } catch {
                        results[sample] = .failure(error)
                    }
                }
                for failure in result.failures {
                    if let time = failure.presentationTimeStamp, let sample = wantedByTime[time] {
                        sampleFailures[sample] = failure
                    }
                }
            }
            let bufferMaker = PassthroughBufferMaker(source: source, copiesData: false)
            var session: VideoDecoderSession?
            for index in job.start..<job.end {
                if isCancelled() { return [:] }
                let wanted = job.wanted.contains(index)
                let (_, description) = try source.description(ofSample: index)
                let next = try sessions.videoSession(forSample: index, of: source, sourceIndex: job.source)
                if let session, session !== next { collect(session.finish()) }
                session = next
                let buffer = try bufferMaker.sample(index, in: job.span, shown: wanted)
                if !wanted, source.isDisposable(index, bytes: buffer, description: description) { continue }
                collect(next.decode(buffer))
            }
            if let session { collect(session.finish()) }
        } catch {
            // The group cannot be read (cut sample data, a description no decoder takes): every wanted frame fails.
            for sample in job.wanted { results[sample] = .failure(error.avError) }
            return results
        }
        for sample in job.wanted where results[sample] == nil {
            let reading = sampleFailures[sample].map {
                ReadingFailure($0, trackID: sessions.trackID, while: "the frame cannot be decoded")
            } ?? ReadingFailure(.decode, "the decoder gave no picture for the frame", trackID: sessions.trackID)
            results[sample] = .failure(reading.avError)
        }
        return results
    }

    /// Closes the sources (and their decoders) that the next window does not read.
    func close(allBut kept: Set<Int>) {
        for source in sources.close(allBut: kept) { sessions.release(source: source) }
    }
}
