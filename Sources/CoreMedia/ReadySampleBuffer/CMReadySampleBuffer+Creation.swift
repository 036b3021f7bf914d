import CoreAudioTypes
import CoreVideo

// Making ready sample buffers from typed content. Apple's initialisers do not throw: arguments that break their
// documented requirements (a format of the wrong media type, no samples, an invalid time) stop the program with a
// message saying which requirement, as Apple's precondition checks do.

/// The subtype of tagged-buffer-group format descriptions (`kCMTaggedBufferGroupFormatType_TaggedBufferGroup`).
package let taggedBufferGroupFormatType: FourCharCode = 0x7462_6772  // 'tbgr'

/// A format description of tagged buffer groups (an ordinary format description of that media type).
public typealias CMTaggedBufferGroupFormatDescription = CMFormatDescription

/// Stops the program with `message` unless `condition` holds (an initialiser's documented requirement).
private func require(_ condition: Bool, _ initializer: String, _ message: @autoclosure () -> String) {
    if !condition { preconditionFailure("CMReadySampleBuffer.\(initializer): \(message())") }
}

/// A ready sample buffer's entries for the given sample properties, and its sample attachments.
private func makeDataSampleBuffer(data: CMBlockBuffer?, format: CMFormatDescription,
                                  properties: CMSampleBuffer.SamplePropertiesCollection,
                                  initializer: String) -> CMSampleBuffer {
    if let problem = properties.problem { require(false, initializer, problem) }
    require(properties.count > 0, initializer, "a sample buffer of content needs at least one sample")
    let buffer = CMSampleBuffer(format: format, sampleCount: properties.count,
                                timingEntries: properties.timings?.entries ?? [], sizeEntries: properties.sizeEntries,
                                data: data, image: nil, dataReady: true, dataReadyMaker: nil)
    if let attachments = properties.attachments {
        buffer.setSampleAttachments(attachments.map { $0.dictionaryRepresentation.mapValues { $0 as Any } })
    }
    return buffer
}

extension CMReadySampleBuffer where Content == CMReadOnlyDataBlockBuffer {
    /// Samples in `content` described by `formatDescription` and `sampleProperties` (one size and timing per
    /// sample, or one for all).
    public init(dataBuffer content: Content, formatDescription: CMFormatDescription,
                sampleProperties: CMSampleBuffer.SamplePropertiesCollection) {
        let initializer = "init(dataBuffer:formatDescription:sampleProperties:)"
        if case .uniform(let size)? = sampleProperties.sizes {
            let (total, overflow) = size.multipliedReportingOverflow(by: sampleProperties.count)
            require(!overflow && total <= content.count, initializer,
                    "\(sampleProperties.count) samples of \(size) bytes do not fit in \(content.count) bytes")
        } else if case .distinct(let sizes)? = sampleProperties.sizes {
            require(sizes.reduce(0, { $0 &+ max($1, 0) }) <= content.count, initializer,
                    "the sample sizes add up to more than the \(content.count) bytes of data")
        }
        self.init(checked: makeDataSampleBuffer(data: content.withUnsafeBlockBuffer { $0 }, format: formatDescription,
                                                properties: sampleProperties, initializer: initializer))
    }

    /// `sampleCount` linear PCM frames in `content`, the first presented at `presentationTimeStamp`.
    public init(audioDataBuffer content: Content, formatDescription: CMAudioFormatDescription, sampleCount: Int,
                presentationTimeStamp: CMTime) {
        self.init(audio: content, formatDescription: formatDescription, sampleCount: sampleCount,
                  presentationTimeStamp: presentationTimeStamp, packetDescriptions: [],
                  initializer: "init(audioDataBuffer:formatDescription:sampleCount:presentationTimeStamp:)")
    }

    /// Compressed audio packets in `content`, one per packet description, the first presented at
    /// `presentationTimeStamp`.
    public init(compressedAudioDataBuffer content: Content, formatDescription: CMAudioFormatDescription,
                presentationTimeStamp: CMTime, packetDescriptions: [AudioStreamPacketDescription]) {
        self.init(audio: content, formatDescription: formatDescription, sampleCount: packetDescriptions.count,
                  presentationTimeStamp: presentationTimeStamp, packetDescriptions: packetDescriptions,
                  initializer: "init(compressedAudioDataBuffer:formatDescription:presentationTimeStamp:packetDescriptions:)")
    }

    /// The two audio initialisers' common body, over `CMAudioSampleBufferCreateReadyWithPacketDescriptions`.
    private init(audio content: Content, formatDescription: CMAudioFormatDescription, sampleCount: Int,
                 presentationTimeStamp: CMTime, packetDescriptions: [AudioStreamPacketDescription], initializer: String) {
        require(formatDescription.audioDetails != nil, initializer, "the format description is not of audio")
        require(sampleCount > 0, initializer, "the sample count must be greater than 0, got \(sampleCount)")
        require(presentationTimeStamp.isNumeric, initializer, "the presentation time stamp must be a numeric time")
        var made: CMSampleBuffer?
        let status = packetDescriptions.withUnsafeBufferPointer { packets in
            CMAudioSampleBufferCreateReadyWithPacketDescriptions(
                allocator: nil, dataBuffer: content.withUnsafeBlockBuffer { $0 }, formatDescription: formatDescription,
                sampleCount: sampleCount, presentationTimeStamp: presentationTimeStamp,
                packetDescriptions: packets.isEmpty ? nil : packets.baseAddress, sampleBufferOut: &made)
        }
        guard status == noErr, let made else {
            preconditionFailure("CMReadySampleBuffer.\(initializer): the content does not fit the format description "
                                + "(CMAudioSampleBufferCreateReadyWithPacketDescriptions returned \(status))")
        }
        self.init(checked: made)
    }
}

