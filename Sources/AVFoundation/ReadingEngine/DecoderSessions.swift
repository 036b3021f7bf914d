import CoreMedia
import MediaCodecs

extension ReadingFailure {
    /// A codec layer failure while doing `operation` for `trackID`.
    init(_ error: CodecError, trackID: CMPersistentTrackID?, while operation: String) {
        let kind: Kind
        switch error.kind {
        case .invalidSettings: kind = .settings
        case .unsupportedFormat: kind = .decoderNotFound
        case .invalidInput, .corruptSample, .codecFailed: kind = .decode
        }
        self.init(kind, operation, trackID: trackID, time: error.presentationTimeStamp, underlying: error)
    }
}

/// The decoder sessions of one output, one per sample description of its track, made when reading starts (so
/// that `startReading` fails at once when a description cannot be decoded or the settings cannot be honoured) and
/// reused by every run of the output (`reset(forReadingTimeRanges:)`).
///
/// Used by one thread at a time: the caller's thread while reading starts, then the output's worker.
final class DecoderSessions: @unchecked Sendable {
    /// How to decode.
    enum Kind {
        case video(VideoDecoderOutputSettings, VideoDecoderSession.Options)
        case audio(AudioDecoderOutputSettings)
    }

    let source: TrackSource
    let kind: Kind
    private var video: [Int: VideoDecoderSession] = [:]
    private var audio: [Int: AudioDecoderSession] = [:]

    /// Sessions for every sample description of `source`'s track; throws the first one that cannot be made.
    init(source: TrackSource, kind: Kind) throws(ReadingFailure) {
        self.source = source
        self.kind = kind
        for index in source.track.formatDescriptions.indices {
            switch kind {
            case .video: _ = try videoSession(forDescription: index)
            case .audio: _ = try audioSession(forDescription: index)
            }
        }
    }

    /// The video session for description `index` (0-based).
    func videoSession(forDescription index: Int) throws(ReadingFailure) -> VideoDecoderSession {
        if let session = video[index] { return session }
        guard case .video(let settings, let options) = kind else {
            throw ReadingFailure(.unsupported, "video decoding was not set up for this output", trackID: source.trackID)
        }
        let description = source.track.formatDescriptions[index]
        do throws(CodecError) {
            let session = try VideoDecoderSession(formatDescription: description, outputSettings: settings, options: options)
            video[index] = session
            return session
        } catch {
            throw ReadingFailure(error, trackID: source.trackID,
                                 while: "cannot decode \(Self.codecName(description)) video")
        }
    }

    /// The audio session for description `index` (0-based).
    func audioSession(forDescription index: Int) throws(ReadingFailure) -> AudioDecoderSession {
        if let session = audio[index] { return session }
        guard case .audio(let settings) = kind else {
            throw ReadingFailure(.unsupported, "audio decoding was not set up for this output", trackID: source.trackID)
        }
        let description = source.track.formatDescriptions[index]
        do throws(CodecError) {
            let session = try AudioDecoderSession(formatDescription: description, outputSettings: settings)
            audio[index] = session
            return session
        } catch {
            throw ReadingFailure(error, trackID: source.trackID,
                                 while: "cannot decode \(Self.codecName(description)) audio")
        }
    }

    /// The 0-based description index of sample `index`.
    func descriptionIndex(ofSample index: Int) throws(ReadingFailure) -> Int {
        let number = source.table.descriptionIndex(at: index)
        guard number >= 1, number <= source.track.formatDescriptions.count else {
            _ = try source.formatDescription(ofSample: index)
            return 0
        }
        return number - 1
    }

    /// The codec's four-character code, for messages.
    static func codecName(_ description: CMFormatDescription) -> String {
        let code = CMFormatDescriptionGetMediaSubType(description)
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: code >> $0) }
        let text = String(decoding: bytes, as: UTF8.self)
        return bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? "'\(text)'" : "codec \(code)"
    }
}
