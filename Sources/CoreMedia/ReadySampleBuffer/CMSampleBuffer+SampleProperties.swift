import Foundation

// Per-sample information as values (the iOS 26 overlay): each sample's size, timing and attachments, and the
// collection of them a ready sample buffer is made from and reports.

/// Sample attachment keys this platform does not declare publicly, spelled as Apple's binaries spell their keys
/// (the constant's name without its prefix).
package enum PackageSampleAttachmentKey {
    package static let cryptorSubsampleAuxiliaryData = "CryptorSubsampleAuxiliaryData"
    package static let hdr10PlusPerFrameData = "HDR10PlusPerFrameData"
    package static let postDecodeProcessingMetadata = "PostDecodeProcessingMetadata"
    package static let temporalLevel = "TemporalLevel"
    package static let profileSpace = "ProfileSpace"
    package static let tierFlag = "TierFlag"
    package static let profileIndex = "ProfileIndex"
    package static let profileCompatibilityFlags = "ProfileCompatibilityFlags"
    package static let constraintIndicatorFlags = "ConstraintIndicatorFlags"
    package static let levelIndex = "LevelIndex"
}

extension CMSampleBuffer {
    /// A sample's HEVC temporal level information (`kCMSampleAttachmentKey_HEVCTemporalLevelInfo`).
    public struct HEVCTemporalInfo: Sendable {
        /// The temporal layer the sample belongs to.
        public var temporalLayerID: Int
        /// `general_profile_space`.
        public var profileSpace: Int
        /// `general_tier_flag`.
        public var tierFlag: Int
        /// `general_profile_idc`.
        public var profileIndex: Int
        /// `general_profile_compatibility_flags` (4 bytes), if known.
        public var profileCompatibilityFlags: Data?
        /// The general constraint indicator flags (6 bytes), if known.
        public var constraintIndicatorFlags: Data?
        /// `general_level_idc`.
        public var levelIndex: Int

        /// Temporal level information with the given fields.
        public init(temporalLayerID: Int, profileSpace: Int, tierFlag: Int, profileIndex: Int,
                    profileCompatibilityFlags: Data?, constraintIndicatorFlags: Data?, levelIndex: Int) {
            self.temporalLayerID = temporalLayerID
            self.profileSpace = profileSpace
            self.tierFlag = tierFlag
            self.profileIndex = profileIndex
            self.profileCompatibilityFlags = profileCompatibilityFlags
            self.constraintIndicatorFlags = constraintIndicatorFlags
            self.levelIndex = levelIndex
        }

        /// The attachment dictionary form.
        var dictionary: [String: any Sendable] {
            var result: [String: any Sendable] = [
                PackageSampleAttachmentKey.temporalLevel: temporalLayerID,
                PackageSampleAttachmentKey.profileSpace: profileSpace, PackageSampleAttachmentKey.tierFlag: tierFlag,
                PackageSampleAttachmentKey.profileIndex: profileIndex, PackageSampleAttachmentKey.levelIndex: levelIndex,
            ]
            if let profileCompatibilityFlags { result[PackageSampleAttachmentKey.profileCompatibilityFlags] = profileCompatibilityFlags }
            if let constraintIndicatorFlags { result[PackageSampleAttachmentKey.constraintIndicatorFlags] = constraintIndicatorFlags }
            return result
        }

        /// The information an attachment dictionary holds; nil unless it has every integer field.
        init?(dictionary raw: Any) {
            guard let dictionary = AttributeValue.dictionary(raw),
                  let layer = AttributeValue.int(dictionary[PackageSampleAttachmentKey.temporalLevel]),
                  let space = AttributeValue.int(dictionary[PackageSampleAttachmentKey.profileSpace]),
                  let tier = AttributeValue.int(dictionary[PackageSampleAttachmentKey.tierFlag]),
                  let profile = AttributeValue.int(dictionary[PackageSampleAttachmentKey.profileIndex]),
                  let level = AttributeValue.int(dictionary[PackageSampleAttachmentKey.levelIndex]) else { return nil }
            self.init(temporalLayerID: layer, profileSpace: space, tierFlag: tier, profileIndex: profile,
                      profileCompatibilityFlags: dictionary[PackageSampleAttachmentKey.profileCompatibilityFlags] as? Data,
                      constraintIndicatorFlags: dictionary[PackageSampleAttachmentKey.constraintIndicatorFlags] as? Data,
                      levelIndex: level)
        }
    }

    /// One sample's attachments (the `kCMSampleAttachmentKey_…` dictionary) with typed accessors.
    public struct SampleAttachments: Sendable {
        /// The attachments by key.
        public var dictionaryRepresentation: [String: any Sendable]

