import CoreMedia
import CoreVideo
import Foundation
import Testing

/// The iOS 26 overlay: ready sample buffers typed by their content, and the value types they are made of.
@Suite("CMReadySampleBuffer and its content types (iOS 26)")
struct ReadySampleBufferTests {
    static func time(_ value: Int64, _ scale: Int32 = 30) -> CMTime { CMTime(value: value, timescale: scale) }

    static func pixelSampleBuffer(at time: CMTime) throws -> CMSampleBuffer {
        let pixels = try CVBuffer.make(width: 16, height: 8, pixelFormat: kCVPixelFormatType_32BGRA)
        var format: CMFormatDescription?
        try #require(CMVideoFormatDescriptionCreateForImageBuffer(allocator: nil, imageBuffer: pixels,
                                                                  formatDescriptionOut: &format) == noErr)
        return try CMSampleBuffer(imageBuffer: pixels, formatDescription: try #require(format),
                                  sampleTiming: CMSampleTimingInfo(duration: Self.time(1), presentationTimeStamp: time,
                                                                   decodeTimeStamp: .invalid))
    }

    static func videoFormat() throws -> CMFormatDescription {
        var format: CMFormatDescription?
        try #require(CMVideoFormatDescriptionCreate(allocator: nil, codecType: kCMVideoCodecType_H264, width: 64,
                                                    height: 48, extensions: nil, formatDescriptionOut: &format) == noErr)
        return try #require(format)
    }

    @Test("a reader's compressed buffer bridges as data-buffer content, and hands back the same sample buffer")
    func bridgingCompressed() throws {
        let timing = CMSampleTimingInfo(duration: Self.time(1), presentationTimeStamp: Self.time(0), decodeTimeStamp: Self.time(0))
        let sample = try SampleBuffers.video(sizes: [10, 20, 30], timings: [timing])
        let ready = CMReadySampleBuffer<CMSampleBuffer.DynamicContent>(bridging: sample)
        #expect(ready.withUnsafeSampleBuffer { $0 } === sample)
        #expect(ready.contentType == .dataBuffer && ready.sampleCount == 3 && ready.totalSampleSize == 60)
        guard case .dataBuffer(let bytes) = ready.content else { Issue.record("not data content"); return }
        #expect(bytes.count == 60)
        #expect(bytes.withUnsafeBlockBuffer { $0 } === sample.dataBuffer)
        #expect(CMReadySampleBuffer<CVReadOnlyPixelBuffer>(ready) == nil)
        #expect(CMReadySampleBuffer<Never>(ready) == nil)
        let typed = try #require(CMReadySampleBuffer<CMReadOnlyDataBlockBuffer>(ready))
        #expect(typed.formatDescription === sample.formatDescription)
        #expect(typed.duration == Self.time(3) && typed.presentationTimeStamp == Self.time(0))
        #expect(CMReadySampleBuffer<CMSampleBuffer.DynamicContent>(typed).withUnsafeSampleBuffer { $0 } === sample)
    }

    @Test("a decoded picture bridges as pixel-buffer content over the same pixel buffer")
    func bridgingPicture() throws {
        let sample = try Self.pixelSampleBuffer(at: Self.time(7))
        let ready = CMReadySampleBuffer<CMSampleBuffer.DynamicContent>(bridging: sample)
        #expect(ready.contentType == .pixelBuffer && ready.sampleCount == 1)
        guard case .pixelBuffer(let picture) = ready.content else { Issue.record("not pixel content"); return }
        #expect(picture.withUnsafeBuffer { $0 } === sample.imageBuffer)
        let typed = try #require(CMReadySampleBuffer<CVReadOnlyPixelBuffer>(ready))
        #expect(typed.presentationTimeStamp == Self.time(7) && typed.duration == Self.time(1))
        #expect(CMReadySampleBuffer<CMReadOnlyDataBlockBuffer>(ready) == nil)
    }

    @Test("PCM audio bridges as data-buffer content whose frames copy out")
    func bridgingAudio() throws {
        let sample = try SampleBuffers.pcm(frames: 8)
        let ready = try #require(CMReadySampleBuffer<CMReadOnlyDataBlockBuffer>(
            CMReadySampleBuffer<CMSampleBuffer.DynamicContent>(bridging: sample)))
        #expect(ready.sampleCount == 8 && ready.audioStreamPacketDescriptions == nil)
        var storage = [UInt8](repeating: 0, count: 8)
        try storage.withUnsafeMutableBytes { bytes in
            var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(mNumberChannels: 2, mDataByteSize: 8,
                                                                               mData: bytes.baseAddress))
            try ready.copyPCMData(fromRange: 2..<4, into: &list)
        }
        #expect(storage == Array(patternBytes(16)[8..<16]))
    }

    @Test("marker buffers: no payload, no format description, sample count 0, settable time")
    func marker() throws {
        var marker = CMReadySampleBuffer<Never>(markerAt: Self.time(5), duration: Self.time(2))
        #expect(marker.contentType == .markerOnly && marker.formatDescription == nil)
        #expect(marker.markerTimeStamp == Self.time(5) && marker.duration == Self.time(2))
        let original = marker
        marker.markerTimeStamp = Self.time(9)
        #expect(marker.markerTimeStamp == Self.time(9) && original.markerTimeStamp == Self.time(5), "value semantics")
        let dynamic = CMReadySampleBuffer<CMSampleBuffer.DynamicContent>(marker)
        #expect(dynamic.sampleCount == 0)
        guard case .markerOnly = dynamic.content else { Issue.record("not a marker"); return }
        #expect(CMReadySampleBuffer<Never>(dynamic) != nil)
        #expect(CMReadySampleBuffer<CMReadOnlyDataBlockBuffer>(dynamic) == nil)
        marker.withUnsafeSampleBuffer { $0.attachments[.endsPreviousSampleDuration] = .shouldPropagate(true) }
        #expect(CMReadySampleBuffer<Never>(unsafeMarkerOnlySampleBuffer: marker.withUnsafeSampleBuffer { $0 })
            .withUnsafeSampleBuffer { $0.attachments[.endsPreviousSampleDuration] } != nil)
        let untimed = CMReadySampleBuffer<Never>(markerAt: .invalid)
        #expect(!untimed.markerTimeStamp.isValid)
    }

    @Test("a picture buffer gets a format description made for it, and retiming one copy leaves the other")
    func pictureBuffer() throws {
        let pixels = try CVBuffer.make(width: 32, height: 16, pixelFormat: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange)
        var ready = CMReadySampleBuffer<CVReadOnlyPixelBuffer>(
            pixelBuffer: CVReadOnlyPixelBuffer(unsafeBuffer: pixels), presentationTimeStamp: Self.time(3))
        #expect(CMVideoFormatDescriptionMatchesImageBuffer(ready.formatDescription, imageBuffer: pixels))
        #expect(!ready.duration.isValid)
        let copy = ready
        ready.presentationTimeStamp = Self.time(4)
        ready.duration = Self.time(1)
        #expect(ready.presentationTimeStamp == Self.time(4) && copy.presentationTimeStamp == Self.time(3))
        #expect(ready.content.withUnsafeBuffer { $0 } === pixels, "retiming keeps the picture")
        var attachments = ready.sampleAttachments
        attachments.doNotDisplay = true
        ready.sampleAttachments = attachments
        #expect(ready.sampleAttachments.doNotDisplay && !copy.sampleAttachments.doNotDisplay)
        let other = try CVBuffer.make(width: 8, height: 8, pixelFormat: kCVPixelFormatType_32BGRA)
        ready.content = CVReadOnlyPixelBuffer(unsafeBuffer: other)
        #expect(CMVideoFormatDescriptionMatchesImageBuffer(ready.formatDescription, imageBuffer: other),
                "a picture the old description does not fit gets a new one")
    }

    @Test("data buffers from sample properties split into one buffer per sample with their timing and sizes")
    func dataBufferAndSplit() throws {
        let bytes = CMReadOnlyDataBlockBuffer(Data(0..<100))
        var attachments = CMSampleBuffer.SampleAttachments()
        attachments.isNotSync = true
        let properties = CMSampleBuffer.SamplePropertiesCollection(
            sampleCount: 4, sizes: .distinct([10, 20, 30, 40]),
            timings: .sequential(presentationTimeOfFirstSample: Self.time(10), uniformDuration: Self.time(1),
                                 decodeTimeOfFirstSample: Self.time(10)),
            attachments: [CMSampleBuffer.SampleAttachments(), attachments, attachments, attachments])
        let ready = CMReadySampleBuffer(dataBuffer: bytes, formatDescription: try Self.videoFormat(), sampleProperties: properties)
        #expect(ready.sampleCount == 4 && ready.totalSampleSize == 100)
        #expect(ready.sampleProperties[2].timing.presentationTimeStamp == Self.time(12))
        #expect(ready.sampleProperties[0].attachments.isNotSync == false && ready.sampleProperties[1].attachments.isNotSync)
        guard case .sequential(let first)? = ready.outputSampleTimings else { Issue.record("not sequential"); return }
        #expect(first.presentationTimeStamp == Self.time(10))
        let pieces = ready.splitSamples()
        #expect(pieces.count == 4)
        #expect(pieces.map(\.totalSampleSize) == [10, 20, 30, 40])
        #expect(pieces.map(\.presentationTimeStamp) == (10...13).map { Self.time(Int64($0)) })
        #expect(Array(pieces[3].content) == Array(60..<100).map(UInt8.init))
        #expect(pieces[1].sampleProperties[0].attachments.isNotSync)
    }

    @Test("buffers whose samples cannot be separated split into themselves")
    func unsplittable() throws {
        let nonInterleaved = CMReadySampleBuffer<CMSampleBuffer.DynamicContent>(
            bridging: try SampleBuffers.pcm(frames: 4, nonInterleaved: true))
        #expect(nonInterleaved.splitSamples().count == 1)
        let picture = CMReadySampleBuffer<CMSampleBuffer.DynamicContent>(bridging: try Self.pixelSampleBuffer(at: .zero))
        #expect(picture.splitSamples().count == 1)
    }

    @Test("sample references: the URL and offset are the content, the sizes the total size")
    func sampleReference() throws {
        let url = URL(fileURLWithPath: "/tmp/movie.mov")
        let ready = CMReadySampleBuffer(
            sampleDataReference: CMSampleDataReference(containerLocation: url, byteOffset: 4096),
            formatDescription: try Self.videoFormat(),
            sampleProperties: .init(sampleCount: 2, sizes: .uniform(500),
                                    timings: .sequential(startingAt: CMSampleTimingInfo(
                                        duration: Self.time(1), presentationTimeStamp: .zero, decodeTimeStamp: .zero)),
                                    attachments: nil))
        #expect(ready.contentType == .sampleReference && ready.content.byteOffset == 4096 && ready.totalSampleSize == 1000)
        let dynamic = CMReadySampleBuffer<CMSampleBuffer.DynamicContent>(ready)
        guard case .sampleReference(let reference) = dynamic.content else { Issue.record("not a reference"); return }
        #expect(reference.containerLocation == url)
        let pieces = ready.splitSamples()
        #expect(pieces.map(\.content.byteOffset) == [4096, 4596])
        #expect(CMReadySampleBuffer<CMSampleDataReference>(unsafeSampleDataReferenceBuffer: ready.withUnsafeSampleBuffer { $0 })
            .content == ready.content)
    }

    @Test("tagged buffers: one sample of a tagged-buffer-group format")
    func taggedBuffers() throws {
        let pixels = CVReadOnlyPixelBuffer(unsafeBuffer: try CVBuffer.make(width: 4, height: 4, pixelFormat: kCVPixelFormatType_32BGRA))
        let left = CMTag(category: 0x6579_6573 /* 'eyes' */, value: .flags(1))
        let tagged = CMTaggedDynamicBuffer(tags: [left], content: pixels)
        var ready = CMReadySampleBuffer(taggedBuffers: [tagged], presentationTimeStamp: Self.time(2))
        #expect(ready.contentType == .taggedBuffers)
        #expect(CMFormatDescriptionGetMediaType(try #require(ready.formatDescription)) == kCMMediaType_TaggedBufferGroup)
        #expect(ready.content.count == 1 && ready.content[0].tags.count == 1 && ready.content[0].tags[0].isSame(as: left))
        ready.presentationTimeStamp = Self.time(3)
        #expect(ready.withUnsafeSampleBuffer { $0.taggedBuffers?.count } == 1)
        let dynamic = CMReadySampleBuffer<CMSampleBuffer.DynamicContent>(ready)
        #expect(dynamic.sampleCount == 1)
        #expect(CMReadySampleBuffer<[CMTaggedDynamicBuffer]>(dynamic)?.presentationTimeStamp == Self.time(3))
        let picture = ready.content[0].withUnsafeTaggedBuffer { tagged -> CVPixelBuffer? in
            if case .pixelBuffer(let buffer) = tagged.buffer { return buffer }
            return nil
        }
        #expect(picture === pixels.withUnsafeBuffer { $0 })
    }

    @Test("read-only block buffers: bytes, regions, and appends that leave copies alone")
    func readOnlyBlockBuffer() throws {
        let a = CMReadOnlyDataBlockBuffer(Data(repeating: 1, count: 100))
        let b = CMReadOnlyDataBlockBuffer(Data([2, 3]))
        var joined = a
        joined += b
        #expect(a.count == 100 && joined.count == 102, "appending to a copy leaves the original")
        #expect(joined[100] == 2 && joined[101] == 3 && (a + b).count == 102)
        #expect(a.isContiguous && !joined.isContiguous)
        #expect(joined.regions.map(\.count) == [100, 2])
        #expect(a.withContiguousStorageIfAvailable { $0.count } == 100 && joined.withContiguousStorageIfAvailable { $0.count } == nil)
        #expect(Data(joined) == Data(repeating: 1, count: 100) + Data([2, 3]))
        let segmented = CMReadOnlyDataBlockBuffer(unsafeBlockBuffer: try makeSegmentedBuffer([3, 5]))
        #expect(Array(segmented) == patternBytes(8))
        let empty = CMReadOnlyDataBlockBuffer()
        #expect(empty.isEmpty && empty.isContiguous && empty.regions.isEmpty)
    }

    @Test("sample attachments read and write the kCMSampleAttachmentKey entries")
    func sampleAttachments() {
        var attachments = CMSampleBuffer.SampleAttachments([kCMSampleAttachmentKey_DependsOnOthers as String: true])
        #expect(attachments.dependsOnOthers == true && attachments.isDependedOnByOthers == nil && !attachments.isNotSync)
        attachments.isNotSync = true
        attachments.hevcSyncSampleNALUnitType = 19
        attachments.hevcTemporalInfo = CMSampleBuffer.HEVCTemporalInfo(
            temporalLayerID: 1, profileSpace: 0, tierFlag: 0, profileIndex: 1, profileCompatibilityFlags: nil,
            constraintIndicatorFlags: nil, levelIndex: 93)
        #expect(attachments[rawAttachment: kCMSampleAttachmentKey_NotSync as String] as? Bool == true)
        #expect(attachments.hevcSyncSampleNALUnitType == 19 && attachments.hevcTemporalInfo?.levelIndex == 93)
        attachments.isNotSync = false
        #expect(attachments.dictionaryRepresentation[kCMSampleAttachmentKey_NotSync as String] == nil)
    }

    @Test("CMSampleBuffer.contentType tells the payload kinds apart")
    func sampleBufferContentType() throws {
        #expect(try Self.pixelSampleBuffer(at: .zero).contentType == .pixelBuffer)
        #expect(try SampleBuffers.pcm(frames: 2).contentType == .dataBuffer)
        var marker: CMSampleBuffer?
        #expect(CMSampleBufferCreate(allocator: nil, dataBuffer: nil, dataReady: true, makeDataReadyCallback: nil,
                                     refcon: nil, formatDescription: nil, sampleCount: 0, sampleTimingEntryCount: 0,
                                     sampleTimingArray: nil, sampleSizeEntryCount: 0, sampleSizeArray: nil,
                                     sampleBufferOut: &marker) == noErr)
        #expect(marker?.contentType == .markerOnly)
    }
}
