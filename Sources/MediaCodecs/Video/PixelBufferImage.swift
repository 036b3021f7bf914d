import CoreVideo
import FFmpegBridge
import Raster

extension CVBuffer {
    /// The buffer's planes described for the FFmpeg bridge, in the FFmpeg layout `format` (which must be the
    /// buffer's own, per `PixelFormatMapping`). Valid while the buffer lives; read it only while it is locked.
    func ffImage(as format: FFPixelFormat) -> FFImageBuffer {
        FFImageBuffer(pixelFormat: format, width: width, height: height,
                      planes: planes.map { PixelPlane(baseAddress: UnsafeRawPointer($0.baseAddress),
                                                      bytesPerRow: $0.bytesPerRow, rowCount: $0.height) })
    }

    /// The buffer's planes for writing.
    func ffMutableImage(as format: FFPixelFormat) -> FFMutableImageBuffer {
        FFMutableImageBuffer(pixelFormat: format, width: width, height: height,
                             planes: planes.map { MutablePixelPlane(baseAddress: $0.baseAddress, bytesPerRow: $0.bytesPerRow,
                                                                    rowCount: $0.height) })
    }

    /// Runs `body` with the base address locked (read-only or read-write), unlocking afterwards.
    func withLockedPlanes<Result, Failure: Error>(readOnly: Bool, _ body: () throws(Failure) -> Result)
        throws(Failure) -> Result {
        lockBaseAddress(readOnly: readOnly)
        defer { try? unlockBaseAddress(readOnly: readOnly) }
        return try body()
    }
}

extension FFPixelFormat {
    /// The chroma grid step (1, 2) in pixels for rectangle corners.
    var chromaStep: (x: Int, y: Int) { (1 << chromaShiftX, 1 << chromaShiftY) }
}
