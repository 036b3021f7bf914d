import CoreMedia
import Foundation
import Synchronization

/// The writing side of an `AVAudioFile`: an asset writer with one audio input that encodes (or stores) the
/// settings' format, fed the processing-format buffers `write(from:)` is given, finished by `close()`.
final class AudioFileWriting: Sendable {
    let fileFormat: AVAudioFormat
    let processingFormat: AVAudioFormat
    private let url: URL
    private let writer: AVAssetWriter
    private let input: AVAssetWriterInput
    /// The processing format as a Core Media description, for the sample buffers handed to the writer.
    private let description: CMFormatDescription
    private let state = Mutex(State())

    private struct State {
        var written: AVAudioFramePosition = 0
        /// A position asked for that is not the end: writing appends, so the next write refuses it.
        var requestedPosition: AVAudioFramePosition?
        var isOpen = true
    }

    /// The file types written, by the URL's extension.
    private static let fileTypes: [String: AVFileType] = [
        "wav": .wav, "wave": .wav, "aif": .aiff, "aiff": .aiff, "aifc": .aifc, "caf": .caf, "m4a": .m4a,
        "mp4": .mp4, "mov": .mov, "3gp": .mobile3GPP, "amr": .amr,
    ]

    /// Core Audio's file type IDs (`AVAudioFileTypeKey`'s values, AudioToolbox's `kAudioFile…Type`).
    private static let fileTypeIDs: [UInt32: AVFileType] = [
        0x5741_5645: .wav /* 'WAVE' */, 0x4149_4646: .aiff /* 'AIFF' */, 0x4149_4643: .aifc /* 'AIFC' */,
        0x6361_6666: .caf /* 'caff' */, 0x6D34_6166: .m4a /* 'm4af' */, 0x6D70_3466: .mp4 /* 'mp4f' */,
        0x616D_7266: .amr /* 'amrf' */, 0x3367_7070: .mobile3GPP /* '3gpp' */,
    ]

