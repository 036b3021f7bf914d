// Status codes, flags, attachment keys and notification names of Apple's CMSampleBuffer.h. The key strings are
// those of Apple's SDK (the documentation does not print them).

// MARK: Status codes

/// An allocation failed.
public let kCMSampleBufferError_AllocationFailed: OSStatus = -12730
/// A required parameter was missing (nil or zero).
public let kCMSampleBufferError_RequiredParameterMissing: OSStatus = -12731
/// The sample buffer already has a data buffer.
public let kCMSampleBufferError_AlreadyHasDataBuffer: OSStatus = -12732
/// The buffer could not be made ready.
public let kCMSampleBufferError_BufferNotReady: OSStatus = -12733
/// A sample index was not in `0..<numSamples`.
public let kCMSampleBufferError_SampleIndexOutOfRange: OSStatus = -12734
/// The buffer has no sample sizes.
public let kCMSampleBufferError_BufferHasNoSampleSizes: OSStatus = -12735
/// The buffer has no sample timing.
public let kCMSampleBufferError_BufferHasNoSampleTimingInfo: OSStatus = -12736
/// An output array was too small.
public let kCMSampleBufferError_ArrayTooSmall: OSStatus = -12737
/// A timing or size entry count was not 0, 1 or the number of samples.
public let kCMSampleBufferError_InvalidEntryCount: OSStatus = -12738
/// The samples cannot be split (the buffer has no sample sizes).
public let kCMSampleBufferError_CannotSubdivide: OSStatus = -12739
/// A sample timing was unexpectedly not numeric.
public let kCMSampleBufferError_SampleTimingInfoInvalid: OSStatus = -12740
/// The format description's media type does not suit the operation.
public let kCMSampleBufferError_InvalidMediaTypeForOperation: OSStatus = -12741
/// The sample data is bad.
public let kCMSampleBufferError_InvalidSampleData: OSStatus = -12742
/// The media does not match the format description.
public let kCMSampleBufferError_InvalidMediaFormat: OSStatus = -12743
/// The sample buffer was invalidated.
public let kCMSampleBufferError_Invalidated: OSStatus = -12744
/// Loading the sample buffer's data failed.
public let kCMSampleBufferError_DataFailed: OSStatus = -16750
/// Loading the sample buffer's data was cancelled.
public let kCMSampleBufferError_DataCanceled: OSStatus = -16751

/// Make memory in audio buffer lists 16-byte aligned.
public let kCMSampleBufferFlag_AudioBufferList_Assure16ByteAlignment: UInt32 = 1 << 0

// MARK: Per-sample attachment keys (in the sample attachments array)

/// `true` when the sample is not a sync sample; absence means sync.
nonisolated(unsafe) public let kCMSampleAttachmentKey_NotSync: CFString = "NotSync"
/// `true` when the sample is a partial sync sample (an open-GOP key frame).
nonisolated(unsafe) public let kCMSampleAttachmentKey_PartialSync: CFString = "PartialSync"
/// Whether the sample has redundant coding; absent when unknown.
nonisolated(unsafe) public let kCMSampleAttachmentKey_HasRedundantCoding: CFString = "HasRedundantCoding"
/// Whether other samples depend on this one; `false` makes it droppable.
nonisolated(unsafe) public let kCMSampleAttachmentKey_IsDependedOnByOthers: CFString = "IsDependedOnByOthers"
/// Whether the sample depends on others (`false` for an I-frame); absent when unknown.
nonisolated(unsafe) public let kCMSampleAttachmentKey_DependsOnOthers: CFString = "DependsOnOthers"
/// Whether samples after this one in decode order may have earlier display times.
nonisolated(unsafe) public let kCMSampleAttachmentKey_EarlierDisplayTimesAllowed: CFString = "EarlierDisplayTimesAllowed"
/// Display the sample as soon as it is decoded.
nonisolated(unsafe) public let kCMSampleAttachmentKey_DisplayImmediately: CFString = "DisplayImmediately"
/// Decode the sample but do not display it.
nonisolated(unsafe) public let kCMSampleAttachmentKey_DoNotDisplay: CFString = "DoNotDisplay"
/// An HEVC frame's temporal level information ('tscl' sample group).
nonisolated(unsafe) public let kCMSampleAttachmentKey_HEVCTemporalLevelInfo: CFString = "HEVCTemporalLevelInfo"
/// The sample is an HEVC temporal sub-layer access picture ('tsas').
nonisolated(unsafe) public let kCMSampleAttachmentKey_HEVCTemporalSubLayerAccess: CFString = "HEVCTemporalSubLayerAccess"
/// The sample is an HEVC step-wise temporal sub-layer access picture ('stsa').
nonisolated(unsafe) public let kCMSampleAttachmentKey_HEVCStepwiseTemporalSubLayerAccess: CFString = "HEVCStepwiseTemporalSubLayerAccess"
/// The NAL unit type of an HEVC sync sample ('sync' sample group).
nonisolated(unsafe) public let kCMSampleAttachmentKey_HEVCSyncSampleNALUnitType: CFString = "HEVCSyncSampleNALUnitType"
/// The number of audio samples after which decoder state is refreshed (an independent audio sample).
nonisolated(unsafe) public let kCMSampleAttachmentKey_AudioIndependentSampleDecoderRefreshCount: CFString =
    "AudioIndependentSampleDecoderRefreshCount"