        /// Attachments from a dictionary keyed by `kCMSampleAttachmentKey_…` strings.
        public init(_ dictionary: [String: any Sendable] = [:]) {
            dictionaryRepresentation = dictionary
        }

        /// The attachment for `key`, typed or not; nil removes it.
        public subscript(rawAttachment key: String) -> (any Sendable)? {
            get { dictionaryRepresentation[key] }
            set { dictionaryRepresentation[key] = newValue }
        }

        private func flag(_ key: CFString) -> Bool? { AttributeValue.bool(dictionaryRepresentation[key as String]) }
        private mutating func setFlag(_ key: CFString, _ value: Bool?) { dictionaryRepresentation[key as String] = value }

        /// Whether the sample is not a sync sample (a missing attachment means it is one).
        public var isNotSync: Bool {
            get { flag(kCMSampleAttachmentKey_NotSync) ?? false }
            set { setFlag(kCMSampleAttachmentKey_NotSync, newValue ? true : nil) }
        }
        /// Whether the sample is a partial sync sample.
        public var isPartialSync: Bool {
            get { flag(kCMSampleAttachmentKey_PartialSync) ?? false }
            set { setFlag(kCMSampleAttachmentKey_PartialSync, newValue ? true : nil) }
        }
        /// Whether the sample depends on others; nil when unknown.
        public var dependsOnOthers: Bool? {
            get { flag(kCMSampleAttachmentKey_DependsOnOthers) }
            set { setFlag(kCMSampleAttachmentKey_DependsOnOthers, newValue) }
        }
        /// Whether other samples depend on this one; nil when unknown.
        public var isDependedOnByOthers: Bool? {
            get { flag(kCMSampleAttachmentKey_IsDependedOnByOthers) }
            set { setFlag(kCMSampleAttachmentKey_IsDependedOnByOthers, newValue) }
        }
        /// Whether the sample has redundant coding; nil when unknown.
        public var hasRedundantCoding: Bool? {
            get { flag(kCMSampleAttachmentKey_HasRedundantCoding) }
            set { setFlag(kCMSampleAttachmentKey_HasRedundantCoding, newValue) }
        }
        /// Whether later samples may have earlier display times; nil when unknown.
        public var earlierDisplayTimesAllowed: Bool? {
            get { flag(kCMSampleAttachmentKey_EarlierDisplayTimesAllowed) }
            set { setFlag(kCMSampleAttachmentKey_EarlierDisplayTimesAllowed, newValue) }
        }
        /// Whether the sample is to be displayed as soon as it is decoded.
        public var displayImmediately: Bool {
            get { flag(kCMSampleAttachmentKey_DisplayImmediately) ?? false }
            set { setFlag(kCMSampleAttachmentKey_DisplayImmediately, newValue ? true : nil) }
        }
        /// Whether the sample is decoded but not displayed.
        public var doNotDisplay: Bool {
            get { flag(kCMSampleAttachmentKey_DoNotDisplay) ?? false }
            set { setFlag(kCMSampleAttachmentKey_DoNotDisplay, newValue ? true : nil) }
        }
        /// Whether the HEVC sample starts a temporal sub-layer access point.
        public var hevcTemporalSubLayerAccess: Bool {
            get { flag(kCMSampleAttachmentKey_HEVCTemporalSubLayerAccess) ?? false }
            set { setFlag(kCMSampleAttachmentKey_HEVCTemporalSubLayerAccess, newValue ? true : nil) }
        }
        /// Whether the HEVC sample starts a stepwise temporal sub-layer access point.
        public var hevcStepwiseTemporalSubLayerAccess: Bool {
            get { flag(kCMSampleAttachmentKey_HEVCStepwiseTemporalSubLayerAccess) ?? false }
            set { setFlag(kCMSampleAttachmentKey_HEVCStepwiseTemporalSubLayerAccess, newValue ? true : nil) }
        }
        /// The NAL unit type of an HEVC sync sample; nil when unknown.
        public var hevcSyncSampleNALUnitType: Int? {
            get { AttributeValue.int(dictionaryRepresentation[kCMSampleAttachmentKey_HEVCSyncSampleNALUnitType as String]) }
            set { dictionaryRepresentation[kCMSampleAttachmentKey_HEVCSyncSampleNALUnitType as String] = newValue }
        }
        /// The HEVC temporal level information; nil when absent.
        public var hevcTemporalInfo: CMSampleBuffer.HEVCTemporalInfo? {
            get {
                dictionaryRepresentation[kCMSampleAttachmentKey_HEVCTemporalLevelInfo as String]
                    .flatMap { HEVCTemporalInfo(dictionary: $0) }
            }
            set { dictionaryRepresentation[kCMSampleAttachmentKey_HEVCTemporalLevelInfo as String] = newValue?.dictionary }
        }
        /// How many audio packets until the decoder is refreshed (audio pre-roll); nil when absent.
        public var audioIndependentSampleDecoderRefreshCount: Int? {
            get {
                AttributeValue.int(dictionaryRepresentation[kCMSampleAttachmentKey_AudioIndependentSampleDecoderRefreshCount as String])
            }
            set { dictionaryRepresentation[kCMSampleAttachmentKey_AudioIndependentSampleDecoderRefreshCount as String] = newValue }
        }
        /// Auxiliary data for decrypting subsamples; nil when absent.
        public var cryptorSubsampleAuxiliaryData: Data? {
            get { dictionaryRepresentation[PackageSampleAttachmentKey.cryptorSubsampleAuxiliaryData] as? Data }
            set { dictionaryRepresentation[PackageSampleAttachmentKey.cryptorSubsampleAuxiliaryData] = newValue }
        }
        /// HDR10+ metadata for this frame; nil when absent.
        public var hdr10PlusPerFrameData: Data? {
            get { dictionaryRepresentation[PackageSampleAttachmentKey.hdr10PlusPerFrameData] as? Data }
            set { dictionaryRepresentation[PackageSampleAttachmentKey.hdr10PlusPerFrameData] = newValue }
        }
        /// Metadata for processing after decoding; nil when absent.
        public var postDecodeProcessingMetadata: [String: any Sendable]? {
            get {
                dictionaryRepresentation[PackageSampleAttachmentKey.postDecodeProcessingMetadata]
                    .flatMap { AttributeValue.dictionary($0) }.flatMap(PropertyListValue.dictionary)
            }
            set { dictionaryRepresentation[PackageSampleAttachmentKey.postDecodeProcessingMetadata] = newValue }
        }
    }

