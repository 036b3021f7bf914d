import CoreVideo
import Foundation
import Testing

/// The iOS 26 Swift overlay: mutable and read-only pixel buffers, their pool and the creation attributes.
@Suite("Pixel buffer overlay (iOS 26)")
struct PixelBufferOverlayTests {
    static let nv12 = CVPixelFormatType(rawValue: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange)
    static let bgra = CVPixelFormatType(rawValue: kCVPixelFormatType_32BGRA)

    @Test("a mutable buffer has the attributes' format, size, planes and extended pixels")
    func mutableBufferFromAttributes() throws {
        let attributes = CVPixelBufferCreationAttributes(
            pixelFormatType: Self.nv12, size: CVImageSize(width: 64, height: 36), bytesPerRowAlignment: 128,
            extendedPixels: CVPixelBufferPadding(left: 16, right: 16, top: 2, bottom: 2))
        let buffer = try CVMutablePixelBuffer(attributes)
        let (format, size, isPlanar, planeCount) = (buffer.pixelFormatType, buffer.size, buffer.isPlanar, buffer.planeCount)
        #expect(format == Self.nv12)
        #expect(size == CVImageSize(width: 64, height: 36))
        #expect(isPlanar && planeCount == 2)
        let planes = buffer.planeProperties
        #expect(planes.map(\.size) == [CVImageSize(width: 64, height: 36), CVImageSize(width: 32, height: 18)])
        #expect(planes.allSatisfy { $0.bytesPerRow % 128 == 0 })
        let (padding, encodedSize, origin) = (buffer.extendedPixels, buffer.encodedSize, buffer.originPosition)
        // At least what was asked (the left side may grow so that the first visible pixel stays aligned).
        #expect(padding.left >= 16 && padding.right >= 16 && padding.top >= 2 && padding.bottom >= 2)
        #expect(encodedSize == CGSize(width: 64, height: 36))
        #expect(origin == .topLeft)
        let reported = buffer.creationAttributes
        #expect(reported.pixelFormatType == Self.nv12 && reported.size == attributes.size)
        #expect(reported.bytesPerRowAlignment == 128)
        let compatible = buffer.isCompatibleWith(attributes)
        let compatibleWithOther = buffer.isCompatibleWith(
            CVPixelBufferCreationAttributes(pixelFormatType: Self.bgra, size: attributes.size))
        #expect(compatible && !compatibleWithOther)
    }

    @Test("creation throws a CVError that says why", arguments: [
        (CVPixelFormatType(rawValue: 0x7878_7878), CVImageSize(width: 16, height: 16), kCVReturnInvalidPixelFormat),
        (CVPixelFormatType(rawValue: kCVPixelFormatType_32BGRA), CVImageSize(width: 0, height: 16), kCVReturnInvalidSize),
    ])
    func creationFailure(format: CVPixelFormatType, size: CVImageSize, status: CVReturn) {
        do {
            _ = try CVMutablePixelBuffer(CVPixelBufferCreationAttributes(pixelFormatType: format, size: size))
            Issue.record("creation succeeded")
        } catch let error as CVError {
            #expect(error.rawValue == status || (status == kCVReturnInvalidSize && error.rawValue == kCVReturnInvalidArgument))
            #expect(!(error.errorDescription ?? "").isEmpty)
        } catch {
            Issue.record("threw \(error), not a CVError")
        }
    }

    @Test("writes through the mutable buffer are what the read-only buffer made from it reads, without a copy")
    func mutableToReadOnly() throws {
        let mutable = try CVMutablePixelBuffer(CVPixelBufferCreationAttributes(pixelFormatType: Self.bgra,
                                                                               size: CVImageSize(width: 4, height: 2)))
        let identity = mutable.withUnsafeBuffer { ObjectIdentifier($0) }
        mutable.accessUnsafeMutableRawPlaneBytes { planes in
            #expect(planes.count == 1)
            for row in 0..<2 { planes[0].bytes[row * planes[0].properties.bytesPerRow] = UInt8(0xA0 + row) }
        }
        let readOnly = CVReadOnlyPixelBuffer(consume mutable)
        #expect(readOnly.withUnsafeBuffer { ObjectIdentifier($0) } == identity, "the same pixel buffer, not a copy")
        let firstBytes = readOnly.accessUnsafeRawPlaneBytes { planes in
            (0..<2).map { planes[0].bytes[$0 * planes[0].properties.bytesPerRow] }
        }
        #expect(firstBytes == [0xA0, 0xA1])
        readOnly.withUnsafeBuffer { buffer in
            #expect(buffer.lockCounts == (0, 0), "access locks are balanced")
        }
    }

