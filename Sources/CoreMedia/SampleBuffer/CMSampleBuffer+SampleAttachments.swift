// The overlay's per-sample attachments and attachment keys (Apple's CoreMedia overlay, macOS 10.15+). Unlike the
// C function's snapshot array, these are live: setting a value changes the sample buffer, as on Apple platforms.

extension CMSampleBuffer {
    /// One sample's attachments, live: reading and writing go to the sample buffer.
    public struct PerSampleAttachmentsDictionary: Sequence {
        /// A per-sample attachment key.
        public struct Key: RawRepresentable, Hashable, Sendable {
            public let rawValue: CFString
            public init(rawValue: CFString) { self.rawValue = rawValue }

            public static let notSync = Key(rawValue: kCMSampleAttachmentKey_NotSync)
            public static let partialSync = Key(rawValue: kCMSampleAttachmentKey_PartialSync)
            public static let hasRedundantCoding = Key(rawValue: kCMSampleAttachmentKey_HasRedundantCoding)
            public static let isDependedOnByOthers = Key(rawValue: kCMSampleAttachmentKey_IsDependedOnByOthers)
            public static let dependsOnOthers = Key(rawValue: kCMSampleAttachmentKey_DependsOnOthers)
            public static let earlierDisplayTimesAllowed = Key(rawValue: kCMSampleAttachmentKey_EarlierDisplayTimesAllowed)
            public static let displayImmediately = Key(rawValue: kCMSampleAttachmentKey_DisplayImmediately)
            public static let doNotDisplay = Key(rawValue: kCMSampleAttachmentKey_DoNotDisplay)
            public static let hevcTemporalLevelInfo = Key(rawValue: kCMSampleAttachmentKey_HEVCTemporalLevelInfo)
            public static let hevcTemporalSubLayerAccess = Key(rawValue: kCMSampleAttachmentKey_HEVCTemporalSubLayerAccess)
            public static let hevcStepwiseTemporalSubLayerAccess =
                Key(rawValue: kCMSampleAttachmentKey_HEVCStepwiseTemporalSubLayerAccess)
            public static let hevcSyncSampleNALUnitType = Key(rawValue: kCMSampleAttachmentKey_HEVCSyncSampleNALUnitType)
            public static let audioIndependentSampleDecoderRefreshCount =
                Key(rawValue: kCMSampleAttachmentKey_AudioIndependentSampleDecoderRefreshCount)
        }

        let buffer: CMSampleBuffer
        let index: Int

        /// The attachment for `key`; setting nil removes it.
        public subscript(key: Key) -> Any? {
            get { buffer.withSampleAttachments(at: index) { $0[key.rawValue] } ?? nil }
            nonmutating set { _ = buffer.withSampleAttachments(at: index) { $0[key.rawValue] = newValue } }
        }

        /// The attachment for a string key; setting nil removes it.
        public subscript(key: String) -> Any? {
            get { self[Key(rawValue: key)] }
            nonmutating set { self[Key(rawValue: key)] = newValue }
        }

        /// The sample's attachments at the time of the call.
        public func makeIterator() -> Array<(key: Key, value: Any)>.Iterator {
            let snapshot = buffer.withSampleAttachments(at: index) { $0 } ?? [:]
            return snapshot.map { (key: Key(rawValue: $0.key), value: $0.value) }.makeIterator()
        }
    }

    /// Every sample's attachments, one live dictionary per sample.
    public struct SampleAttachmentsArray: RandomAccessCollection {
        let buffer: CMSampleBuffer
        public var startIndex: Int { 0 }
        public var endIndex: Int { buffer.sampleCount }
        public subscript(position: Int) -> PerSampleAttachmentsDictionary {
            PerSampleAttachmentsDictionary(buffer: buffer, index: position)
        }
    }

    /// The samples' attachments (made, empty, when first asked for), which can be changed in place:
    /// `sampleBuffer.sampleAttachments[0][.notSync] = true`.
    public var sampleAttachments: CMSampleBuffer.SampleAttachmentsArray {
        _ = sampleAttachments(create: true)
        return SampleAttachmentsArray(buffer: self)
    }

    /// A sample buffer attachment key.
    public struct AttachmentKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: CFString
        public init(rawValue: CFString) { self.rawValue = rawValue }

        public static let resetDecoderBeforeDecoding = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_ResetDecoderBeforeDecoding)
        public static let drainAfterDecoding = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_DrainAfterDecoding)
        public static let postNotificationWhenConsumed = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_PostNotificationWhenConsumed)
        public static let resumeOutput = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_ResumeOutput)
        public static let transitionID = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_TransitionID)
        public static let trimDurationAtStart = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_TrimDurationAtStart)
        public static let trimDurationAtEnd = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_TrimDurationAtEnd)
        public static let speedMultiplier = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_SpeedMultiplier)
        public static let reverse = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_Reverse)
        public static let fillDiscontinuitiesWithSilence = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_FillDiscontinuitiesWithSilence)
        public static let emptyMedia = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_EmptyMedia)
        public static let permanentEmptyMedia = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_PermanentEmptyMedia)
        public static let displayEmptyMediaImmediately = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_DisplayEmptyMediaImmediately)
        public static let endsPreviousSampleDuration = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_EndsPreviousSampleDuration)
        public static let sampleReferenceURL = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_SampleReferenceURL)
        public static let sampleReferenceByteOffset = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_SampleReferenceByteOffset)
        public static let gradualDecoderRefresh = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_GradualDecoderRefresh)
        public static let droppedFrameReason = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_DroppedFrameReason)
        public static let droppedFrameReasonInfo = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_DroppedFrameReasonInfo)
        public static let stillImageLensStabilizationInfo = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_StillImageLensStabilizationInfo)
        public static let cameraIntrinsicMatrix = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_CameraIntrinsicMatrix)
        public static let forceKeyFrame = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_ForceKeyFrame)
    }
}

extension CMAttachmentBearerAttachments {
    /// The attachment for a sample buffer attachment key.
    public subscript(key: CMSampleBuffer.AttachmentKey) -> CMAttachmentBearerAttachments.Value? {
        get { self[key.rawValue] }
        nonmutating set { self[key.rawValue] = newValue }
    }
}
