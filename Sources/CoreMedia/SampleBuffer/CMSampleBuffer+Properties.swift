// The overlay's properties and methods of CMSampleBuffer (Apple's CoreMedia overlay, macOS 10.15+).

/// Throws the `NSOSStatusErrorDomain` error for a sample buffer status other than `noErr`.
func checkSampleBufferStatus(_ status: OSStatus) throws {
    if status != noErr { throw osStatusError(status) }
}

extension CMSampleBuffer {
    /// Sets the data buffer of a buffer made without one.
    public func setDataBuffer(_ dataBuffer: CMBlockBuffer) throws {
        try checkSampleBufferStatus(CMSampleBufferSetDataBuffer(self, newValue: dataBuffer))
    }

    /// The data buffer, if any.
    public var dataBuffer: CMBlockBuffer? { CMSampleBufferGetDataBuffer(self) }

    /// The image buffer, if any.
    public var imageBuffer: CVImageBuffer? { CMSampleBufferGetImageBuffer(self) }

    /// The format description, if any.
    public var formatDescription: CMFormatDescription? { CMSampleBufferGetFormatDescription(self) }

    /// Whether the data is ready, not yet, or never will be.
    public var dataReadiness: CMSampleBuffer.DataReadiness {
        switch readinessValue {
        case .ready: return .ready
        case .notReady: return .notReady
        case .failed(let status): return .failed(status)
        }
    }

    /// Marks the data ready, or failed with a status.
    public func setDataReadiness(_ newValue: CMSampleBuffer.DataReadiness) throws {
        switch newValue {
        case .ready: try checkSampleBufferStatus(setReadiness(.ready))
        case .notReady: try checkSampleBufferStatus(setReadiness(.notReady))
        case .failed(let status): try checkSampleBufferStatus(setReadiness(.failed(status)))
        }
    }

    /// Makes the data ready with the handler given at creation.
    public func makeDataReady() throws { try checkSampleBufferStatus(CMSampleBufferMakeDataReady(self)) }

    /// Whether the data is ready (the package's shorthand; Apple's overlay spells it `dataReadiness`).
    package var isDataReady: Bool { CMSampleBufferDataIsReady(self) }

    /// Makes the buffer's data readiness follow another buffer's.
    public func trackDataReadiness(_ sampleBufferToTrack: CMSampleBuffer) throws {
        try checkSampleBufferStatus(CMSampleBufferTrackDataReadiness(self, sampleBufferToTrack: sampleBufferToTrack))
    }

    /// Makes the buffer invalid, calling its invalidation handler.
    public func invalidate() throws { try checkSampleBufferStatus(CMSampleBufferInvalidate(self)) }

    /// Sets the handler `invalidate()` calls; errors it throws are ignored, as the C callback returns nothing.
    public func setInvalidateHandler(_ body: @escaping (CMSampleBuffer) throws -> Void) throws {
        try checkSampleBufferStatus(CMSampleBufferSetInvalidateHandler(self, invalidateHandler: { try? body($0) }))
    }

    /// Whether the buffer has not been invalidated.
    public var isValid: Bool { CMSampleBufferIsValid(self) }

    /// The number of samples.
    public var numSamples: Int { CMSampleBufferGetNumSamples(self) }

    /// The sum of the sample durations.
    public var duration: CMTime { CMSampleBufferGetDuration(self) }

    /// The earliest presentation time.
    public var presentationTimeStamp: CMTime { CMSampleBufferGetPresentationTimeStamp(self) }

    /// The first decode time.
    public var decodeTimeStamp: CMTime { CMSampleBufferGetDecodeTimeStamp(self) }

    /// The duration after trimming, divided by the speed multiplier.
    public var outputDuration: CMTime { CMSampleBufferGetOutputDuration(self) }

    /// The output presentation time; setting it replaces the calculated one (`.invalid` restores it). Setting it
    /// on an invalidated buffer does nothing (use `setOutputPresentationTimeStamp(_:)` to get the error).
    public var outputPresentationTimeStamp: CMTime {
        get { CMSampleBufferGetOutputPresentationTimeStamp(self) }
        set { CMSampleBufferSetOutputPresentationTimeStamp(self, newValue: newValue) }
    }

    /// Sets the output presentation time.
    public func setOutputPresentationTimeStamp(_ pts: CMTime) throws {
        try checkSampleBufferStatus(CMSampleBufferSetOutputPresentationTimeStamp(self, newValue: pts))
    }

    /// The output decode time.
    public var outputDecodeTimeStamp: CMTime { CMSampleBufferGetOutputDecodeTimeStamp(self) }

    /// The timing entries: one for every sample, or one per sample.
    public func sampleTimingInfos() throws -> [CMSampleTimingInfo] {
        guard isValidBuffer else { throw CMSampleBuffer.Error.invalidated }
        guard !timingEntries.isEmpty else { throw CMSampleBuffer.Error.bufferHasNoSampleTimingInfo }
        return timingEntries
    }

    /// The output timing entries.
    public func outputSampleTimingInfos() throws -> [CMSampleTimingInfo] {
        guard isValidBuffer else { throw CMSampleBuffer.Error.invalidated }
        guard !timingEntries.isEmpty else { throw CMSampleBuffer.Error.bufferHasNoSampleTimingInfo }
        return outputTimingEntries
    }

