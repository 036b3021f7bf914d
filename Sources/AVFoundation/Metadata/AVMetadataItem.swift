import CoreMedia
import Foundation

/// One item of metadata of an asset or a track: a key in a key space, a value, and the value's language and time
/// (AVMetadataItem.h).
///
/// A subclass of `NSObject`, as on Apple platforms, because code written for Apple relies on what that gives:
/// `NSCopying`/`NSMutableCopying` (`item.mutableCopy() as! AVMutableMetadataItem`), `description`, and
/// `Equatable`/`Hashable` through `isEqual`/`hash` (identity, as Apple's). Values are Foundation objects
/// (`NSString`, `NSNumber`, `NSData`, `NSDate`), as `value`'s type `(NSCopying & NSObjectProtocol)?` requires.
///
/// Thread safety: `lock` protects `state`; items read from files never change, `AVMutableMetadataItem` changes it
/// through its setters.
// Safe because `lock` guards `state`; the rest is immutable or thread-safe.
open class AVMetadataItem: NSObject, NSCopying, NSMutableCopying, AVAsynchronousKeyValueLoading, KeyValueLoadingHost,
    @unchecked Sendable
{
    /// Everything an item holds.
    struct State {
        var identifier: AVMetadataIdentifier?
        var key: (any NSCopying & NSObjectProtocol)?
        var keySpace: AVMetadataKeySpace?
        var value: (any NSCopying & NSObjectProtocol)?
        var dataType: String?
        var locale: Locale?
        var extendedLanguageTag: String?
        var time: CMTime = .invalid
        var duration: CMTime = .invalid
        var extraAttributes: [AVMetadataExtraAttributeKey: Any]?
        var startDate: Date?
    }

    private let lock = NSLock()
    private var storedState: State
    let keyValueLoader = KeyValueLoader()
    /// For items made by `init(propertiesOf:valueLoadingHandler:)`: what loads the value on demand.
    private let valueLoadingHandler: (@Sendable (AVMetadataItemValueRequest) -> Void)?

    /// An item holding `state`.
    init(state: State) {
        storedState = state
        valueLoadingHandler = nil
        super.init()
    }

    /// An empty item (what `AVMutableMetadataItem()` starts from).
    override init() {
        storedState = State()
        valueLoadingHandler = nil
        super.init()
    }

    /// An item with the identifier, language, times and other properties of `metadataItem` whose value `handler`
    /// loads when it is first asked for (`metadataItem`'s own value is ignored). The handler runs on a background
    /// thread and must answer the request with `respond(value:)` or `respond(error:)`; until it does, whoever asked
    /// for the value waits.
    public init(propertiesOf metadataItem: AVMetadataItem,
                valueLoadingHandler handler: @escaping @Sendable (AVMetadataItemValueRequest) -> Void) {
        var state = metadataItem.state
        state.value = nil
        storedState = state
        valueLoadingHandler = handler
        super.init()
    }

    /// Runs the value loading handler and waits for its answer.
    private func loadValueWithHandler(_ handler: @Sendable (AVMetadataItemValueRequest) -> Void) throws -> Any {
        let request = AVMetadataItemValueRequest(metadataItem: self)
        handler(request)
        return try request.waitForResponse() as Any
    }

    /// The item's state, read under the lock.
    var state: State {
        lock.withLock { storedState }
    }

    /// Changes the item's state under the lock and forgets values loaded from the old state.
    func updateState(_ change: (inout State) -> Void) {
        lock.withLock { change(&storedState) }
        keyValueLoader.invalidateFinishedValues()
    }

    // MARK: Properties

    /// The identifier: key space and key in one string ("udta/%A9nam").
    public var identifier: AVMetadataIdentifier? { state.identifier }

    /// The key, as the container stores it: an `NSNumber` for four-character codes of QuickTime user data, iTunes
    /// and ISO user data, an `NSString` otherwise.
    public var key: (any NSCopying & NSObjectProtocol)? { state.key }

    /// The key space of the key.
    public var keySpace: AVMetadataKeySpace? { state.keySpace }

    /// The common key with the same meaning, if any (title, artist, creationDate…).
    public var commonKey: AVMetadataKey? {
        let state = state
        if state.keySpace == .common, let key = state.key { return AVMetadataKey(rawValue: "\(key)") }
        return MetadataCommonKeys.commonKey(for: state.identifier)
    }

    /// The value: an `NSString`, `NSNumber`, `NSData` or `NSDate`.
    public var value: (any NSCopying & NSObjectProtocol)? {
        guard valueLoadingHandler != nil else { return state.value }
        return synchronousValue(forKey: "value", fallback: (any NSCopying & NSObjectProtocol)?.none)
    }

    /// The data type of the value, a `kCMMetadataBaseDataType_…` string when known.
    public var dataType: String? { state.dataType }

    /// The locale of the value, when the item has a language.
    public var locale: Locale? { state.locale }

    /// The BCP 47 language tag of the value, when the item has a language.
    public var extendedLanguageTag: String? { state.extendedLanguageTag }

    /// The time of a timed item; invalid for items that apply to the whole asset or track.
    public var time: CMTime { state.time }

    /// The duration of a timed item; invalid for items that apply to the whole asset or track.
    public var duration: CMTime { state.duration }

    /// Details of how the item is carried in its container.
    public var extraAttributes: [AVMetadataExtraAttributeKey: Any]? { state.extraAttributes }

    /// The start date of timed metadata, when it has one.
    public var startDate: Date? { state.startDate }

    /// The value as a string, when it can be one (text, numbers, dates, text bytes).
    public var stringValue: String? { MetadataValueCoercion.string(value, dataType: state.dataType) }

    /// The value as a number, when it can be one (numbers, numeric text).
    public var numberValue: NSNumber? { MetadataValueCoercion.number(value) }

    /// The value as a date, when it can be one (dates, ISO 8601 text).
    public var dateValue: Date? { MetadataValueCoercion.date(value) }

    /// The value's bytes (data, or the UTF-8 bytes of text).
    public var dataValue: Data? { MetadataValueCoercion.data(value) }

    // MARK: Key-value loading

    /// Metadata item values are in memory once the item exists, so every key loads at once (on the caller's thread:
    /// every key is held) and is read again from the item's state; a value loading handler's value is loaded once
    /// and kept, on the loading queue.
    static let loadableKeys = LoadableKeyTable<AVMetadataItem>(
        recomputed: [
            "value": { $0.value as Any },
            "stringValue": { $0.stringValue as Any },
            "numberValue": { $0.numberValue as Any },
            "dateValue": { $0.dateValue as Any },
            "dataValue": { $0.dataValue as Any },
            "extraAttributes": { $0.extraAttributes as Any },
        ],
        kept: [:],
        held: ["value", "stringValue", "numberValue", "dateValue", "dataValue", "extraAttributes"])

    func loadableKey(_ name: String) -> LoadableKey? {
        guard var key = Self.loadableKeys.key(name, source: { [self] in self }) else { return nil }
        guard let handler = valueLoadingHandler else { return key }
        // The value, and every key made from it, waits for the handler: none is held.
        key.isHeld = false
        guard name == "value" else { return key }
        return LoadableKey(name: name, slot: key.slot, keepsValue: true) { [self] in try loadValueWithHandler(handler) }
    }

    /// The status of the value of `key`.
    public func statusOfValue(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?) -> AVKeyValueStatus {
        keyValueStatus(forKey: key, error: outError)
    }

    /// Loads the values of `keys` and calls `handler` once.
    public func loadValuesAsynchronously(forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)?) {
        loadKeysAsynchronously(keys, completionHandler: handler)
    }

    // MARK: NSObject

    /// An immutable copy: the item itself, since it cannot change.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// A mutable copy holding the same key, value, language and times.
    public func mutableCopy(with zone: NSZone? = nil) -> Any {
        var copied = state
        copied.value = value
        return AVMutableMetadataItem(state: copied)
    }

    /// The item's identifier, key, key space, common key, language, data type, times and value.
    public override var description: String {
        let state = state
        var parts = ["identifier=\(state.identifier?.rawValue ?? "nil")",
                     "keySpace=\(state.keySpace?.rawValue ?? "nil")",
                     "key class=\(state.key.map { String(describing: type(of: $0)) } ?? "nil")",
                     "key=\(state.key.map { "\($0)" } ?? "nil")",
                     "commonKey=\(commonKey?.rawValue ?? "nil")"]
        if let tag = state.extendedLanguageTag { parts.append("extendedLanguageTag=\(tag)") }
        if let dataType = state.dataType { parts.append("dataType=\(dataType)") }
        if state.time.isValid { parts.append("time=\(state.time.descriptionText)") }
        if state.duration.isValid { parts.append("duration=\(state.duration.descriptionText)") }
        if let startDate = state.startDate { parts.append("startDate=\(startDate)") }
        let shown = (valueLoadingHandler == nil ? state.value : nil).map { value -> String in
            if let data = value as? NSData { return "\(data.length) bytes" }
            return "\(value)"
        }
        parts.append("value=\(shown ?? "nil")")
        return "<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque()), \(parts.joined(separator: ", "))>"
    }
}

