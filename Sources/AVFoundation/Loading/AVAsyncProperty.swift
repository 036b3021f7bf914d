import Foundation

/// The base class of the property identifiers that `load(_:)` takes.
///
/// A property is identified by its key: the name Apple's Objective-C interface gives the property and that
/// `statusOfValue(forKey:error:)` and `loadValuesAsynchronously(forKeys:completionHandler:)` take ("duration",
/// "tracks", "playable"…). Loading through either interface shares one computation and one cached value.
/// Immutable, so safe to share between threads.
// Safe because immutable.
public class AVAnyAsyncProperty: @unchecked Sendable, CustomStringConvertible {
    /// The key-value loading key of the property.
    let key: String

    init(key: String) {
        self.key = key
    }

    /// The property's key.
    public var description: String { key }
}

/// An asynchronous property of objects of type `Root`; Apple declares the static property identifiers on
/// extensions of this class constrained by `Root` (`where Root: AVAsset` and so on).
// Safe because immutable.
public class AVPartialAsyncProperty<Root>: AVAnyAsyncProperty, @unchecked Sendable {}

/// An asynchronous property of objects of type `Root` whose value has type `Value`.
// Safe because immutable.
public final class AVAsyncProperty<Root, Value>: AVPartialAsyncProperty<Root>, @unchecked Sendable {
    /// The loading status of a property, as `status(of:)` reports it.
    @frozen public enum Status {
        /// Nobody has asked for the value yet (or its load was cancelled).
        case notYetLoaded
        /// The value is being loaded.
        case loading
        /// The value is available.
        case loaded(Value)
        /// The value could not be loaded.
        case failed(NSError)
    }
}

extension AVAsyncProperty.Status: Equatable where Value: Equatable {}
extension AVAsyncProperty.Status: Sendable where Value: Sendable {}

// MARK: - Loading through a host

/// An object whose properties load through a `KeyValueLoader`: assets, tracks and metadata items.
protocol KeyValueLoadingHost: AnyObject {
    /// The object's loading state.
    var keyValueLoader: KeyValueLoader { get }
    /// The loadable key `name` of the object, or `nil` when the object has no loadable property of that name.
    func loadableKey(_ name: String) -> LoadableKey?
}

extension KeyValueLoadingHost {
    /// The value of `key`, loading it synchronously if needed (blocking, as Apple's synchronous properties do), or
    /// `fallback` when it cannot be loaded.
    func synchronousValue<Value>(forKey key: String, fallback: Value) -> Value {
        guard let loadable = loadableKey(key), let value = try? keyValueLoader.value(of: loadable) else {
            return fallback
        }
        return value as? Value ?? fallback
    }

    /// The value of `key`, loading it synchronously if needed; throws the load's error.
    func synchronousValue<Value>(forKey key: String, as type: Value.Type) throws -> Value {
        guard let loadable = loadableKey(key) else { throw AsyncPropertyError.unknownKey(key) }
        guard let typed = try keyValueLoader.value(of: loadable) as? Value else {
            throw AsyncPropertyError.typeMismatch(key)
        }
        return typed
    }

    /// The loaded value of `key` or its load's error; `nil` while it is not loaded (or the object has no such key).
    func loadedResult(forKey key: String) -> Result<Any, any Error>? {
        loadableKey(key).flatMap(keyValueLoader.result(of:))
    }

    /// The statusOfValue(forKey:error:) of Apple's protocol.
    func keyValueStatus(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?) -> AVKeyValueStatus {
        let (status, error) = loadableKey(key).map(keyValueLoader.status(of:))
            ?? keyValueLoader.statusOfUnknownKey(key)
        if status == .failed, let error { outError?.pointee = error as NSError }
        return status
    }

    /// The loadValuesAsynchronously(forKeys:completionHandler:) of Apple's protocol: the handler runs once, at once
    /// on this thread when every key is already loaded or failed, otherwise on a background queue when the last
    /// key stops loading (loaded, failed or cancelled).
    func loadKeysAsynchronously(_ keys: [String], completionHandler handler: (@Sendable () -> Void)?) {
        let loader = keyValueLoader
        let names = Set(keys)
        var known: [LoadableKey] = []
        for name in names {
            if let key = loadableKey(name) {
                loader.startLoading(key)
                known.append(key)
            } else {
                loader.failUnknownKey(name, with: AsyncPropertyError.unknownKey(name).avError(for: self))
            }
        }
        guard let handler else { return }
        // Unknown keys have failed already: only the known ones are waited for.
        let pending = PendingKeys(count: known.count, handler: handler)
        for key in known {
            loader.addWaiter(for: key) { _ in pending.keyFinished() }
        }
        pending.registrationFinished()
    }
}

