import CoreVideo
import Foundation
import Synchronization
import Testing

/// Counts release callbacks. C callbacks cannot capture, so they find this through their refCon.
final class ReleaseCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [(refCon: UnsafeMutableRawPointer?, data: UnsafeRawPointer?, size: Int, planes: [UnsafeRawPointer?])] = []

    func record(_ refCon: UnsafeMutableRawPointer?, _ data: UnsafeRawPointer?, _ size: Int,
                _ planes: [UnsafeRawPointer?]) {
        lock.withLock { calls.append((refCon, data, size, planes)) }
    }

    var count: Int { lock.withLock { calls.count } }
    var last: (refCon: UnsafeMutableRawPointer?, data: UnsafeRawPointer?, size: Int, planes: [UnsafeRawPointer?])? {
        lock.withLock { calls.last }
    }
}

@Suite("Locking, caller memory and attachments")
struct PixelBufferMemoryTests {
    @Test("checkBuffers' pixel-buffer half, exactly as the compat sample writes it")
    func compatSample() throws {
        var pixelBuffer: CVPixelBuffer?
        let status = CVPixelBufferCreate(kCFAllocatorDefault, 64, 48, kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange,
                                         nil, &pixelBuffer)
        #expect(status == kCVReturnSuccess)
        guard let pixelBuffer else { throw CancellationError() }
        #expect(CVPixelBufferIsPlanar(pixelBuffer) && CVPixelBufferGetPlaneCount(pixelBuffer) == 2)
        #expect(CVPixelBufferGetWidthOfPlane(pixelBuffer, 1) == 32 && CVPixelBufferGetHeightOfPlane(pixelBuffer, 1) == 24)
        CVPixelBufferLockBaseAddress(pixelBuffer, [])
        let luma = CVPixelBufferGetBaseAddressOfPlane(pixelBuffer, 0)!.assumingMemoryBound(to: UInt8.self)
        let lumaStride = CVPixelBufferGetBytesPerRowOfPlane(pixelBuffer, 0)
        #expect(lumaStride >= 64)
        for row in 0..<48 { for column in 0..<64 { luma[row * lumaStride + column] = UInt8(16 + (row + column) % 200) } }
        CVPixelBufferUnlockBaseAddress(pixelBuffer, [])
        #expect(luma[47 * lumaStride + 63] == UInt8(16 + 110))
    }

    @Test("locks balance per flag; read-only unlocks leave the modification seed alone")
    func locking() throws {
        var buffer: CVPixelBuffer?
        CVPixelBufferCreate(nil, 8, 8, kCVPixelFormatType_32BGRA, nil, &buffer)
        let pixelBuffer = try #require(buffer)
        #expect(CVPixelBufferUnlockBaseAddress(pixelBuffer, []) == kCVReturnInvalidArgument, "nothing to unlock")

        let seed = pixelBuffer.modificationSeed
        #expect(CVPixelBufferLockBaseAddress(pixelBuffer, .readOnly) == kCVReturnSuccess)
        #expect(CVPixelBufferLockBaseAddress(pixelBuffer, .readOnly) == kCVReturnSuccess)
        #expect(pixelBuffer.lockCounts == (2, 0))
        #expect(CVPixelBufferUnlockBaseAddress(pixelBuffer, []) == kCVReturnInvalidArgument,
                "a read-write unlock does not balance a read-only lock")
        #expect(CVPixelBufferUnlockBaseAddress(pixelBuffer, .readOnly) == kCVReturnSuccess)
        #expect(CVPixelBufferUnlockBaseAddress(pixelBuffer, .readOnly) == kCVReturnSuccess)
        #expect(pixelBuffer.modificationSeed == seed, "read-only locks do not modify")

