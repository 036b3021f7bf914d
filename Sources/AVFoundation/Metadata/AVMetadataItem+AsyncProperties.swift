import CoreMedia
import Foundation

// The asynchronous properties of metadata items, declared as Apple declares them: static members of `AVPartialAsyncProperty`
// constrained to the root class, so that `load(.duration)` on any subclass infers `AVAsyncProperty<Subclass, T>`.

extension AVPartialAsyncProperty where Root: AVMetadataItem {
    /// The item's value.
    public static var value: AVAsyncProperty<Root, (any NSCopying & NSObjectProtocol)?> { AVAsyncProperty(key: "value") }

    /// Details of how the item is carried.
    public static var extraAttributes: AVAsyncProperty<Root, [AVMetadataExtraAttributeKey: Any]?> { AVAsyncProperty(key: "extraAttributes") }

    /// The value as a string.
    public static var stringValue: AVAsyncProperty<Root, String?> { AVAsyncProperty(key: "stringValue") }

    /// The value as a number.
    public static var numberValue: AVAsyncProperty<Root, NSNumber?> { AVAsyncProperty(key: "numberValue") }

    /// The value as a date.
    public static var dateValue: AVAsyncProperty<Root, Date?> { AVAsyncProperty(key: "dateValue") }

    /// The value's bytes.
    public static var dataValue: AVAsyncProperty<Root, Data?> { AVAsyncProperty(key: "dataValue") }
}
