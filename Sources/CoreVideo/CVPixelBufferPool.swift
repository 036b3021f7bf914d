import CoreFoundationShims
import Synchronization

// Pixel buffer pools (CVPixelBufferPool.h): buffers of one format and size whose memory is recycled.

/// Pool attribute: how many buffers the pool allocates up front and keeps however long they sit unused.
nonisolated(unsafe) public let kCVPixelBufferPoolMinimumBufferCountKey: CFString = "MinimumBufferCount"

/// Pool attribute: seconds an unused buffer may wait on the free list before it is freed (default 1; 0 means no
/// age limit, though the free list stays bounded by count).
nonisolated(unsafe) public let kCVPixelBufferPoolMaximumBufferAgeKey: CFString = "MaximumBufferAge"

/// Auxiliary attribute for `CVPixelBufferPoolCreatePixelBufferWithAuxAttributes`: allocate no new buffer once
/// this many are in use; the call returns `kCVReturnWouldExceedAllocationThreshold` instead.
nonisolated(unsafe) public let kCVPixelBufferPoolAllocationThresholdKey: CFString = "BufferPoolAllocationThreshold"

/// Posted (with the pool as object) when a buffer returns to a pool after an allocation was refused for
/// exceeding its threshold.
nonisolated(unsafe) public let kCVPixelBufferPoolFreeBufferNotification: CFString = "BufferPoolFreeBufferNotification"

/// Options for `CVPixelBufferPoolFlush`.
public struct CVPixelBufferPoolFlushFlags: OptionSet, Sendable {
    public let rawValue: CVOptionFlags

    public init(rawValue: CVOptionFlags) { self.rawValue = rawValue }

    /// Free every unused buffer, whatever its age (the pool still keeps its minimum buffer count).
    public static let excessBuffers = CVPixelBufferPoolFlushFlags(rawValue: 1)
}

/// A pool of pixel buffers of one format and size whose memory is reused.
///
/// When a buffer from the pool loses its last reference, its memory (not the `CVBuffer`, which carries
/// attachments and lock state) goes back on the pool's free list; the next request takes the most recently
/// returned memory. The free list is bounded by count (`Limits.maximumFreeBuffersPerPool` beyond the minimum)
/// and by age (`kCVPixelBufferPoolMaximumBufferAgeKey`, checked whenever the pool is used or flushed), so idle
/// memory stays bounded. Buffers keep their pool alive.
///
/// Thread safety: configuration is immutable after `init`; the free list and counts are guarded by `lock`.
// Safe because configuration is immutable after `init`; `lock` guards the free list and counts.
public final class CVPixelBufferPool: @unchecked Sendable {
    /// The layout every buffer of this pool has.
    package let geometry: PixelBufferGeometry
    /// The pool attributes as given, with the minimum count and maximum age actually used.
    package let poolAttributes: [String: Any]
    /// The pixel buffer attributes as given, with the resolved format and size.
    package let pixelBufferAttributes: [String: Any]
    /// Buffers allocated up front and never aged out.
    package let minimumBufferCount: Int
    /// Seconds a free buffer may wait before it is freed; 0 means no age limit.
    package let maximumBufferAge: Double
    /// Whether memory coming back beyond the minimum buffer count is freed at once instead of waiting on the free
    /// list (the Swift overlay's `Configuration(ageOutDuration: 0)`).
    package let freesReturnedBuffers: Bool

    private struct FreeBuffer {
        let storage: PixelStorage
        let returned: ContinuousClock.Instant
    }

    /// Guards `freeList`, `outstandingCount` and `thresholdWasHit`.
    private let lock = Mutex(())
    private var freeList: [FreeBuffer] = []
    private var outstandingCount = 0
    private var thresholdWasHit = false

