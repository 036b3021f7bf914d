import CoreMedia
import Foundation

/// The error domain of every `AVError`.
public let AVFoundationErrorDomain = "AVFoundationErrorDomain"

/// An error from AVFoundation, with Apple's codes, domain and user-info keys.
///
/// Bridged to `NSError` as on Apple platforms, so `catch AVError.fileAlreadyExists`, `error.code == .diskFull` and
/// `(error as NSError).domain == AVFoundationErrorDomain` all work. The real cause of a failure (which box, byte
/// offset, track, time, codec setting) is under `NSUnderlyingErrorKey`.
public struct AVError: _BridgedStoredNSError {
    public let _nsError: NSError

    public init(_nsError error: NSError) {
        precondition(error.domain == AVFoundationErrorDomain, "an AVError must be in AVFoundationErrorDomain")
        _nsError = error
    }

    /// The domain of the error.
    public static var errorDomain: String { AVFoundationErrorDomain }
    public static var _nsErrorDomain: String { AVFoundationErrorDomain }

    /// The codes of AVFoundation errors, with Apple's raw values.
    public enum Code: Int, _ErrorCodeProtocol, Sendable {
        public typealias _ErrorType = AVError
        case unknown = -11800
        case outOfMemory = -11801
        case sessionNotRunning = -11803
        case deviceAlreadyUsedByAnotherSession = -11804
        case noDataCaptured = -11805
        case sessionConfigurationChanged = -11806
        case diskFull = -11807
        case deviceWasDisconnected = -11808
        case mediaChanged = -11809
        case maximumDurationReached = -11810
        case maximumFileSizeReached = -11811
        case mediaDiscontinuity = -11812
        case maximumNumberOfSamplesForFileFormatReached = -11813
        case deviceNotConnected = -11814
        case deviceInUseByAnotherApplication = -11815
        case deviceLockedForConfigurationByAnotherProcess = -11817
        case sessionWasInterrupted = -11818
        case mediaServicesWereReset = -11819
        case exportFailed = -11820
        case decodeFailed = -11821
        case invalidSourceMedia = -11822
        case fileAlreadyExists = -11823
        case compositionTrackSegmentsNotContiguous = -11824
        case invalidCompositionTrackSegmentDuration = -11825
        case invalidCompositionTrackSegmentSourceStartTime = -11826
        case invalidCompositionTrackSegmentSourceDuration = -11827
        case fileFormatNotRecognized = -11828
        case fileFailedToParse = -11829
        case maximumStillImageCaptureRequestsExceeded = -11830
        case contentIsProtected = -11831
        case noImageAtTime = -11832
        case decoderNotFound = -11833
        case encoderNotFound = -11834
        case contentIsNotAuthorized = -11835
        case applicationIsNotAuthorized = -11836
        case deviceIsNotAvailableInBackground = -11837
        case operationNotSupportedForAsset = -11838
        case decoderTemporarilyUnavailable = -11839
        case encoderTemporarilyUnavailable = -11840
        case invalidVideoComposition = -11841
        case referenceForbiddenByReferencePolicy = -11842
        case invalidOutputURLPathExtension = -11843
        case screenCaptureFailed = -11844
        case displayWasDisabled = -11845
        case torchLevelUnavailable = -11846
        case operationInterrupted = -11847
        case incompatibleAsset = -11848
        case failedToLoadMediaData = -11849
        case serverIncorrectlyConfigured = -11850
        case applicationIsNotAuthorizedToUseDevice = -11852
        case failedToParse = -11853
        case fileTypeDoesNotSupportSampleReferences = -11854
        case undecodableMediaData = -11855
        case airPlayControllerRequiresInternet = -11856
        case airPlayReceiverRequiresInternet = -11857
        case videoCompositorFailed = -11858
        case recordingAlreadyInProgress = -11859
        case unsupportedOutputSettings = -11861
        case operationNotAllowed = -11862
        case contentIsUnavailable = -11863
        case formatUnsupported = -11864
        case malformedDepth = -11865
        case contentNotUpdated = -11866
        case noLongerPlayable = -11867
        case noCompatibleAlternatesForExternalDisplay = -11868
        case noSourceTrack = -11869
        case externalPlaybackNotSupportedForAsset = -11870
        case operationNotSupportedForPreset = -11871
        case sessionHardwareCostOverage = -11872
        case unsupportedDeviceActiveFormat = -11873
        case incorrectlyConfigured = -11875
        case segmentStartedWithNonSyncSample = -11876
        case rosettaNotInstalled = -11877
        case operationCancelled = -11878
        case contentKeyRequestCancelled = -11879
        case invalidSampleCursor = -11880
        case failedToLoadSampleData = -11881
        case airPlayReceiverTemporarilyUnavailable = -11882
        case encodeFailed = -11883
        case sandboxExtensionDenied = -11884
        case toneMappingFailed = -11885
        case mediaExtensionDisabled = -11886
        case mediaExtensionConflict = -11887
    }
}

