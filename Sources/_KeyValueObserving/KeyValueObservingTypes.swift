// The value types of Foundation's key-value observing in Swift (NSKeyValueObserving.h and Foundation's Swift
// overlay), which Linux's Foundation does not have.
import Foundation

/// What an observation's notifications carry, and when they are sent (NSKeyValueObservingOptions).
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Notifications carry the value after the change (`newValue`).
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    /// Notifications carry the value before the change (`oldValue`).
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    /// A notification is sent at once, before `observe` returns, with the current value as `newValue` (with `.new`).
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    /// A notification is also sent before each change (`isPrior` true, `oldValue` with `.old`).
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// The kind of change a notification reports (NSKeyValueChange). Values are only ever set here (`.setting`): the
/// collection mutation announcements (`willChange(_:valuesAt:for:)`) are not provided.
public enum NSKeyValueChange: UInt, Sendable {
    case setting = 1
    case insertion = 2
    case removal = 3
    case replacement = 4
}

/// One notification of an observation made with `observe(_:options:changeHandler:)`.
public struct NSKeyValueObservedChange<Value> {
    public typealias Kind = NSKeyValueChange

    /// Always `.setting` here.
    public let kind: Kind
    /// The value after the change, when the observation asked for `.new` (nil in a prior notification).
    public let newValue: Value?
    /// The value before the change, when the observation asked for `.old` (nil in an initial notification).
    public let oldValue: Value?
    /// The indexes of a collection change; always nil here (no collection mutations are announced).
    public let indexes: IndexSet?
    /// Whether this is the notification sent before the change (`.prior`).
    public let isPrior: Bool

    init(kind: Kind, newValue: Value?, oldValue: Value?, indexes: IndexSet?, isPrior: Bool) {
        self.kind = kind
        self.newValue = newValue
        self.oldValue = oldValue
        self.indexes = indexes
        self.isPrior = isPrior
    }
}

extension NSKeyValueObservedChange: Sendable where Value: Sendable {}
