import CoreMedia
import Foundation
import MediaCodecs
import MovieFile
import _KeyValueObserving

/// Writes media data to a new file: a QuickTime movie, an MPEG-4 family file (MP4, M4V, M4A, 3GP, 3G2) or an audio
/// file (CAF, WAVE, AIFF, AIFC, AMR), from inputs that pass compressed samples through or encode pixel buffers and
/// linear PCM (AVAssetWriter.h).
///
/// A writer is used once: configure it and add inputs, `startWriting()`, `startSession(atSourceTime:)`, append
/// through the inputs, then `finishWriting`. The output file is never an existing file: `init` refuses a URL where
/// something exists, and the file is created exclusively when writing starts. Cancelling or failing removes the
/// partial file and every temporary file.
///
/// Where Apple raises an Objective-C exception for a mistake (adding an input after writing started, invalid
/// output settings, appending before a session), this writer fails instead: the status becomes `.failed`, `error`
/// says what was wrong, and the partial output is removed; setters called too late are ignored with a message on
/// standard error. The README's "Differences from Apple's AVFoundation" lists every case.
///
/// Thread safety: every member may be used from any thread; `lock` guards the configuration and the engine. Starting
/// and cancelling are one transition each: a `cancelWriting()` that comes while `startWriting()` creates the file
/// waits for it and then removes the file, so a cancelled writer never leaves an output behind.
// Safe because `lock` guards the configuration and the engine, which is thread-safe itself.
open class AVAssetWriter: NSObject, @unchecked Sendable {
    /// The writer's status (AVAssetWriterStatus).
    public enum Status: Int, Sendable {
        case unknown = 0
        case writing = 1
        case completed = 2
        case failed = 3
        case cancelled = 4
    }

    /// The file the writer writes (`/dev/null` for a writer made with `init(contentType:)`, which writes none).
    public let outputURL: URL
    /// The file's type.
    public let outputFileType: AVFileType
    /// True for a writer made with `init(contentType:)`: it hands segments to its delegate instead of writing a file.
    let isSegmentWriter: Bool

    /// Guards what follows; signalled when a start finishes.
    let lock = NSCondition()
    /// Orders `status` announcements (key-value observing): reading the status and recording it happen together.
    let announcementLock = NSLock()
    // Guarded by `lock`.
    var configuration = Configuration()
    var engine: WritingEngine?
    var configurationError: AVError?
    var configurationStatus = Status.unknown
    /// True while `startWriting()` creates the file and the engine (the status is still `.unknown`).
    var isStarting = false
    /// Set by a `cancelWriting()` that came while starting.
    var isCancelledWhileStarting = false
    /// Test hook: runs in `startWriting()` after the writer committed to starting and before the file is created.
    var willCreateOutput: (@Sendable () -> Void)?

    /// What can be set until writing starts.
    struct Configuration {
        var inputs: [AVAssetWriterInput] = []
        var inputGroups: [AVAssetWriterInputGroup] = []
        var metadata: [AVMetadataItem] = []
        var shouldOptimizeForNetworkUse = false
        var directoryForTemporaryFiles: URL?
        var movieFragmentInterval = CMTime.invalid
        var initialMovieFragmentSequenceNumber = 1
        var producesCombinableFragments = false
        var initialMovieFragmentInterval = CMTime.invalid
        var overallDurationHint = CMTime.invalid
        var movieTimeScale: CMTimeScale = 0
        var plannedMovieBox: MovieBoxReservation?
        var creationDate: Date?
        var preferredOutputSegmentInterval = CMTime.invalid
        var initialSegmentStartTime = CMTime.invalid
        var outputFileTypeProfile: AVFileTypeProfile?
        var delegate = WeakDelegate()
    }

