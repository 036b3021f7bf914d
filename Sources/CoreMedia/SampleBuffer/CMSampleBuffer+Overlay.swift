// The Swift overlay of CMSampleBuffer (Apple's CoreMedia overlay, macOS 10.15+): throwing initializers and
// typed properties over the C-style functions.

extension CMSampleBuffer {
    /// The errors the overlay throws: `NSOSStatusErrorDomain` errors whose codes are `kCMSampleBufferError_…`.
    public struct Error {
        /// The `kCMSampleBufferError_AllocationFailed` status as an error.
        public static let allocationFailed = osStatusError(kCMSampleBufferError_AllocationFailed)
        /// The `kCMSampleBufferError_RequiredParameterMissing` status as an error.
        public static let requiredParameterMissing = osStatusError(kCMSampleBufferError_RequiredParameterMissing)
        /// The `kCMSampleBufferError_AlreadyHasDataBuffer` status as an error.
        public static let alreadyHasDataBuffer = osStatusError(kCMSampleBufferError_AlreadyHasDataBuffer)
        /// The `kCMSampleBufferError_BufferNotReady` status as an error.
        public static let bufferNotReady = osStatusError(kCMSampleBufferError_BufferNotReady)
        /// The `kCMSampleBufferError_SampleIndexOutOfRange` status as an error.
        public static let sampleIndexOutOfRange = osStatusError(kCMSampleBufferError_SampleIndexOutOfRange)
        /// The `kCMSampleBufferError_BufferHasNoSampleSizes` status as an error.
        public static let bufferHasNoSampleSizes = osStatusError(kCMSampleBufferError_BufferHasNoSampleSizes)
        /// The `kCMSampleBufferError_BufferHasNoSampleTimingInfo` status as an error.
        public static let bufferHasNoSampleTimingInfo = osStatusError(kCMSampleBufferError_BufferHasNoSampleTimingInfo)
        /// The `kCMSampleBufferError_ArrayTooSmall` status as an error.
        public static let arrayTooSmall = osStatusError(kCMSampleBufferError_ArrayTooSmall)
        /// The `kCMSampleBufferError_InvalidEntryCount` status as an error.
        public static let invalidEntryCount = osStatusError(kCMSampleBufferError_InvalidEntryCount)
        /// The `kCMSampleBufferError_CannotSubdivide` status as an error.
        public static let cannotSubdivide = osStatusError(kCMSampleBufferError_CannotSubdivide)
        /// The `kCMSampleBufferError_SampleTimingInfoInvalid` status as an error.
        public static let sampleTimingInfoInvalid = osStatusError(kCMSampleBufferError_SampleTimingInfoInvalid)
        /// The `kCMSampleBufferError_InvalidMediaTypeForOperation` status as an error.
        public static let invalidMediaTypeForOperation = osStatusError(kCMSampleBufferError_InvalidMediaTypeForOperation)
        /// The `kCMSampleBufferError_InvalidSampleData` status as an error.
        public static let invalidSampleData = osStatusError(kCMSampleBufferError_InvalidSampleData)
        /// The `kCMSampleBufferError_InvalidMediaFormat` status as an error.
        public static let invalidMediaFormat = osStatusError(kCMSampleBufferError_InvalidMediaFormat)
        /// The `kCMSampleBufferError_Invalidated` status as an error.
        public static let invalidated = osStatusError(kCMSampleBufferError_Invalidated)
        /// The `kCMSampleBufferError_DataFailed` status as an error.
        public static let dataFailed = osStatusError(kCMSampleBufferError_DataFailed)
        /// The `kCMSampleBufferError_DataCanceled` status as an error.
        public static let dataCanceled = osStatusError(kCMSampleBufferError_DataCanceled)
    }

    /// Flags for the audio buffer list functions.
    public struct Flags: OptionSet, Sendable {
        /// The raw value.
        public let rawValue: UInt32
        /// A value from its raw value.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Make audio buffer list memory 16-byte aligned.
        public static let audioBufferListAssure16ByteAlignment =
            Flags(rawValue: kCMSampleBufferFlag_AudioBufferList_Assure16ByteAlignment)
    }

