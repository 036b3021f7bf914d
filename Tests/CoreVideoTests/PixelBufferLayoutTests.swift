import CoreVideo
import Foundation
import Testing

/// One supported format and what its planes must look like, worked out by hand from the format's definition in
/// Apple's CVPixelBuffer.h (plane count, subsampling, bytes per sample).
struct FormatCase: Sendable, CustomTestStringConvertible {
    let format: OSType
    let name: String
    /// (horizontal subsampling, vertical subsampling, bytes per plane pixel) per plane; packed 4:2:2 lists
    /// bytes per pixel pair with subsampling 1 and is marked by `pairs`.
    let planes: [(Int, Int, Int)]
    var pairs = false
    var testDescription: String { name }

    /// The minimum bytes per row of `plane` for an image `width` pixels wide.
    func minimumRowBytes(_ plane: Int, width: Int) -> Int {
        let (h, _, bytes) = planes[plane]
        if pairs { return (width + 1) / 2 * bytes }
        return (width + h - 1) / h * bytes
    }
}

let supportedFormats: [FormatCase] = [
    FormatCase(format: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, name: "420v", planes: [(1, 1, 1), (2, 2, 2)]),
    FormatCase(format: kCVPixelFormatType_420YpCbCr8BiPlanarFullRange, name: "420f", planes: [(1, 1, 1), (2, 2, 2)]),
    FormatCase(format: kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange, name: "x420", planes: [(1, 1, 2), (2, 2, 4)]),
    FormatCase(format: kCVPixelFormatType_420YpCbCr10BiPlanarFullRange, name: "xf20", planes: [(1, 1, 2), (2, 2, 4)]),
    FormatCase(format: kCVPixelFormatType_420YpCbCr8Planar, name: "y420", planes: [(1, 1, 1), (2, 2, 1), (2, 2, 1)]),
    FormatCase(format: kCVPixelFormatType_420YpCbCr8PlanarFullRange, name: "f420", planes: [(1, 1, 1), (2, 2, 1), (2, 2, 1)]),
    FormatCase(format: kCVPixelFormatType_32BGRA, name: "BGRA", planes: [(1, 1, 4)]),
    FormatCase(format: kCVPixelFormatType_32ARGB, name: "ARGB", planes: [(1, 1, 4)]),
    FormatCase(format: kCVPixelFormatType_32RGBA, name: "RGBA", planes: [(1, 1, 4)]),
    FormatCase(format: kCVPixelFormatType_32ABGR, name: "ABGR", planes: [(1, 1, 4)]),
    FormatCase(format: kCVPixelFormatType_422YpCbCr8, name: "2vuy", planes: [(1, 1, 4)], pairs: true),
    FormatCase(format: kCVPixelFormatType_422YpCbCr8_yuvs, name: "yuvs", planes: [(1, 1, 4)], pairs: true),
    FormatCase(format: kCVPixelFormatType_422YpCbCr8BiPlanarVideoRange, name: "422v", planes: [(1, 1, 1), (2, 1, 2)]),
    FormatCase(format: kCVPixelFormatType_444YpCbCr8BiPlanarVideoRange, name: "444v", planes: [(1, 1, 1), (1, 1, 2)]),
    FormatCase(format: kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange, name: "x422", planes: [(1, 1, 2), (2, 1, 4)]),
    FormatCase(format: kCVPixelFormatType_444YpCbCr10BiPlanarVideoRange, name: "x444", planes: [(1, 1, 2), (1, 1, 4)]),
    FormatCase(format: kCVPixelFormatType_24RGB, name: "24RGB", planes: [(1, 1, 3)]),
    FormatCase(format: kCVPixelFormatType_OneComponent8, name: "L008", planes: [(1, 1, 1)]),
    FormatCase(format: kCVPixelFormatType_OneComponent16, name: "L016", planes: [(1, 1, 2)]),
    FormatCase(format: kCVPixelFormatType_64ARGB, name: "b64a", planes: [(1, 1, 8)]),
    FormatCase(format: kCVPixelFormatType_128RGBAFloat, name: "RGfA", planes: [(1, 1, 16)]),
]

/// Sizes that exercise odd widths and heights (chroma rounds up) and tiny and non-multiple-of-64 rows.
let sizes: [(Int, Int)] = [(64, 48), (63, 47), (1, 1), (1921, 1081), (2, 3)]