// MARK: Sample buffer attachment keys (CMSetAttachment)

/// Reset the decoder before decoding this buffer.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_ResetDecoderBeforeDecoding: CFString = "ResetDecoderBeforeDecoding"
/// Drain the decoder after decoding this buffer.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_DrainAfterDecoding: CFString = "DrainAfterDecoding"
/// Post `kCMSampleBufferConsumerNotification_BufferConsumed` with this dictionary when the buffer is consumed.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_PostNotificationWhenConsumed: CFString = "PostNotificationWhenConsumed"
/// The resume tag ending an "inhibit output until" notification.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_ResumeOutput: CFString = "ResumeOutput"
/// Marks a transition between edits.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_TransitionID: CFString = "TransitionID"
/// How much of the start of the buffer to trim from output (a CMTime dictionary).
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_TrimDurationAtStart: CFString = "TrimDurationAtStart"
/// How much of the end of the buffer to trim from output (a CMTime dictionary).
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_TrimDurationAtEnd: CFString = "TrimDurationAtEnd"
/// The factor by which to speed up output (a number).
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_SpeedMultiplier: CFString = "SpeedMultiplier"
/// Play the buffer in reverse.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_Reverse: CFString = "Reverse"
/// Fill gaps before this buffer with silence.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_FillDiscontinuitiesWithSilence: CFString = "FillDiscontinuitiesWithSilence"
/// The buffer marks an empty edit: no media for its duration.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_EmptyMedia: CFString = "EmptyMedia"
/// The buffer marks the end of all media: no more will follow.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_PermanentEmptyMedia: CFString = "PermanentEmptyMedia"
/// Display empty media immediately.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_DisplayEmptyMediaImmediately: CFString = "DisplayEmptyMediaImmediately"
/// This buffer's presentation time ends the previous buffer's duration.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_EndsPreviousSampleDuration: CFString = "EndsPreviousSampleDuration"
/// A URL where the sample data is, for a reference sample buffer.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_SampleReferenceURL: CFString = "SampleReferenceURL"
/// The byte offset of the sample data in `SampleReferenceURL`.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_SampleReferenceByteOffset: CFString = "SampleReferenceByteOffset"
/// The number of samples of gradual decoder refresh that follow.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_GradualDecoderRefresh: CFString = "GradualDecoderRefresh"
/// Why a frame was dropped.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_DroppedFrameReason: CFString = "DroppedFrameReason"
/// The frame was late.
nonisolated(unsafe) public let kCMSampleBufferDroppedFrameReason_FrameWasLate: CFString = "FrameWasLate"
/// The capture pipeline ran out of buffers.
nonisolated(unsafe) public let kCMSampleBufferDroppedFrameReason_OutOfBuffers: CFString = "OutOfBuffers"
/// A discontinuity dropped the frame.
nonisolated(unsafe) public let kCMSampleBufferDroppedFrameReason_Discontinuity: CFString = "Discontinuity"
/// More about why a frame was dropped.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_DroppedFrameReasonInfo: CFString = "DroppedFrameReasonInfo"
/// A camera mode switch dropped the frame.
nonisolated(unsafe) public let kCMSampleBufferDroppedFrameReasonInfo_CameraModeSwitch: CFString = "CameraModeSwitch"
/// Lens stabilization during a still image capture.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_StillImageLensStabilizationInfo: CFString = "StillImageLensStabilizationInfo"
/// Lens stabilization was active.
nonisolated(unsafe) public let kCMSampleBufferLensStabilizationInfo_Active: CFString = "Active"
/// Lens stabilization was out of range.
nonisolated(unsafe) public let kCMSampleBufferLensStabilizationInfo_OutOfRange: CFString = "OutOfRange"
/// Lens stabilization was unavailable.
nonisolated(unsafe) public let kCMSampleBufferLensStabilizationInfo_Unavailable: CFString = "Unavailable"
/// Lens stabilization was off.
nonisolated(unsafe) public let kCMSampleBufferLensStabilizationInfo_Off: CFString = "Off"
/// The camera's intrinsic matrix (a 3×3 matrix of Float32 as Data).
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_CameraIntrinsicMatrix: CFString = "CameraIntrinsicMatrix"
/// Encode this frame as a key frame.
nonisolated(unsafe) public let kCMSampleBufferAttachmentKey_ForceKeyFrame: CFString = "ForceKeyFrame"

// MARK: Notifications

/// Posted when a sample buffer's data becomes ready.
nonisolated(unsafe) public let kCMSampleBufferNotification_DataBecameReady: CFString = "CMSampleBufferNotification_DataBecameReady"
/// Posted when a sample buffer's data will never become ready.
nonisolated(unsafe) public let kCMSampleBufferNotification_DataFailed: CFString = "CMSampleBufferNotification_DataFailed"
/// The status in a data-failed notification.
nonisolated(unsafe) public let kCMSampleBufferNotificationParameter_OSStatus: CFString = "OSStatus"
/// Posted when a sample buffer with `PostNotificationWhenConsumed` is consumed.
nonisolated(unsafe) public let kCMSampleBufferConsumerNotification_BufferConsumed: CFString =
    "CMSampleBufferConsumerNotification_BufferConsumed"