    /// A writer of `outputFileType` to `outputURL`. Throws `AVError.fileAlreadyExists` when anything exists at
    /// the URL (writers never overwrite) and `AVError.formatUnsupported` for a type this library cannot write.
    public init(outputURL: URL, fileType outputFileType: AVFileType) throws {
        guard outputURL.isFileURL else {
            throw AVError(.invalidOutputURLPathExtension, "the output URL \(outputURL) is not a file URL")
        }
        guard Self.writableTypes.contains(outputFileType) else {
            throw AVError(.formatUnsupported, "files of type \(outputFileType.rawValue) cannot be written; writable types are "
                          + Self.writableTypes.map(\.rawValue).sorted().joined(separator: ", "),
                          extra: [AVErrorFileTypeKey: outputFileType.rawValue])
        }
        var status = stat()
        if lstat(outputURL.path, &status) == 0 {
            throw AVError(.fileAlreadyExists, "a file already exists at \(outputURL.path); an asset writer never overwrites")
        }
        self.outputURL = outputURL
        self.outputFileType = outputFileType
        isSegmentWriter = false
        super.init()
    }

    /// A writer of segments of `fileType` (see `init(contentType:)`); a type that cannot carry segments fails
    /// `startWriting()` with the reason, since Apple's initializer does not throw.
    init(segmentsOf fileType: AVFileType) {
        outputURL = URL(fileURLWithPath: "/dev/null")
        outputFileType = fileType
        isSegmentWriter = true
        super.init()
    }

    /// A writer of `outputFileType` to `url` (the same as `init(outputURL:fileType:)`).
    public convenience init(url outputURL: URL, fileType outputFileType: AVFileType) throws {
        try self.init(outputURL: outputURL, fileType: outputFileType)
    }

    /// The file types this writer can write.
    static let writableTypes: Set<AVFileType> = [.mov, .mp4, .m4v, .m4a, .mobile3GPP, .mobile3GPP2, .caf, .wav, .aiff,
                                                 .aifc, .amr]

    /// True for the movie types (QuickTime and the MPEG-4 family), written by the native muxer.
    var isMovieType: Bool { MovieFileType(rawValue: outputFileType.rawValue) != nil }

    // MARK: Status

    /// The writer's status. Key-value observable (announced on the thread that changes it).
    public var status: Status {
        lock.withLock { engine?.currentStatus ?? configurationStatus }
    }

    /// Why writing failed, when the status is `.failed`.
    public var error: (any Error)? {
        lock.withLock { engine?.currentError ?? configurationError }
    }

    /// The media types the file type can hold (AVAssetWriter `availableMediaTypes`).
    public var availableMediaTypes: [AVMediaType] {
        switch outputFileType {
        case .mov: [.video, .audio, .text, .closedCaption, .subtitle, .timecode, .metadata]
        case .mp4, .m4v: [.video, .audio, .text, .subtitle, .metadata]
        case .m4a: [.audio, .text]
        case .mobile3GPP, .mobile3GPP2: [.video, .audio, .text]
        default: [.audio]
        }
    }

    // MARK: Inputs

    /// The inputs added so far.
    public var inputs: [AVAssetWriterInput] { lock.withLock { configuration.inputs } }

    /// Whether output settings can be used for `mediaType` in this file type: the settings are valid and encodable
    /// here, and the codec can go in the file (nil settings, passthrough, always can).
    public func canApply(outputSettings: [String: Any]?, forMediaType mediaType: AVMediaType) -> Bool {
        guard availableMediaTypes.contains(mediaType) else { return false }
        guard let outputSettings else { return true }
        return settingsProblem(outputSettings, mediaType: mediaType) == nil
    }

    /// Why output settings cannot be used in this file type, or `nil`.
    func settingsProblem(_ outputSettings: [String: Any], mediaType: AVMediaType) -> AVError? {
        guard mediaType == .video || mediaType == .audio else {
            return AVError(.unsupportedOutputSettings, "output settings apply to video and audio inputs, not \(mediaType.rawValue)")
        }
        switch OutputSettingsSupport.check(outputSettings, mediaType: mediaType.rawValue, fileType: outputFileType.rawValue) {
        case .failure(let problem):
            return WriterFailure.settings(problem, mediaType: mediaType)
        case .success:
            // The muxer's own table is the final word for movie types (M4A holds AAC and ALAC, not FLAC or Opus).
            if outputFileType == .m4a || outputFileType == .m4v, mediaType == .audio,
               let settings = try? AudioEncoderSettings(outputSettings: outputSettings),
               ![kAudioFormatMPEG4AAC, kAudioFormatAppleLossless].contains(settings.formatID) {
                return AVError(.unsupportedOutputSettings, "\(outputFileType.rawValue) files hold AAC or Apple Lossless audio")
            }
            if outputFileType == .amr {
                return AVError(.encoderNotFound, "AMR files hold AMR audio, and no AMR encoder is available here; "
                               + "append AMR packets through an input without output settings")
            }
            return nil
        }
    }