    /// One sample's size, timing and attachments.
    public struct SampleProperties: Sendable {
        /// The size in bytes; nil when sizes are not known (pictures, marker buffers).
        public var size: Int?
        /// The timing.
        public var timing: CMSampleTimingInfo
        /// The attachments.
        public var attachments: CMSampleBuffer.SampleAttachments

        /// Properties of one sample.
        public init(size: Int?, timing: CMSampleTimingInfo, attachments: CMSampleBuffer.SampleAttachments) {
            self.size = size
            self.timing = timing
            self.attachments = attachments
        }
    }

    /// The sizes of a buffer's samples.
    public enum SizePerSample: Sendable {
        /// One size per sample.
        case distinct([Int])
        /// Every sample has this size.
        case uniform(Int)
    }

    /// The timing of a buffer's samples.
    public enum TimingPerSample: Sendable {
        /// One timing per sample.
        case distinct([CMSampleTimingInfo])
        /// The first sample's timing; each next sample follows the one before after its duration.
        case sequential(startingAt: CMSampleTimingInfo)

        /// Samples of `uniformDuration` each, the first presented at `presentationTimeOfFirstSample` and decoded at
        /// `decodeTimeOfFirstSample`.
        public static func sequential(presentationTimeOfFirstSample: CMTime, uniformDuration: CMTime,
                                      decodeTimeOfFirstSample: CMTime = .invalid) -> CMSampleBuffer.TimingPerSample {
            .sequential(startingAt: CMSampleTimingInfo(duration: uniformDuration,
                                                       presentationTimeStamp: presentationTimeOfFirstSample,
                                                       decodeTimeStamp: decodeTimeOfFirstSample))
        }

        /// The timing entries a sample buffer stores for this timing.
        var entries: [CMSampleTimingInfo] {
            switch self {
            case .distinct(let timings): return timings
            case .sequential(let first): return [first]
            }
        }
    }

    /// The properties of a buffer's samples, stored compactly (a shared size or timing is stored once).
    public struct SamplePropertiesCollection: RandomAccessCollection, Sendable {
        /// The number of samples.
        public private(set) var count: Int
        /// The sizes; nil when not known.
        public var sizes: CMSampleBuffer.SizePerSample?
        /// The timing; nil when not known.
        public var timings: CMSampleBuffer.TimingPerSample?
        /// One attachment set per sample; nil when the samples have none.
        public var attachments: [CMSampleBuffer.SampleAttachments]?

        /// No samples.
        public init() {
            count = 0
        }