/// Counts the keys of one loadValuesAsynchronously request down to zero, then calls its handler exactly once.
// Safe because `lock` guards `remaining` and `registering`.
private final class PendingKeys: @unchecked Sendable {
    // `lock` protects `remaining` and `registering`.
    private let lock = NSLock()
    private var remaining: Int
    private var registering = true
    private let handler: @Sendable () -> Void

    init(count: Int, handler: @escaping @Sendable () -> Void) {
        remaining = count
        self.handler = handler
    }

    func keyFinished() {
        let fire = lock.withLock { () -> Bool in
            remaining -= 1
            return remaining == 0 && !registering
        }
        // Keys that finish while the request is still registering are counted; the handler then runs on the
        // caller's thread (all keys were already loaded), as Apple documents.
        if fire { KeyValueLoader.loadingQueue.async(execute: handler) }
    }

    func registrationFinished() {
        let fire = lock.withLock { () -> Bool in
            registering = false
            return remaining == 0
        }
        if fire { handler() }
    }
}

/// Why a property could not be loaded for a reason that is not the media's.
enum AsyncPropertyError: Error, CustomStringConvertible {
    /// No loadable property has this key.
    case unknownKey(String)
    /// The computed value does not have the property's type: an internal invariant was broken.
    case typeMismatch(String)
    /// The object is not one of AVFoundation's loadable classes.
    case notLoadable(String)

    var description: String {
        switch self {
        case .unknownKey(let key): "no loadable property named \"\(key)\""
        case .typeMismatch(let key): "internal error: the value loaded for \"\(key)\" has the wrong type"
        case .notLoadable(let type): "\(type) does not load AVFoundation properties"
        }
    }

    /// The error as an `AVError`, which is what failed loads report.
    func avError(for object: AnyObject) -> AVError {
        AVError(.unknown, "\(type(of: object)): \(description)", underlying: self)
    }
}

extension AVAsyncProperty {
    /// The host that loads this property for `root`.
    fileprivate func host(of root: Root) throws -> any KeyValueLoadingHost {
        guard let host = root as? any KeyValueLoadingHost else {
            throw AsyncPropertyError.notLoadable(String(describing: Root.self))
        }
        return host
    }

    /// Starts loading the property for `root` unless it is loaded or loading.
    func startLoading(on root: Root) {
        guard let host = try? host(of: root), let loadable = host.loadableKey(key) else { return }
        host.keyValueLoader.startLoading(loadable)
    }

    /// Loads the property for `root` and returns its value, staying in the caller's isolation (`root` need not be
    /// `Sendable`).
    func loadValue(on root: Root, isolation: isolated (any Actor)? = #isolation) async throws -> Value {
        let host = try host(of: root)
        guard let loadable = host.loadableKey(key) else {
            throw AsyncPropertyError.unknownKey(key).avError(for: host)
        }
        let loader = host.keyValueLoader
        var result = loader.result(of: loadable)
        // A value the object holds is computed here: a hop to the loading queue and back cost far more than the
        // value (40,000 metadata items' values took avinfo --json 3.8 s of CPU, most of it in dispatch). A
        // cancelled task takes the usual path, which reports the cancellation.
        if result == nil, loadable.isHeld, !Task.isCancelled {
            result = Result { try loader.heldValue(of: loadable) }
        }
        if result == nil {
            loader.startLoading(loadable)
            try await loader.wait(for: loadable)
            result = loader.result(of: loadable)
        }
        guard let result else { throw CancellationError() }
        guard let value = try result.get() as? Value else {
            throw AsyncPropertyError.typeMismatch(key).avError(for: host)
        }
        return value
    }

    /// The property's status for `root`.
    func status(on root: Root) -> Status {
        guard let host = try? host(of: root), let loadable = host.loadableKey(key) else { return .notYetLoaded }
        switch host.keyValueLoader.result(of: loadable) {
        case .success(let value):
            guard let typed = value as? Value else {
                return .failed(AsyncPropertyError.typeMismatch(key).avError(for: host) as NSError)
            }
            return .loaded(typed)
        case .failure(let error):
            return .failed(error as NSError)
        case nil:
            return host.keyValueLoader.status(of: loadable).0 == .loading ? .loading : .notYetLoaded
        }
    }
}