    @Test("reading a read-only buffer does not count as a modification; writing a mutable one does")
    func readOnlyDoesNotModify() throws {
        let pixels = try CVBuffer.make(width: 8, height: 8, pixelFormat: kCVPixelFormatType_32BGRA)
        let readOnly = CVReadOnlyPixelBuffer(unsafeBuffer: pixels)
        let seed = pixels.modificationSeed
        readOnly.accessUnsafeRawPlaneBytes { _ in }
        #expect(pixels.modificationSeed == seed)
        let mutable = CVMutablePixelBuffer(unsafeBuffer: pixels)
        mutable.accessUnsafeMutableRawPlaneBytes { _ in }
        #expect(pixels.modificationSeed != seed)
        #expect(readOnly.withUnsafeBuffer { $0 } === pixels && mutable.withUnsafeBuffer { $0 } === pixels)
    }

    @Test("fillExtendedPixels repeats the edge pixels")
    func fillExtendedPixels() throws {
        let buffer = try CVMutablePixelBuffer(CVPixelBufferCreationAttributes(
            pixelFormatType: Self.bgra, size: CVImageSize(width: 2, height: 1),
            extendedPixels: CVPixelBufferPadding(left: 1, right: 0, top: 0, bottom: 0)))
        buffer.accessUnsafeMutableRawPlaneBytes { planes in planes[0].bytes[0] = 0x5A }
        let filled = buffer.fillExtendedPixels()
        #expect(filled)
        let left = buffer.withUnsafeBuffer { ($0.planes[0].baseAddress - 4).load(as: UInt8.self) }
        #expect(left == 0x5A)
    }

    @Test("a pool vends buffers with its attributes' width, height and format, recycles memory and honours the threshold")
    func pool() throws {
        let attributes = CVPixelBufferCreationAttributes(pixelFormatType: Self.nv12, size: CVImageSize(width: 32, height: 16))
        let pool = try CVMutablePixelBuffer.Pool(pixelBufferAttributes: attributes,
                                                 configuration: .init(ageOutDuration: 5, minimumBufferCount: 1))
        #expect(pool.pixelBufferAttributes.pixelFormatType == Self.nv12)
        #expect(pool.pixelBufferAttributes.size == CVImageSize(width: 32, height: 16))
        let first = try pool.makeMutablePixelBuffer()
        let (format, size) = (first.pixelFormatType, first.size)
        #expect(format == Self.nv12 && size == CVImageSize(width: 32, height: 16))
        let firstPool = first.withUnsafeBuffer { $0.pool }
        #expect(firstPool === pool.unsafePool)
        do {
            _ = try pool.makeMutablePixelBuffer(.init(allocationThreshold: 1))
            Issue.record("a second buffer was allocated beyond the threshold")
        } catch let error as CVError {
            #expect(error == .wouldExceedAllocationThreshold)
        }
        _ = consume first
        #expect(pool.unsafePool.freeBufferCount == 1)
        _ = try pool.makeMutablePixelBuffer(.init(allocationThreshold: 1))  // recycled memory is still handed out
        pool.flush(agedOutOnly: false)
        #expect(pool.unsafePool.freeBufferCount <= 1, "the minimum buffer count is kept")
    }