/// A metadata item whose properties can be set, for writing metadata (AVAssetWriter, AVAssetExportSession).
///
/// Setting `identifier` sets `key` and `keySpace` to the ones it names; setting `key` or `keySpace` sets
/// `identifier` to the one they form (or `nil` when they form none), so the three always agree, as on Apple
/// platforms. Values are copied when set (Apple's properties are `copy`).
// Safe because it adds no state: the setters go through the superclass's lock.
open class AVMutableMetadataItem: AVMetadataItem, @unchecked Sendable {
    /// An empty item, as `AVMutableMetadataItem()` makes one.
    public override init() {
        super.init()
    }

    override init(state: State) {
        super.init(state: state)
    }

    /// The identifier; setting it sets `key` and `keySpace` too.
    public override var identifier: AVMetadataIdentifier? {
        get { state.identifier }
        set {
            updateState { state in
                state.identifier = newValue
                if let newValue, let (keySpace, bytes) = MetadataKeyCoding.split(newValue) {
                    state.keySpace = keySpace
                    state.key = MetadataKeyCoding.itemKey(bytes: bytes, keySpace: keySpace)
                } else {
                    state.keySpace = nil
                    state.key = nil
                }
            }
        }
    }

    /// The key; setting it updates `identifier`.
    public override var key: (any NSCopying & NSObjectProtocol)? {
        get { state.key }
        set {
            let copied = newValue.flatMap { $0.copy(with: nil) as? any NSCopying & NSObjectProtocol } ?? newValue
            updateState { state in
                state.key = copied
                state.identifier = Self.identifier(key: copied, keySpace: state.keySpace)
            }
        }
    }

