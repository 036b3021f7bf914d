import CoreFoundationShims
import Synchronization

/// A Core Video buffer: on Apple platforms the base type of image and pixel buffers. Here every `CVBuffer` is a
/// pixel buffer, because pixel buffers are the only Core Video buffers this platform can create.
///
/// Thread safety: the geometry, memory and creation attributes are immutable after `init`; attachments, lock
/// counts and the modification seed are guarded by `lock`.
// Safe because geometry and memory are immutable after `init`; `lock` guards attachments, lock counts and the seed.
public final class CVBuffer: @unchecked Sendable {
    /// One plane as stored: its visible size, row stride and first visible pixel.
    package struct PlaneRecord {
        let width: Int
        let height: Int
        let bytesPerRow: Int
        let baseAddress: UnsafeMutableRawPointer
    }

    /// An attachment value and whether it propagates.
    private struct Attachment {
        var value: Any
        var mode: CVAttachmentMode
    }

    /// The `kCVPixelFormatType_…` code.
    package let pixelFormat: OSType
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// The format's layout.
    package let layout: PixelFormatLayout
    /// The planes (one for chunky formats).
    package let planeRecords: [PlaneRecord]
    /// What `CVPixelBufferGetBaseAddress` returns.
    package let baseAddress: UnsafeMutableRawPointer?
    /// What `CVPixelBufferGetDataSize` returns.
    package let dataSize: Int
    /// Extended pixels on each side, in image pixels.
    package let extendedLeft: Int, extendedRight: Int, extendedTop: Int, extendedBottom: Int
    /// The attributes the buffer was created with, plus its format and size.
    package let creationAttributes: [String: Any]
    /// The memory; returned to `pool` when this buffer dies.
    package let storage: PixelStorage
    /// The pool this buffer came from, if any.
    package let pool: CVPixelBufferPool?

    /// Guards `attachments`, `readOnlyLockCount`, `readWriteLockCount` and `seed`.
    private let lock = Mutex(())
    private var attachments: [String: Attachment] = [:]
    private var readOnlyLockCount = 0
    private var readWriteLockCount = 0
    private var seed: UInt32 = 0

    package init(pixelFormat: OSType, width: Int, height: Int, layout: PixelFormatLayout, planes: [PlaneRecord],
                 baseAddress: UnsafeMutableRawPointer?, dataSize: Int,
                 extended: (left: Int, right: Int, top: Int, bottom: Int),
                 creationAttributes: [String: Any], storage: PixelStorage, pool: CVPixelBufferPool?) {
        self.pixelFormat = pixelFormat
        self.width = width
        self.height = height
        self.layout = layout
        self.planeRecords = planes
        self.baseAddress = baseAddress
        self.dataSize = dataSize
        (extendedLeft, extendedRight, extendedTop, extendedBottom) = extended
        self.creationAttributes = creationAttributes
        self.storage = storage
        self.pool = pool
    }

    /// A buffer over `storage` laid out by `geometry` (memory allocated by CoreVideo or a pool).
    package convenience init(geometry: PixelBufferGeometry, storage: PixelStorage, creationAttributes: [String: Any],
                             pool: CVPixelBufferPool?) {
        guard let start = storage.start, storage.byteCount >= geometry.allocationSize else {
            preconditionFailure("invariant: pixel storage is at least as large as its geometry")
        }
        let planes = geometry.planes.map { plane in
            PlaneRecord(width: plane.width, height: plane.height, bytesPerRow: plane.bytesPerRow,
                        baseAddress: start + plane.offset)
        }
        self.init(pixelFormat: geometry.layout.pixelFormat, width: geometry.width, height: geometry.height,
                  layout: geometry.layout, planes: planes, baseAddress: start + geometry.baseOffset,
                  dataSize: geometry.allocationSize,
                  extended: (geometry.extendedLeft, geometry.extendedRight, geometry.extendedTop,
                             geometry.extendedBottom),
                  creationAttributes: creationAttributes, storage: storage, pool: pool)
    }

    deinit {
        pool?.recycle(storage)
    }

    // MARK: Attachments