    /// A pool configured by the two dictionaries, with its minimum buffers allocated.
    package init(poolAttributes: [String: Any], pixelBufferAttributes: [String: Any], freesReturnedBuffers: Bool = false)
        throws(CVError) {
        self.freesReturnedBuffers = freesReturnedBuffers
        var minimum = 0
        if let raw = poolAttributes[kCVPixelBufferPoolMinimumBufferCountKey as String] {
            guard let value = AttributeValue.int(raw), (0...Limits.maximumPoolMinimumBufferCount).contains(value) else {
                throw CVError(kCVReturnInvalidPoolAttributes, "\(kCVPixelBufferPoolMinimumBufferCountKey) must be "
                              + "an integer in 0...\(Limits.maximumPoolMinimumBufferCount), got \(raw)")
            }
            minimum = value
        }
        var age = Limits.defaultMaximumBufferAge
        if let raw = poolAttributes[kCVPixelBufferPoolMaximumBufferAgeKey as String] {
            guard let value = AttributeValue.double(raw), value.isFinite, value >= 0 else {
                throw CVError(kCVReturnInvalidPoolAttributes, "\(kCVPixelBufferPoolMaximumBufferAgeKey) must be a "
                              + "non-negative number of seconds, got \(raw)")
            }
            age = value
        }
        minimumBufferCount = minimum
        maximumBufferAge = age
        var resolvedPool = poolAttributes
        resolvedPool[kCVPixelBufferPoolMinimumBufferCountKey as String] = minimum
        resolvedPool[kCVPixelBufferPoolMaximumBufferAgeKey as String] = age
        self.poolAttributes = resolvedPool

        let format = try Self.pixelFormat(pixelBufferAttributes)
        guard let layout = PixelFormatLayout.layout(for: format) else {
            throw CVError(kCVReturnInvalidPixelFormat, "pixel format \(fourCharacterString(format)) cannot be "
                          + "allocated here")
        }
        let width = try Self.dimension(pixelBufferAttributes, kCVPixelBufferWidthKey as String)
        let height = try Self.dimension(pixelBufferAttributes, kCVPixelBufferHeightKey as String)
        let options = try PixelBufferLayoutOptions(attributes: pixelBufferAttributes)
        for key in [kCVBufferPropagatedAttachmentsKey, kCVBufferNonPropagatedAttachmentsKey] {
            if let raw = pixelBufferAttributes[key as String], AttributeValue.dictionary(raw) == nil {
                throw CVError(kCVReturnInvalidPixelBufferAttributes, "\(key) must be a dictionary, got \(raw)")
            }
        }
        geometry = try PixelBufferGeometry(layout: layout, width: width, height: height, options: options)
        self.pixelBufferAttributes = CVBuffer.resolvedAttributes(pixelBufferAttributes, geometry: geometry)

        let now = ContinuousClock.now
        for _ in 0..<minimum {
            freeList.append(FreeBuffer(storage: try makeStorage(), returned: now))
        }
    }

    /// A buffer from the free list, or newly allocated. With an `allocationThreshold`, refuses to allocate a new
    /// buffer while that many are in use (`kCVReturnWouldExceedAllocationThreshold`).
    package func makePixelBuffer(allocationThreshold: Int? = nil) throws(CVError) -> CVBuffer {
        let now = ContinuousClock.now
        let (reused, expired): (PixelStorage?, [FreeBuffer]) = try lock.withLock { (_: inout Void) throws(CVError) in
            let expired = removeExpired(now: now)
            if let free = freeList.popLast() {
                outstandingCount += 1
                return (free.storage, expired)
            }
            if let allocationThreshold, outstandingCount >= allocationThreshold {
                thresholdWasHit = true
                throw CVError(kCVReturnWouldExceedAllocationThreshold, "\(outstandingCount) buffers are in use and "
                              + "the allocation threshold is \(allocationThreshold)")
            }
            outstandingCount += 1  // reserved; allocated below, outside the lock
            return (nil, expired)
        }
        _ = expired  // freed here, outside the lock
        let storage: PixelStorage
        if let reused {
            storage = reused
        } else {
            do {
                storage = try makeStorage()
            } catch {
                lock.withLock { _ in outstandingCount -= 1 }
                throw CVError(kCVReturnPoolAllocationFailed, error.message)
            }
        }
        let buffer = CVBuffer(geometry: geometry, storage: storage, creationAttributes: pixelBufferAttributes,
                              pool: self)
        try buffer.applyInitialAttachments(pixelBufferAttributes)
        return buffer
    }

