import Foundation

/// Loading of an object's property values without blocking (AVAsynchronousKeyValueLoading.h).
///
/// Adopted by `AVAsset`, `AVAssetTrack` and `AVMetadataItem`. Keys are the properties' Objective-C names
/// ("duration", "tracks", "playable", "naturalSize"…).
///
/// On Linux `statusOfValue(forKey:error:)` takes `UnsafeMutablePointer<NSError?>?`: Foundation there has no
/// `NSErrorPointer` (an autoreleasing pointer needs Objective-C). The usual call, `&error` on an `NSError?`
/// variable, compiles unchanged.
public protocol AVAsynchronousKeyValueLoading {
    /// The status of the value of `key`; when it is `.failed`, `outError` receives the reason.
    func statusOfValue(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?) -> AVKeyValueStatus

    /// Loads the values of `keys` that are not loaded yet and calls `handler` once when all of them are loaded,
    /// failed or cancelled: at once (on this thread) when nothing needs loading, otherwise on a background queue.
    func loadValuesAsynchronously(forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)?)
}

extension AVAsynchronousKeyValueLoading {
    /// Loads the values of `keys` that are not loaded yet, without a completion handler.
    public func loadValuesAsynchronously(forKeys keys: [String]) {
        loadValuesAsynchronously(forKeys: keys, completionHandler: nil)
    }

    /// Loads a property and returns its value; throws the load's error (an `AVError` whose underlying error is the
    /// container reader's), or `CancellationError` when the load or the calling task is cancelled.
    public func load<T>(_ property: AVAsyncProperty<Self, T>,
                        isolation: isolated (any Actor)? = #isolation) async throws -> T {
        try await property.loadValue(on: self)
    }

    /// Loads two or more properties at once and returns their values in order; throws the first failure in order.
    public func load<A, B, each C>(_ firstProperty: AVAsyncProperty<Self, A>,
                                   _ secondProperty: AVAsyncProperty<Self, B>,
                                   _ properties: repeat AVAsyncProperty<Self, each C>,
                                   isolation: isolated (any Actor)? = #isolation) async throws -> (A, B, repeat each C) {
        // Start every load before waiting for the first, so that independent properties load concurrently.
        firstProperty.startLoading(on: self)
        secondProperty.startLoading(on: self)
        for property in repeat each properties { property.startLoading(on: self) }
        let first = try await firstProperty.loadValue(on: self)
        let second = try await secondProperty.loadValue(on: self)
        return (first, second, repeat try await (each properties).loadValue(on: self))
    }

    /// The loading status of a property, with its value or error when it has finished loading.
    public func status<T>(of property: AVAsyncProperty<Self, T>) -> AVAsyncProperty<Self, T>.Status {
        property.status(on: self)
    }
}