    /// Whether a sample buffer's data is there.
    public enum DataReadiness: Hashable, Sendable {
        case notReady
        case ready
        case failed(OSStatus)
    }

    /// A copy of `other` under this identity (a final class's convenience initializer cannot return another
    /// instance): the same contents, readiness and attachments.
    convenience init(adopting other: CMSampleBuffer) {
        let state = other.readinessValue
        self.init(format: other.format, sampleCount: other.sampleCount, timingEntries: other.timingEntries,
                  sizeEntries: other.sizeEntries, data: other.dataBufferValue, image: other.image,
                  dataReady: state == .ready, dataReadyMaker: other.dataReadyMakerValue,
                  packetDescriptions: other.packetDescriptions, taggedBuffers: other.taggedBufferStore)
        if case .failed(let status) = state { _ = setReadiness(.failed(status)) }
        if let tracked = other.trackedBufferValue { _ = track(tracked) }
        if let explicit = other.outputPresentationTimeStampOverrideValue { _ = storeOutputPresentationTimeStamp(explicit) }
        copyAttachments(from: other)
        copySampleAttachments(from: other)
    }

    /// Runs a C-style creation function and adopts what it made, or throws its status.
    private convenience init(creating body: (UnsafeMutablePointer<CMSampleBuffer?>) -> OSStatus) throws {
        var made: CMSampleBuffer?
        let status = body(&made)
        guard status == noErr, let made else {
            throw osStatusError(status == noErr ? kCMSampleBufferError_AllocationFailed : status)
        }
        self.init(adopting: made)
    }

    /// Creates a ready sample buffer of `numSamples` samples in `dataBuffer` with the given timing and sizes
    /// (each 0, 1 or `numSamples` entries).
    public convenience init(dataBuffer: CMBlockBuffer?, formatDescription: CMFormatDescription?,
                            numSamples: CMItemCount, sampleTimings: [CMSampleTimingInfo], sampleSizes: [Int]) throws {
        try self.init(creating: { out in
            sampleTimings.withUnsafeBufferPointer { timings in
                sampleSizes.withUnsafeBufferPointer { sizes in
                    CMSampleBufferCreate(
                        allocator: nil, dataBuffer: dataBuffer, dataReady: dataBuffer != nil, makeDataReadyCallback: nil,
                        refcon: nil, formatDescription: formatDescription, sampleCount: numSamples,
                        sampleTimingEntryCount: timings.count, sampleTimingArray: timings.baseAddress,
                        sampleSizeEntryCount: sizes.count, sampleSizeArray: sizes.baseAddress, sampleBufferOut: out)
                }
            }
        })
    }

    /// Creates a sample buffer whose data may become ready later, through `makeDataReadyHandler`.
    public convenience init(dataBuffer: CMBlockBuffer?, dataReady: Bool = false,
                            formatDescription: CMFormatDescription?, numSamples: CMItemCount,
                            sampleTimings: [CMSampleTimingInfo], sampleSizes: [Int],
                            makeDataReadyHandler: @escaping CMSampleBufferMakeDataReadyHandler) throws {
        try self.init(creating: { out in
            sampleTimings.withUnsafeBufferPointer { timings in
                sampleSizes.withUnsafeBufferPointer { sizes in
                    CMSampleBufferCreateWithMakeDataReadyHandler(
                        nil, dataBuffer, dataReady, formatDescription, numSamples,
                        timings.count, timings.baseAddress, sizes.count, sizes.baseAddress, out,
                        makeDataReadyHandler)
                }
            }
        })
    }

    /// Creates a ready audio sample buffer from packet descriptions (empty for constant-packet audio).
    public convenience init(dataBuffer: CMBlockBuffer?, formatDescription: CMFormatDescription,
                            numSamples: CMItemCount, presentationTimeStamp: CMTime,
                            packetDescriptions: [AudioStreamPacketDescription]) throws {
        try self.init(creating: { out in
            packetDescriptions.withUnsafeBufferPointer { packets in
                CMAudioSampleBufferCreateWithPacketDescriptions(
                    allocator: nil, dataBuffer: dataBuffer, dataReady: dataBuffer != nil, makeDataReadyCallback: nil,
                    refcon: nil, formatDescription: formatDescription, sampleCount: numSamples,
                    presentationTimeStamp: presentationTimeStamp,
                    packetDescriptions: packets.isEmpty ? nil : packets.baseAddress, sampleBufferOut: out)
            }
        })
    }

