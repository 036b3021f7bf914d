import Foundation
import Synchronization

// The date formatters this module makes, counted, so that a test can check the work a coercion does instead of
// timing it: text coerced to a date must make none (10,000 iTunes text items took avinfo --json 14 s when each
// coercion made nine). Declared here, these two names shadow Foundation's inside this module only, so every
// `DateFormatter()` or `ISO8601DateFormatter()` written in it is counted; they behave as Foundation's.

/// How many date formatters this module has made (see above).
enum DateFormattersMade {
    static let count = Atomic<Int>(0)
}

/// Foundation's `DateFormatter`, counted in `DateFormattersMade`.
// Safe because it adds no state, and Foundation's `DateFormatter` is thread-safe.
final class DateFormatter: Foundation.DateFormatter, @unchecked Sendable {
    override init() {
        DateFormattersMade.count.add(1, ordering: .relaxed)
        super.init()
    }

    required init?(coder: NSCoder) {
        DateFormattersMade.count.add(1, ordering: .relaxed)
        super.init(coder: coder)
    }
}

/// Foundation's `ISO8601DateFormatter`, counted in `DateFormattersMade`.
final class ISO8601DateFormatter: Foundation.ISO8601DateFormatter {
    override init() {
        DateFormattersMade.count.add(1, ordering: .relaxed)
        super.init()
    }

    required init?(coder: NSCoder) {
        DateFormattersMade.count.add(1, ordering: .relaxed)
        super.init(coder: coder)
    }
}
