import Foundation

/// A value computed at most once, on first request, whose result (value or error) every later request gets.
///
/// Thread safety: `condition` guards `state`; the computation runs outside it and concurrent first requests wait
/// for the one that started, so an expensive open happens once.
final class OnceResult<Value>: @unchecked Sendable {
    private enum State {
        case idle
        case running
        case done(Result<Value, any Error>)
    }

    private let condition = NSCondition()
    private var state = State.idle

    init() {}

    /// The value, computing it now with `compute` if nobody has.
    func get(_ compute: () throws -> Value) throws -> Value {
        condition.lock()
        while true {
            switch state {
            case .done(let result):
                condition.unlock()
                return try result.get()
            case .running:
                condition.wait()
            case .idle:
                state = .running
                condition.unlock()
                let result = Result { try compute() }
                condition.lock()
                state = .done(result)
                condition.broadcast()
                condition.unlock()
                return try result.get()
            }
        }
    }

    /// The value if it has been computed successfully, without computing it.
    var valueIfComputed: Value? {
        condition.lock()
        defer { condition.unlock() }
        if case .done(.success(let value)) = state { return value }
        return nil
    }
}
