import AudioFile
import CoreAudioTypes
import CoreMedia
import Foundation
import MediaContainer

/// The output of an audio-file type (WAVE, AIFF, AIFC, CAF, AMR): one audio track, whose writer is made when the
/// first sample says what the stream is (its header depends on it). Used under the engine's lock.
final class AudioFileOutput: @unchecked Sendable {
    let url: URL
    let type: AudioFileWriter.FileType
    let metadata: [MetadataEntry]
    private(set) var writer: AudioFileWriter?
    private var cancelled = false
    /// Packets and frames written, for the remainder of a stream whose last packet is short (ALAC).
    private var packets: Int64 = 0
    private var frames: Int64 = 0
    private var framesPerPacket: Int64 = 0
    private let lock = NSLock()

    init(url: URL, type: AudioFileWriter.FileType, metadata: [MetadataEntry]) {
        self.url = url
        self.type = type
        self.metadata = metadata
    }

    /// The audio-file writer type for an AVFileType, or `nil` for other types.
    static func fileType(_ fileType: AVFileType) -> AudioFileWriter.FileType? {
        switch fileType {
        case .wav: .wave
        case .aiff: .aiff
        case .aifc: .aifc
        case .caf: .caf
        case .amr: .amr
        default: nil
        }
    }

    /// Creates the file for the stream `format` describes.
    func open(format: CMFormatDescription) throws(AVError) {
        guard let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(format)?.pointee else {
            throw AVError(.formatUnsupported, "an audio file holds audio; the sample's format is not audio")
        }
        var layoutSize = 0
        let layout = CMAudioFormatDescriptionGetChannelLayout(format, sizeOut: &layoutSize)
            .flatMap { ChannelLayout($0, byteCount: layoutSize) }
        var cookieSize = 0
        let cookie = CMAudioFormatDescriptionGetMagicCookie(format, sizeOut: &cookieSize).map {
            [UInt8](UnsafeRawBufferPointer(start: $0, count: cookieSize))
        }
        do {
            let made = try AudioFileWriter(url: url, fileType: type, streamDescription: asbd,
                                           channelLayout: layout, magicCookie: type == .caf ? cookie : nil,
                                           metadata: metadata)
            lock.withLock {
                if cancelled { made.cancel() } else { writer = made }
            }
        } catch {
            throw WriterFailure.audioFile(error, "cannot start \(url.lastPathComponent)")
        }
    }

    /// Appends one sample (a PCM run or one compressed packet).
    func append(_ sample: EncodedSample, frames: Int) throws(AVError) {
        guard let writer else { throw AVError(.unknown, "internal: the audio file is not open") }
        framesPerPacket = Int64(CMAudioFormatDescriptionGetStreamBasicDescription(sample.format)?.pointee.mFramesPerPacket ?? 0)
        packets += 1
        self.frames += Int64(frames)
        do {
            let constant = (CMAudioFormatDescriptionGetStreamBasicDescription(sample.format)?.pointee.mBytesPerPacket ?? 0) > 0
            if constant {
                try writer.append(sample.data)
            } else {
                let description = AudioStreamPacketDescription(mStartOffset: 0, mVariableFramesInPacket: UInt32(frames),
                                                                mDataByteSize: UInt32(sample.byteCount))
                try writer.append(sample.data, packetDescriptions: [description])
            }
        } catch {
            throw WriterFailure.audioFile(error, "writing \(url.lastPathComponent)")
        }
    }

    /// Records priming and remainder frames (CAF's packet table; zero elsewhere).
    func setPriming(_ priming: Int64, remainder trimmed: Int64) throws(AVError) {
        // A stream of constant frames per packet whose last packet is short (ALAC's last packet) leaves the rest
        // of that packet as remainder too.
        var remainder = trimmed
        if framesPerPacket > 1 { remainder += max(0, packets * framesPerPacket - frames) }
        guard type == .caf, priming > 0 || remainder > 0, let writer else { return }
        do {
            try writer.setPrimingAndRemainder(priming: priming, remainder: remainder)
        } catch {
            throw WriterFailure.audioFile(error, "recording the encoder delay of \(url.lastPathComponent)")
        }
    }

    /// Completes the file. A stream that never got a sample makes no file at all, so that is an error.
    func finish() throws(AVError) {
        guard let writer else {
            throw AVError(.operationNotAllowed, "no audio was appended, so \(url.lastPathComponent) cannot be written")
        }
        do {
            try writer.finish()
        } catch {
            throw WriterFailure.audioFile(error, "finishing \(url.lastPathComponent)")
        }
    }

    /// Removes the file.
    func cancel() {
        let current: AudioFileWriter? = lock.withLock {
            cancelled = true
            return writer
        }
        current?.cancel()
    }
}