        /// The properties given sample by sample, stored as compactly as they allow.
        public init(_ properties: some Collection<CMSampleBuffer.SampleProperties>) {
            let list = Array(properties)
            count = list.count
            guard !list.isEmpty else { return }
            if list.allSatisfy({ $0.size != nil }) {
                let values = list.map { $0.size ?? 0 }
                sizes = Set(values).count == 1 ? .uniform(values[0]) : .distinct(values)
            }
            timings = .distinct(list.map(\.timing))
            if list.contains(where: { !$0.attachments.dictionaryRepresentation.isEmpty }) {
                attachments = list.map(\.attachments)
            }
        }

        /// Properties of `sampleCount` samples. `sizes` of `.distinct` kind, `timings` of `.distinct` kind and
        /// `attachments` must have one entry per sample (checked when a sample buffer is made from them).
        public init(sampleCount: Int, sizes: CMSampleBuffer.SizePerSample?, timings: CMSampleBuffer.TimingPerSample?,
                    attachments: [CMSampleBuffer.SampleAttachments]?) {
            count = sampleCount
            self.sizes = sizes
            self.timings = timings
            self.attachments = attachments
        }

        /// Always 0.
        public var startIndex: Int { 0 }
        /// The number of samples.
        public var endIndex: Int { count }

        /// The properties of sample `position`.
        public subscript(position: Int) -> CMSampleBuffer.SampleProperties {
            precondition(position >= 0 && position < count, "sample index \(position) out of range 0..<\(count)")
            let size: Int?
            switch sizes {
            case .uniform(let value): size = value
            case .distinct(let values): size = position < values.count ? values[position] : nil
            case nil: size = nil
            }
            let timing: CMSampleTimingInfo
            switch timings {
            case .distinct(let values): timing = position < values.count ? values[position] : .invalid
            case .sequential(let first):
                let offset = multiplied(first.duration, by: position)
                func shifted(_ time: CMTime) -> CMTime { time.isNumeric && offset.isNumeric ? time + offset : time.isValid ? .invalid : time }
                timing = CMSampleTimingInfo(duration: first.duration, presentationTimeStamp: shifted(first.presentationTimeStamp),
                                            decodeTimeStamp: shifted(first.decodeTimeStamp))
            case nil: timing = .invalid
            }
            let sampleAttachments = attachments.flatMap { position < $0.count ? $0[position] : nil }
                ?? CMSampleBuffer.SampleAttachments()
            return CMSampleBuffer.SampleProperties(size: size, timing: timing, attachments: sampleAttachments)
        }

        /// Why these properties cannot describe a sample buffer's samples, or nil when they can.
        var problem: String? {
            guard count >= 0 else { return "the sample count \(count) is negative" }
            if case .distinct(let values) = sizes, values.count != count {
                return "\(values.count) sizes for \(count) samples"
            }
            if case .uniform(let value) = sizes, value < 0 { return "the sample size \(value) is negative" }
            if case .distinct(let values) = sizes, values.contains(where: { $0 < 0 }) { return "a sample size is negative" }
            if case .distinct(let values) = timings, values.count != count {
                return "\(values.count) timings for \(count) samples"
            }
            if let attachments, attachments.count != count { return "\(attachments.count) attachment sets for \(count) samples" }
            return nil
        }

        /// The size entries a sample buffer stores.
        var sizeEntries: [Int] {
            switch sizes {
            case .uniform(let value): return [value]
            case .distinct(let values): return values
            case nil: return []
            }
        }
    }
}

extension CMSampleBuffer {
    /// The properties of the buffer's samples as stored: a shared size or timing stays shared.
    package var samplePropertiesCollection: CMSampleBuffer.SamplePropertiesCollection {
        let sizes: CMSampleBuffer.SizePerSample?
        switch sizeEntries.count {
        case 0: sizes = nil
        case 1 where sampleCount != 1: sizes = .uniform(sizeEntries[0])
        default: sizes = .distinct(sizeEntries)
        }
        let timings: CMSampleBuffer.TimingPerSample?
        switch timingEntries.count {
        case 0: timings = nil
        case 1 where sampleCount != 1: timings = .sequential(startingAt: timingEntries[0])
        default: timings = .distinct(timingEntries)
        }
        let attachments = existingSampleAttachments?.map { dictionary in
            CMSampleBuffer.SampleAttachments(PropertyListValue.dictionary(dictionary) ?? [:])
        }
        return CMSampleBuffer.SamplePropertiesCollection(sampleCount: sampleCount, sizes: sizes, timings: timings,
                                                         attachments: attachments)
    }
}
