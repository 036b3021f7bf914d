import Foundation
@testable import ObjectiveC
import Testing

private final class Guarded: @unchecked Sendable {
    var value = 0
}

@Suite struct ObjCSyncTests {
    /// Apple's types: the functions return `Int32`, the constants are `Int` (an anonymous C enum).
    @Test func typesAreApples() {
        let object = NSObject()
        let result: Int32 = objc_sync_enter(object)
        let success: Int = OBJC_SYNC_SUCCESS
        #expect(Int(result) == success)
        #expect(objc_sync_exit(object) == OBJC_SYNC_SUCCESS)
    }

    @Test func enterAndExitSucceed() {
        let object = NSObject()
        #expect(objc_sync_enter(object) == OBJC_SYNC_SUCCESS)
        #expect(objc_sync_exit(object) == OBJC_SYNC_SUCCESS)
    }

    @Test func lockIsRecursive() {
        let object = Guarded()
        #expect(objc_sync_enter(object) == OBJC_SYNC_SUCCESS)
        #expect(objc_sync_enter(object) == OBJC_SYNC_SUCCESS)
        #expect(objc_sync_exit(object) == OBJC_SYNC_SUCCESS)
        #expect(objc_sync_exit(object) == OBJC_SYNC_SUCCESS)
        // A third exit has nothing left to release.
        #expect(objc_sync_exit(object) == OBJC_SYNC_NOT_OWNING_THREAD_ERROR)
    }

    @Test func exitWithoutEnterIsRefused() {
        #expect(objc_sync_exit(Guarded()) == OBJC_SYNC_NOT_OWNING_THREAD_ERROR)
    }

    @Test func exitFromAnotherThreadIsRefused() {
        let object = Guarded()
        objc_sync_enter(object)
        let result = Box()
        let thread = Thread { result.value = objc_sync_exit(object) }
        thread.start()
        result.waitUntilSet()
        #expect(result.value.map(Int.init) == OBJC_SYNC_NOT_OWNING_THREAD_ERROR)
        #expect(objc_sync_exit(object) == OBJC_SYNC_SUCCESS)
    }

    @Test func excludesOtherThreads() {
        let object = Guarded()
        let threads = 4, rounds = 2_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<rounds {
                objc_sync_enter(object)
                // A read-modify-write with a gap that would lose updates without the lock.
                let seen = object.value
                if seen % 97 == 0 { sched_yield() }
                object.value = seen + 1
                objc_sync_exit(object)
            }
        }
        #expect(object.value == threads * rounds)
    }

    @Test func deadObjectsLocksAreDropped() {
        let before = SyncTable.shared.count
        for _ in 0..<500 {
            let object = Guarded()
            objc_sync_enter(object)
            objc_sync_exit(object)
        }
        SyncTable.shared.sweep()
        // Other tests may hold a few live objects' locks at the same time; 500 dead ones must be gone.
        #expect(SyncTable.shared.count <= before + 8)
    }

    @Test func autoreleasepoolReturnsAndRethrows() throws {
        #expect(autoreleasepool { 42 } == 42)
        struct Failure: Error {}
        #expect(throws: Failure.self) { try autoreleasepool(invoking: { throw Failure() }) }
    }
}

/// A result handed from a thread to the test, set once.
private final class Box: @unchecked Sendable {
    private let condition = NSCondition()
    private var stored: Int32?

    var value: Int32? {
        get { condition.lock(); defer { condition.unlock() }; return stored }
        set { condition.lock(); stored = newValue; condition.broadcast(); condition.unlock() }
    }

    func waitUntilSet() {
        condition.lock()
        while stored == nil { condition.wait() }
        condition.unlock()
    }
}
