import Foundation
import os
import Testing

/// A counter guarded the way iOS code guards state: an os_unfair_lock stored in the class, passed by `&`.
private final class Counter: @unchecked Sendable {
    private var lock = os_unfair_lock()
    private var value = 0

    func increment() {
        os_unfair_lock_lock(&lock)
        let seen = value
        if seen % 97 == 0 { sched_yield() }
        value = seen + 1
        os_unfair_lock_unlock(&lock)
    }

    var current: Int {
        os_unfair_lock_lock(&lock)
        defer { os_unfair_lock_unlock(&lock) }
        return value
    }
}

@Suite struct UnfairLockTests {
    @Test func excludesOtherThreads() {
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<5_000 { counter.increment() }
        }
        #expect(counter.current == 20_000)
    }

    @Test func allocatedPointerLock() {
        let lock = os_unfair_lock_t.allocate(capacity: 1)
        lock.initialize(to: os_unfair_lock())
        defer { lock.deallocate() }
        #expect(os_unfair_lock_trylock(lock))
        os_unfair_lock_assert_owner(lock)
        #expect(!os_unfair_lock_trylock(lock))
        os_unfair_lock_unlock(lock)
        os_unfair_lock_assert_not_owner(lock)
        #expect(lock.pointee._os_unfair_lock_opaque == 0)
    }

    @Test func trylockFailsWhileAnotherThreadHolds() {
        let lock = os_unfair_lock_t.allocate(capacity: 1)
        lock.initialize(to: os_unfair_lock())
        defer { lock.deallocate() }
        os_unfair_lock_lock(lock)
        let address = UInt(bitPattern: lock)
        let seen = OSAllocatedUnfairLock<Bool?>(initialState: nil)
        let thread = Thread {
            let acquired = os_unfair_lock_trylock(os_unfair_lock_t(bitPattern: address)!)
            seen.withLock { $0 = acquired }
        }
        thread.start()
        while seen.withLock({ $0 }) == nil { usleep(1_000) }
        #expect(seen.withLock { $0 } == false)
        os_unfair_lock_unlock(lock)
    }

    @Test func allocatedLockGuardsState() {
        let lock = OSAllocatedUnfairLock(initialState: [Int]())
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for step in 0..<1_000 {
                lock.withLock { $0.append(worker * 1_000 + step) }
            }
        }
        let values = lock.withLock { $0 }
        #expect(values.count == 4_000)
        #expect(Set(values).count == 4_000)
    }

    @Test func allocatedLockWithoutState() throws {
        let lock = OSAllocatedUnfairLock()
        lock.lock()
        lock.precondition(.owner)
        lock.unlock()
        lock.precondition(.notOwner)
        #expect(lock.lockIfAvailable())
        lock.unlock()
        #expect(lock.withLock { 7 } == 7)
        struct Failure: Error {}
        #expect(throws: Failure.self) { try lock.withLockUnchecked { throw Failure() } }
        // The lock was released by the throw.
        #expect(lock.lockIfAvailable())
        lock.unlock()
    }

    @Test func withLockIfAvailableSkipsWhenHeld() {
        let lock = OSAllocatedUnfairLock(initialState: 0)
        let ran: Int? = lock.withLockUnchecked { _ in lock.withLockIfAvailableUnchecked { $0 += 1; return $0 } }
        #expect(ran == nil)
        #expect(lock.withLockIfAvailable { $0 += 1; return $0 } == 1)
    }
}