extension AVError {
    /// The time at which the error occurred (`AVErrorTimeKey`).
    public var time: CMTime? { userInfo[AVErrorTimeKey] as? CMTime }

    /// The file size at which the error occurred (`AVErrorFileSizeKey`).
    public var fileSize: Int64? { (userInfo[AVErrorFileSizeKey] as? NSNumber)?.int64Value }

    /// The media type involved (`AVErrorMediaTypeKey`).
    public var mediaType: AVMediaType? { (userInfo[AVErrorMediaTypeKey] as? String).map(AVMediaType.init(rawValue:)) }

    /// The media subtypes involved (`AVErrorMediaSubTypeKey`).
    public var mediaSubtypes: [Int]? { userInfo[AVErrorMediaSubTypeKey] as? [Int] }

    /// The presentation time stamp of the sample involved (`AVErrorPresentationTimeStampKey`).
    public var presentationTimeStamp: CMTime? { userInfo[AVErrorPresentationTimeStampKey] as? CMTime }

    /// The track involved (`AVErrorPersistentTrackIDKey`).
    public var persistentTrackID: CMPersistentTrackID? {
        (userInfo[AVErrorPersistentTrackIDKey] as? NSNumber)?.int32Value
    }

    /// The file type involved (`AVErrorFileTypeKey`).
    public var fileType: AVFileType? { (userInfo[AVErrorFileTypeKey] as? String).map(AVFileType.init(rawValue:)) }
}

/// User-info key for the time at which an error occurred (a `CMTime`).
public let AVErrorTimeKey = "AVErrorTimeKey"
/// User-info key for the file size at which an error occurred (an `NSNumber`).
public let AVErrorFileSizeKey = "AVErrorFileSizeKey"
/// User-info key for the process ID involved.
public let AVErrorPIDKey = "AVErrorPIDKey"
/// User-info key saying whether a recording finished successfully.
public let AVErrorRecordingSuccessfullyFinishedKey = "AVErrorRecordingSuccessfullyFinishedKey"
/// User-info key for the media type involved (a `String`).
public let AVErrorMediaTypeKey = "AVErrorMediaTypeKey"
/// User-info key for the media subtypes involved (`[Int]`).
public let AVErrorMediaSubTypeKey = "AVErrorMediaSubTypeKey"
/// User-info key for the presentation time stamp of the sample involved (a `CMTime`).
public let AVErrorPresentationTimeStampKey = "AVErrorPresentationTimeStampKey"
/// User-info key for the persistent track ID involved (an `NSNumber`).
public let AVErrorPersistentTrackIDKey = "AVErrorPersistentTrackIDKey"
/// User-info key for the file type involved (a `String`).
public let AVErrorFileTypeKey = "AVErrorFileTypeKey"
/// User-info key for the discontinuity flags of a media discontinuity.
public let AVErrorDiscontinuityFlagsKey = "AVErrorDiscontinuityFlagsKey"