extension CMReadySampleBuffer where Content == CVReadOnlyPixelBuffer {
    /// One picture presented at `presentationTimeStamp` for `duration`. Without a format description one is made
    /// from the picture; a given one must describe it.
    public init(pixelBuffer content: Content, formatDescription: CMVideoFormatDescription? = nil,
                presentationTimeStamp: CMTime, duration: CMTime = .invalid) {
        let initializer = "init(pixelBuffer:formatDescription:presentationTimeStamp:duration:)"
        let image = content.withUnsafeBuffer { $0 }
        let format: CMFormatDescription
        if let formatDescription {
            require(CMVideoFormatDescriptionMatchesImageBuffer(formatDescription, imageBuffer: image), initializer,
                    "the format description does not describe the pixel buffer")
            format = formatDescription
        } else {
            var made: CMFormatDescription?
            let status = CMVideoFormatDescriptionCreateForImageBuffer(allocator: nil, imageBuffer: image,
                                                                      formatDescriptionOut: &made)
            guard status == noErr, let made else {
                preconditionFailure("CMReadySampleBuffer.\(initializer): no format description can describe the pixel "
                                    + "buffer (status \(status))")
            }
            format = made
        }
        require(presentationTimeStamp.isValid, initializer, "the presentation time stamp must be valid")
        let timing = CMSampleTimingInfo(duration: duration, presentationTimeStamp: presentationTimeStamp,
                                        decodeTimeStamp: .invalid)
        self.init(checked: CMSampleBuffer(format: format, sampleCount: 1, timingEntries: [timing], sizeEntries: [],
                                          data: nil, image: image, dataReady: true, dataReadyMaker: nil))
    }
}

extension CMReadySampleBuffer where Content == Never {
    /// A marker: no payload and no format description, only a time (`.invalid` for none), a duration and the
    /// attachments set through `withUnsafeSampleBuffer(_:)`.
    public init(markerAt markerTime: CMTime, duration: CMTime = .invalid) {
        let timing = CMSampleTimingInfo(duration: duration, presentationTimeStamp: markerTime, decodeTimeStamp: .invalid)
        let entries = markerTime.isValid || duration.isValid ? [timing] : []
        self.init(checked: CMSampleBuffer(format: nil, sampleCount: 0, timingEntries: entries, sizeEntries: [],
                                          data: nil, image: nil, dataReady: true, dataReadyMaker: nil))
    }
}

extension CMReadySampleBuffer where Content == CMSampleDataReference {
    /// Samples whose bytes are at `content` (their sizes and timing in `sampleProperties`, both required).
    public init(sampleDataReference content: Content, formatDescription: CMFormatDescription,
                sampleProperties: CMSampleBuffer.SamplePropertiesCollection) {
        let initializer = "init(sampleDataReference:formatDescription:sampleProperties:)"
        require(sampleProperties.sizes != nil, initializer, "a sample reference needs the samples' sizes")
        require(sampleProperties.timings != nil, initializer, "a sample reference needs the samples' timing")
        require(content.byteOffset >= 0, initializer, "the byte offset \(content.byteOffset) is negative")
        let buffer = makeDataSampleBuffer(data: nil, format: formatDescription, properties: sampleProperties,
                                          initializer: initializer)
        buffer.attachmentStorage.set(content.containerLocation,
                                     forKey: kCMSampleBufferAttachmentKey_SampleReferenceURL as String,
                                     mode: kCMAttachmentMode_ShouldPropagate)
        buffer.attachmentStorage.set(content.byteOffset,
                                     forKey: kCMSampleBufferAttachmentKey_SampleReferenceByteOffset as String,
                                     mode: kCMAttachmentMode_ShouldPropagate)
        self.init(checked: buffer)
    }
}

extension CMReadySampleBuffer where Content == [CMTaggedDynamicBuffer] {
    /// One sample of tagged buffers presented at `presentationTimeStamp` for `duration`. Without a format
    /// description one of the tagged-buffer-group media type is made; a given one must be of that media type.
    public init(taggedBuffers content: Content, formatDescription: CMTaggedBufferGroupFormatDescription? = nil,
                presentationTimeStamp: CMTime, duration: CMTime = .invalid) {
        let initializer = "init(taggedBuffers:formatDescription:presentationTimeStamp:duration:)"
        require(!content.isEmpty, initializer, "a tagged buffer group needs at least one buffer")
        require(presentationTimeStamp.isNumeric, initializer, "the presentation time stamp must be a numeric time")
        let format: CMFormatDescription
        if let formatDescription {
            require(CMFormatDescriptionGetMediaType(formatDescription) == kCMMediaType_TaggedBufferGroup, initializer,
                    "the format description is not of the tagged buffer group media type")
            format = formatDescription
        } else {
            var made: CMFormatDescription?
            let status = CMFormatDescriptionCreate(allocator: nil, mediaType: kCMMediaType_TaggedBufferGroup,
                                                   mediaSubType: taggedBufferGroupFormatType, extensions: nil,
                                                   formatDescriptionOut: &made)
            guard status == noErr, let made else {
                preconditionFailure("CMReadySampleBuffer.\(initializer): making the format description failed (\(status))")
            }
            format = made
        }
        let timing = CMSampleTimingInfo(duration: duration, presentationTimeStamp: presentationTimeStamp,
                                        decodeTimeStamp: .invalid)
        self.init(checked: CMSampleBuffer(format: format, sampleCount: 1, timingEntries: [timing], sizeEntries: [],
                                          data: nil, image: nil, dataReady: true, dataReadyMaker: nil,
                                          taggedBuffers: content.map { $0.withUnsafeTaggedBuffer { $0 } }))
    }
}
