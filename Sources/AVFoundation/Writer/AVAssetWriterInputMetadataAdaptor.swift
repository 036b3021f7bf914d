import CoreMedia
import Foundation

/// Appends timed metadata groups to a metadata input as samples of a boxed ('mebx') timed metadata track
/// (AVAssetWriterInputMetadataAdaptor).
///
/// The track's format description is the input's source format hint (Apple requires one for metadata inputs), or
/// else the first group's own (`copyFormatDescription()`). Each group becomes one sample: for each item a box
/// whose type is the item's local ID in the description's key table and whose payload is the value in the key's
/// data type (UTF-8 text, raw bytes, big-endian numbers), per the QuickTime File Format's timed metadata samples.
open class AVAssetWriterInputMetadataAdaptor: NSObject, @unchecked Sendable {
    /// The input the groups go to.
    public let assetWriterInput: AVAssetWriterInput

    private let lock = NSLock()
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
        var payload = Data()
        for item in group.items {
            guard let identifier = item.identifier?.rawValue, let key = ids[identifier] else {
                throw WriterFailure.misuse("metadata item \(item.identifier?.rawValue ?? "without identifier") is not among the metadata track's keys (the source format hint's)")
            }
            let value = try Self.bytes(of: item, dataType: key.dataType)
            var size = UInt32(8 + value.count).bigEndian
            var id = key.id.bigEndian
            payload.append(Data(bytes: &size, count: 4))
            payload.append(Data(bytes: &id, count: 4))
            payload.append(value)
        }
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
        try lock.lockedTyped { () throws(AVError) in
            if let format { return (format, localIDs) }
            guard let made = assetWriterInput.sourceFormatHint ?? group.copyFormatDescription() else {
                throw WriterFailure.misuse("the timed metadata group's items need identifiers in a four-character key space and data types, or the input a source format hint")
            }
            guard let identifiers = CMMetadataFormatDescriptionGetIdentifiers(made) as? [String] else {
                throw WriterFailure.misuse("the metadata format description has no keys")
            }
            var table: [String: (OSType, String)] = [:]
            var localID: OSType = 1
            while table.count < identifiers.count, localID < 0x1_0000 {
                if let key = CMMetadataFormatDescriptionGetKeyWithLocalID(made, localKeyID: localID) as? [String: Any],
                   let dataType = key[kCMMetadataFormatDescriptionKey_DataType] as? String,
                   let identifier = identifiers.first(where: { candidate in table[candidate] == nil && Self.key(key, matches: candidate) }) {
                    table[identifier] = (localID, dataType)
                }
                localID += 1
            }
            format = made
            localIDs = table
            return (made, table)
        }
    }

    /// Whether a key dictionary names `identifier`.
    private static func key(_ key: [String: Any], matches identifier: String) -> Bool {
        guard let value = key[kCMMetadataFormatDescriptionKey_Value] as? Data,
              let slash = identifier.firstIndex(of: "/") else { return false }
        let expected = MetadataKeyCoding.split(AVMetadataIdentifier(rawValue: identifier)).map { Data($0.keyBytes) }
        return String(identifier[..<slash]).utf8.count == 4 && expected == value
    }

    /// An item's value in a data type's bytes.
    private static func bytes(of item: AVMetadataItem, dataType: String) throws(AVError) -> Data {
        let value = item.value
        func number<T: FixedWidthInteger>(_ type: T.Type) throws(AVError) -> Data {
            guard let number = value as? NSNumber else { throw WriterFailure.misuse("metadata item \(item.identifier?.rawValue ?? "") of type \(dataType) needs a number") }
            var big = T(truncatingIfNeeded: number.int64Value).bigEndian
            return Data(bytes: &big, count: MemoryLayout<T>.size)
        }
        switch dataType {
        case kCMMetadataBaseDataType_UTF8:
            guard let text = item.stringValue else { throw WriterFailure.misuse("metadata item \(item.identifier?.rawValue ?? "") of type UTF-8 needs text") }
            return Data(text.utf8)
        case kCMMetadataBaseDataType_SInt8, kCMMetadataBaseDataType_UInt8: return try number(Int8.self)
        case kCMMetadataBaseDataType_SInt16, kCMMetadataBaseDataType_UInt16: return try number(Int16.self)
        case kCMMetadataBaseDataType_SInt32, kCMMetadataBaseDataType_UInt32: return try number(Int32.self)
        case kCMMetadataBaseDataType_SInt64, kCMMetadataBaseDataType_UInt64: return try number(Int64.self)
        case kCMMetadataBaseDataType_Float32:
            guard let number = value as? NSNumber else { throw WriterFailure.misuse("a Float32 metadata item needs a number") }
            var big = number.floatValue.bitPattern.bigEndian
            return Data(bytes: &big, count: 4)
        case kCMMetadataBaseDataType_Float64:
            guard let number = value as? NSNumber else { throw WriterFailure.misuse("a Float64 metadata item needs a number") }
            var big = number.doubleValue.bitPattern.bigEndian
            return Data(bytes: &big, count: 8)
        default:
            if let data = item.dataValue { return data }
            if let text = item.stringValue { return Data(text.utf8) }
            throw WriterFailure.misuse("metadata item \(item.identifier?.rawValue ?? "") has no value its data type \(dataType) can carry")
        }
    }
}
