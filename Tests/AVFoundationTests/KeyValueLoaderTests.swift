import Foundation
import Testing
@testable import AVFoundation

/// The loader alone, with keys whose computations a test holds: kept and recomputed values, threads blocked on a
/// key another thread computes (they wait on one condition shared by every loader), cancellation and invalidation.
@Suite("KeyValueLoader")
struct KeyValueLoaderTests {
    /// A computation that counts its runs and, while `held`, blocks until released.
    final class Gate: @unchecked Sendable {
        // `condition` protects every field.
        private let condition = NSCondition()
        private var held: Bool
        private var entered = 0
        private var runs = 0

        init(held: Bool) { self.held = held }

        func run(_ value: Int) -> Int {
            condition.withLock {
                runs += 1
                entered += 1
                condition.broadcast()
                while held { condition.wait() }
            }
            return value
        }

        func release() {
            condition.withLock {
                held = false
                condition.broadcast()
            }
        }

        /// Waits until `count` computations have started.
        func waitUntilEntered(_ count: Int) {
            condition.withLock { while entered < count { condition.wait() } }
        }

        var runCount: Int { condition.withLock { runs } }
    }

    static func key(_ name: String, slot: Int, keeps: Bool, gate: Gate, value: Int = 42) -> LoadableKey {
        LoadableKey(name: name, slot: slot, keepsValue: keeps) { gate.run(value) }
    }

    /// Starts `count` threads reading `key` synchronously; returns what each read.
    static func readers(_ count: Int, _ loader: KeyValueLoader, _ key: LoadableKey) -> (DispatchGroup, Results) {
        let group = DispatchGroup()
        let results = Results()
        for _ in 0..<count {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                results.append((try? loader.value(of: key)) as? Int)
            }
        }
        return (group, results)
    }

    final class Results: @unchecked Sendable {
        // `lock` protects `values`.
        private let lock = NSLock()
        private var values: [Int?] = []
        func append(_ value: Int?) { lock.withLock { values.append(value) } }
        var all: [Int?] { lock.withLock { values } }
    }

    @Test("threads reading a key another thread computes wait for it and get its value; a kept key runs once")
    func blockedReadersOfAKeptKey() throws {
        let loader = KeyValueLoader()
        let gate = Gate(held: true)
        let key = Self.key("kept", slot: 3, keeps: true, gate: gate)
        loader.startLoading(key)
        gate.waitUntilEntered(1)
        let (group, results) = Self.readers(8, loader, key)
        // The readers are blocked: nothing has come back while the computation is held.
        Thread.sleep(forTimeInterval: 0.1)
        #expect(results.all.isEmpty)
        #expect(loader.status(of: key).0 == .loading)
        gate.release()
        #expect(group.wait(timeout: .now() + 10) == .success)
        #expect(results.all == Array(repeating: 42, count: 8))
        #expect(gate.runCount == 1)
        #expect(loader.status(of: key).0 == .loaded)
        #expect(try loader.value(of: key) as? Int == 42)
        #expect(gate.runCount == 1)
    }

    @Test("a recomputed key is loaded once and computed again on each read, without being kept")
    func recomputedKey() throws {
        let loader = KeyValueLoader()
        let gate = Gate(held: false)
        let key = Self.key("recomputed", slot: 0, keeps: false, gate: gate)
        #expect(loader.status(of: key).0 == .unknown)
        #expect(loader.result(of: key) == nil)
        #expect(try loader.value(of: key) as? Int == 42)
        #expect(loader.status(of: key).0 == .loaded)
        #expect(try loader.result(of: key)?.get() as? Int == 42)
        #expect(try loader.value(of: key) as? Int == 42)
        #expect(gate.runCount == 3)
    }

    @Test("another loader's finish wakes a blocked reader, which waits on until its own key finishes")
    func unrelatedWakeUp() throws {
        let first = KeyValueLoader(), second = KeyValueLoader()
        let firstGate = Gate(held: true), secondGate = Gate(held: true)
        let firstKey = Self.key("a", slot: 1, keeps: true, gate: firstGate, value: 1)
        let secondKey = Self.key("a", slot: 1, keeps: true, gate: secondGate, value: 2)
        first.startLoading(firstKey)
        second.startLoading(secondKey)
        firstGate.waitUntilEntered(1)
        secondGate.waitUntilEntered(1)
        let (firstReaders, firstResults) = Self.readers(2, first, firstKey)
        let (secondReaders, secondResults) = Self.readers(2, second, secondKey)
        Thread.sleep(forTimeInterval: 0.1)
        secondGate.release()
        #expect(secondReaders.wait(timeout: .now() + 10) == .success)
        #expect(secondResults.all == [2, 2])
        Thread.sleep(forTimeInterval: 0.1)
        #expect(firstResults.all.isEmpty)
        firstGate.release()
        #expect(firstReaders.wait(timeout: .now() + 10) == .success)
        #expect(firstResults.all == [1, 1])
    }

    @Test("cancelAll wakes blocked readers, which compute the key themselves; the cancelled result is dropped")
    func cancelWakesBlockedReaders() throws {
        let loader = KeyValueLoader()
        let held = Gate(held: true)
        let slow = Self.key("k", slot: 2, keeps: true, gate: held, value: 1)
        loader.startLoading(slow)
        held.waitUntilEntered(1)
        // The readers' own computation (same key, another closure) is not held.
        let free = Gate(held: false)
        let (group, results) = Self.readers(3, loader, Self.key("k", slot: 2, keeps: true, gate: free, value: 7))
        Thread.sleep(forTimeInterval: 0.1)
        loader.cancelAll()
        #expect(group.wait(timeout: .now() + 10) == .success)
        #expect(results.all == [7, 7, 7])
        #expect(free.runCount == 1)
        held.release()
        Thread.sleep(forTimeInterval: 0.1)
        #expect(try loader.value(of: slow) as? Int == 7)
    }

    @Test("invalidateFinishedValues forgets loaded and failed keys; loads under way go on")
    func invalidation() throws {
        struct Failure: Error {}
        let loader = KeyValueLoader()
        let gate = Gate(held: false)
        let kept = Self.key("kept", slot: 5, keeps: true, gate: gate)
        let failing = LoadableKey(name: "failing", slot: 6, keepsValue: true) { throw Failure() }
        _ = try loader.value(of: kept)
        #expect(throws: Failure.self) { try loader.value(of: failing) }
        #expect(loader.status(of: failing).0 == .failed)
        loader.invalidateFinishedValues()
        #expect(loader.status(of: kept).0 == .unknown)
        #expect(loader.status(of: failing).0 == .unknown)
        _ = try loader.value(of: kept)
        #expect(gate.runCount == 2)

        let held = Gate(held: true)
        let loading = Self.key("loading", slot: 7, keeps: true, gate: held)
        loader.startLoading(loading)
        held.waitUntilEntered(1)
        loader.invalidateFinishedValues()
        #expect(loader.status(of: loading).0 == .loading)
        held.release()
        #expect(try loader.value(of: loading) as? Int == 42)
    }

    @Test("a key table gives each key a slot of its own, in name order, and says which keep their values")
    func table() throws {
        let table = LoadableKeyTable<Int>(recomputed: ["b": { $0 }, "d": { $0 }], kept: ["a": { $0 }, "c": { $0 }])
        let keys = ["a", "b", "c", "d"].compactMap { table.key($0) { 9 } }
        #expect(keys.map(\.slot) == [0, 1, 2, 3])
        #expect(keys.map(\.keepsValue) == [true, false, true, false])
        #expect(try keys[1].compute() as? Int == 9)
        #expect(table.key("e") { 9 } == nil)
    }
}