@Suite("Pixel buffer layouts")
struct PixelBufferLayoutTests {
    @Test("planes, sizes, strides and alignment", arguments: supportedFormats)
    func layout(_ format: FormatCase) throws {
        for (width, height) in sizes {
            var buffer: CVPixelBuffer?
            #expect(CVPixelBufferCreate(kCFAllocatorDefault, width, height, format.format, nil, &buffer)
                == kCVReturnSuccess)
            let pixelBuffer = try #require(buffer)
            #expect(CVPixelBufferGetWidth(pixelBuffer) == width && CVPixelBufferGetHeight(pixelBuffer) == height)
            #expect(CVPixelBufferGetPixelFormatType(pixelBuffer) == format.format)
            let planar = format.planes.count > 1
            #expect(CVPixelBufferIsPlanar(pixelBuffer) == planar)
            #expect(CVPixelBufferGetPlaneCount(pixelBuffer) == (planar ? format.planes.count : 0))

            let base = try #require(CVPixelBufferGetBaseAddress(pixelBuffer))
            let dataSize = CVPixelBufferGetDataSize(pixelBuffer)
            var regions: [(start: Int, end: Int)] = []
            for (index, (h, v, _)) in format.planes.enumerated() {
                let planeWidth = format.pairs ? width : (width + h - 1) / h
                let planeHeight = (height + v - 1) / v
                let stride: Int
                let address: UnsafeMutableRawPointer
                if planar {
                    #expect(CVPixelBufferGetWidthOfPlane(pixelBuffer, index) == planeWidth)
                    #expect(CVPixelBufferGetHeightOfPlane(pixelBuffer, index) == planeHeight)
                    stride = CVPixelBufferGetBytesPerRowOfPlane(pixelBuffer, index)
                    address = try #require(CVPixelBufferGetBaseAddressOfPlane(pixelBuffer, index))
                } else {
                    #expect(CVPixelBufferGetWidthOfPlane(pixelBuffer, 0) == 0)
                    #expect(CVPixelBufferGetBaseAddressOfPlane(pixelBuffer, 0) == nil)
                    stride = CVPixelBufferGetBytesPerRow(pixelBuffer)
                    address = base
                }
                #expect(stride >= format.minimumRowBytes(index, width: width), "\(format.name) \(width)x\(height)")
                #expect(stride % 64 == 0, "row stride \(stride) is 64-byte aligned")
                #expect(Int(bitPattern: address) % 64 == 0, "plane \(index) starts 64-byte aligned")
                let start = address - base
                regions.append((start, start + stride * (planeHeight - 1) + format.minimumRowBytes(index, width: width)))
            }
            // Planes lie inside the data and do not overlap.
            for (index, region) in regions.enumerated() {
                #expect(region.start >= 0 && region.end <= dataSize, "plane \(index) inside the data size")
                if index > 0 { #expect(region.start >= regions[index - 1].end, "plane \(index) after plane \(index - 1)") }
            }
            #expect(CVPixelBufferGetPlaneCount(pixelBuffer) == 0 || CVPixelBufferGetBaseAddressOfPlane(pixelBuffer, 99) == nil)
        }
    }

