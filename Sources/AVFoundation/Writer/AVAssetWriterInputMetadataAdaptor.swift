import CoreMedia
import Foundation
import Synchronization

/// Appends timed metadata groups to a metadata input as samples of a boxed ('mebx') timed metadata track
/// (AVAssetWriterInputMetadataAdaptor).
///
/// The track's format description is the input's source format hint (Apple requires one for metadata inputs), or
/// else the first group's own (`copyFormatDescription()`). Each group becomes one sample: for each item a box
/// whose type is the item's local ID in the description's key table and whose payload is the value in the key's
/// data type, per the QuickTime File Format's timed metadata samples (`TimedMetadataSampleCoding`, which
/// `AVTimedMetadataGroup(sampleBuffer:)` reads back with).
// Safe because `lock` guards the format and the local IDs; the input is thread-safe.
open class AVAssetWriterInputMetadataAdaptor: NSObject, @unchecked Sendable {
    /// The input the groups go to.
    public let assetWriterInput: AVAssetWriterInput

    private let lock = Mutex(())
    // Guarded by `lock`.
    private var format: CMMetadataFormatDescription?
    private var localIDs: [String: (id: OSType, dataType: String)] = [:]

    /// An adaptor for a metadata input made without output settings.
    public init(assetWriterInput input: AVAssetWriterInput) {
        assetWriterInput = input
        super.init()
    }

    /// Appends a group. Returns false when the writer has failed or the group cannot be written (an item whose
    /// identifier the track's keys do not have, a value its data type cannot carry); the writer's `error` says why.
    @discardableResult
    public func append(_ timedMetadataGroup: AVTimedMetadataGroup) -> Bool {
        let input = assetWriterInput
        guard let (engine, _) = input.running else {
            input.writer?.failConfiguration(WriterFailure.misuse("a timed metadata group was appended before startWriting()"), "append")
            return false
        }
        do throws(AVError) {
            let sample = try makeSample(timedMetadataGroup)
            return input.append(sample)
        } catch {
            engine.fail(error)
            return false
        }
    }

    private func makeSample(_ group: AVTimedMetadataGroup) throws(AVError) -> CMSampleBuffer {
        let range = group.timeRange
        guard range.start.isNumeric, range.duration.isNumeric, range.duration >= .zero else {
            throw WriterFailure.misuse("a timed metadata group needs a numeric time range")
        }
        let (format, ids) = try formatAndKeys(for: group)
        var boxes: [TimedMetadataSampleCoding.Box] = []
        for item in group.items {
            guard let identifier = item.identifier?.rawValue, let key = ids[identifier] else {
                throw WriterFailure.misuse("metadata item \(item.identifier?.rawValue ?? "without identifier") is not among the metadata track's keys (the source format hint's)")
            }
            do throws(TimedMetadataSampleCoding.Refusal) {
                boxes.append(.init(localID: key.id, payload: try TimedMetadataSampleCoding.encode(item, dataType: key.dataType)))
            } catch {
                throw WriterFailure.misuse(error.description)
            }
        }
        let payload = TimedMetadataSampleCoding.write(boxes)
        var block: CMBlockBuffer?
        var sample: CMSampleBuffer?
        let length = payload.count
        guard length > 0, CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: nil, blockLength: length, blockAllocator: nil,
                                                             customBlockSource: nil, offsetToData: 0, dataLength: length,
                                                             flags: kCMBlockBufferAssureMemoryNowFlag, blockBufferOut: &block) == noErr,
              let block else {
            throw WriterFailure.misuse("an empty timed metadata group cannot be a sample")
        }
        payload.withUnsafeBytes { _ = CMBlockBufferReplaceDataBytes(with: $0.baseAddress!, blockBuffer: block, offsetIntoDestination: 0, dataLength: length) }
        var timing = CMSampleTimingInfo(duration: range.duration, presentationTimeStamp: range.start, decodeTimeStamp: .invalid)
        var size = length
        guard CMSampleBufferCreateReady(allocator: nil, dataBuffer: block, formatDescription: format, sampleCount: 1,
                                        sampleTimingEntryCount: 1, sampleTimingArray: &timing, sampleSizeEntryCount: 1,
                                        sampleSizeArray: &size, sampleBufferOut: &sample) == noErr, let sample else {
            throw AVError(.unknown, "cannot make the timed metadata sample")
        }
        return sample
    }

    /// The track's format description and its identifier → local ID table (made on first use).
    private func formatAndKeys(for group: AVTimedMetadataGroup) throws(AVError)
        -> (CMMetadataFormatDescription, [String: (id: OSType, dataType: String)]) {
        try lock.withLock { (_: inout Void) throws(AVError) in
            if let format { return (format, localIDs) }
            guard let made = assetWriterInput.sourceFormatHint ?? group.copyFormatDescription() else {
                throw WriterFailure.misuse("the timed metadata group's items need identifiers in a four-character key space and data types, or the input a source format hint")
            }
            guard let identifiers = CMMetadataFormatDescriptionGetIdentifiers(made) as? [String] else {
                throw WriterFailure.misuse("the metadata format description has no keys")
            }
            let keys = TimedMetadataSampleCoding.keys(of: made)
            var table: [String: (id: OSType, dataType: String)] = [:]
            for identifier in identifiers {
                if let (localID, key) = keys.first(where: { $0.value.matches(AVMetadataIdentifier(rawValue: identifier)) }) {
                    table[identifier] = (localID, key.dataType)
                }
            }
            format = made
            localIDs = table
            return (made, table)
        }
    }
}