    /// Takes back the memory of a buffer of this pool whose last reference went away.
    package func recycle(_ storage: PixelStorage) {
        let now = ContinuousClock.now
        let (notify, dropped): (Bool, [FreeBuffer]) = lock.withLock { _ in
            outstandingCount -= 1
            var dropped = removeExpired(now: now)
            let entry = FreeBuffer(storage: storage, returned: now)
            let keep = freesReturnedBuffers
                ? freeList.count + outstandingCount < minimumBufferCount
                : freeList.count < max(minimumBufferCount, Limits.maximumFreeBuffersPerPool)
            if keep {
                freeList.append(entry)
            } else {
                dropped.append(entry)
            }
            let notify = thresholdWasHit
            thresholdWasHit = false
            return (notify, dropped)
        }
        _ = dropped  // freed here, outside the lock
        if notify {
            NotificationCenter.default.post(name: Notification.Name(kCVPixelBufferPoolFreeBufferNotification as String),
                                            object: self)
        }
    }

    /// Frees unused buffers: all of them with `.excessBuffers`, otherwise those older than the maximum age.
    /// Either way the pool keeps its minimum buffer count.
    package func flush(_ options: CVPixelBufferPoolFlushFlags) {
        let now = ContinuousClock.now
        let dropped: [FreeBuffer] = lock.withLock { _ in
            if options.contains(.excessBuffers) {
                let keep = max(0, min(freeList.count, minimumBufferCount - outstandingCount))
                let dropped = Array(freeList.dropLast(keep))
                freeList.removeFirst(freeList.count - keep)
                return dropped
            }
            return removeExpired(now: now)
        }
        _ = dropped
    }

    /// Unused buffers waiting on the free list.
    package var freeBufferCount: Int { lock.withLock { _ in freeList.count } }

    /// Buffers handed out and still alive.
    package var outstandingBufferCount: Int { lock.withLock { _ in outstandingCount } }

    /// Removes free buffers older than the maximum age, oldest first, while the pool holds more than its
    /// minimum count. Call with `lock` held; let the result go after unlocking.
    private func removeExpired(now: ContinuousClock.Instant) -> [FreeBuffer] {
        guard maximumBufferAge > 0 else { return [] }
        let limit = Duration.seconds(maximumBufferAge)
        var removed: [FreeBuffer] = []
        // The free list is in return order, so expired buffers are at its front.
        while let oldest = freeList.first, now - oldest.returned > limit,
              freeList.count + outstandingCount > minimumBufferCount {
            removed.append(freeList.removeFirst())
        }
        return removed
    }

    private func makeStorage() throws(CVError) -> PixelStorage {
        let storage = try PixelStorage.allocate(byteCount: geometry.allocationSize,
                                                alignment: geometry.allocationAlignment)
        if let start = storage.start { geometry.writePlanarHeader(into: start) }
        return storage
    }

    private static func pixelFormat(_ attributes: [String: Any]) throws(CVError) -> OSType {
        guard let raw = attributes[kCVPixelBufferPixelFormatTypeKey as String] else {
            throw CVError(kCVReturnInvalidPixelBufferAttributes, "a pool needs \(kCVPixelBufferPixelFormatTypeKey)")
        }
        if let single = AttributeValue.osType(raw) { return single }
        // An array lists acceptable formats in order of preference; use the first that can be allocated.
        if let list = raw as? [Any] {
            let formats = list.compactMap(AttributeValue.osType)
            if let first = formats.first(where: { PixelFormatLayout.layout(for: $0) != nil }) ?? formats.first {
                return first
            }
        }
        throw CVError(kCVReturnInvalidPixelBufferAttributes, "\(kCVPixelBufferPixelFormatTypeKey) must be a pixel "
                      + "format code or an array of them, got \(raw)")
    }