    @Test("the planar header at the base address points at the planes (big-endian, as CVPixelBuffer.h says)")
    func planarHeader() throws {
        var buffer: CVPixelBuffer?
        CVPixelBufferCreate(nil, 63, 47, kCVPixelFormatType_420YpCbCr8BiPlanarFullRange, nil, &buffer)
        let biPlanar = try #require(buffer)
        let base = try #require(CVPixelBufferGetBaseAddress(biPlanar))
        let info = base.load(as: CVPlanarPixelBufferInfo_YCbCrBiPlanar.self)
        #expect(Int(Int32(bigEndian: info.componentInfoY.offset))
            == CVPixelBufferGetBaseAddressOfPlane(biPlanar, 0)! - base)
        #expect(Int(Int32(bigEndian: info.componentInfoCbCr.offset))
            == CVPixelBufferGetBaseAddressOfPlane(biPlanar, 1)! - base)
        #expect(Int(UInt32(bigEndian: info.componentInfoCbCr.rowBytes)) == CVPixelBufferGetBytesPerRowOfPlane(biPlanar, 1))

        CVPixelBufferCreate(nil, 63, 47, kCVPixelFormatType_420YpCbCr8Planar, nil, &buffer)
        let triPlanar = try #require(buffer)
        let triBase = try #require(CVPixelBufferGetBaseAddress(triPlanar))
        let triInfo = triBase.load(as: CVPlanarPixelBufferInfo_YCbCrPlanar.self)
        #expect(Int(Int32(bigEndian: triInfo.componentInfoCr.offset))
            == CVPixelBufferGetBaseAddressOfPlane(triPlanar, 2)! - triBase)
        #expect(Int(UInt32(bigEndian: triInfo.componentInfoY.rowBytes)) == CVPixelBufferGetBytesPerRowOfPlane(triPlanar, 0))
    }

    @Test("a larger kCVPixelBufferBytesPerRowAlignmentKey and kCVPixelBufferPlaneAlignmentKey are honoured")
    func requestedAlignment() throws {
        var buffer: CVPixelBuffer?
        let attributes: [String: Any] = [kCVPixelBufferBytesPerRowAlignmentKey as String: UInt32(256),
                                         kCVPixelBufferPlaneAlignmentKey as String: NSNumber(value: 512)]
        #expect(CVPixelBufferCreate(nil, 100, 30, kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange,
                                    attributes as CFDictionary, &buffer) == kCVReturnSuccess)
        let pixelBuffer = try #require(buffer)
        for plane in 0..<2 {
            #expect(CVPixelBufferGetBytesPerRowOfPlane(pixelBuffer, plane) == 256)
            #expect(Int(bitPattern: CVPixelBufferGetBaseAddressOfPlane(pixelBuffer, plane)) % 512 == 0)
        }
        // 48 is not a power of two: rows become a multiple of lcm(64, 48) = 192.
        CVPixelBufferCreate(nil, 100, 2, kCVPixelFormatType_32BGRA,
                            [kCVPixelBufferBytesPerRowAlignmentKey as String: 48.0] as CFDictionary, &buffer)
        #expect(CVPixelBufferGetBytesPerRow(try #require(buffer)) == 576)
    }

    @Test("extended pixels surround the image, keep planes aligned, and are filled from the edges")
    func extendedPixels() throws {
        var buffer: CVPixelBuffer?
        let attributes: [String: Any] = [
            kCVPixelBufferExtendedPixelsLeftKey as String: 16, kCVPixelBufferExtendedPixelsRightKey as String: 3,
            kCVPixelBufferExtendedPixelsTopKey as String: 3, kCVPixelBufferExtendedPixelsBottomKey as String: 2,
        ]
        #expect(CVPixelBufferCreate(nil, 32, 16, kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange,
                                    attributes as CFDictionary, &buffer) == kCVReturnSuccess)
        let pixelBuffer = try #require(buffer)
        var left = 0, right = 0, top = 0, bottom = 0
        CVPixelBufferGetExtendedPixels(pixelBuffer, &left, &right, &top, &bottom)
        // Left rounds up to 64 so that the luma plane's first visible byte stays 64-byte aligned; right, top and
        // bottom round up to whole chroma samples.
        #expect(left == 64 && right == 4 && top == 4 && bottom == 2)
        #expect(Int(bitPattern: CVPixelBufferGetBaseAddressOfPlane(pixelBuffer, 0)) % 64 == 0)
        #expect(Int(bitPattern: CVPixelBufferGetBaseAddressOfPlane(pixelBuffer, 1)) % 64 == 0)
        #expect(CVPixelBufferGetBytesPerRowOfPlane(pixelBuffer, 0) >= 64 + 32 + 4)

        CVPixelBufferLockBaseAddress(pixelBuffer, [])
        let luma = CVPixelBufferGetBaseAddressOfPlane(pixelBuffer, 0)!.assumingMemoryBound(to: UInt8.self)
        let stride = CVPixelBufferGetBytesPerRowOfPlane(pixelBuffer, 0)
        for row in 0..<16 { for column in 0..<32 { luma[row * stride + column] = UInt8((row * 32 + column) & 0xFF) } }
        #expect(CVPixelBufferFillExtendedPixels(pixelBuffer) == kCVReturnSuccess)
        CVPixelBufferUnlockBaseAddress(pixelBuffer, [])
        #expect(luma[-1] == 0 && luma[-64] == 0, "left of row 0 repeats pixel (0, 0)")
        #expect(luma[32] == 31 && luma[35] == 31, "right of row 0 repeats pixel (31, 0)")
        #expect(luma[-stride * 4 + 5] == 5, "top rows repeat row 0")
        #expect(luma[stride * 17 + 32 + 1] == UInt8((15 * 32 + 31) & 0xFF), "bottom-right corner repeats the last pixel")
    }

    @Test("unsupported formats, bad sizes and bad attributes fail with Apple's codes")
    func failures() {
        var buffer: CVPixelBuffer?
        #expect(CVPixelBufferCreate(nil, 16, 16, kCVPixelFormatType_422YpCbCr10, nil, &buffer)
            == kCVReturnInvalidPixelFormat)
        #expect(buffer == nil)
        #expect(CVPixelBufferCreate(nil, 0, 16, kCVPixelFormatType_32BGRA, nil, &buffer) == kCVReturnInvalidArgument)
        #expect(CVPixelBufferCreate(nil, 1 << 20, 16, kCVPixelFormatType_32BGRA, nil, &buffer) == kCVReturnInvalidSize)
        #expect(CVPixelBufferCreate(nil, 16, 16, kCVPixelFormatType_32BGRA,
                                    [kCVPixelBufferBytesPerRowAlignmentKey as String: "wide"] as CFDictionary, &buffer)
            == kCVReturnInvalidPixelBufferAttributes)
        #expect(CVPixelBufferCreate(nil, 16, 16, kCVPixelFormatType_32BGRA,
                                    [kCVPixelBufferExtendedPixelsLeftKey as String: -1] as CFDictionary, &buffer)
            == kCVReturnInvalidPixelBufferAttributes)
    }

    @Test("creation attributes are kept, with format and size resolved; IOSurface and Metal keys are accepted")
    func creationAttributes() throws {
        var buffer: CVPixelBuffer?
        let attributes: [String: Any] = [kCVPixelBufferIOSurfacePropertiesKey as String: [String: Any](),
                                         kCVPixelBufferMetalCompatibilityKey as String: true,
                                         kCVPixelBufferCGImageCompatibilityKey as String: true]
        #expect(CVPixelBufferCreate(nil, 40, 30, kCVPixelFormatType_32ARGB, attributes as CFDictionary, &buffer)
            == kCVReturnSuccess)
        let pixelBuffer = try #require(buffer)
        let copied = CVPixelBufferCopyCreationAttributes(pixelBuffer)
        #expect(copied[kCVPixelBufferWidthKey] as? Int == 40)
        #expect(copied[kCVPixelBufferPixelFormatTypeKey] as? Int == Int(kCVPixelFormatType_32ARGB))
        #expect(copied[kCVPixelBufferMetalCompatibilityKey] as? Bool == true)
        #expect(CVPixelBufferIsCompatibleWithAttributes(pixelBuffer, [
            kCVPixelBufferPixelFormatTypeKey as String: [kCVPixelFormatType_32BGRA, kCVPixelFormatType_32ARGB],
            kCVPixelBufferWidthKey as String: 40,
        ] as CFDictionary))
        #expect(!CVPixelBufferIsCompatibleWithAttributes(pixelBuffer,
                                                         [kCVPixelBufferHeightKey as String: 31] as CFDictionary))
        #expect(!CVPixelBufferIsCompatibleWithAttributes(pixelBuffer,
                                                         [kCVPixelBufferBytesPerRowAlignmentKey as String: 4096] as CFDictionary))
    }

    @Test("Apple's planar-info, format and return-code constants have the SDK's values")
    func constants() {
        func code(_ text: String) -> OSType { text.utf8.reduce(0) { $0 << 8 | OSType($1) } }
        // Four-character codes from CVPixelBuffer.h.
        #expect(kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange == code("420v"))
        #expect(kCVPixelFormatType_420YpCbCr8BiPlanarFullRange == code("420f"))
        #expect(kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange == code("x420"))
        #expect(kCVPixelFormatType_420YpCbCr10BiPlanarFullRange == code("xf20"))
        #expect(kCVPixelFormatType_420YpCbCr8Planar == code("y420"))
        #expect(kCVPixelFormatType_32BGRA == code("BGRA"))
        #expect(kCVPixelFormatType_32ARGB == 0x20)
        #expect(kCVPixelFormatType_24RGB == 0x18)
        #expect(kCVPixelFormatType_422YpCbCr8 == code("2vuy"))
        #expect(kCVPixelFormatType_Lossless_420YpCbCr8BiPlanarVideoRange == code("&8v0"))
        // CVReturn.h.
        #expect(kCVReturnSuccess == 0 && kCVReturnError == -6660 && kCVReturnInvalidArgument == -6661)
        #expect(kCVReturnInvalidPixelFormat == -6680 && kCVReturnInvalidPixelBufferAttributes == -6682)
        #expect(kCVReturnWouldExceedAllocationThreshold == -6689 && kCVReturnPoolAllocationFailed == -6690)
        #expect(kCVReturnRetry == -6692 && kCVReturnLast == -6699)
        // Attribute and attachment strings, as Apple's CoreVideo binary holds them.
        #expect(kCVPixelBufferPixelFormatTypeKey == "PixelFormatType")
        #expect(kCVImageBufferCleanApertureKey == "CVCleanAperture")
        #expect(kCVImageBufferColorPrimariesKey == "CVImageBufferColorPrimaries")
        #expect(kCVImageBufferTransferFunction_ITU_R_2100_HLG == "ITU_R_2100_HLG")
        #expect(kCVPixelBufferPoolAllocationThresholdKey == "BufferPoolAllocationThreshold")
    }
}
