// The overlay's per-sample attachments and attachment keys (Apple's CoreMedia overlay, macOS 10.15+). They are live,
// as is the C function's array: setting a value changes the sample buffer, as on Apple platforms.

extension CMSampleBuffer {
    /// One sample's attachments, live: reading and writing go to the sample buffer.
    public struct PerSampleAttachmentsDictionary: Sequence {
        /// A per-sample attachment key.
        public struct Key: RawRepresentable, Hashable, Sendable {
            /// The raw value.
            public var rawValue: CFString { name as CFString }
            /// A value from its raw value.
            public init(rawValue: CFString) { name = rawValue as String }
            /// The raw value as a Swift string, which keeps the key Sendable (an `NSString` is not).
            private let name: String

            /// `kCMSampleAttachmentKey_NotSync`.
            public static let notSync = Key(rawValue: kCMSampleAttachmentKey_NotSync)
            /// `kCMSampleAttachmentKey_PartialSync`.
            public static let partialSync = Key(rawValue: kCMSampleAttachmentKey_PartialSync)
            /// `kCMSampleAttachmentKey_HasRedundantCoding`.
            public static let hasRedundantCoding = Key(rawValue: kCMSampleAttachmentKey_HasRedundantCoding)
            /// `kCMSampleAttachmentKey_IsDependedOnByOthers`.
            public static let isDependedOnByOthers = Key(rawValue: kCMSampleAttachmentKey_IsDependedOnByOthers)
            /// `kCMSampleAttachmentKey_DependsOnOthers`.
            public static let dependsOnOthers = Key(rawValue: kCMSampleAttachmentKey_DependsOnOthers)
            /// `kCMSampleAttachmentKey_EarlierDisplayTimesAllowed`.
            public static let earlierDisplayTimesAllowed = Key(rawValue: kCMSampleAttachmentKey_EarlierDisplayTimesAllowed)
            /// `kCMSampleAttachmentKey_DisplayImmediately`.
            public static let displayImmediately = Key(rawValue: kCMSampleAttachmentKey_DisplayImmediately)
            /// `kCMSampleAttachmentKey_DoNotDisplay`.
            public static let doNotDisplay = Key(rawValue: kCMSampleAttachmentKey_DoNotDisplay)
            /// `kCMSampleAttachmentKey_HEVCTemporalLevelInfo`.
            public static let hevcTemporalLevelInfo = Key(rawValue: kCMSampleAttachmentKey_HEVCTemporalLevelInfo)
            /// `kCMSampleAttachmentKey_HEVCTemporalSubLayerAccess`.
            public static let hevcTemporalSubLayerAccess = Key(rawValue: kCMSampleAttachmentKey_HEVCTemporalSubLayerAccess)
            /// `kCMSampleAttachmentKey_HEVCStepwiseTemporalSubLayerAccess`.
            public static let hevcStepwiseTemporalSubLayerAccess =
                Key(rawValue: kCMSampleAttachmentKey_HEVCStepwiseTemporalSubLayerAccess)
            /// `kCMSampleAttachmentKey_HEVCSyncSampleNALUnitType`.
            public static let hevcSyncSampleNALUnitType = Key(rawValue: kCMSampleAttachmentKey_HEVCSyncSampleNALUnitType)
            /// `kCMSampleAttachmentKey_AudioIndependentSampleDecoderRefreshCount`.
            public static let audioIndependentSampleDecoderRefreshCount =
                Key(rawValue: kCMSampleAttachmentKey_AudioIndependentSampleDecoderRefreshCount)
        }

        let buffer: CMSampleBuffer
        let index: Int

        /// The attachment for `key`; setting nil removes it.
        public subscript(key: Key) -> Any? {
            get { buffer.withSampleAttachments(at: index) { $0.object(forKey: key.rawValue) } ?? nil }
            nonmutating set {
                _ = buffer.withSampleAttachments(at: index) { dictionary in
                    if let newValue {
                        dictionary.setObject(newValue, forKey: key.rawValue)
                    } else {
                        dictionary.removeObject(forKey: key.rawValue)
                    }
                }
            }
        }

        /// The attachment for a string key; setting nil removes it.
        public subscript(key: String) -> Any? {
            get { self[Key(rawValue: key as CFString)] }
            nonmutating set { self[Key(rawValue: key as CFString)] = newValue }
        }

        /// The sample's attachments at the time of the call.
        public func makeIterator() -> Array<(key: Key, value: Any)>.Iterator {
            let snapshot = buffer.withSampleAttachments(at: index) { $0.stringKeyed } ?? [:]
            return snapshot.map { (key: Key(rawValue: $0.key as CFString), value: $0.value) }.makeIterator()
        }
    }

