import Foundation

/// The token `observe(_:options:changeHandler:)` returns: the observation lasts until `invalidate()` is called or
/// the token is released (or the observed object dies). Thread-safe.
// Safe because its one `let` is a thread-safe observation.
public final class NSKeyValueObservation: NSObject, @unchecked Sendable {
    private let observation: Observation?

    init(_ observation: Observation?) {
        self.observation = observation
        super.init()
    }

    /// Ends the observation: no notification starts after this returns (one already running on another thread
    /// finishes). Calling it again does nothing.
    public func invalidate() {
        guard let observation else { return }
        observation.invalidate()
        ObservationRegistry.shared.remove(observation)
    }

    deinit {
        invalidate()
    }
}
