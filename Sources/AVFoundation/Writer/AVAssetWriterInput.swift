import CoreGraphics
import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs
import MediaContainer
import _KeyValueObserving

/// Appends samples to one track of an asset writer's output (AVAssetWriterInput.h).
///
/// Without output settings, compressed samples pass through untouched; with them, pixel buffers (video) or linear
/// PCM (audio) are encoded as the settings say (`Sources/MediaCodecs/README.md` has the decision tables). Each input
/// encodes on its own worker, so `append` hands the buffer over and returns; `isReadyForMoreMediaData` turns false
/// while the worker's queue is full or the track is ahead of the others in the file, and true again as they catch
/// up.
///
/// Invalid output settings do not trap as Apple's exception does: the input is made, `canAdd(_:)` refuses it and
/// `add(_:)` fails the writer with the reason.
///
/// Thread safety: `lock` guards the configuration and the attachment to a writer; any thread may call anything.
// Safe because `lock` guards the configuration and the attachment to a writer.
open class AVAssetWriterInput: NSObject, @unchecked Sendable {
    /// Where a track's media data goes in the file.
    public struct MediaDataLocation: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Interleaved with the other tracks' data (the default).
        public static let interleavedWithMainMediaData =
            MediaDataLocation(rawValue: "AVAssetWriterInputMediaDataLocationInterleavedWithMainMediaData")
        /// All of it before the main media data, not interleaved (for data a player needs first, such as chapters).
        public static let beforeMainMediaDataNotInterleaved =
            MediaDataLocation(rawValue: "AVAssetWriterInputMediaDataLocationBeforeMainMediaDataNotInterleaved")
    }

    /// The media type of the samples.
    public let mediaType: AVMediaType
    /// The output settings (nil: samples pass through).
    public let outputSettings: [String: Any]?
    /// A hint of the format of the samples that will be appended.
    public let sourceFormatHint: CMFormatDescription?
    /// `mediaType` as a Core Media media type, spelled once: every appended buffer is checked against it.
    private let cmMediaType: CMMediaType

    /// Why the output settings cannot be used, found when the input was made.
    let settingsError: AVError?
    let encoding: InputSpec.Encoding

    let lock = NSLock()
    /// Orders `isReadyForMoreMediaData` announcements (key-value observing): reading and recording happen together.
    private let announcementLock = NSLock()
    // Guarded by `lock`.
    var configuration = Configuration()
    weak var writer: AVAssetWriter?
    var index = -1
    var engine: WritingEngine?
    var pump: MediaRequestPump?
    var passPump: (queue: DispatchQueue, block: @Sendable () -> Void)?
    var passState = PassState.notStarted
    var attempts = 0
    /// Signalled whenever readiness, the writer's status or the pass may have changed: what the receivers'
    /// `append` and the multi-pass controller's pass descriptions await (no thread waits).
    let changes = ChangeSignal()

    /// What can be set until writing starts.
    struct Configuration {
        var expectsMediaDataInRealTime = false
        var metadata: [AVMetadataItem] = []
        var transform = CGAffineTransform.identity
        var naturalSize = CGSize.zero
        var mediaTimeScale: CMTimeScale = 0
        var preferredVolume: Float = 1
        var marksOutputTrackAsEnabled = true
        var languageCode: String?
        var extendedLanguageTag: String?
        var preferredMediaChunkDuration = CMTime.invalid
        var preferredMediaChunkAlignment = 0
        var mediaDataLocation = MediaDataLocation.interleavedWithMainMediaData
        var sampleReferenceBaseURL: URL?
        var performsMultiPassEncodingIfSupported = false
        var associations: [(input: AVAssetWriterInput, type: String)] = []
    }

    /// Multi-pass progress.
    enum PassState {
        case notStarted
        case pass(Int)
        case done
    }

    /// An input for samples of `mediaType`, encoded with `outputSettings` (nil passes samples through).
    public convenience init(mediaType: AVMediaType, outputSettings: [String: Any]?) {
        self.init(mediaType: mediaType, outputSettings: outputSettings, sourceFormatHint: nil)
    }

    /// An input for samples of `mediaType`, with a hint of their format (required for passthrough to types other
    /// than QuickTime movies).
    public init(mediaType: AVMediaType, outputSettings: [String: Any]?, sourceFormatHint: CMFormatDescription?) {
        self.mediaType = mediaType
        self.outputSettings = outputSettings
        self.sourceFormatHint = sourceFormatHint
        cmMediaType = fourCharCode(mediaType.rawValue)
        var problem: AVError?
        var encoding = InputSpec.Encoding.passthrough
        if let outputSettings {
            do throws(CodecSettingsError) {
                switch mediaType {
                case .video: encoding = .video(try VideoEncoderSettings(outputSettings: outputSettings))
                case .audio: encoding = .audio(try AudioEncoderSettings(outputSettings: outputSettings))
                default:
                    throw CodecSettingsError(.unsupported, key: "outputSettings",
                                             "only video and audio inputs take output settings; pass nil for \(mediaType.rawValue)")
                }
            } catch {
                problem = WriterFailure.settings(error, mediaType: mediaType)
            }
        }
        if let hint = sourceFormatHint, problem == nil {
            let hintType = CMFormatDescriptionGetMediaType(hint)
            if hintType != fourCharCode(mediaType.rawValue), !(mediaType == .text && hintType == kCMMediaType_Subtitle) {
                problem = WriterFailure.misuse("the source format hint is '\(FourCharCodeText.string(hintType))' media, not \(mediaType.rawValue)")
            }
        }
        settingsError = problem
        self.encoding = encoding
        super.init()
    }

    // MARK: Writer attachment

    /// Called by `AVAssetWriter.add(_:)`.
    func attach(to writer: AVAssetWriter, index: Int) {
        lock.withLock {
            self.writer = writer
            self.index = index
        }
    }

    /// Called by `startWriting()`.
    func writingStarted(engine: WritingEngine) {
        let (index, multiPass): (Int, Bool) = lock.withLock {
            self.engine = engine
            if case .video = encoding, configuration.performsMultiPassEncodingIfSupported { passState = .pass(1) }
            return (self.index, configuration.performsMultiPassEncodingIfSupported)
        }
        if multiPass, case .video = encoding {
            engine.setPassObserver(index) { [weak self] in self?.passEnded() }
        }
        changes.signal()
    }

    /// The engine and this input's index in it, once writing has started.
    var running: (engine: WritingEngine, index: Int)? {
        lock.withLock { engine.map { ($0, index) } }
    }

    /// The spec the engine works from.
    func makeSpec(index: Int, fileType: AVFileType, among inputs: [AVAssetWriterInput]) throws(AVError) -> InputSpec {
        let configuration = lock.withLock { self.configuration }
        let metadata = try WriterMetadata.entries(configuration.metadata, fileType: fileType)
        var associations: [(type: String, target: Int)] = []
        for association in configuration.associations {
            guard let target = inputs.firstIndex(where: { $0 === association.input }) else {
                throw WriterFailure.misuse("a track association names an input that was not added to the writer")
            }
            associations.append((association.type, target))
        }
        var multiPass = false
        if configuration.performsMultiPassEncodingIfSupported, case .video(let settings) = encoding {
            multiPass = VideoEncoderSession.supportsMultiPass(settings)
        }
        return InputSpec(index: index, mediaType: mediaType, encoding: encoding, sourceFormatHint: sourceFormatHint,
                         expectsMediaDataInRealTime: configuration.expectsMediaDataInRealTime,
                         transform: configuration.transform, naturalSize: configuration.naturalSize,
                         mediaTimeScale: configuration.mediaTimeScale, preferredVolume: configuration.preferredVolume,
                         isEnabled: configuration.marksOutputTrackAsEnabled, alternateGroup: 0,
                         languageCode: configuration.languageCode, extendedLanguageTag: configuration.extendedLanguageTag,
                         metadata: metadata, preferredChunkDuration: configuration.preferredMediaChunkDuration,
                         preferredChunkAlignment: configuration.preferredMediaChunkAlignment,
                         beforeMainMediaData: configuration.mediaDataLocation == .beforeMainMediaDataNotInterleaved,
                         sampleReferenceBaseURL: configuration.sampleReferenceBaseURL, multiPass: multiPass,
                         associations: associations)
    }

    // MARK: Appending

    /// Whether the input wants more media now. False before `startWriting()`, while the input's queue is full or
    /// its track is ahead of the others, and after `markAsFinished()`. After the writer fails or is cancelled it
    /// is true (until the input is marked finished), so that an appending loop learns of it from `append`.
    /// Key-value observable (key `readyForMoreMediaData`): announced when it changes, on the thread that notices.
    public var isReadyForMoreMediaData: Bool {
        guard let (engine, index) = running else { return false }
        return engine.isReady(index)
    }

    /// Appends a sample buffer: compressed samples for an input without output settings, pixel buffers or linear
    /// PCM for an input that encodes. Returns false when the writer has failed or the sample is refused; the
    /// writer's `error` says why (a refused sample fails the writer, as it does Apple's).
    @discardableResult
    public func append(_ sampleBuffer: CMSampleBuffer) -> Bool {
        lock.withLock { attempts += 1 }
        guard let (engine, index) = running else {
            writer?.failConfiguration(WriterFailure.misuse("append(_:) was called before startWriting()"), "append")
            return false
        }
        if let problem = check(sampleBuffer) {
            engine.fail(problem)
            return false
        }
        return submit(.sampleBuffer(sampleBuffer), bytes: CMSampleBufferGetTotalSampleSize(sampleBuffer), engine: engine,
                      index: index)
    }

    /// Hands an item to the engine, waiting while the worker's queue is at its hard limit.
    func submit(_ item: InputWorker.Item, bytes: Int, engine: WritingEngine, index: Int) -> Bool {
        do throws(AVError) {
            try engine.enqueue(index, item, bytes: bytes, waitingForRoom: true)
            return true
        } catch {
            engine.fail(error)
            return false
        }
    }

    /// What is wrong with a sample buffer for this input, found before it is queued.
    private func check(_ buffer: CMSampleBuffer) -> AVError? {
        let pts = CMSampleBufferGetPresentationTimeStamp(buffer)
        guard CMSampleBufferIsValid(buffer) else { return WriterFailure.misuse("an invalidated sample buffer was appended") }
        guard let format = CMSampleBufferGetFormatDescription(buffer) else {
            return WriterFailure.misuse("a sample buffer without a format description was appended to the \(mediaType.rawValue) input", time: pts)
        }
        let type = CMFormatDescriptionGetMediaType(format)
        if type != cmMediaType, !(mediaType == .text && type == kCMMediaType_Subtitle) {
            return WriterFailure.misuse("a '\(FourCharCodeText.string(type))' sample buffer does not match the \(mediaType.rawValue) input", time: pts)
        }
        switch encoding {
        case .passthrough:
            if CMSampleBufferGetDataBuffer(buffer) == nil {
                return WriterFailure.misuse("an input without output settings passes compressed samples through; this sample buffer has no data"
                                            + (CMSampleBufferGetImageBuffer(buffer) != nil ? " (it holds a pixel buffer: give the input video output settings)" : ""),
                                            time: pts)
            }
        case .video:
            if CMSampleBufferGetImageBuffer(buffer) == nil {
                return WriterFailure.misuse("a video input with output settings takes sample buffers of pixel buffers; this one holds compressed data", time: pts)
            }
        case .audio:
            guard let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(format)?.pointee, asbd.mFormatID == kAudioFormatLinearPCM else {
                return WriterFailure.misuse("an audio input with output settings takes linear PCM; this sample buffer is '\(FourCharCodeText.string(CMFormatDescriptionGetMediaSubType(format)))'", time: pts)
            }
        }
        guard pts.isNumeric else { return WriterFailure.misuse("a sample buffer without a numeric presentation time was appended") }
        return nil
    }

    /// Marks the input finished: no more samples will be appended, and the input no longer holds the others back.
    public func markAsFinished() {
        markAsFinished(presenting: nil)
    }

    /// Not public: marks the input finished, with the edits that present the track when its samples were appended in
    /// media layout (a composition's passthrough export); they replace the edits the writer would derive from its
    /// sessions.
    func markAsFinished(presenting layout: MediaLayoutEdits?) {
        let pump: MediaRequestPump? = lock.withLock {
            if case .pass = passState { passState = .done }
            // No pass begins after this: the pass block, which usually holds what holds this input, is let go.
            passPump = nil
            return self.pump
        }
        pump?.stop()
        guard let (engine, index) = running else { return }
        do throws(AVError) {
            try engine.markFinished(index, presenting: layout)
        } catch {
            engine.fail(error)
        }
        announceReadiness()
    }

    /// Calls `block` on `queue` whenever the input is ready for more media, until it is marked finished. The block
    /// should append while `isReadyForMoreMediaData` is true, then return.
    public func requestMediaDataWhenReady(on queue: DispatchQueue, using block: @escaping @Sendable () -> Void) {
        let pump = MediaRequestPump(queue: queue, block: block, input: self)
        let previous: MediaRequestPump? = lock.withLock {
            let old = self.pump
            self.pump = pump
            return old
        }
        previous?.stop()
        pump.start()
    }

    // MARK: State for the request pump

    /// Append calls so far (for the pump's idle detection).
    var appendAttempts: Int { lock.withLock { attempts } }
    /// True once the input was marked finished (or its pass ended): the request block is done.
    var isFinishedForRequests: Bool {
        guard let (engine, index) = running else { return false }
        return engine.inputIsFinishedOrBetweenPasses(index)
    }
    /// True while the writer is writing.
    var writerIsWriting: Bool { running?.engine.isWriting ?? true }
    /// True when the request block should run.
    var shouldRunRequestBlock: Bool { isReadyForMoreMediaData }

    /// Called by the writer when readiness may have changed.
    func readinessMayHaveChanged() {
        announceReadiness()
        lock.withLock { pump }?.readinessMayHaveChanged()
        changes.signal()
    }

    /// Tells `isReadyForMoreMediaData` observers its value if it changed since they were last told (key-value
    /// observing), on this thread. Nothing is read when nothing observes the input.
    func announceReadiness() {
        guard KeyValueAnnouncements.isObserved(self) else { return }
        announcementLock.withLock {
            KeyValueAnnouncements.record(self, key: "readyForMoreMediaData", value: isReadyForMoreMediaData)
        }
        KeyValueAnnouncements.deliver(self)
    }
}