    /// The timing of one sample, with its own times.
    public func sampleTimingInfo(at sampleIndex: CMItemIndex) throws -> CMSampleTimingInfo {
        switch timing(at: sampleIndex) {
        case .failure(let error): throw osStatusError(error.status)
        case .success(let timing): return timing
        }
    }

    /// The size entries: one for every sample, or one per sample.
    public func sampleSizes() throws -> [Int] {
        guard isValidBuffer else { throw CMSampleBuffer.Error.invalidated }
        guard !sizeEntries.isEmpty else { throw CMSampleBuffer.Error.bufferHasNoSampleSizes }
        return sizeEntries
    }

    /// The size of one sample (0 when out of range or without sizes).
    public func sampleSize(at sampleIndex: Int) -> Int { CMSampleBufferGetSampleSize(self, at: sampleIndex) }

    /// The total size of the sample data.
    public var totalSampleSize: Int { CMSampleBufferGetTotalSampleSize(self) }

    /// The packet descriptions of variable-packet audio (empty for constant-packet audio).
    public func audioStreamPacketDescriptions() throws -> [AudioStreamPacketDescription] {
        guard isValidBuffer else { throw CMSampleBuffer.Error.invalidated }
        guard format?.audioDetails != nil else { throw CMSampleBuffer.Error.invalidMediaTypeForOperation }
        return audioStreamPacketDescriptionList
    }

    /// Calls `body` with the packet descriptions.
    public func withUnsafeAudioStreamPacketDescriptions<R>(
        _ body: (UnsafeBufferPointer<AudioStreamPacketDescription>) throws -> R
    ) throws -> R {
        try audioStreamPacketDescriptions().withUnsafeBufferPointer(body)
    }

    /// Copies the PCM frames in `range` into `bufferList`.
    public func copyPCMData(fromRange range: Range<Int>, into bufferList: UnsafeMutablePointer<AudioBufferList>) throws {
        guard let offset = Int32(exactly: range.lowerBound), let count = Int32(exactly: range.count) else {
            throw CMSampleBuffer.Error.sampleIndexOutOfRange
        }
        try checkSampleBufferStatus(CMSampleBufferCopyPCMDataIntoAudioBufferList(self, at: offset, frameCount: count,
                                                                                 into: bufferList))
    }

    /// Calls `body` with an audio buffer list over the PCM data and the block buffer that holds it.
    public func withAudioBufferList<R>(
        blockBufferMemoryAllocator: CFAllocator? = kCFAllocatorDefault, flags: CMSampleBuffer.Flags = [],
        body: (UnsafeMutableAudioBufferListPointer, CMBlockBuffer) throws -> R
    ) throws -> R {
        var needed = 0
        try checkSampleBufferStatus(CMSampleBufferGetAudioBufferListWithRetainedBlockBuffer(
            self, bufferListSizeNeededOut: &needed, bufferListOut: nil, bufferListSize: 0, blockBufferAllocator: nil,
            blockBufferMemoryAllocator: blockBufferMemoryAllocator, flags: flags.rawValue, blockBufferOut: nil))
        let memory = UnsafeMutableRawPointer.allocate(byteCount: needed, alignment: MemoryLayout<AudioBufferList>.alignment)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: needed)
        let list = memory.assumingMemoryBound(to: AudioBufferList.self)
        var block: CMBlockBuffer?
        try checkSampleBufferStatus(CMSampleBufferGetAudioBufferListWithRetainedBlockBuffer(
            self, bufferListSizeNeededOut: nil, bufferListOut: list, bufferListSize: needed, blockBufferAllocator: nil,
            blockBufferMemoryAllocator: blockBufferMemoryAllocator, flags: flags.rawValue, blockBufferOut: &block))
        guard let block else { throw CMSampleBuffer.Error.bufferNotReady }
        return try body(UnsafeMutableAudioBufferListPointer(list), block)
    }

    /// The buffer's attachments.
    public var attachments: CMAttachmentBearerAttachments {
        get { CMAttachmentBearerAttachments(self) }
        set { CMAttachmentBearerAttachments(self).replace(with: newValue) }
    }
}

extension CMSampleBuffer: CMAttachmentBearerProtocol {}

extension CMSampleBuffer {
    /// One-sample buffers for each sample of a buffer, sharing its data.
    public struct SingleSampleBuffers: Sequence {
        let buffer: CMSampleBuffer

        /// Yields one-sample buffers until the samples run out (or one cannot be made).
        public struct Iterator: IteratorProtocol {
            let buffer: CMSampleBuffer
            var index = 0
            /// The next element, or nil at the end.
            public mutating func next() -> CMSampleBuffer? {
                guard index < buffer.sampleCount, case .success(let single) = buffer.copy(samples: index..<index + 1)
                else { return nil }
                index += 1
                return single
            }
        }

        /// An iterator over the elements.
        public func makeIterator() -> Iterator { Iterator(buffer: buffer) }
    }

    /// One-sample buffers for each sample, sharing the data; throws when the samples cannot be split.
    public func singleSampleBuffers() throws -> CMSampleBuffer.SingleSampleBuffers {
        guard isValidBuffer else { throw CMSampleBuffer.Error.invalidated }
        if sampleCount > 0, case .failure(let error) = copy(samples: 0..<1) { throw osStatusError(error.status) }
        return SingleSampleBuffers(buffer: self)
    }
}
