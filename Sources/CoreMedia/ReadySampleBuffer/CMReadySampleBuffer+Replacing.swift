import CoreVideo
import Foundation

// Setting a ready sample buffer's payload or timing: the wrapped sample buffer's contents are immutable, so the
// value gets a new sample buffer with the change, sharing everything else (data, image, attachments).

extension CMReadySampleBuffer {
    /// Replaces the wrapped buffer by one like it with the given parts changed.
    mutating func rebuild(format: CMFormatDescription?? = nil, timingEntries: [CMSampleTimingInfo]? = nil,
                          data: CMBlockBuffer?? = nil, image: CVImageBuffer?? = nil,
                          taggedBuffers: [CMTaggedBuffer]?? = nil) {
        let old = sampleBuffer
        let new = CMSampleBuffer(
            format: format ?? old.format, sampleCount: old.sampleCount, timingEntries: timingEntries ?? old.timingEntries,
            sizeEntries: old.sizeEntries, data: data ?? old.dataBufferValue, image: image ?? old.image, dataReady: true,
            dataReadyMaker: nil, packetDescriptions: old.packetDescriptions,
            taggedBuffers: taggedBuffers ?? old.taggedBufferStore)
        new.copyAttachments(from: old)
        new.copySampleAttachments(from: old)
        if let explicit = old.outputPresentationTimeStampOverrideValue { _ = new.storeOutputPresentationTimeStamp(explicit) }
        sampleBuffer = new
    }

    /// Replaces the bytes; they must hold every sample the sizes and packet descriptions describe.
    mutating func replaceData(with content: CMReadOnlyDataBlockBuffer) {
        let needed = sampleBuffer.packetDescriptions.isEmpty ? sampleBuffer.totalSize
            : sampleBuffer.packetDescriptions.map { Int($0.startOffset) + Int($0.dataByteSize) }.max() ?? 0
        precondition(content.count >= needed, "CMReadySampleBuffer.content: the new data buffer has \(content.count) "
                     + "bytes, the samples need \(needed)")
        rebuild(data: .some(content.withUnsafeBlockBuffer { $0 }))
    }

    /// Replaces the picture, describing it anew when the format description does not fit it.
    mutating func replaceImage(with content: CVReadOnlyPixelBuffer) {
        let image = content.withUnsafeBuffer { $0 }
        var format = sampleBuffer.format
        if format.map({ !CMVideoFormatDescriptionMatchesImageBuffer($0, imageBuffer: image) }) ?? false {
            var made: CMFormatDescription?
            CMVideoFormatDescriptionCreateForImageBuffer(allocator: nil, imageBuffer: image, formatDescriptionOut: &made)
            format = made
        }
        rebuild(format: .some(format), image: .some(image))
    }

    /// Replaces the sample reference's URL and offset attachments.
    mutating func replaceReference(with reference: CMSampleDataReference) {
        rebuild()
        sampleBuffer.attachmentStorage.set(reference.containerLocation, forKey: kCMSampleBufferAttachmentKey_SampleReferenceURL as String,
                                           mode: kCMAttachmentMode_ShouldPropagate)
        sampleBuffer.attachmentStorage.set(reference.byteOffset,
                                           forKey: kCMSampleBufferAttachmentKey_SampleReferenceByteOffset as String,
                                           mode: kCMAttachmentMode_ShouldPropagate)
    }

    /// Replaces the tagged buffers.
    mutating func replaceTaggedBuffers(with buffers: [CMTaggedDynamicBuffer]) {
        rebuild(taggedBuffers: .some(buffers.map { $0.withUnsafeTaggedBuffer { $0 } }))
    }

    /// Replaces the timing of a one-sample (or marker) buffer, changing what `change` changes.
    mutating func retimeSingleSample(_ change: (inout CMSampleTimingInfo) -> Void) {
        var timing = sampleBuffer.timingEntries.first ?? .invalid
        change(&timing)
        rebuild(timingEntries: [timing])
    }
}
