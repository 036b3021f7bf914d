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
/// needs it and closed when its source closes (`release(source:)`), so a composition of a hundred clips holds the
/// decoders of the clip being read and the next, not a hundred. A source whose description equals one an open (or
/// just closed, `ReadingLimits.idleDecoderSessions`) session decodes takes that session (clips of one camera or
/// encoder, joined): the read then starts no decoder at a join, and decoders' frame pools are not freed and made again
/// segment after segment (which left glibc's heap a little larger with every join: a 100-segment read ended 10 %
/// above a 2-segment one). The producers drain a session at the end of every span, so a taken session starts clean.
///
/// `startReading` must still fail at once when a track cannot be decoded or the settings cannot be honoured:
/// `validate()` asks the codec layer whether every format can be decoded, and opens the sessions of a
/// single-source track's formats (the sessions its read starts with, which are then kept).
///
/// Used by one thread at a time: the caller's thread while reading starts, then the output's worker.
// Safe because used by one thread at a time: the caller's while reading starts, then the output's worker.
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
    /// Sessions of closed sources, most recent last, kept for a source with an equal description.
    private var idleVideo: [VideoDecoderSession] = []
    private var idleAudio: [AudioDecoderSession] = []

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
        if let shared = Self.take(matching: description, from: Array(video.values), idle: &idleVideo, \.formatDescription) {
            video[key] = shared
            return shared
        }
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
        if let shared = Self.take(matching: description, from: Array(audio.values), idle: &idleAudio, \.formatDescription) {
            audio[key] = shared
            return shared
        }
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
    var openCount: Int {
        Set(video.values.map(ObjectIdentifier.init)).count + Set(audio.values.map(ObjectIdentifier.init)).count
    }

    /// Closes the sessions of source `source`: no later span of the read needs them.
    func release(source: Int) {
        Self.release(source, from: &video, idle: &idleVideo)
        Self.release(source, from: &audio, idle: &idleAudio)
    }

    /// A session of `open` or `idle` (which it leaves) whose description equals `description`.
    private static func take<Session: AnyObject>(matching description: CMFormatDescription, from open: [Session],
                                                 idle: inout [Session],
                                                 _ format: (Session) -> CMFormatDescription) -> Session? {
        func matches(_ session: Session) -> Bool {
            CMFormatDescriptionEqual(format(session), otherFormatDescription: description)
        }
        if let shared = open.first(where: matches) { return shared }
        guard let index = idle.lastIndex(where: matches) else { return nil }
        return idle.remove(at: index)
    }

    /// Unkeys `source`'s sessions; those no other source uses become idle, the oldest idle ones closed.
    private static func release<Session: AnyObject>(_ source: Int, from sessions: inout [Key: Session],
                                                    idle: inout [Session]) {
        let leaving = sessions.filter { $0.key.source == source }.map(\.value)
        sessions = sessions.filter { $0.key.source != source }
        for session in leaving where !sessions.values.contains(where: { $0 === session }) && !idle.contains(where: { $0 === session }) {
            idle.append(session)
        }
        if idle.count > ReadingLimits.idleDecoderSessions { idle.removeFirst(idle.count - ReadingLimits.idleDecoderSessions) }
    }

    /// The codec's four-character code, for messages.
    static func codecName(_ description: CMFormatDescription) -> String {
        let code = CMFormatDescriptionGetMediaSubType(description)
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: code >> $0) }
        let text = String(decoding: bytes, as: UTF8.self)
        return bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? "'\(text)'" : "codec \(code)"
    }
}