    @Test("an age-out duration of 0 frees released memory at once")
    func zeroAgeOut() throws {
        let pool = try CVMutablePixelBuffer.Pool(
            pixelBufferAttributes: CVPixelBufferCreationAttributes(pixelFormatType: Self.bgra, size: CVImageSize(width: 8, height: 8)),
            configuration: .init(ageOutDuration: 0, minimumBufferCount: 0))
        _ = try pool.makeMutablePixelBuffer()
        #expect(pool.unsafePool.freeBufferCount == 0)
        do {
            _ = try CVMutablePixelBuffer.Pool(
                pixelBufferAttributes: CVPixelBufferCreationAttributes(pixelFormatType: Self.bgra, size: CVImageSize(width: 8, height: 8)),
                configuration: .init(ageOutDuration: -1, minimumBufferCount: 0))
            Issue.record("a negative age-out duration was accepted")
        } catch let error as CVError {
            #expect(error == .invalidPoolAttributes)
        }
    }

    @Test("wrapping an existing pool reaches the same pool")
    func unsafePool() throws {
        var made: CVPixelBufferPool?
        let dictionary: [String: Any] = [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA,
                                         kCVPixelBufferWidthKey as String: 10, kCVPixelBufferHeightKey as String: 6]
        #expect(CVPixelBufferPoolCreate(nil, nil, dictionary as CFDictionary, &made) == kCVReturnSuccess)
        let pool = CVMutablePixelBuffer.Pool(unsafePool: try #require(made))
        #expect(pool.unsafePool === made)
        #expect(pool.pixelBufferAttributes.size == CVImageSize(width: 10, height: 6))
        let vended = try pool.makeMutablePixelBuffer()
        let format = vended.pixelFormatType
        #expect(format == Self.bgra)
    }

    @Test("creation attributes round-trip through the classic dictionary")
    func dictionaryRoundTrip() throws {
        var attributes = CVPixelBufferCreationAttributes(
            pixelFormatType: Self.nv12, size: CVImageSize(width: 640, height: 360), compatibility: [.cgImage, .metalTexture],
            bytesPerRowAlignment: 64, planeAlignment: 16, extendedPixels: CVPixelBufferPadding(left: 1, right: 2, top: 3, bottom: 4))
        attributes.backing = .ioSurfaceWithProperties(["Purgeable": true])
        let dictionary = attributes.dictionaryRepresentation
        #expect(dictionary[kCVPixelBufferPixelFormatTypeKey as String] as? Int == Int(kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange))
        #expect(dictionary[kCVPixelBufferWidthKey as String] as? Int == 640)
        #expect(dictionary[kCVPixelBufferCGImageCompatibilityKey as String] as? Bool == true)
        #expect(dictionary[kCVPixelBufferCGBitmapContextCompatibilityKey as String] == nil)
        #expect(dictionary[kCVPixelBufferExtendedPixelsBottomKey as String] as? Int == 4)
        #expect(CVPixelBufferCreationAttributes(dictionary: dictionary) == attributes)

        var memory = attributes
        memory.backing = .memory
        #expect(memory.dictionaryRepresentation[kCVPixelBufferIOSurfacePropertiesKey as String] == nil)
        #expect(CVPixelBufferCreationAttributes(dictionary: memory.dictionaryRepresentation) == memory)
    }

    @Test("a dictionary these attributes cannot express converts to nil", arguments: 0..<4)
    func unrepresentableDictionary(_ which: Int) {
        let format = kCVPixelBufferPixelFormatTypeKey as String
        let width = kCVPixelBufferWidthKey as String, height = kCVPixelBufferHeightKey as String
        let dictionaries: [[String: Any]] = [
            [width: 8, height: 8],  // no format
            [format: [kCVPixelFormatType_32BGRA, kCVPixelFormatType_32ARGB], width: 8, height: 8],  // two formats
            [format: kCVPixelFormatType_32BGRA, width: "8", height: 8],  // a width that is not a number
            [format: kCVPixelFormatType_32BGRA, width: 8, height: 8,
             kCVPixelBufferOpenGLCompatibilityKey as String: true],  // a key these attributes do not model
        ]
        #expect(CVPixelBufferCreationAttributes(dictionary: dictionaries[which]) == nil)
    }

    @Test("partial attributes: dynamic members, raw attributes and the conversion to complete ones")
    func partialAttributes() throws {
        var partial = CVPixelBufferAttributes(pixelFormatTypes: [Self.bgra, Self.nv12])
        #expect(CVPixelBufferCreationAttributes(partial) == nil, "no size, and two formats")
        partial.size = CVImageSize(width: 20, height: 10)
        partial.planeAlignment = 32
        #expect(partial.size == CVImageSize(width: 20, height: 10) && partial.planeAlignment == 32)
        #expect(CVPixelBufferCreationAttributes(partial) == nil, "still two formats")
        partial.pixelFormatType = Self.nv12
        let complete = try #require(CVPixelBufferCreationAttributes(partial))
        #expect(complete.pixelFormatType == Self.nv12 && complete.planeAlignment == 32)

        let raw = CVPixelBufferAttributes(rawAttributes: [
            kCVPixelBufferPixelFormatTypeKey as String: Int(kCVPixelFormatType_32BGRA),
            kCVPixelBufferWidthKey as String: 4, kCVPixelBufferHeightKey as String: 4,
            kCVPixelBufferBytesPerRowAlignmentKey as String: 256, "SomethingElse": "kept",
        ])
        #expect(raw.bytesPerRowAlignment == 256 && raw.pixelFormatTypes == [Self.bgra])
        #expect(raw.rawAttributes["SomethingElse"] as? String == "kept")
        #expect(raw.rawAttributes[kCVPixelBufferIOSurfacePropertiesKey as String] == nil)
    }

    @Test("merging attributes intersects formats, takes common alignments and widest padding, and rejects conflicts")
    func merging() throws {
        let a = CVPixelBufferAttributes(pixelFormatTypes: [Self.bgra, Self.nv12], size: CVImageSize(width: 8, height: 8),
                                        bytesPerRowAlignment: 16, extendedPixels: CVPixelBufferPadding(left: 2, right: 0, top: 0, bottom: 0))
        let b = CVPixelBufferAttributes(pixelFormatTypes: [Self.nv12], bytesPerRowAlignment: 24,
                                        extendedPixels: CVPixelBufferPadding(left: 1, right: 3, top: 0, bottom: 0))
        let merged = try #require(CVPixelBufferAttributes(merging: [a, b]))
        #expect(merged.pixelFormatTypes == [Self.nv12])
        #expect(merged.bytesPerRowAlignment == 48)
        #expect(merged.extendedPixels == CVPixelBufferPadding(left: 2, right: 3, top: 0, bottom: 0))
        #expect(merged.size == CVImageSize(width: 8, height: 8))
        let otherSize = CVPixelBufferAttributes(size: CVImageSize(width: 9, height: 8))
        #expect(CVPixelBufferAttributes(merging: [a, otherSize]) == nil)
        let otherFormat = CVPixelBufferAttributes(pixelFormatTypes: [CVPixelFormatType(rawValue: kCVPixelFormatType_32ARGB)])
        #expect(CVPixelBufferAttributes(merging: [a, otherFormat]) == nil)
    }

    @Test("CVImageSize rounds a CGSize by the rule given, down by default")
    func imageSize() {
        #expect(CVImageSize(CGSize(width: 10.7, height: 3.2)) == CVImageSize(width: 10, height: 3))
        #expect(CVImageSize(CGSize(width: 10.7, height: 3.2), rounded: .up) == CVImageSize(width: 11, height: 4))
        #expect(CGSize(CVImageSize(width: 3, height: 4)) == CGSize(width: 3, height: 4))
        #expect(CVImageSize.zero == CVImageSize(width: 0, height: 0) && CVPixelBufferPadding.zero.left == 0)
    }

    @Test("CVError wraps statuses: nil for success, the constants compare by status")
    func cvError() {
        #expect(CVError(rawValue: kCVReturnSuccess) == nil)
        #expect(CVError(rawValue: kCVReturnInvalidArgument)?.rawValue == CVError.invalidArgument.rawValue)
        #expect(CVError.retry.rawValue == kCVReturnRetry)
        #expect(CVError(kCVReturnInvalidSize, "too big") == CVError.invalidSize)
        #expect(CVError(kCVReturnInvalidSize, "too big").errorDescription == "too big")
    }
}