    /// Every sample's attachments, one live dictionary per sample. A Collection, as Apple declares it (not a
    /// bidirectional or random-access one: code may add those conformances itself).
    public struct SampleAttachmentsArray: Collection {
        let buffer: CMSampleBuffer
        /// The first index.
        public var startIndex: Int { 0 }
        /// The index past the last.
        public var endIndex: Int { buffer.sampleCount }
        /// The index after `i`.
        public func index(after i: Int) -> Int { i + 1 }
        /// The element at `position`.
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
        /// The raw value.
        public var rawValue: CFString { name as CFString }
        /// A value from its raw value.
        public init(rawValue: CFString) { name = rawValue as String }
        /// The raw value as a Swift string, which keeps the key Sendable (an `NSString` is not).
        private let name: String

        /// `kCMSampleBufferAttachmentKey_ResetDecoderBeforeDecoding`.
        public static let resetDecoderBeforeDecoding = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_ResetDecoderBeforeDecoding)
        /// `kCMSampleBufferAttachmentKey_DrainAfterDecoding`.
        public static let drainAfterDecoding = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_DrainAfterDecoding)
        /// `kCMSampleBufferAttachmentKey_PostNotificationWhenConsumed`.
        public static let postNotificationWhenConsumed = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_PostNotificationWhenConsumed)
        /// `kCMSampleBufferAttachmentKey_ResumeOutput`.
        public static let resumeOutput = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_ResumeOutput)
        /// `kCMSampleBufferAttachmentKey_TransitionID`.
        public static let transitionID = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_TransitionID)
        /// `kCMSampleBufferAttachmentKey_TrimDurationAtStart`.
        public static let trimDurationAtStart = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_TrimDurationAtStart)
        /// `kCMSampleBufferAttachmentKey_TrimDurationAtEnd`.
        public static let trimDurationAtEnd = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_TrimDurationAtEnd)
        /// `kCMSampleBufferAttachmentKey_SpeedMultiplier`.
        public static let speedMultiplier = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_SpeedMultiplier)
        /// `kCMSampleBufferAttachmentKey_Reverse`.
        public static let reverse = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_Reverse)
        /// `kCMSampleBufferAttachmentKey_FillDiscontinuitiesWithSilence`.
        public static let fillDiscontinuitiesWithSilence = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_FillDiscontinuitiesWithSilence)
        /// `kCMSampleBufferAttachmentKey_EmptyMedia`.
        public static let emptyMedia = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_EmptyMedia)
        /// `kCMSampleBufferAttachmentKey_PermanentEmptyMedia`.
        public static let permanentEmptyMedia = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_PermanentEmptyMedia)
        /// `kCMSampleBufferAttachmentKey_DisplayEmptyMediaImmediately`.
        public static let displayEmptyMediaImmediately = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_DisplayEmptyMediaImmediately)
        /// `kCMSampleBufferAttachmentKey_EndsPreviousSampleDuration`.
        public static let endsPreviousSampleDuration = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_EndsPreviousSampleDuration)
        /// `kCMSampleBufferAttachmentKey_SampleReferenceURL`.
        public static let sampleReferenceURL = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_SampleReferenceURL)
        /// `kCMSampleBufferAttachmentKey_SampleReferenceByteOffset`.
        public static let sampleReferenceByteOffset = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_SampleReferenceByteOffset)
        /// `kCMSampleBufferAttachmentKey_GradualDecoderRefresh`.
        public static let gradualDecoderRefresh = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_GradualDecoderRefresh)
        /// `kCMSampleBufferAttachmentKey_DroppedFrameReason`.
        public static let droppedFrameReason = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_DroppedFrameReason)
        /// `kCMSampleBufferAttachmentKey_DroppedFrameReasonInfo`.
        public static let droppedFrameReasonInfo = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_DroppedFrameReasonInfo)
        /// `kCMSampleBufferAttachmentKey_StillImageLensStabilizationInfo`.
        public static let stillImageLensStabilizationInfo = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_StillImageLensStabilizationInfo)
        /// `kCMSampleBufferAttachmentKey_CameraIntrinsicMatrix`.
        public static let cameraIntrinsicMatrix = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_CameraIntrinsicMatrix)
        /// `kCMSampleBufferAttachmentKey_ForceKeyFrame`.
        public static let forceKeyFrame = AttachmentKey(rawValue: kCMSampleBufferAttachmentKey_ForceKeyFrame)
    }
}

extension CMAttachmentBearerAttachments {
    /// The attachment for a sample buffer attachment key.
    public subscript(key: CMSampleBuffer.AttachmentKey) -> CMAttachmentBearerAttachments.Value? {
        get { self[key.rawValue as String] }
        nonmutating set { self[key.rawValue as String] = newValue }
    }
}
