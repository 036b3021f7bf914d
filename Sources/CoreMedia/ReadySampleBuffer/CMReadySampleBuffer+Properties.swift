import CoreAudioTypes
import CoreVideo

// A ready sample buffer's timing, samples and format, by what its content allows.

extension CMReadySampleBuffer {
    /// The sum of the samples' durations, unmodified by trimming or speed.
    public var duration: CMTime { sampleBuffer.totalDuration }

    /// The earliest presentation time of the samples.
    public var presentationTimeStamp: CMTime { sampleBuffer.earliestPresentationTimeStamp }

    /// The earliest decode time of the samples (the first, as samples are in decode order).
    public var decodeTimeStamp: CMTime { sampleBuffer.firstDecodeTimeStamp }

    /// The duration after trimming, divided by the speed multiplier.
    public var outputDuration: CMTime { sampleBuffer.outputDurationValue }

    /// The presentation time after trimming (or the explicitly set one).
    public var outputPresentationTimeStamp: CMTime { sampleBuffer.outputPresentationTime }

    /// The decode time matching the output presentation time.
    public var outputDecodeTimeStamp: CMTime { sampleBuffer.outputDecodeTime }
}

extension CMReadySampleBuffer where Content: CMSampleBuffer.ContentWithFormatDescription {
    /// The format description, which this content always has.
    public var formatDescription: CMFormatDescription {
        guard let format = sampleBuffer.format else {
            preconditionFailure("invariant: a \(contentType) ready sample buffer has a format description")
        }
        return format
    }
}

extension CMReadySampleBuffer where Content: CMSampleBuffer.MultiSampleContent {
    /// The number of samples: 0 for a marker, 1 for a picture or tagged buffers.
    public var sampleCount: Int { sampleBuffer.sampleCount }

    /// Each sample's size, timing and attachments. Setting them keeps the payload, which must still hold the
    /// samples; the sample count cannot change.
    public var sampleProperties: CMSampleBuffer.SamplePropertiesCollection {
        get { sampleBuffer.samplePropertiesCollection }
        set {
            precondition(newValue.count == sampleCount, "CMReadySampleBuffer.sampleProperties: \(newValue.count) "
                         + "samples given for a buffer of \(sampleCount)")
            if let problem = newValue.problem { preconditionFailure("CMReadySampleBuffer.sampleProperties: \(problem)") }
            let old = sampleBuffer
            let new = CMSampleBuffer(format: old.format, sampleCount: old.sampleCount,
                                     timingEntries: newValue.timings?.entries ?? [], sizeEntries: newValue.sizeEntries,
                                     data: old.dataBufferValue, image: old.image, dataReady: true, dataReadyMaker: nil,
                                     packetDescriptions: old.packetDescriptions, taggedBuffers: old.taggedBufferStore)
            new.copyAttachments(from: old)
            new.setSampleAttachments(newValue.attachments?.map { $0.dictionaryRepresentation.mapValues { $0 as Any } })
            sampleBuffer = new
        }
    }

    /// The total size of the samples in bytes (0 when sizes are not known).
    public var totalSampleSize: Int { sampleBuffer.totalSize }

    /// Each sample's timing after trimming and speed; nil when the samples have no timing.
    public var outputSampleTimings: CMSampleBuffer.TimingPerSample? {
        let entries = sampleBuffer.outputTimingEntries
        guard !entries.isEmpty else { return nil }
        return entries.count == 1 && sampleCount != 1 ? .sequential(startingAt: entries[0]) : .distinct(entries)
    }

    /// One buffer per sample, sharing the payload, with each sample's timing, size and attachments; this buffer
    /// alone when its samples cannot be separated (no sizes, non-interleaved audio, a single sample).
    public func splitSamples() -> [CMReadySampleBuffer<Content>] {
        let buffer = sampleBuffer
        guard buffer.sampleCount > 1, buffer.image == nil, buffer.taggedBufferStore == nil else { return [self] }
        if let asbd = buffer.format?.audioDetails?.streamDescription.pointee,
           asbd.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0, asbd.mChannelsPerFrame > 1 {
            return [self]
        }
        var pieces: [CMReadySampleBuffer<Content>] = []
        pieces.reserveCapacity(buffer.sampleCount)
        for index in 0..<buffer.sampleCount {
            guard case .success(let single) = buffer.copy(samples: index..<index + 1) else { return [self] }
            if let reference = buffer.sampleDataReference, let offset = buffer.byteOffset(ofSample: index) {
                single.attachmentStorage.set(reference.byteOffset + offset,
                                             forKey: kCMSampleBufferAttachmentKey_SampleReferenceByteOffset as String,
                                             mode: kCMAttachmentMode_ShouldPropagate)
            }
            pieces.append(CMReadySampleBuffer(checked: single))
        }
        return pieces
    }
}

