import Foundation
@testable import _KeyValueObserving

/// Collects what handlers are called with, from any thread.
final class Recorder<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var elements: [Element] = []

    func append(_ element: Element) { lock.withLock { elements.append(element) } }
    var all: [Element] { lock.withLock { elements } }
    var count: Int { lock.withLock { elements.count } }
}

/// One notification, with its values made Equatable for #expect.
struct Seen<Value: Equatable & Sendable>: Equatable, Sendable {
    var old: Value?
    var new: Value?
    var isPrior: Bool
    var kind: NSKeyValueChange = .setting

    init(old: Value?, new: Value?, isPrior: Bool = false) {
        self.old = old
        self.new = new
        self.isPrior = isPrior
    }

    init(_ change: NSKeyValueObservedChange<Value>) {
        old = change.oldValue
        new = change.newValue
        isPrior = change.isPrior
        kind = change.kind
    }
}

/// An exporter as iOS code writes one: a stored `progress` announced around each change.
final class UserExporter: NSObject, @unchecked Sendable {
    var progress: Float = 0
    var volume: Float = 0
    var title = "untitled"
    var error: (any Error)?

    func setProgress(_ value: Float) {
        willChangeValue(forKey: "progress")
        progress = value
        didChangeValue(forKey: "progress")
    }

    func setVolume(_ value: Float) {
        willChangeValue(forKey: "volume")
        volume = value
        didChangeValue(forKey: "volume")
    }
}

/// A subclass whose observed property lives in the superclass.
final class RenamingExporter: NSObjectExporterBase, @unchecked Sendable {
    var suffix = ".mov"
}

class NSObjectExporterBase: NSObject, @unchecked Sendable {
    var fractionDone: Double = 0

    func advance(to value: Double) {
        willChangeValue(forKey: "fractionDone")
        fractionDone = value
        didChangeValue(forKey: "fractionDone")
    }
}

/// A computed property over a backing store named `_name`, the usual thread-safe form.
final class LockedExporter: NSObject, @unchecked Sendable {
    private let lock = NSLock()
    private var _progress: Float = 0

    var progress: Float { lock.withLock { _progress } }
    /// Computed from `progress`; no store of its own.
    var percent: Int { Int(progress * 100) }

    func setProgress(_ value: Float) {
        willChangeValue(forKey: "progress")
        lock.withLock { _progress = value }
        didChangeValue(forKey: "progress")
    }
}

@propertyWrapper struct Clamped: Sendable {
    var wrappedValue: Double {
        didSet { wrappedValue = min(1, max(0, wrappedValue)) }
    }

    init(wrappedValue: Double) { self.wrappedValue = min(1, max(0, wrappedValue)) }
}

final class WrappedExporter: NSObject, @unchecked Sendable {
    @Clamped var level: Double = 0

    func setLevel(_ value: Double) {
        willChangeValue(forKey: "level")
        level = value
        didChangeValue(forKey: "level")
    }
}

/// A class that announces its own property, as AVFoundation's classes do.
final class Announcer: NSObject, KeyValueAnnouncing, @unchecked Sendable {
    private let lock = NSLock()
    private var _count = 0

    var count: Int { lock.withLock { _count } }

    func increment() {
        lock.withLock {
            _count += 1
            KeyValueAnnouncements.record(self, key: "count", value: _count)
        }
        KeyValueAnnouncements.deliver(self)
    }

    static func announcedKey(for keyPath: AnyKeyPath, rootedAt root: Any.Type) -> String? {
        keyPath == \Announcer.count ? "count" : nil
    }
}