    /// Whether `input` can be added: writing has not started, the input is not already added, its media type
    /// and settings suit the file type, and a passthrough input to a non-QuickTime type has a source format hint.
    public func canAdd(_ input: AVAssetWriterInput) -> Bool {
        addProblem(input) == nil
    }

    /// Why `input` cannot be added, or `nil`.
    func addProblem(_ input: AVAssetWriterInput) -> AVError? {
        let (started, inputs) = lock.withLock { (engine != nil || configurationStatus != .unknown || isStarting, configuration.inputs) }
        if started { return WriterFailure.misuse("inputs cannot be added after startWriting()") }
        if inputs.contains(where: { $0 === input }) { return WriterFailure.misuse("the input was already added") }
        if let attached = input.writer, attached !== self {
            return WriterFailure.misuse("the input belongs to another asset writer")
        }
        let mediaType = input.mediaType
        guard availableMediaTypes.contains(mediaType) else {
            return AVError(.formatUnsupported, "a \(outputFileType.rawValue) file cannot hold \(mediaType.rawValue) media",
                           extra: [AVErrorMediaTypeKey: mediaType.rawValue, AVErrorFileTypeKey: outputFileType.rawValue])
        }
        if let problem = input.settingsError { return problem }
        if let settings = input.outputSettings, let problem = settingsProblem(settings, mediaType: mediaType) { return problem }
        if input.outputSettings == nil, outputFileType != .mov, input.sourceFormatHint == nil {
            return WriterFailure.misuse("an input without output settings writing to a \(outputFileType.rawValue) file needs a source format hint (AVAssetWriterInput(mediaType:outputSettings:sourceFormatHint:))")
        }
        if !isMovieType {
            if !inputs.isEmpty { return AVError(.formatUnsupported, "a \(outputFileType.rawValue) file holds one audio track") }
            if let hint = input.sourceFormatHint, input.outputSettings == nil,
               let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(hint)?.pointee {
                let amr = asbd.mFormatID == kAudioFormatAMR || asbd.mFormatID == kAudioFormatAMR_WB
                if (outputFileType == .amr) != amr {
                    return AVError(.formatUnsupported, outputFileType == .amr ? "AMR files hold AMR audio" : "AMR audio goes in AMR, 3GPP or QuickTime files")
                }
            }
        }
        return nil
    }

    /// Adds an input. A call `canAdd(_:)` would refuse fails the writer with the reason (Apple raises an exception).
    public func add(_ input: AVAssetWriterInput) {
        if let problem = addProblem(input) {
            failConfiguration(problem, "add(_:)")
            return
        }
        lock.withLock { configuration.inputs.append(input) }
        input.attach(to: self, index: inputs.count - 1)
    }

    /// Puts the writer in the failed state for a mistake made before or while writing.
    func failConfiguration(_ error: AVError, _ call: String) {
        let engine: WritingEngine? = lock.withLock {
            if self.engine == nil {
                if configurationStatus == .unknown || configurationStatus == .writing {
                    configurationStatus = .failed
                    configurationError = error
                }
            }
            return self.engine
        }
        engine?.fail(error)
        notifyInputs()
    }

    /// Tells every input that its readiness may have changed (and `status` observers that it may have).
    func notifyInputs() {
        announceStatus()
        for input in inputs { input.readinessMayHaveChanged() }
    }

    /// Tells `status` observers the current status if it changed since they were last told (key-value observing).
    /// Called wherever the status may have changed: the engine's readiness callback (failure, completion,
    /// cancellation), the start, and configuration failures.
    func announceStatus() {
        guard KeyValueAnnouncements.isObserved(self) else { return }
        announcementLock.withLock { KeyValueAnnouncements.record(self, key: "status", value: status) }
        KeyValueAnnouncements.deliver(self)
    }
}
