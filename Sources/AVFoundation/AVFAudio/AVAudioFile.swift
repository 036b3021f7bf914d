import CoreMedia
import Foundation
import Synchronization

/// An audio file read, or written, in PCM buffers of a processing format.
///
/// Reading goes through the same engine as `AVAssetReader`: the frames of an `AVAudioFile` are exactly the frames an
/// asset reader gives for the file's first audio track (encoder priming and remainder padding cut the same way,
/// whether an edit list, `iTunSMPB`, a LAME header, a CAF packet table or Opus pre-skip says them), so `length` is
/// what a full read delivers and `framePosition` seeks to the frame, in compressed files too. Frame 0 is the track's
/// first presented frame.
///
/// Thread-safe: reads, seeks and `close()` are serialised.
// Safe because reads, seeks and `close()` are serialised by its lock.
open class AVAudioFile: NSObject, @unchecked Sendable {
    /// The file's location.
    public let url: URL
    /// The format of the audio in the file (for a compressed file, its codec's format).
    public let fileFormat: AVAudioFormat
    /// The format the buffers given to `read(into:)` and `write(from:)` are in.
    public let processingFormat: AVAudioFormat

    /// What the file is open for.
    private let mode: Mode
    private enum Mode {
        case reading(AudioFileReading)
        case writing(AudioFileWriting)
    }

    /// Opens `fileURL` for reading in the standard format (deinterleaved 32-bit floats) at the file's rate and
    /// channel count.
    public convenience init(forReading fileURL: URL) throws {
        try self.init(forReading: fileURL, commonFormat: .pcmFormatFloat32, interleaved: false)
    }

    /// Opens `fileURL` for reading in buffers of `format` (Float32, Float64, Int16 or Int32), interleaved or not,
    /// at the file's rate and channel count. Throws when the file cannot be opened or read (its cause under
    /// `NSUnderlyingErrorKey`), has no audio track, or `format` is `otherFormat`.
    public init(forReading fileURL: URL, commonFormat format: AVAudioCommonFormat, interleaved: Bool) throws {
        let reading = try AudioFileReading(url: fileURL, commonFormat: format, interleaved: interleaved)
        url = fileURL
        fileFormat = reading.fileFormat
        processingFormat = reading.processingFormat
        mode = .reading(reading)
        super.init()
    }

    /// Creates a file at `fileURL` to write audio described by `settings` (`AVFormatIDKey`, `AVSampleRateKey`,
    /// `AVNumberOfChannelsKey`, the `AVLinearPCM…` keys, an encoder's `AVEncoder…` keys, `AVAudioFileTypeKey`), given
    /// in buffers of the standard format (deinterleaved 32-bit floats). The file type is `AVAudioFileTypeKey`'s, or the
    /// URL's extension's: WAVE, AIFF, AIFC, CAF, M4A (AAC, Apple Lossless), MPEG-4, QuickTime, 3GPP. The file is
    /// complete once `close()` is called or the object is released. An existing file is never replaced (Apple's
    /// replaces it): the initialiser throws.
    public convenience init(forWriting fileURL: URL, settings: [String: Any]) throws {
        try self.init(forWriting: fileURL, settings: settings, commonFormat: .pcmFormatFloat32, interleaved: false)
    }

    /// Creates a file at `fileURL` to write audio described by `settings`, given in buffers of `format` (Float32,
    /// Float64, Int16 or Int32), interleaved or not. Throws when the settings cannot be written in the file type (the
    /// reason, from the writer, is under `NSUnderlyingErrorKey`) or the file cannot be created.
    public init(forWriting fileURL: URL, settings: [String: Any], commonFormat format: AVAudioCommonFormat,
                interleaved: Bool) throws {
        let writing = try AudioFileWriting(url: fileURL, settings: settings, commonFormat: format,
                                           interleaved: interleaved)
        url = fileURL
        fileFormat = writing.fileFormat
        processingFormat = writing.processingFormat
        mode = .writing(writing)
        super.init()
    }

    deinit {
        // Apple's file is complete when the object goes away; so is this one.
        if case .writing(let writing) = mode { writing.close() }
    }

    /// The number of sample frames in the file, at `fileFormat`'s (and `processingFormat`'s) sample rate.
    open var length: AVAudioFramePosition {
        switch mode {
        case .reading(let reading): reading.length
        case .writing(let writing): writing.length
        }
    }

    /// The frame the next read starts at (or the next write writes). Setting it seeks: the next read starts exactly
    /// there, in compressed files too. A position past the end leaves nothing to read.
    open var framePosition: AVAudioFramePosition {
        get {
            switch mode {
            case .reading(let reading): reading.position
            case .writing(let writing): writing.position
            }
        }
        set {
            switch mode {
            case .reading(let reading): reading.seek(to: newValue)
            case .writing(let writing): writing.seek(to: newValue)
            }
        }
    }

    /// Whether the file is open (false after `close()`).
    open var isOpen: Bool {
        switch mode {
        case .reading(let reading): reading.isOpen
        case .writing(let writing): writing.isOpen
        }
    }

    /// Reads as many frames as `buffer` holds, from `framePosition`, and advances it; `buffer.frameLength` is the
    /// number read (fewer at the end of the file, 0 there).
    open func read(into buffer: AVAudioPCMBuffer) throws {
        try read(into: buffer, frameCount: buffer.frameCapacity)
    }

    /// Reads up to `frames` frames (at most the buffer's capacity) from `framePosition` and advances it;
    /// `buffer.frameLength` is the number read. Throws for a buffer not in `processingFormat`, a count beyond its
    /// capacity, a closed or write-only file, or a read that fails (a damaged packet: the cause, with track and
    /// time, is under `NSUnderlyingErrorKey`).
    open func read(into buffer: AVAudioPCMBuffer, frameCount frames: AVAudioFrameCount) throws {
        guard buffer.format == processingFormat else {
            throw AVAudioFileError.make(AVAudioFileError.parameter,
                                        "the buffer is \(buffer.format), not the file's processing format "
                                            + "\(processingFormat)")
        }
        guard frames <= buffer.frameCapacity else {
            throw AVAudioFileError.make(AVAudioFileError.parameter,
                                        "\(frames) frames do not fit a buffer of \(buffer.frameCapacity)")
        }
        switch mode {
        case .reading(let reading): try reading.read(into: buffer, frames: frames)
        case .writing: throw AVAudioFileError.make(AVAudioFileError.parameter, "the file was opened for writing")
        }
    }

    /// Appends `buffer`'s `frameLength` frames (in `processingFormat`) to a file opened for writing, encoding them
    /// as the settings asked. Throws for a buffer in another format, a file opened for reading or closed, or a
    /// write the writer refuses (its error under `NSUnderlyingErrorKey`).
    open func write(from buffer: AVAudioPCMBuffer) throws {
        guard buffer.format == processingFormat else {
            throw AVAudioFileError.make(AVAudioFileError.parameter,
                                        "the buffer is \(buffer.format), not the file's processing format "
                                            + "\(processingFormat)")
        }
        switch mode {
        case .reading: throw AVAudioFileError.make(AVAudioFileError.parameter, "the file was opened for reading")
        case .writing(let writing): try writing.write(from: buffer)
        }
    }

    /// Closes the file: reading stops, or what was written is finished on disk. Later reads and writes throw.
    open func close() {
        switch mode {
        case .reading(let reading): reading.close()
        case .writing(let writing): writing.close()
        }
    }

    /// Why finishing a written file failed, or nil (Apple's `close()` does not throw).
    package var closingError: (any Error)? {
        if case .writing(let writing) = mode { return writing.closingError }
        return nil
    }
}
