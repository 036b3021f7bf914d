import CoreMedia
import Foundation

/// Metadata items that apply to a span of a timeline: one sample of a timed metadata track
/// (AVTimedMetadataGroup.h).
// Safe because `lock` guards the items and time range.
open class AVTimedMetadataGroup: NSObject, @unchecked Sendable {
    /// The items.
    public var items: [AVMetadataItem] { lock.withLock { storedItems } }
    /// The span of time they apply to.
    public var timeRange: CMTimeRange { lock.withLock { storedTimeRange } }

    let lock = NSLock()
    // Guarded by `lock`.
    var storedItems: [AVMetadataItem]
    var storedTimeRange: CMTimeRange

    /// A group of `items` applying to `timeRange`.
    public init(items: [AVMetadataItem], timeRange: CMTimeRange) {
        storedItems = items
        storedTimeRange = timeRange
        super.init()
    }

    /// A boxed ('mebx') format description with a key for each item's identifier and data type, in item order;
    /// nil when an item lacks an identifier in a four-character key space or a data type.
    public func copyFormatDescription() -> CMMetadataFormatDescription? {
        var specifications: [[String: Any]] = []
        for item in items {
            guard let identifier = item.identifier, let dataType = item.dataType ?? Self.defaultDataType(item.value) else { return nil }
            var specification: [String: Any] = [
                kCMMetadataFormatDescriptionMetadataSpecificationKey_Identifier as String: identifier.rawValue,
                kCMMetadataFormatDescriptionMetadataSpecificationKey_DataType as String: dataType,
            ]
            if let tag = item.extendedLanguageTag {
                specification[kCMMetadataFormatDescriptionMetadataSpecificationKey_ExtendedLanguageTag as String] = tag
            }
            specifications.append(specification)
        }
        guard !specifications.isEmpty else { return nil }
        var description: CMMetadataFormatDescription?
        guard CMMetadataFormatDescriptionCreateWithMetadataSpecifications(
            allocator: nil, metadataType: kCMMetadataFormatType_Boxed, metadataSpecifications: CFObjectArray(bridging: specifications),
            formatDescriptionOut: &description) == noErr else { return nil }
        return description
    }

    /// The data type a value of an item without one is written as.
    static func defaultDataType(_ value: (any NSCopying & NSObjectProtocol)?) -> String? {
        switch value {
        case is NSString: kCMMetadataBaseDataType_UTF8
        case is NSData: kCMMetadataBaseDataType_RawData
        case let number as NSNumber:
            ["d", "f"].contains(String(cString: number.objCType)) ? kCMMetadataBaseDataType_Float64 : kCMMetadataBaseDataType_SInt64
        default: nil
        }
    }
}

/// A timed metadata group whose items and time range can be changed.
// Safe because it adds no state: the setters go through the superclass's lock.
open class AVMutableTimedMetadataGroup: AVTimedMetadataGroup, @unchecked Sendable {
    /// The items.
    public override var items: [AVMetadataItem] {
        get { lock.withLock { storedItems } }
        set { lock.withLock { storedItems = newValue } }
    }
    /// The span of time they apply to.
    public override var timeRange: CMTimeRange {
        get { lock.withLock { storedTimeRange } }
        set { lock.withLock { storedTimeRange = newValue } }
    }
}