    init(url: URL, settings: [String: Any], commonFormat: AVAudioCommonFormat, interleaved: Bool) throws {
        self.url = url
        guard commonFormat != .otherFormat else {
            throw AVAudioFileError.make(AVAudioFileError.parameter,
                                        "AVAudioFile writes from PCM buffers: otherFormat is not a processing format")
        }
        let fileType = try Self.fileType(url: url, settings: settings)
        var writerSettings = settings
        writerSettings[AVAudioFileTypeKey] = nil
        // A file's PCM samples are stored interleaved whatever the buffers hold (WAVE, AIFF and CAF are so).
        if writerSettings[AVLinearPCMIsNonInterleaved] != nil { writerSettings[AVLinearPCMIsNonInterleaved] = false }
        guard let fileFormat = AVAudioFormat(settings: writerSettings) else {
            throw AVAudioFileError.make(AVAudioFileError.unsupportedDataFormat,
                                        "the settings do not describe an audio format (they need AVSampleRateKey and "
                                            + "AVNumberOfChannelsKey, with values of the right type)", url: url)
        }
        let layout = fileFormat.channelLayout ?? (fileFormat.channelCount > 2
            ? AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_DiscreteInOrder | fileFormat.channelCount) : nil)
        guard let processing = layout.map({
            AVAudioFormat(commonFormat: commonFormat, sampleRate: fileFormat.sampleRate, interleaved: interleaved,
                          channelLayout: $0)
        }) ?? AVAudioFormat(commonFormat: commonFormat, sampleRate: fileFormat.sampleRate,
                            channels: fileFormat.channelCount, interleaved: interleaved) else {
            throw AVAudioFileError.make(AVAudioFileError.unsupportedDataFormat,
                                        "no processing format for \(fileFormat)", url: url)
        }
        processingFormat = processing
        description = processing.formatDescription
        do {
            writer = try AVAssetWriter(outputURL: url, fileType: fileType)
        } catch {
            throw AVAudioFileError.make(AVAudioFileError.unspecified, "\(url.lastPathComponent) cannot be created: "
                                            + (error as NSError).localizedDescription, underlying: error, url: url)
        }
        let input = AVAssetWriterInput(mediaType: .audio, outputSettings: writerSettings)
        if let problem = writer.addProblem(input) {
            throw AVAudioFileError.make(AVAudioFileError.unsupportedDataFormat,
                                        "a \(fileType.rawValue) file cannot be written with these settings: "
                                            + problem.localizedDescription, underlying: problem, url: url)
        }
        writer.add(input)
        self.input = input
        guard writer.startWriting() else {
            let cause = writer.error
            throw AVAudioFileError.make(AVAudioFileError.unsupportedDataFormat, "\(url.lastPathComponent) cannot be "
                                            + "written: " + (cause.map { ($0 as NSError).localizedDescription } ?? ""),
                                        underlying: cause, url: url)
        }
        writer.startSession(atSourceTime: .zero)
        self.fileFormat = fileFormat
    }

    /// The file type: `AVAudioFileTypeKey` when the settings name one, else the URL's extension.
    private static func fileType(url: URL, settings: [String: Any]) throws -> AVFileType {
        if let value = settings[AVAudioFileTypeKey] {
            guard let id = (value as? NSNumber)?.uint32Value ?? (value as? UInt32) ?? (value as? Int).flatMap(UInt32.init(exactly:)),
                  let type = fileTypeIDs[id] else {
                throw AVAudioFileError.make(AVAudioFileError.unsupportedFileType,
                                            "AVAudioFileTypeKey \(value) is not a file type written here (WAVE, AIFF, "
                                                + "AIFC, CAF, M4A, MPEG-4, AMR, 3GPP)", url: url)
            }
            return type
        }
        guard let type = fileTypes[url.pathExtension.lowercased()] else {
            throw AVAudioFileError.make(AVAudioFileError.unsupportedFileType,
                                        "'.\(url.pathExtension)' is not an audio file type written here (wav, aif, "
                                            + "aifc, caf, m4a, mp4, mov, 3gp, amr)", url: url)
        }
        return type
    }

    var length: AVAudioFramePosition { state.withLock { $0.written } }

    var position: AVAudioFramePosition { state.withLock { $0.requestedPosition ?? $0.written } }

    var isOpen: Bool { state.withLock { $0.isOpen } }

    func seek(to frame: AVAudioFramePosition) {
        state.withLock { $0.requestedPosition = frame == $0.written ? nil : frame }
    }

    /// Appends `buffer`'s `frameLength` frames.
    func write(from buffer: AVAudioPCMBuffer) throws {
        try state.withLock { state throws in
            guard state.isOpen else { throw AVAudioFileError.make(AVAudioFileError.notOpen, "the file was closed") }
            if let requested = state.requestedPosition {
                throw AVAudioFileError.make(AVAudioFileError.parameter,
                                            "cannot write at frame \(requested): an AVAudioFile being written "
                                                + "appends at its end (frame \(state.written))", url: url)
            }
            let frames = Int(buffer.frameLength)
            guard frames > 0 else { return }
            let time = frameTime(state.written, rate: processingFormat.sampleRate)
            guard case .success(let sample) = buffer.makeSampleBuffer(frames: frames, at: time, description: description)
            else {
                throw AVAudioFileError.make(AVAudioFileError.parameter, "the buffer's audio cannot be handed to the writer",
                                            url: url)
            }
            guard input.append(sample) else { throw writeFailure() }
            state.written += AVAudioFramePosition(frames)
        }
    }

    /// Finishes the file: what was written is complete on disk. A second call does nothing.
    func close() {
        let wasOpen = state.withLock { state in
            defer { state.isOpen = false }
            return state.isOpen
        }
        guard wasOpen else { return }
        input.markAsFinished()
        let done = DispatchSemaphore(value: 0)
        writer.finishWriting { done.signal() }
        done.wait()
    }

    /// Whether closing failed, and why (Apple's `close()` does not throw; the error is kept for the package's tests).
    var closingError: (any Error)? { writer.status == .failed ? writer.error : nil }

    private func writeFailure() -> NSError {
        let cause = writer.error
        return AVAudioFileError.make(AVAudioFileError.invalidFile,
                                     "\(url.lastPathComponent) could not be written: "
                                         + (cause.map { ($0 as NSError).localizedDescription } ?? "the writer failed"),
                                     underlying: cause, url: url)
    }
}
