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

    /// A request made on a thread of its own: its answer, once there is one. (Thread safety: `lock` guards both.)
    final class Waiter: @unchecked Sendable {
        let lock = NSLock()
        var buffer: CVPixelBuffer?
        var answered = false
        let done = DispatchSemaphore(value: 0)

        init(asking pool: RenderBufferPool) {
            Thread.detachNewThread { [self] in
                let buffer = pool.makeBuffer()
                lock.withLock { self.buffer = buffer; answered = true }
                done.signal()
            }
        }
    }

    @Test("a request at the limit gets the buffer that comes back")
    func waitsForReturn() throws {
        let pool = try Self.pool()
        #expect(pool.limit == 2)
        var held = [pool.makeBuffer(), pool.makeBuffer()]
        #expect(held.allSatisfy { $0 != nil })
        let waiter = Waiter(asking: pool)
        // The waiter cannot be answered while both buffers are alive (its patience is 60 s).
        #expect(waiter.done.wait(timeout: .now() + 0.3) == .timedOut)
        #expect(waiter.lock.withLock { !waiter.answered })
        held.removeLast()
        #expect(waiter.done.wait(timeout: .now() + 60) == .success)
        #expect(waiter.lock.withLock { waiter.buffer != nil })
        _ = held
    }

    @Test("stop() ends a wait at once with nil; patience ends it too")
    func stopAndPatience() throws {
        let pool = try Self.pool()
        let held = [pool.makeBuffer(), pool.makeBuffer()]
        let waiter = Waiter(asking: pool)
        #expect(waiter.done.wait(timeout: .now() + 0.2) == .timedOut)
        pool.stop()
        #expect(waiter.done.wait(timeout: .now() + 60) == .success)
        #expect(waiter.lock.withLock { waiter.answered && waiter.buffer == nil })
        let impatient = try Self.pool(patience: .milliseconds(50))
        let full = [impatient.makeBuffer(), impatient.makeBuffer()]
        #expect(impatient.makeBuffer() == nil)
        _ = (held, full)
    }
}
