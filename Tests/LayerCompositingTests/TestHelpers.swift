import CoreVideo
import Foundation
@testable import LayerCompositing
import MediaCodecs

extension VideoLayerCompositor {
    /// A compositor converting through MediaCodecs' converter, as AVFoundation makes them.
    convenience init(width: Int, height: Int, outputPixelFormat: OSType, highQuality: Bool, yCbCrMatrix: String? = nil,
                     composesInYCbCr: Bool = true) throws(LayerCompositingError) {
        try self.init(width: width, height: height, outputPixelFormat: outputPixelFormat, highQuality: highQuality,
                      yCbCrMatrix: yCbCrMatrix, composesInYCbCr: composesInYCbCr, converter: LayerPictureConverter())
    }
}

/// The bytes of a pixel buffer's visible pixels, plane after plane with no row padding.
func packedPixels(_ buffer: CVPixelBuffer) -> [UInt8] {
    CVPixelBufferLockBaseAddress(buffer, .readOnly)
    defer { CVPixelBufferUnlockBaseAddress(buffer, .readOnly) }
    var bytes: [UInt8] = []
    for (index, plane) in buffer.planes.enumerated() {
        let rowBytes = buffer.layout.planes[index].minimumBytesPerRow(planeWidth: plane.width) ?? 0
        for row in 0..<plane.height {
            bytes += UnsafeRawBufferPointer(start: plane.baseAddress + row * plane.bytesPerRow, count: rowBytes)
        }
    }
    return bytes
}

/// A failed expectation in helper code.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
