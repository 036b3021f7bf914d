import CoreVideo
import Foundation
import Testing

@Suite("Pixel buffer pools")
struct PixelBufferPoolTests {
    static var attributes: [String: Any] { [
        kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange,
        kCVPixelBufferWidthKey as String: 64,
        kCVPixelBufferHeightKey as String: Int32(36),
    ] }

    func makePool(_ poolAttributes: [String: Any] = [:]) throws -> CVPixelBufferPool {
        var pool: CVPixelBufferPool?
        #expect(CVPixelBufferPoolCreate(nil, poolAttributes as CFDictionary, Self.attributes as CFDictionary, &pool)
            == kCVReturnSuccess)
        return try #require(pool)
    }

    @Test("a released buffer's memory comes back for the next buffer, with fresh attachments")
    func recycling() throws {
        let pool = try makePool()
        var buffer: CVPixelBuffer?
        let address: UnsafeMutableRawPointer? = try {
            var created: CVPixelBuffer?
            #expect(CVPixelBufferPoolCreatePixelBuffer(nil, pool, &created) == kCVReturnSuccess)
            let first = try #require(created)
            #expect(first.pool === pool, "buffers know their pool")
            CVBufferSetAttachment(first, "Old", true, .shouldPropagate)
            #expect(CVPixelBufferGetWidth(first) == 64 && CVPixelBufferGetHeightOfPlane(first, 1) == 18)
            #expect(pool.outstandingBufferCount == 1 && pool.freeBufferCount == 0)
            return CVPixelBufferGetBaseAddressOfPlane(first, 0)
        }()
        // The only references died with the closure.
        #expect(pool.outstandingBufferCount == 0 && pool.freeBufferCount == 1)

        #expect(CVPixelBufferPoolCreatePixelBuffer(nil, pool, &buffer) == kCVReturnSuccess)
        let second = try #require(buffer)
        #expect(CVPixelBufferGetBaseAddressOfPlane(second, 0) == address, "the same memory came back")
        #expect(!CVBufferHasAttachment(second, "Old"), "attachments belong to the buffer, not the memory")
        #expect(pool.freeBufferCount == 0)
    }

    @Test("two live buffers never share memory")
    func distinctWhileAlive() throws {
        let pool = try makePool()
        var a: CVPixelBuffer?, b: CVPixelBuffer?
        CVPixelBufferPoolCreatePixelBuffer(nil, pool, &a)
        CVPixelBufferPoolCreatePixelBuffer(nil, pool, &b)
        let first = try #require(a), second = try #require(b)
        #expect(CVPixelBufferGetBaseAddress(first) != CVPixelBufferGetBaseAddress(second))
        #expect(first != second && first == first && Set([first, second, first]).count == 2, "identity equality")
        #expect(pool.outstandingBufferCount == 2)
    }

    @Test("the minimum buffer count is allocated up front and kept through flushes")
    func minimumCount() throws {
        let pool = try makePool([kCVPixelBufferPoolMinimumBufferCountKey as String: 3])
        #expect(pool.freeBufferCount == 3)
        CVPixelBufferPoolFlush(pool, .excessBuffers)
        #expect(pool.freeBufferCount == 3, "the minimum is not excess")
        let attributes = try #require(CVPixelBufferPoolGetAttributes(pool))
        #expect(attributes[kCVPixelBufferPoolMinimumBufferCountKey] as? Int == 3)
        #expect(attributes[kCVPixelBufferPoolMaximumBufferAgeKey] as? Double == 1.0, "Apple's default age")
        let bufferAttributes = try #require(CVPixelBufferPoolGetPixelBufferAttributes(pool))
        #expect(bufferAttributes[kCVPixelBufferHeightKey] as? Int == 36)
    }

    @Test("the allocation threshold refuses new memory, then a released buffer satisfies the next request")
    func allocationThreshold() throws {
        let pool = try makePool()
        let aux = [kCVPixelBufferPoolAllocationThresholdKey as String: 2] as CFDictionary
        var a: CVPixelBuffer?, b: CVPixelBuffer?, c: CVPixelBuffer?
        #expect(CVPixelBufferPoolCreatePixelBufferWithAuxAttributes(nil, pool, aux, &a) == kCVReturnSuccess)
        #expect(CVPixelBufferPoolCreatePixelBufferWithAuxAttributes(nil, pool, aux, &b) == kCVReturnSuccess)
        #expect(CVPixelBufferPoolCreatePixelBufferWithAuxAttributes(nil, pool, aux, &c)
            == kCVReturnWouldExceedAllocationThreshold)
        #expect(c == nil)

        let notified = NotificationCounter(pool: pool)
        a = nil
        #expect(notified.count == 1, "the free-buffer notification follows a refused allocation")
        #expect(CVPixelBufferPoolCreatePixelBufferWithAuxAttributes(nil, pool, aux, &c) == kCVReturnSuccess)
        #expect(CVPixelBufferPoolCreatePixelBuffer(nil, pool, &a) == kCVReturnSuccess, "no threshold without aux")
        withExtendedLifetime((b, c)) {}
    }

    @Test("flushing with .excessBuffers frees every unused buffer")
    func flush() throws {
        let pool = try makePool()
        var buffers: [CVPixelBuffer] = []
        for _ in 0..<4 {
            var buffer: CVPixelBuffer?
            CVPixelBufferPoolCreatePixelBuffer(nil, pool, &buffer)
            buffers.append(try #require(buffer))
        }
        buffers.removeAll()
        #expect(pool.freeBufferCount == 4)
        CVPixelBufferPoolFlush(pool, [])
        #expect(pool.freeBufferCount == 4, "a plain flush frees only buffers past their maximum age")
        CVPixelBufferPoolFlush(pool, .excessBuffers)
        #expect(pool.freeBufferCount == 0)
    }

    @Test("unused buffers past the maximum age are freed when the pool is next used")
    func maximumAge() throws {
        let pool = try makePool([kCVPixelBufferPoolMaximumBufferAgeKey as String: 0.001])
        var buffer: CVPixelBuffer?
        CVPixelBufferPoolCreatePixelBuffer(nil, pool, &buffer)
        buffer = nil
        #expect(pool.freeBufferCount == 1)
        Thread.sleep(forTimeInterval: 0.02)
        CVPixelBufferPoolFlush(pool, [])
        #expect(pool.freeBufferCount == 0)
    }

    @Test("the free list is bounded however many buffers come back at once")
    func boundedFreeList() throws {
        let pool = try makePool([kCVPixelBufferPoolMaximumBufferAgeKey as String: 0])
        var buffers: [CVPixelBuffer] = []
        for _ in 0..<40 {
            var buffer: CVPixelBuffer?
            CVPixelBufferPoolCreatePixelBuffer(nil, pool, &buffer)
            buffers.append(try #require(buffer))
        }
        #expect(pool.outstandingBufferCount == 40)
        buffers.removeAll()
        #expect(pool.outstandingBufferCount == 0)
        #expect(pool.freeBufferCount == 16, "Limits.maximumFreeBuffersPerPool")
    }

    @Test("pools share buffers across threads without losing count")
    func concurrentPool() throws {
        let pool = try makePool()
        DispatchQueue.concurrentPerform(iterations: 200) { _ in
            var buffer: CVPixelBuffer?
            CVPixelBufferPoolCreatePixelBuffer(nil, pool, &buffer)
            if let buffer { CVBufferSetAttachment(buffer, "k", 1, .shouldPropagate) }
        }
        #expect(pool.outstandingBufferCount == 0)
        #expect(pool.freeBufferCount >= 1 && pool.freeBufferCount <= 16)
    }

    @Test("pool attributes are validated; the pixel format may be a preference list")
    func poolAttributes() throws {
        var pool: CVPixelBufferPool?
        #expect(CVPixelBufferPoolCreate(nil, nil, [kCVPixelBufferWidthKey as String: 4] as CFDictionary, &pool)
            == kCVReturnInvalidPixelBufferAttributes)
        #expect(CVPixelBufferPoolCreate(nil, [kCVPixelBufferPoolMinimumBufferCountKey as String: -1] as CFDictionary,
                                        Self.attributes as CFDictionary, &pool) == kCVReturnInvalidPoolAttributes)
        var attributes = Self.attributes
        attributes[kCVPixelBufferPixelFormatTypeKey as String] = [kCVPixelFormatType_422YpCbCr10, kCVPixelFormatType_32BGRA]
        #expect(CVPixelBufferPoolCreate(nil, nil, attributes as CFDictionary, &pool) == kCVReturnSuccess)
        var buffer: CVPixelBuffer?
        CVPixelBufferPoolCreatePixelBuffer(nil, try #require(pool), &buffer)
        #expect(buffer.map(CVPixelBufferGetPixelFormatType) == kCVPixelFormatType_32BGRA)
        attributes[kCVPixelBufferPixelFormatTypeKey as String] = kCVPixelFormatType_422YpCbCr10
        #expect(CVPixelBufferPoolCreate(nil, nil, attributes as CFDictionary, &pool) == kCVReturnInvalidPixelFormat)
    }
}

/// Counts `kCVPixelBufferPoolFreeBufferNotification`s for one pool.
final class NotificationCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var received = 0
    private var observer: NSObjectProtocol?

    init(pool: CVPixelBufferPool) {
        observer = NotificationCenter.default.addObserver(
            forName: Notification.Name(kCVPixelBufferPoolFreeBufferNotification as String), object: pool, queue: nil
        ) { [weak self] _ in
            self?.lock.withLock { self?.received += 1 }
        }
    }

    var count: Int { lock.withLock { received } }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }
}