    /// Sets (or replaces) the attachment for `key`.
    package func setAttachment(_ key: String, _ value: Any, mode: CVAttachmentMode) {
        lock.withLock { _ in attachments[key] = Attachment(value: value, mode: mode) }
    }

    /// The attachment for `key` and its mode, if present.
    package func attachment(_ key: String) -> (value: Any, mode: CVAttachmentMode)? {
        lock.withLock { _ in attachments[key].map { ($0.value, $0.mode) } }
    }

    /// All attachments with `mode`.
    package func attachments(mode: CVAttachmentMode) -> [String: Any] {
        lock.withLock { _ in attachments.filter { $0.value.mode == mode }.mapValues(\.value) }
    }

    /// Removes the attachment for `key`.
    package func removeAttachment(_ key: String) {
        lock.withLock { _ in _ = attachments.removeValue(forKey: key) }
    }

    /// Removes every attachment.
    package func removeAllAttachments() {
        lock.withLock { _ in attachments.removeAll() }
    }

    // MARK: Base address locking

    /// Records a lock of the base address; `readOnly` locks promise not to modify the pixels.
    package func lockBaseAddress(readOnly: Bool) {
        lock.withLock { _ in
            if readOnly { readOnlyLockCount += 1 } else { readWriteLockCount += 1 }
        }
    }

    /// Balances an earlier lock with the same `readOnly` flag. Unlocking a read-write lock counts as a
    /// modification (the seed changes), as IOSurface-backed buffers do on Apple platforms.
    package func unlockBaseAddress(readOnly: Bool) throws(CVError) {
        let balanced = lock.withLock { _ -> Bool in
            if readOnly {
                guard readOnlyLockCount > 0 else { return false }
                readOnlyLockCount -= 1
            } else {
                guard readWriteLockCount > 0 else { return false }
                readWriteLockCount -= 1
                seed &+= 1
            }
            return true
        }
        guard balanced else {
            throw CVError(kCVReturnInvalidArgument, "unlocking a pixel buffer that has no matching "
                          + (readOnly ? "read-only" : "read-write") + " lock")
        }
    }

    /// The number of outstanding read-only and read-write locks.
    package var lockCounts: (readOnly: Int, readWrite: Int) {
        lock.withLock { _ in (readOnlyLockCount, readWriteLockCount) }
    }

    /// A number that changes every time a read-write lock is released: a cheap "was this buffer modified?" test
    /// for caches of converted frames.
    package var modificationSeed: UInt32 {
        lock.withLock { _ in seed }
    }

    // MARK: Geometry

    /// Every plane's geometry in one call: width, height, bytes per row and first visible pixel. Chunky formats
    /// have one plane. Valid for as long as the buffer lives.
    package var planes: [PixelBufferPlane] {
        planeRecords.map { PixelBufferPlane(width: $0.width, height: $0.height, bytesPerRow: $0.bytesPerRow,
                                            baseAddress: $0.baseAddress) }
    }
}

/// One plane of a pixel buffer, for the package's codecs and converters.
package struct PixelBufferPlane {
    /// Visible width in plane pixels (chroma planes of 4:2:0 are half the image width, rounded up).
    package let width: Int
    /// Visible height in plane rows.
    package let height: Int
    /// Bytes from one row's start to the next.
    package let bytesPerRow: Int
    /// The first visible pixel.
    package let baseAddress: UnsafeMutableRawPointer
}

/// An image buffer: on Apple platforms a `CVBuffer` holding an image. The same type here.
public typealias CVImageBuffer = CVBuffer

/// A pixel buffer: an image buffer whose pixels are in main memory. The same type here.
public typealias CVPixelBuffer = CVImageBuffer

/// Whether an attachment is copied along when a buffer's attachments are propagated (CVBuffer.h).
public enum CVAttachmentMode: UInt32, Sendable {
    /// The attachment stays with this buffer.
    case shouldNotPropagate = 0
    /// The attachment is copied by `CVBufferPropagateAttachments` (and into format descriptions).
    case shouldPropagate = 1
}

extension CVBuffer: Hashable {
    /// Buffers are equal only to themselves, as Core Foundation compares Core Video buffers.
    public static func == (lhs: CVBuffer, rhs: CVBuffer) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
