import CoreVideo
import Foundation
import Testing
@testable import AVFoundation

/// `newPixelBuffer()` at the pool's limit waits for a buffer to come back, woken by the pool's free-buffer
/// notification (it polled every 2 ms before), and `stop()` or its patience end the wait with `nil`.
@Suite("Render buffer pool")
struct RenderBufferPoolTests {
    /// 8192×8192 BGRA buffers (256 MiB each): `ReadingLimits.renderPoolBytes` allows two alive at once.
    static func pool(patience: Duration = .seconds(60)) throws -> RenderBufferPool {
        try RenderBufferPool(attributes: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA],
                             width: 8192, height: 8192, minimumLimit: 1, patience: patience)
    }

    final class Box: @unchecked Sendable {
        let lock = NSLock()
        var buffer: CVPixelBuffer?
        var answered = false
    }

    @Test("a request at the limit gets the buffer that comes back")
    func waitsForReturn() throws {
        let pool = try Self.pool()
        #expect(pool.limit == 2)
        var held = [pool.makeBuffer(), pool.makeBuffer()]
        #expect(held.allSatisfy { $0 != nil })
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let buffer = pool.makeBuffer()
            box.lock.withLock { box.buffer = buffer; box.answered = true }
            done.signal()
        }
        // The waiter cannot be answered while both buffers are alive (its patience is 60 s).
        #expect(done.wait(timeout: .now() + 0.3) == .timedOut)
        #expect(box.lock.withLock { !box.answered })
        held.removeLast()
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(box.lock.withLock { box.buffer != nil })
        _ = held
    }

    @Test("stop() ends a wait at once with nil; patience ends it too")
    func stopAndPatience() throws {
        let pool = try Self.pool()
        let held = [pool.makeBuffer(), pool.makeBuffer()]
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let buffer = pool.makeBuffer()
            box.lock.withLock { box.buffer = buffer; box.answered = true }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 0.2) == .timedOut)
        pool.stop()
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(box.lock.withLock { box.answered && box.buffer == nil })
        let impatient = try Self.pool(patience: .milliseconds(50))
        let full = [impatient.makeBuffer(), impatient.makeBuffer()]
        #expect(impatient.makeBuffer() == nil)
        _ = (held, full)
    }
}
