import CoreMedia
import Foundation

extension AVTimedMetadataGroup {
    /// The group a boxed ('mebx') timed metadata sample carries: an item per box, with the identifier, data type
    /// and language of its key in the sample's format description, the value decoded from its data type, and the
    /// sample's time range. Returns `nil` for a sample that is not boxed timed metadata or whose boxes are
    /// malformed. Boxes whose local key ID the format description does not have are skipped.
    public convenience init?(sampleBuffer: CMSampleBuffer) {
        guard let format = CMSampleBufferGetFormatDescription(sampleBuffer),
              CMFormatDescriptionGetMediaType(format) == kCMMediaType_Metadata,
              CMFormatDescriptionGetMediaSubType(format) == kCMMetadataFormatType_Boxed,
              let block = CMSampleBufferGetDataBuffer(sampleBuffer) else { return nil }
        var data = Data(count: CMBlockBufferGetDataLength(block))
        if !data.isEmpty {
            let status = data.withUnsafeMutableBytes {
                CMBlockBufferCopyDataBytes(block, atOffset: 0, dataLength: $0.count, destination: $0.baseAddress!)
            }
            guard status == noErr else { return nil }
        }
        guard let boxes = TimedMetadataSampleCoding.read(data) else { return nil }
        let keys = TimedMetadataSampleCoding.keys(of: format)
        let timeRange = CMTimeRange(start: CMSampleBufferGetPresentationTimeStamp(sampleBuffer),
                                    duration: CMSampleBufferGetDuration(sampleBuffer))
        let items = boxes.compactMap { box -> AVMetadataItem? in
            guard let key = keys[box.localID] else { return nil }
            let item = AVMutableMetadataItem()
            item.identifier = key.identifier
            item.dataType = key.dataType
            item.extendedLanguageTag = key.languageTag
            item.value = TimedMetadataSampleCoding.decode(box.payload, dataType: key.dataType)
            item.time = timeRange.start
            item.duration = timeRange.duration
            return item
        }
        self.init(items: items, timeRange: timeRange)
    }
}
