import CoreGraphics
import CoreMedia
import Foundation
import MediaContainer

extension AVAssetWriterInput {
    /// Changes a setting while writing has not started; later calls are ignored and reported (Apple raises an
    /// exception).
    private func configure(_ name: String, _ change: (inout Configuration) -> Void) {
        let started: Bool = lock.withLock {
            guard engine == nil else { return true }
            change(&configuration)
            return false
        }
        if started { WriterLog.ignored("AVAssetWriterInput.\(name) cannot be changed after startWriting()") }
    }

    /// Whether the samples come from a real-time source (capture): readiness then stays true unless the encoder
    /// cannot keep up, instead of following the interleaving.
    public var expectsMediaDataInRealTime: Bool {
        get { lock.withLock { configuration.expectsMediaDataInRealTime } }
        set { configure("expectsMediaDataInRealTime") { $0.expectsMediaDataInRealTime = newValue } }
    }

    /// Track-level metadata.
    public var metadata: [AVMetadataItem] {
        get { lock.withLock { configuration.metadata } }
        set { configure("metadata") { $0.metadata = newValue } }
    }

    /// The track's transform (`tkhd` matrix): how the video is displayed (rotation, scale).
    public var transform: CGAffineTransform {
        get { lock.withLock { configuration.transform } }
        set { configure("transform") { $0.transform = newValue } }
    }

    /// The track's display size (`tkhd` width and height); zero uses the video's own size.
    public var naturalSize: CGSize {
        get { lock.withLock { configuration.naturalSize } }
        set { configure("naturalSize") { $0.naturalSize = newValue } }
    }

    /// The media timescale; 0 lets the writer choose. Audio tracks always use their sample rate (Apple refuses the
    /// property on audio inputs).
    public var mediaTimeScale: CMTimeScale {
        get { lock.withLock { configuration.mediaTimeScale } }
        set {
            guard mediaType != .audio else {
                WriterLog.ignored("AVAssetWriterInput.mediaTimeScale cannot be set on an audio input (its timescale is its sample rate)")
                return
            }
            guard newValue >= 0 else { WriterLog.ignored("AVAssetWriterInput.mediaTimeScale cannot be negative"); return }
            configure("mediaTimeScale") { $0.mediaTimeScale = newValue }
        }
    }

    /// The track's volume (audio), 1 for full.
    public var preferredVolume: Float {
        get { lock.withLock { configuration.preferredVolume } }
        set { configure("preferredVolume") { $0.preferredVolume = newValue } }
    }

    /// Whether the track is enabled (inputs of a group: the group's default input only).
    public var marksOutputTrackAsEnabled: Bool {
        get { lock.withLock { configuration.marksOutputTrackAsEnabled } }
        set { configure("marksOutputTrackAsEnabled") { $0.marksOutputTrackAsEnabled = newValue } }
    }

    /// The track's ISO 639-2/T language code.
    public var languageCode: String? {
        get { lock.withLock { configuration.languageCode } }
        set { configure("languageCode") { $0.languageCode = newValue } }
    }

    /// The track's BCP 47 language tag.
    public var extendedLanguageTag: String? {
        get { lock.withLock { configuration.extendedLanguageTag } }
        set { configure("extendedLanguageTag") { $0.extendedLanguageTag = newValue } }
    }

    /// How much of the track goes in one chunk (0.5 s when invalid).
    public var preferredMediaChunkDuration: CMTime {
        get { lock.withLock { configuration.preferredMediaChunkDuration } }
        set { configure("preferredMediaChunkDuration") { $0.preferredMediaChunkDuration = newValue } }
    }

    /// Chunks start at file offsets that are multiples of this many bytes (0: no alignment).
    public var preferredMediaChunkAlignment: Int {
        get { lock.withLock { configuration.preferredMediaChunkAlignment } }
        set {
            guard newValue >= 0 else { WriterLog.ignored("AVAssetWriterInput.preferredMediaChunkAlignment cannot be negative"); return }
            configure("preferredMediaChunkAlignment") { $0.preferredMediaChunkAlignment = newValue }
        }
    }

    /// Where the track's media data goes.
    public var mediaDataLocation: MediaDataLocation {
        get { lock.withLock { configuration.mediaDataLocation } }
        set { configure("mediaDataLocation") { $0.mediaDataLocation = newValue } }
    }

    /// The base for relative sample references (`kCMSampleBufferAttachmentKey_SampleReferenceURL`).
    public var sampleReferenceBaseURL: URL? {
        get { lock.withLock { configuration.sampleReferenceBaseURL } }
        set { configure("sampleReferenceBaseURL") { $0.sampleReferenceBaseURL = newValue } }
    }

    // MARK: Track associations

    /// Whether a track association of `trackAssociationType` from this input's track to `input`'s can be added.
    public func canAddTrackAssociation(withTrackOf input: AVAssetWriterInput, type trackAssociationType: String) -> Bool {
        associationProblem(input, trackAssociationType) == nil
    }

    private func associationProblem(_ input: AVAssetWriterInput, _ type: String) -> String? {
        if input === self { return "a track cannot be associated with itself" }
        guard type.utf8.count == 4 else { return "the association type '\(type)' is not a four-character code" }
        let (started, existing) = lock.withLock { (engine != nil, configuration.associations) }
        if started { return "track associations cannot be added after startWriting()" }
        if existing.contains(where: { $0.input === input && $0.type == type }) { return "that association exists already" }
        return nil
    }

    /// Adds a track association (a `tref` of that type in the file). One `canAddTrackAssociation` refuses is
    /// ignored and reported (Apple raises an exception).
    public func addTrackAssociation(withTrackOf input: AVAssetWriterInput, type trackAssociationType: String) {
        if let problem = associationProblem(input, trackAssociationType) {
            WriterLog.ignored("addTrackAssociation(withTrackOf:type:): \(problem)")
            return
        }
        lock.withLock { configuration.associations.append((input, trackAssociationType)) }
    }
}
