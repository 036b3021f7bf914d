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

    /// The number of sample frames in the file, at `fileFormat`'s (and `processingFormat`'s) sample rate.
    open var length: AVAudioFramePosition {
        switch mode {
        case .reading(let reading): reading.length
        }
    }

    /// The frame the next read starts at (or the next write writes). Setting it seeks: the next read starts exactly
    /// there, in compressed files too. A position past the end leaves nothing to read.
    open var framePosition: AVAudioFramePosition {
        get {
            switch mode {
            case .reading(let reading): reading.position
            }
        }
        set {
            switch mode {
            case .reading(let reading): reading.seek(to: newValue)
            }
        }
    }

    /// Whether the file is open (false after `close()`).
    open var isOpen: Bool {
        switch mode {
        case .reading(let reading): reading.isOpen
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
        }
    }

    /// Closes the file: reading stops and what it held is given back. Later reads throw.
    open func close() {
        switch mode {
        case .reading(let reading): reading.close()
        }
    }
}