    /// The key space; setting it updates `identifier`.
    public override var keySpace: AVMetadataKeySpace? {
        get { state.keySpace }
        set {
            updateState { state in
                state.keySpace = newValue
                state.identifier = Self.identifier(key: state.key, keySpace: newValue)
            }
        }
    }

    /// The value (copied when set).
    public override var value: (any NSCopying & NSObjectProtocol)? {
        get { state.value }
        set {
            let copied = newValue.flatMap { $0.copy(with: nil) as? any NSCopying & NSObjectProtocol } ?? newValue
            updateState { $0.value = copied }
        }
    }

    /// The data type of the value.
    public override var dataType: String? {
        get { state.dataType }
        set { updateState { $0.dataType = newValue } }
    }

    /// The locale of the value.
    public override var locale: Locale? {
        get { state.locale }
        set { updateState { $0.locale = newValue } }
    }

    /// The BCP 47 language tag of the value.
    public override var extendedLanguageTag: String? {
        get { state.extendedLanguageTag }
        set { updateState { $0.extendedLanguageTag = newValue } }
    }

    /// The time of a timed item.
    public override var time: CMTime {
        get { state.time }
        set { updateState { $0.time = newValue } }
    }

    /// The duration of a timed item.
    public override var duration: CMTime {
        get { state.duration }
        set { updateState { $0.duration = newValue } }
    }

    /// Details of how the item is carried in its container.
    public override var extraAttributes: [AVMetadataExtraAttributeKey: Any]? {
        get { state.extraAttributes }
        set { updateState { $0.extraAttributes = newValue } }
    }

    /// The start date of timed metadata.
    public override var startDate: Date? {
        get { state.startDate }
        set { updateState { $0.startDate = newValue } }
    }

    /// An immutable snapshot of the item as it is now.
    public override func copy(with zone: NSZone? = nil) -> Any {
        AVMetadataItem(state: state)
    }

    private static func identifier(key: (any NSCopying & NSObjectProtocol)?,
                                   keySpace: AVMetadataKeySpace?) -> AVMetadataIdentifier? {
        guard let key, let keySpace else { return nil }
        return MetadataKeyCoding.identifier(forKey: key, keySpace: keySpace)
    }
}

/// A request, handed to the handler of `AVMetadataItem(propertiesOf:valueLoadingHandler:)`, for an item's value.
///
/// Thread safety: `condition` guards `response`; the first answer counts, later ones are ignored.
// Safe because `condition` guards `response`.
open class AVMetadataItemValueRequest: NSObject, @unchecked Sendable {
    /// The item whose value is being loaded.
    public private(set) weak var metadataItem: AVMetadataItem?
    private let condition = NSCondition()
    private var response: Result<any NSCopying & NSObjectProtocol, any Error>?

    init(metadataItem: AVMetadataItem) {
        self.metadataItem = metadataItem
        super.init()
    }

    /// Answers the request with the item's value.
    public func respond(value: any NSCopying & NSObjectProtocol) {
        answer(.success(value))
    }

    /// Answers the request with the reason the value could not be loaded.
    public func respond(error: any Error) {
        answer(.failure(error))
    }

    private func answer(_ result: Result<any NSCopying & NSObjectProtocol, any Error>) {
        condition.withLock {
            guard response == nil else { return }
            response = result
            condition.broadcast()
        }
    }

    /// Waits for the handler's answer and returns the value or throws the error.
    func waitForResponse() throws -> any NSCopying & NSObjectProtocol {
        let result = condition.withLock { () -> Result<any NSCopying & NSObjectProtocol, any Error> in
            while response == nil { condition.wait() }
            return response!
        }
        return try result.get()
    }
}