    private static func dimension(_ attributes: [String: Any], _ key: String) throws(CVError) -> Int {
        guard let raw = attributes[key], let value = AttributeValue.int(raw) else {
            throw CVError(kCVReturnInvalidPixelBufferAttributes,
                          "a pool needs an integer \(key), got \(attributes[key].map { "\($0)" } ?? "nothing")")
        }
        return value
    }
}

/// Creates a pool that makes buffers as `pixelBufferAttributes` describe (pixel format, width and height are
/// required) and recycles their memory as `poolAttributes` says.
@discardableResult
public func CVPixelBufferPoolCreate(_ allocator: CFAllocator?, _ poolAttributes: CFDictionary?,
                                    _ pixelBufferAttributes: CFDictionary?,
                                    _ poolOut: UnsafeMutablePointer<CVPixelBufferPool?>) -> CVReturn {
    do {
        poolOut.pointee = try CVPixelBufferPool(poolAttributes: AttributeValue.normalized(poolAttributes),
                                                pixelBufferAttributes: AttributeValue.normalized(pixelBufferAttributes))
        return kCVReturnSuccess
    } catch {
        poolOut.pointee = nil
        return error.status
    }
}

/// A buffer from the pool: recycled memory when any is free, new memory otherwise.
@discardableResult
public func CVPixelBufferPoolCreatePixelBuffer(_ allocator: CFAllocator?, _ pixelBufferPool: CVPixelBufferPool,
                                               _ pixelBufferOut: UnsafeMutablePointer<CVPixelBuffer?>) -> CVReturn {
    report(pixelBufferOut) { () throws(CVError) in try pixelBufferPool.makePixelBuffer() }
}

/// A buffer from the pool, honouring `kCVPixelBufferPoolAllocationThresholdKey` in `auxAttributes`.
@discardableResult
public func CVPixelBufferPoolCreatePixelBufferWithAuxAttributes(_ allocator: CFAllocator?,
                                                                _ pixelBufferPool: CVPixelBufferPool,
                                                                _ auxAttributes: CFDictionary?,
                                                                _ pixelBufferOut: UnsafeMutablePointer<CVPixelBuffer?>)
    -> CVReturn {
    report(pixelBufferOut) { () throws(CVError) in
        let aux = AttributeValue.normalized(auxAttributes)
        var threshold: Int?
        if let raw = aux[kCVPixelBufferPoolAllocationThresholdKey as String] {
            guard let value = AttributeValue.int(raw), value >= 0 else {
                throw CVError(kCVReturnInvalidArgument, "\(kCVPixelBufferPoolAllocationThresholdKey) must be a "
                              + "non-negative integer, got \(raw)")
            }
            threshold = value
        }
        return try pixelBufferPool.makePixelBuffer(allocationThreshold: threshold)
    }
}

/// The pool's attributes, with the minimum buffer count and maximum buffer age it uses.
public func CVPixelBufferPoolGetAttributes(_ pool: CVPixelBufferPool) -> CFDictionary? {
    var result: [String: Any] = [:]
    for (key, value) in pool.poolAttributes { result[key] = value }
    return result as CFDictionary
}

/// The attributes of the pool's buffers, with the resolved pixel format, width and height.
public func CVPixelBufferPoolGetPixelBufferAttributes(_ pool: CVPixelBufferPool) -> CFDictionary? {
    var result: [String: Any] = [:]
    for (key, value) in pool.pixelBufferAttributes { result[key] = value }
    return result as CFDictionary
}

/// Frees unused buffers: all of them with `.excessBuffers`, otherwise those past the maximum buffer age.
public func CVPixelBufferPoolFlush(_ pool: CVPixelBufferPool, _ options: CVPixelBufferPoolFlushFlags) {
    pool.flush(options)
}

extension CVPixelBufferPool: Hashable {
    /// Pools are equal only to themselves, as Core Foundation compares them.
    public static func == (lhs: CVPixelBufferPool, rhs: CVPixelBufferPool) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