        #expect(CVPixelBufferLockBaseAddress(pixelBuffer, []) == kCVReturnSuccess)
        #expect(pixelBuffer.lockCounts == (0, 1))
        #expect(CVPixelBufferUnlockBaseAddress(pixelBuffer, .readOnly) == kCVReturnInvalidArgument)
        #expect(CVPixelBufferUnlockBaseAddress(pixelBuffer, []) == kCVReturnSuccess)
        #expect(pixelBuffer.modificationSeed != seed, "a read-write unlock counts as a modification")
        #expect(pixelBuffer.lockCounts == (0, 0))
        #expect(CVPixelBufferLockBaseAddress(pixelBuffer, CVPixelBufferLockFlags(rawValue: 4)) == kCVReturnInvalidArgument)
    }

    @Test("CVPixelBufferCreateWithBytes wraps caller memory and releases it exactly once")
    func createWithBytes() throws {
        let counter = ReleaseCounter()
        let refCon = Unmanaged.passRetained(counter).toOpaque()
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 128 * 10, alignment: 64)
        defer { memory.deallocate() }
        let callback: CVPixelBufferReleaseBytesCallback = { refCon, base in
            Unmanaged<ReleaseCounter>.fromOpaque(refCon!).takeUnretainedValue().record(refCon, base, 0, [])
        }
        do {
            var buffer: CVPixelBuffer?
            #expect(CVPixelBufferCreateWithBytes(nil, 30, 10, kCVPixelFormatType_32BGRA, memory, 128, callback,
                                                 refCon, nil, &buffer) == kCVReturnSuccess)
            let pixelBuffer = try #require(buffer)
            #expect(CVPixelBufferGetBaseAddress(pixelBuffer) == memory)
            #expect(CVPixelBufferGetBytesPerRow(pixelBuffer) == 128)
            #expect(CVPixelBufferGetDataSize(pixelBuffer) == 1280)
            let copy = pixelBuffer  // a second reference does not release
            _ = copy
            #expect(counter.count == 0, "still in use")
            buffer = nil
        }
        #expect(counter.count == 1, "released once when the last reference went away")
        #expect(counter.last?.refCon == refCon && counter.last?.data == UnsafeRawPointer(memory))

        // Failures do not call the callback: the caller still owns the memory.
        var failed: CVPixelBuffer?
        #expect(CVPixelBufferCreateWithBytes(nil, 30, 10, kCVPixelFormatType_32BGRA, memory, 64, callback, refCon,
                                             nil, &failed) == kCVReturnInvalidArgument, "64 bytes cannot hold 30 BGRA pixels")
        #expect(CVPixelBufferCreateWithBytes(nil, 30, 10, kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, memory, 128,
                                             callback, refCon, nil, &failed) == kCVReturnInvalidPixelFormat)
        #expect(failed == nil && counter.count == 1)
        Unmanaged<ReleaseCounter>.fromOpaque(refCon).release()
    }

    @Test("CVPixelBufferCreateWithPlanarBytes reports the caller's planes and hands them back on release")
    func createWithPlanarBytes() throws {
        let counter = ReleaseCounter()
        let refCon = Unmanaged.passRetained(counter).toOpaque()
        defer { Unmanaged<ReleaseCounter>.fromOpaque(refCon).release() }
        let block = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 64)
        defer { block.deallocate() }
        var planeBases: [UnsafeMutableRawPointer?] = [block + 64, block + 64 + 48 * 9 + 16]
        var planeWidths = [35, 18]
        var planeHeights = [9, 5]
        var strides = [48, 40]
        let callback: CVPixelBufferReleasePlanarBytesCallback = { refCon, data, size, count, planes in
            let addresses = (0..<count).map { planes![$0] }
            Unmanaged<ReleaseCounter>.fromOpaque(refCon!).takeUnretainedValue().record(refCon, data, size, addresses)
        }
        do {
            var buffer: CVPixelBuffer?
            #expect(CVPixelBufferCreateWithPlanarBytes(nil, 35, 9, kCVPixelFormatType_420YpCbCr8BiPlanarFullRange, block,
                                                       4096, 2, &planeBases, &planeWidths, &planeHeights, &strides,
                                                       callback, refCon, nil, &buffer) == kCVReturnSuccess)
            let pixelBuffer = try #require(buffer)
            #expect(CVPixelBufferGetBaseAddress(pixelBuffer) == block)
            #expect(CVPixelBufferGetDataSize(pixelBuffer) == 4096)
            #expect(CVPixelBufferGetBaseAddressOfPlane(pixelBuffer, 1) == planeBases[1])
            #expect(CVPixelBufferGetBytesPerRowOfPlane(pixelBuffer, 1) == 40)
            #expect(CVPixelBufferGetWidthOfPlane(pixelBuffer, 1) == 18 && CVPixelBufferGetHeightOfPlane(pixelBuffer, 1) == 5)
            let geometry = pixelBuffer.planes
            #expect(geometry.count == 2 && geometry[0].bytesPerRow == 48 && geometry[1].baseAddress == planeBases[1])
        }
        #expect(counter.count == 1)
        let call = try #require(counter.last)
        #expect(call.data == UnsafeRawPointer(block) && call.size == 4096)
        #expect(call.planes == planeBases.map { $0.map(UnsafeRawPointer.init) })

        var failed: CVPixelBuffer?
        var wrongWidths = [35, 17]  // chroma of 35 pixels is 18 wide
        #expect(CVPixelBufferCreateWithPlanarBytes(nil, 35, 9, kCVPixelFormatType_420YpCbCr8BiPlanarFullRange, block,
                                                   4096, 2, &planeBases, &wrongWidths, &planeHeights, &strides,
                                                   callback, refCon, nil, &failed) == kCVReturnInvalidArgument)
        #expect(CVPixelBufferCreateWithPlanarBytes(nil, 35, 9, kCVPixelFormatType_420YpCbCr8BiPlanarFullRange, block,
                                                   4096, 3, &planeBases, &planeWidths, &planeHeights, &strides,
                                                   callback, refCon, nil, &failed) == kCVReturnInvalidArgument)
        #expect(counter.count == 1, "failed creations never release")
    }

    @Test("the package's closure-based wrapper releases once, on the thread that drops the last reference")
    func wrappingWithClosure() throws {
        final class Box: @unchecked Sendable { var buffer: CVPixelBuffer? }
        let released = Atomic<Int>(0)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 64 * 4, alignment: 64)
        defer { memory.deallocate() }
        let box = Box()
        box.buffer = try CVBuffer.wrapping(width: 16, height: 4, pixelFormat: kCVPixelFormatType_32BGRA,
                                           planes: [(memory, 64)], release: { released.add(1, ordering: .relaxed) })
        #expect(box.buffer.map(CVPixelBufferGetBytesPerRow) == 64)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.buffer = nil
            done.signal()
        }
        done.wait()
        #expect(released.load(ordering: .relaxed) == 1)
    }

    @Test("attachments: modes, copies, removal, and propagation of .shouldPropagate only")
    func attachments() throws {
        var buffer: CVPixelBuffer?
        CVPixelBufferCreate(nil, 4, 4, kCVPixelFormatType_32BGRA, nil, &buffer)
        let source = try #require(buffer)
        CVPixelBufferCreate(nil, 4, 4, kCVPixelFormatType_32BGRA, nil, &buffer)
        let destination = try #require(buffer)

        #expect(CVBufferCopyAttachments(source, .shouldPropagate) == nil)
        CVBufferSetAttachment(source, kCVImageBufferColorPrimariesKey, kCVImageBufferColorPrimaries_ITU_R_709_2,
                              .shouldPropagate)
        CVBufferSetAttachment(source, "Private", 42, .shouldNotPropagate)
        var mode = CVAttachmentMode.shouldNotPropagate
        #expect(CVBufferCopyAttachment(source, kCVImageBufferColorPrimariesKey, &mode) as? String == "ITU_R_709_2")
        #expect(mode == .shouldPropagate)
        #expect(CVBufferHasAttachment(source, "Private") && !CVBufferHasAttachment(source, "Missing"))
        #expect(CVBufferCopyAttachments(source, .shouldNotPropagate)?["Private"] as? Int == 42)

        CVBufferSetAttachment(destination, kCVImageBufferColorPrimariesKey, kCVImageBufferColorPrimaries_ITU_R_2020,
                              .shouldPropagate)
        CVBufferPropagateAttachments(source, destination)
        #expect(CVBufferCopyAttachment(destination, kCVImageBufferColorPrimariesKey, nil) as? String == "ITU_R_709_2",
                "propagation replaces the destination's value")
        #expect(!CVBufferHasAttachment(destination, "Private"), ".shouldNotPropagate stays behind")

        CVBufferSetAttachments(destination, [NSString(string: kCVImageBufferYCbCrMatrixKey as String): "ITU_R_709_2",
                                             kCVImageBufferFieldCountKey: 1] as CFDictionary, .shouldPropagate)
        #expect(CVBufferCopyAttachments(destination, .shouldPropagate)?.count == 3, "NSString keys are read too")
        CVBufferRemoveAttachment(destination, kCVImageBufferFieldCountKey)
        #expect(!CVBufferHasAttachment(destination, kCVImageBufferFieldCountKey))
        CVBufferRemoveAllAttachments(destination)
        #expect(CVBufferCopyAttachments(destination, .shouldPropagate) == nil)
    }

    @Test("attributes can carry initial attachments")
    func attributeAttachments() throws {
        var buffer: CVPixelBuffer?
        let attributes: [String: Any] = [
            kCVBufferPropagatedAttachmentsKey as String: [kCVImageBufferTransferFunctionKey as String:
                kCVImageBufferTransferFunction_SMPTE_ST_2084_PQ],
            kCVBufferNonPropagatedAttachmentsKey as String: ["Note": "x"],
        ]
        #expect(CVPixelBufferCreate(nil, 4, 4, kCVPixelFormatType_32BGRA, attributes as CFDictionary, &buffer)
            == kCVReturnSuccess)
        let pixelBuffer = try #require(buffer)
        var mode = CVAttachmentMode.shouldPropagate
        #expect(CVBufferCopyAttachment(pixelBuffer, kCVImageBufferTransferFunctionKey, nil) as? String == "SMPTE_ST_2084_PQ")
        #expect(CVBufferCopyAttachment(pixelBuffer, "Note", &mode) as? String == "x" && mode == .shouldNotPropagate)
    }

    @Test("attachments and locks are safe to use from many threads at once")
    func concurrentUse() throws {
        var buffer: CVPixelBuffer?
        CVPixelBufferCreate(nil, 4, 4, kCVPixelFormatType_32BGRA, nil, &buffer)
        let pixelBuffer = try #require(buffer)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            CVBufferSetAttachment(pixelBuffer, "key\(index % 8)" as CFString, index, .shouldPropagate)
            CVPixelBufferLockBaseAddress(pixelBuffer, .readOnly)
            _ = CVBufferCopyAttachments(pixelBuffer, .shouldPropagate)
            CVPixelBufferUnlockBaseAddress(pixelBuffer, .readOnly)
        }
        #expect(CVBufferCopyAttachments(pixelBuffer, .shouldPropagate)?.count == 8)
        #expect(pixelBuffer.lockCounts == (0, 0))
    }

    @Test("image buffer sizes follow the clean aperture, pixel aspect ratio and display dimensions attachments")
    func imageBufferGeometry() throws {
        var buffer: CVPixelBuffer?
        CVPixelBufferCreate(nil, 720, 480, kCVPixelFormatType_422YpCbCr8, nil, &buffer)
        let pixelBuffer = try #require(buffer)
        #expect(CVImageBufferGetEncodedSize(pixelBuffer) == CGSize(width: 720, height: 480))
        #expect(CVImageBufferGetCleanRect(pixelBuffer) == CGRect(x: 0, y: 0, width: 720, height: 480))
        #expect(!CVImageBufferIsFlipped(pixelBuffer))

        // NTSC DV: 704 × 480 clean aperture centred, 10:11 pixels (QuickTime File Format, 'clap' and 'pasp').
        CVBufferSetAttachment(pixelBuffer, kCVImageBufferCleanApertureKey, [
            kCVImageBufferCleanApertureWidthKey: 704, kCVImageBufferCleanApertureHeightKey: 480,
            kCVImageBufferCleanApertureHorizontalOffsetKey: 2, kCVImageBufferCleanApertureVerticalOffsetKey: 0,
        ] as [String: Any], .shouldPropagate)
        CVBufferSetAttachment(pixelBuffer, kCVImageBufferPixelAspectRatioKey, [
            kCVImageBufferPixelAspectRatioHorizontalSpacingKey: 10, kCVImageBufferPixelAspectRatioVerticalSpacingKey: 11,
        ] as [String: Any], .shouldPropagate)
        #expect(CVImageBufferGetCleanRect(pixelBuffer) == CGRect(x: 10, y: 0, width: 704, height: 480))
        #expect(CVImageBufferGetDisplaySize(pixelBuffer) == CGSize(width: 640, height: 480))
        CVBufferSetAttachment(pixelBuffer, kCVImageBufferDisplayDimensionsKey,
                              [kCVImageBufferDisplayWidthKey: 854, kCVImageBufferDisplayHeightKey: 480] as [String: Any],
                              .shouldPropagate)
        #expect(CVImageBufferGetDisplaySize(pixelBuffer) == CGSize(width: 854, height: 480))
    }
}