extension CMReadySampleBuffer where Content == CMReadOnlyDataBlockBuffer {
    /// The packet descriptions of variable-size audio packets; nil for other content.
    public var audioStreamPacketDescriptions: [AudioStreamPacketDescription]? {
        guard sampleBuffer.format?.audioDetails != nil, !sampleBuffer.packetDescriptions.isEmpty else { return nil }
        return try? sampleBuffer.audioStreamPacketDescriptions()
    }

    /// Copies the PCM frames in `range` into `bufferList`, whose buffers must be large enough.
    public func copyPCMData(fromRange range: Range<Int>, into bufferList: UnsafeMutablePointer<AudioBufferList>) throws {
        try sampleBuffer.copyPCMData(fromRange: range, into: bufferList)
    }
}

extension CMReadySampleBuffer where Content == Never {
    /// The marker's duration (`.invalid` for none).
    public var duration: CMTime {
        get { sampleBuffer.timingEntries.first?.duration ?? .invalid }
        set { retimeSingleSample { $0.duration = newValue } }
    }

    /// The time the marker applies at (`.invalid` for none).
    public var markerTimeStamp: CMTime {
        get { sampleBuffer.timingEntries.first?.presentationTimeStamp ?? .invalid }
        set { retimeSingleSample { $0.presentationTimeStamp = newValue } }
    }
}

extension CMReadySampleBuffer where Content == CVReadOnlyPixelBuffer {
    /// The picture's duration (`.invalid` when unknown).
    public var duration: CMTime {
        get { sampleBuffer.timingEntries.first?.duration ?? .invalid }
        set { retimeSingleSample { $0.duration = newValue } }
    }

    /// The time the picture is presented at.
    public var presentationTimeStamp: CMTime {
        get { sampleBuffer.timingEntries.first?.presentationTimeStamp ?? .invalid }
        set { retimeSingleSample { $0.presentationTimeStamp = newValue } }
    }

    /// The picture's sample attachments.
    public var sampleAttachments: CMSampleBuffer.SampleAttachments {
        get { singleSampleAttachments }
        set { setSingleSampleAttachments(newValue) }
    }
}

extension CMReadySampleBuffer where Content == [CMTaggedDynamicBuffer] {
    /// The tagged buffers' duration (`.invalid` when unknown).
    public var duration: CMTime {
        get { sampleBuffer.timingEntries.first?.duration ?? .invalid }
        set { retimeSingleSample { $0.duration = newValue } }
    }

    /// The time the tagged buffers are presented at.
    public var presentationTimeStamp: CMTime {
        get { sampleBuffer.timingEntries.first?.presentationTimeStamp ?? .invalid }
        set { retimeSingleSample { $0.presentationTimeStamp = newValue } }
    }

    /// The sample's attachments.
    public var sampleAttachments: CMSampleBuffer.SampleAttachments {
        get { singleSampleAttachments }
        set { setSingleSampleAttachments(newValue) }
    }
}

extension CMReadySampleBuffer {
    /// The one sample's attachments.
    var singleSampleAttachments: CMSampleBuffer.SampleAttachments {
        let dictionary = sampleBuffer.existingSampleAttachments?.first ?? [:]
        return CMSampleBuffer.SampleAttachments(PropertyListValue.dictionary(dictionary) ?? [:])
    }

    /// Gives the value a new sample buffer with `attachments` on its one sample.
    mutating func setSingleSampleAttachments(_ attachments: CMSampleBuffer.SampleAttachments) {
        rebuild()
        sampleBuffer.setSampleAttachments([attachments.dictionaryRepresentation.mapValues { $0 as Any }])
    }
}
