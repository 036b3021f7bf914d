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

/// The decoder sessions of one output: one per (source, sample description) in use, opened when the read first
/// needs it and closed once no later span reads its source (`release(source:)`), so a composition of a hundred
/// clips holds the decoders of the clip being read and the next, not a hundred.
///
/// `startReading` must still fail at once when a track cannot be decoded or the settings cannot be honoured:
/// `validate()` asks the codec layer whether every format can be decoded, and opens the sessions of a
/// single-source track's formats (the sessions its read starts with, which are then kept).
///
/// Used by one thread at a time: the caller's thread while reading starts, then the output's worker.
final class DecoderSessions: @unchecked Sendable {
    /// How to decode.
    enum Kind {
        case video(VideoDecoderOutputSettings, VideoDecoderSession.Options)
        case audio(AudioDecoderOutputSettings)
    }

    /// Which session: a source of the track and a 0-based sample description index in it.
    private struct Key: Hashable {
        let source: Int
        let description: Int
    }

    let backing: any TrackBacking
    let trackID: CMPersistentTrackID
    let kind: Kind
    private var video: [Key: VideoDecoderSession] = [:]
    private var audio: [Key: AudioDecoderSession] = [:]

    init(backing: any TrackBacking, trackID: CMPersistentTrackID, kind: Kind) {
        self.backing = backing
        self.trackID = trackID
        self.kind = kind
    }

    /// Fails when some format of the track cannot be decoded, or (a single-source track) a session cannot be opened
    /// with the output's settings.
    func validate() throws(ReadingFailure) {
        for description in backing.formatDescriptions where !DecoderAvailability.canDecode(description) {
            throw ReadingFailure(.decoderNotFound, "no decoder for \(Self.codecName(description))", trackID: trackID)
        }
        guard backing.sourceCount == 1 else { return }
        for (index, description) in backing.formatDescriptions.enumerated() {
            switch kind {
            case .video: _ = try videoSession(source: 0, description: index, description)
            case .audio: _ = try audioSession(source: 0, description: index, description)
            }
        }
    }

    /// The video session for sample description `index` (0-based) of source `source`, described by `description`.
    func videoSession(source: Int, description index: Int, _ description: CMFormatDescription)
        throws(ReadingFailure) -> VideoDecoderSession {
        let key = Key(source: source, description: index)
        if let session = video[key] { return session }
        guard case .video(let settings, let options) = kind else {
            throw ReadingFailure(.unsupported, "video decoding was not set up for this output", trackID: trackID)
        }
        do throws(CodecError) {
            let session = try VideoDecoderSession(formatDescription: description, outputSettings: settings, options: options)
            video[key] = session
            return session
        } catch {
            throw ReadingFailure(error, trackID: trackID, while: "cannot decode \(Self.codecName(description)) video")
        }
    }

    /// The audio session for sample description `index` (0-based) of source `source`, described by `description`.
    func audioSession(source: Int, description index: Int, _ description: CMFormatDescription)
        throws(ReadingFailure) -> AudioDecoderSession {
        let key = Key(source: source, description: index)
        if let session = audio[key] { return session }
        guard case .audio(let settings) = kind else {
            throw ReadingFailure(.unsupported, "audio decoding was not set up for this output", trackID: trackID)
        }
        do throws(CodecError) {
            let session = try AudioDecoderSession(formatDescription: description, outputSettings: settings)
            audio[key] = session
            return session
        } catch {
            throw ReadingFailure(error, trackID: trackID, while: "cannot decode \(Self.codecName(description)) audio")
        }
    }

    /// The video session for sample `index` of `source` (the track's source number `sourceIndex`).
    func videoSession(forSample index: Int, of source: TrackSource, sourceIndex: Int) throws(ReadingFailure)
        -> VideoDecoderSession {
        let (number, description) = try source.description(ofSample: index)
        return try videoSession(source: sourceIndex, description: number, description)
    }

    /// The audio session for sample `index` of `source` (the track's source number `sourceIndex`).
    func audioSession(forSample index: Int, of source: TrackSource, sourceIndex: Int) throws(ReadingFailure)
        -> AudioDecoderSession {
        let (number, description) = try source.description(ofSample: index)
        return try audioSession(source: sourceIndex, description: number, description)
    }

    /// How many sessions are open.
    var openCount: Int { video.count + audio.count }

    /// Closes the sessions of source `source`: no later span of the read needs them.
    func release(source: Int) {
        video = video.filter { $0.key.source != source }
        audio = audio.filter { $0.key.source != source }
    }

    /// The codec's four-character code, for messages.
    static func codecName(_ description: CMFormatDescription) -> String {
        let code = CMFormatDescriptionGetMediaSubType(description)
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: code >> $0) }
        let text = String(decoding: bytes, as: UTF8.self)
        return bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? "'\(text)'" : "codec \(code)"
    }
}
