import CoreMedia
import MediaContainer
import Foundation
import Synchronization

/// The reading side of an `AVAudioFile`: an asset reader over the file's first audio track, in the processing
/// format, started at the frame asked for and kept running while reads follow one another.
final class AudioFileReading: Sendable {
    let fileFormat: AVAudioFormat
    let processingFormat: AVAudioFormat
    let length: AVAudioFramePosition
    private let asset: AVURLAsset
    private let track: AVAssetTrack
    /// The track's first presented time: frame 0.
    private let start: CMTime
    private let outputSettings: [String: any Sendable]
    private let state = Mutex(State())

    private struct State: @unchecked Sendable {  // The reader objects are thread-safe; the mutex orders their use.
        var position: AVAudioFramePosition = 0
        var isOpen = true
        /// The running read: its reader, its output, the frame it will deliver next, and the part of the last
        /// sample buffer not yet delivered.
        var session: Session?
    }

    private struct Session {
        let reader: AVAssetReader
        let output: AVAssetReaderTrackOutput
        var nextFrame: AVAudioFramePosition
        /// Decoded audio not yet delivered.
        var pending = PCMSampleBufferQueue()
    }

    init(url: URL, commonFormat: AVAudioCommonFormat, interleaved: Bool) throws {
        guard commonFormat != .otherFormat else {
            throw AVAudioFileError.make(AVAudioFileError.parameter,
                                        "AVAudioFile reads into PCM buffers: otherFormat is not a processing format")
        }
        let container: any ContainerReader
        do {
            container = try ContainerOpener.standard.open(url: url)
        } catch {
            let code = (error as NSError).domain == NSURLErrorDomain ? AVAudioFileError.unspecified
                : (error as? AVError)?.code == .fileFormatNotRecognized ? AVAudioFileError.unsupportedFileType
                : AVAudioFileError.invalidFile
            throw AVAudioFileError.make(code, "\(url.lastPathComponent) cannot be opened for reading: "
                                            + "\((error as NSError).localizedDescription)", underlying: error, url: url)
        }
        asset = AVURLAsset(url: url, reader: container)
        guard let track = asset.tracks(withMediaType: .audio).first,
              let description = track.firstFormatDescription else {
            throw AVAudioFileError.make(AVAudioFileError.unsupportedDataFormat,
                                        "\(url.lastPathComponent) has no audio track", url: url)
        }
        self.track = track
        let fileFormat = AVAudioFormat(cmAudioFormatDescription: description)
        self.fileFormat = fileFormat
        let channels = fileFormat.channelCount
        let layout = fileFormat.channelLayout
            ?? (channels > 2 ? AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_DiscreteInOrder | channels) : nil)
        guard let processing = layout.map({
            AVAudioFormat(validatingCommonFormat: commonFormat, sampleRate: fileFormat.sampleRate,
                          interleaved: interleaved, channelLayout: $0)
        }) ?? AVAudioFormat(commonFormat: commonFormat, sampleRate: fileFormat.sampleRate, channels: channels,
                            interleaved: interleaved) else {
            throw AVAudioFileError.make(AVAudioFileError.unsupportedDataFormat,
                                        "\(url.lastPathComponent)'s audio (\(fileFormat)) has no PCM processing format",
                                        url: url)
        }
        processingFormat = processing
        let asbd = processing.streamDescription.pointee
        outputSettings = [
            AVFormatIDKey: Int(kAudioFormatLinearPCM),
            AVLinearPCMBitDepthKey: Int(asbd.mBitsPerChannel),
            AVLinearPCMIsFloatKey: asbd.mFormatFlags & kAudioFormatFlagIsFloat != 0,
            AVLinearPCMIsBigEndianKey: false,
            AVLinearPCMIsNonInterleaved: !interleaved,
        ]
        let range = track.timeRange
        start = range.start
        length = AVAudioFramePosition(PCMSlices.frameIndex(of: range.end, from: range.start, rate: fileFormat.sampleRate))
    }

    var position: AVAudioFramePosition { state.withLock { $0.position } }

    var isOpen: Bool { state.withLock { $0.isOpen } }

    func seek(to frame: AVAudioFramePosition) {
        state.withLock { $0.position = max(0, frame) }
    }

    func close() {
        state.withLock { state in
            state.session?.reader.cancelReading()
            state.session = nil
            state.isOpen = false
        }
    }

    /// Fills `buffer` with up to `frames` frames from the position, and advances it.
    func read(into buffer: AVAudioPCMBuffer, frames: AVAudioFrameCount) throws {
        try state.withLock { state throws in
            guard state.isOpen else {
                throw AVAudioFileError.make(AVAudioFileError.notOpen, "the file was closed")
            }
            let wanted = Int(max(0, min(AVAudioFramePosition(frames), length - state.position)))
            var filled = 0
            if wanted > 0 {
                if state.session?.nextFrame != state.position {
                    state.session?.reader.cancelReading()
                    state.session = try startSession(at: state.position)
                }
                filled = try fill(buffer, frames: wanted, from: &state.session)
            }
            buffer.frameLength = AVAudioFrameCount(filled)
            state.position += AVAudioFramePosition(filled)
        }
    }

    /// A reader of the track from `frame` to its end.
    private func startSession(at frame: AVAudioFramePosition) throws -> Session {
        let reader: AVAssetReader
        do {
            reader = try AVAssetReader(asset: asset)
        } catch {
            throw AVAudioFileError.make(AVAudioFileError.invalidFile, "the file cannot be read", underlying: error, url: asset.url)
        }
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: outputSettings)
        output.alwaysCopiesSampleData = false
        reader.add(output)
        reader.timeRange = CMTimeRange(start: start + frameTime(frame, rate: fileFormat.sampleRate),
                                       end: track.timeRange.end)
        guard reader.startReading() else { throw readFailure(reader) }
        return Session(reader: reader, output: output, nextFrame: frame)
    }

    /// Copies `frames` frames (or as many as the read still gives) into `buffer` from the session's output.
    private func fill(_ buffer: AVAudioPCMBuffer, frames: Int, from session: inout Session?) throws -> Int {
        guard var current = session else { return 0 }
        defer { session = current }
        var filled = 0
        while filled < frames {
            if current.pending.isEmpty {
                guard let next = current.output.copyNextSampleBuffer() else {
                    if current.reader.status == .failed { throw readFailure(current.reader) }
                    break
                }
                current.pending.append([next])
            }
            switch current.pending.copy(into: buffer, at: filled, frames: frames - filled) {
            case .success(let count):
                filled += count
                current.nextFrame += AVAudioFramePosition(count)
            case .failure(let error):
                throw AVAudioFileError.make(AVAudioFileError.invalidFile,
                                            "decoded audio could not be copied (status \(error.status))", url: asset.url)
            }
        }
        return filled
    }

    private func readFailure(_ reader: AVAssetReader) -> NSError {
        let cause = reader.error
        return AVAudioFileError.make(AVAudioFileError.invalidFile,
                                     "\(asset.url.lastPathComponent) cannot be read: "
                                         + (cause.map { ($0 as NSError).localizedDescription } ?? "the read failed"),
                                     underlying: cause, url: asset.url)
    }
}
