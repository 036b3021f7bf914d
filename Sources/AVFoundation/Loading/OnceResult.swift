import Synchronization

/// A value computed at most once, on first request, whose result (value or error) every later request gets.
///
/// Thread safety: `result` is under a lock of its own, taken only to read or store it; `computing` is held by the
/// one request that computes, so concurrent first requests wait for it and an expensive open happens once. Both
/// are `Mutex`es, stored inline: a file of 20,000 tracks has five of these per track, and the condition variable
/// they held before took four allocations each.
final class OnceResult<Value: Sendable>: Sendable {
    private let result = Mutex<Result<Value, any Error>?>(nil)
    private let computing = Mutex<Void>(())

    init() {}

    /// The value, computing it now with `compute` if nobody has.
    func get(_ compute: () throws -> Value) throws -> Value {
        if let done = result.withLock({ $0 }) { return try done.get() }
        return try computing.withLock { _ in
            // A request that waited here finds the result of the one it waited for.
            if let done = result.withLock({ $0 }) { return done }
            let computed = Result { try compute() }
            result.withLock { $0 = computed }
            return computed
        }.get()
    }

    /// The value if it has been computed successfully, without computing it or waiting for a computation.
    var valueIfComputed: Value? {
        if case .success(let value)? = result.withLock({ $0 }) { return value }
        return nil
    }
}
