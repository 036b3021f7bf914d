import CoreVideo
import Foundation

// What a ready sample buffer can carry (the iOS 26 overlay): the content protocols, the content kinds, and the
// content of a sample buffer whose kind is known only at run time.

extension CMSampleBuffer {
    /// A kind of payload a `CMReadySampleBuffer` can carry. Core Media's own types adopt it; a type of another
    /// module does not become payload by adopting it (the ready sample buffer's initialisers accept only Core
    /// Media's kinds).
    public protocol Content: Sendable {}

    /// Payload that always comes with a format description.
    public protocol ContentWithFormatDescription: CMSampleBuffer.Content {}

    /// Payload that can hold several samples.
    public protocol MultiSampleContent: CMSampleBuffer.Content {}

    /// What a sample buffer carries.
    public enum ContentType: Hashable, Sendable {
        /// Bytes in a block buffer (compressed media, PCM audio…).
        case dataBuffer
        /// Nothing: no data and no format description, only timing and attachments (a marker).
        case markerOnly
        /// One picture in a pixel buffer.
        case pixelBuffer
        /// The location of the samples' bytes in a file (`kCMSampleBufferAttachmentKey_SampleReferenceURL`).
        case sampleReference
        /// A group of tagged buffers (one per stereo view, say).
        case taggedBuffers
    }

    /// The payload of a sample buffer whose kind is known only at run time.
    public enum DynamicContent: CMSampleBuffer.MultiSampleContent {
        /// Bytes in a block buffer.
        case dataBuffer(CMReadOnlyDataBlockBuffer)
        /// No payload.
        case markerOnly
        /// A picture.
        case pixelBuffer(CVReadOnlyPixelBuffer)
        /// The location of the samples' bytes.
        case sampleReference(CMSampleDataReference)
        /// Tagged buffers.
        case taggedBuffers([CMTaggedDynamicBuffer])
    }

    /// What the buffer carries: a pixel buffer, tagged buffers, a sample reference (its URL attachment), a data
    /// buffer, or — with no data, no format description and no samples — nothing (a marker).
    public var contentType: CMSampleBuffer.ContentType {
        if image != nil { return .pixelBuffer }
        if taggedBufferStore != nil { return .taggedBuffers }
        if dataBufferValue == nil, attachmentStorage.entry(forKey: kCMSampleBufferAttachmentKey_SampleReferenceURL as String) != nil {
            return .sampleReference
        }
        if dataBufferValue == nil, format == nil, sampleCount == 0 { return .markerOnly }
        return .dataBuffer
    }

    /// The sample reference the buffer's attachments describe, if they name a URL.
    package var sampleDataReference: CMSampleDataReference? {
        guard let raw = attachmentStorage.entry(forKey: kCMSampleBufferAttachmentKey_SampleReferenceURL as String)?.value
        else { return nil }
        let url: URL
        switch raw {
        case let value as URL: url = value
        case let value as NSURL: url = value as URL
        case let value as String:
            guard let parsed = URL(string: value) else { return nil }
            url = parsed
        default: return nil
        }
        let offset = attachmentStorage.entry(forKey: kCMSampleBufferAttachmentKey_SampleReferenceByteOffset as String)?.value
        let byteOffset: Int
        switch offset {
        case let value as Int: byteOffset = value
        case let value as Int64: byteOffset = Int(value)
        case let value as NSNumber: byteOffset = value.intValue
        default: byteOffset = 0
        }
        return CMSampleDataReference(containerLocation: url, byteOffset: byteOffset)
    }

    /// The buffer's payload as the run-time kind.
    package var dynamicContent: CMSampleBuffer.DynamicContent {
        switch contentType {
        case .pixelBuffer:
            guard let image else { return .markerOnly }
            return .pixelBuffer(CVReadOnlyPixelBuffer(unsafeBuffer: image))
        case .taggedBuffers:
            return .taggedBuffers((taggedBufferStore ?? []).map { CMTaggedDynamicBuffer(unsafeBuffer: $0) })
        case .sampleReference:
            guard let reference = sampleDataReference else { return .markerOnly }
            return .sampleReference(reference)
        case .dataBuffer:
            return .dataBuffer(CMReadOnlyDataBlockBuffer(unsafeBlockBuffer: dataBufferValue ?? CMBlockBuffer(subBlockCapacity: 0)))
        case .markerOnly:
            return .markerOnly
        }
    }
}

extension CMSampleBuffer.DynamicContent {
    /// The kind of this payload.
    package var contentType: CMSampleBuffer.ContentType {
        switch self {
        case .dataBuffer: return .dataBuffer
        case .markerOnly: return .markerOnly
        case .pixelBuffer: return .pixelBuffer
        case .sampleReference: return .sampleReference
        case .taggedBuffers: return .taggedBuffers
        }
    }
}

extension CMReadOnlyDataBlockBuffer: CMSampleBuffer.ContentWithFormatDescription, CMSampleBuffer.MultiSampleContent {}

extension CMSampleDataReference: CMSampleBuffer.ContentWithFormatDescription, CMSampleBuffer.MultiSampleContent {}

extension CVReadOnlyPixelBuffer: CMSampleBuffer.ContentWithFormatDescription {}

/// Marker buffers carry no payload: their content type is `Never`.
extension Never: CMSampleBuffer.Content {}

/// A group of tagged buffers.
extension Array: CMSampleBuffer.Content where Element == CMTaggedDynamicBuffer {}