    /// Creates an audio sample buffer from packet descriptions whose data may become ready later.
    public convenience init(dataBuffer: CMBlockBuffer?, dataReady: Bool = false,
                            formatDescription: CMFormatDescription, numSamples: CMItemCount,
                            presentationTimeStamp: CMTime, packetDescriptions: [AudioStreamPacketDescription],
                            makeDataReadyHandler: @escaping CMSampleBufferMakeDataReadyHandler) throws {
        try self.init(creating: { out in
            packetDescriptions.withUnsafeBufferPointer { packets in
                CMAudioSampleBufferCreateWithPacketDescriptions(
                    allocator: nil, dataBuffer: dataBuffer, dataReady: dataReady,
                    makeDataReadyCallback: { buffer, _ in makeDataReadyHandler(buffer) }, refcon: nil,
                    formatDescription: formatDescription, sampleCount: numSamples,
                    presentationTimeStamp: presentationTimeStamp,
                    packetDescriptions: packets.isEmpty ? nil : packets.baseAddress, sampleBufferOut: out)
            }
        })
    }

    /// Creates a ready one-sample buffer holding an image buffer, which `formatDescription` must describe.
    public convenience init(imageBuffer: CVImageBuffer, formatDescription: CMVideoFormatDescription,
                            sampleTiming: CMSampleTimingInfo) throws {
        var timing = sampleTiming
        try self.init(creating: { out in
            CMSampleBufferCreateReadyWithImageBuffer(allocator: nil, imageBuffer: imageBuffer,
                                                     formatDescription: formatDescription, sampleTiming: &timing,
                                                     sampleBufferOut: out)
        })
    }

    /// Creates a one-sample image buffer sample buffer whose data may become ready later.
    public convenience init(imageBuffer: CVImageBuffer, dataReady: Bool = false,
                            formatDescription: CMVideoFormatDescription, sampleTiming: CMSampleTimingInfo,
                            makeDataReadyHandler: @escaping CMSampleBufferMakeDataReadyHandler) throws {
        var timing = sampleTiming
        try self.init(creating: { out in
            CMSampleBufferCreateForImageBufferWithMakeDataReadyHandler(
                nil, imageBuffer, dataReady, formatDescription, &timing, out, makeDataReadyHandler)
        })
    }

    /// Creates a copy sharing the data and format description.
    public convenience init(copying sampleBuffer: CMSampleBuffer) throws {
        try self.init(creating: { CMSampleBufferCreateCopy(allocator: nil, sampleBuffer: sampleBuffer, sampleBufferOut: $0) })
    }

    /// Creates a copy with new timing (0, 1 or one entry per sample).
    public convenience init(copying sampleBuffer: CMSampleBuffer, withNewTiming sampleTimings: [CMSampleTimingInfo]) throws {
        try self.init(creating: { out in
            sampleTimings.withUnsafeBufferPointer { timings in
                CMSampleBufferCreateCopyWithNewTiming(
                    allocator: nil, sampleBuffer: sampleBuffer, sampleTimingEntryCount: timings.count,
                    sampleTimingArray: timings.baseAddress, sampleBufferOut: out)
            }
        })
    }

    /// Creates a buffer with the samples in `range`, sharing their data.
    public convenience init(copying sampleBuffer: CMSampleBuffer, forRange range: Range<Int>) throws {
        try self.init(creating: { out in
            CMSampleBufferCopySampleBufferForRange(allocator: nil, sampleBuffer: sampleBuffer,
                                                   sampleRange: CFRange(location: range.lowerBound, length: range.count),
                                                   sampleBufferOut: out)
        })
    }
}
