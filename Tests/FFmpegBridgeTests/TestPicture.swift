import Foundation
import FFmpegBridge
import Raster

/// A picture in test-owned memory (the role a CVPixelBuffer plays above the bridge). Its lifetime is observable,
/// so tests can check that zero-copy encoding keeps it alive exactly as long as FFmpeg needs it.
final class TestPicture: @unchecked Sendable {
    let pixelFormat: FFPixelFormat
    let width: Int
    let height: Int
    let strides: [Int]
    let rows: [Int]
    private let memory: [UnsafeMutableRawPointer]
    /// Called from deinit (on whichever thread drops the last reference).
    var onDeinit: (@Sendable () -> Void)?

    /// Allocates zeroed planes with `padding` spare bytes per row (so strides differ from widths).
    init(_ format: FFPixelFormat, width: Int, height: Int, padding: Int = 32) {
        pixelFormat = format
        self.width = width
        self.height = height
        let minimum = format.minimumBytesPerRow(width: width)
        strides = minimum.map { ($0 + padding + 63) & ~63 }
        rows = (0..<format.planeCount).map { format.rowCount(ofPlane: $0, height: height) }
        memory = zip(strides, rows).map { stride, rows in
            let pointer = UnsafeMutableRawPointer.allocate(byteCount: stride * rows, alignment: 64)
            pointer.initializeMemory(as: UInt8.self, repeating: 0, count: stride * rows)
            return pointer
        }
    }

    deinit {
        memory.forEach { $0.deallocate() }
        onDeinit?()
    }

    var image: FFImageBuffer {
        FFImageBuffer(pixelFormat: pixelFormat, width: width, height: height,
                      planes: (0..<memory.count).map { PixelPlane(baseAddress: UnsafeRawPointer(memory[$0]),
                                                                  bytesPerRow: strides[$0], rowCount: rows[$0]) })
    }

    var mutableImage: FFMutableImageBuffer {
        FFMutableImageBuffer(pixelFormat: pixelFormat, width: width, height: height,
                             planes: (0..<memory.count).map { MutablePixelPlane(baseAddress: memory[$0],
                                                                                bytesPerRow: strides[$0], rowCount: rows[$0]) })
    }

    /// Byte `x` of row `y` of plane `plane`.
    func byte(_ plane: Int, _ x: Int, _ y: Int) -> UInt8 {
        memory[plane].load(fromByteOffset: y * strides[plane] + x, as: UInt8.self)
    }

    func setByte(_ plane: Int, _ x: Int, _ y: Int, _ value: UInt8) {
        memory[plane].storeBytes(of: value, toByteOffset: y * strides[plane] + x, as: UInt8.self)
    }

    func word(_ plane: Int, _ x: Int, _ y: Int) -> UInt16 {
        UInt16(littleEndian: memory[plane].load(fromByteOffset: y * strides[plane] + 2 * x, as: UInt16.self))
    }

    func setWord(_ plane: Int, _ x: Int, _ y: Int, _ value: UInt16) {
        memory[plane].storeBytes(of: value.littleEndian, toByteOffset: y * strides[plane] + 2 * x, as: UInt16.self)
    }
}

/// The moving test pattern: smooth luma waves drifting right, a bright square sliding across, slowly rotating
/// chroma. Smooth enough to code well, moving enough that motion compensation and B-frames matter.
enum Pattern {
    /// Sample values (0...1) of Y, Cb, Cr at pixel (x, y) of frame t.
    static func yuv(_ x: Int, _ y: Int, _ t: Int) -> (Double, Double, Double) {
        let fx = Double(x), fy = Double(y), ft = Double(t)
        var luma = 0.5 + 0.3 * sin((fx + 4 * ft) / 13) * cos(fy / 11)
        let squareX = (8 + 5 * t) % 200, squareY = 40 + (t * 3) % 60
        if x >= squareX && x < squareX + 40 && y >= squareY && y < squareY + 40 { luma = 0.9 }
        let cb = 0.5 + 0.2 * sin(fx / 29 + ft / 10)
        let cr = 0.5 + 0.2 * cos(fy / 23 - ft / 8)
        return (luma, cb, cr)
    }

    /// Frame `t` of the pattern in any 8- or 16-bit planar/semi-planar YUV format or packed 4:2:2, limited range.
    static func picture(_ format: FFPixelFormat, width: Int, height: Int, frame t: Int) -> TestPicture {
        let picture = TestPicture(format, width: width, height: height)
        fill(picture, frame: t)
        return picture
    }

    static func fill(_ picture: TestPicture, frame t: Int) {
        let format = picture.pixelFormat
        let depth = format.bitDepth
        let full = format.isJPEGRange
        func code(_ v: Double, chroma: Bool) -> Int {
            let scale = Double(1 << (depth - 8))
            if full { return Int((v * 255 * scale).rounded()) }
            return Int(((chroma ? 16 + v * 224 : 16 + v * 219) * scale).rounded())
        }
        let sx = format.chromaShiftX, sy = format.chromaShiftY
        let highBits = format == .p010le || format == .p210le || format == .p410le
        func store(_ plane: Int, _ x: Int, _ y: Int, _ value: Int) {
            if depth > 8 {
                picture.setWord(plane, x, y, UInt16(highBits ? value << (16 - depth) : value))
            } else {
                picture.setByte(plane, x, y, UInt8(clamping: value))
            }
        }
        if format == .uyvy422 || format == .yuyv422 {
            for y in 0..<picture.height {
                for x in stride(from: 0, to: picture.width, by: 2) {
                    let (y0, cb, cr) = yuv(x, y, t), (y1, _, _) = yuv(x + 1, y, t)
                    let bytes = format == .uyvy422
                        ? [code(cb, chroma: true), code(y0, chroma: false), code(cr, chroma: true), code(y1, chroma: false)]
                        : [code(y0, chroma: false), code(cb, chroma: true), code(y1, chroma: false), code(cr, chroma: true)]
                    for (i, b) in bytes.enumerated() { picture.setByte(0, 2 * x + i, y, UInt8(b)) }
                }
            }
            return
        }
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                store(0, x, y, code(yuv(x, y, t).0, chroma: false))
            }
        }
        guard format.planeCount > 1 else { return }
        let chromaWidth = format.pixelWidth(ofPlane: 1, width: picture.width)
        let chromaHeight = format.rowCount(ofPlane: 1, height: picture.height)
        for y in 0..<chromaHeight {
            for x in 0..<chromaWidth {
                let (_, cb, cr) = yuv(x << sx, y << sy, t)
                if format.planeCount == 2 {
                    store(1, 2 * x, y, code(cb, chroma: true))
                    store(1, 2 * x + 1, y, code(cr, chroma: true))
                } else {
                    store(1, x, y, code(cb, chroma: true))
                    store(2, x, y, code(cr, chroma: true))
                }
            }
        }
        if format.planeCount == 4 {
            for y in 0..<picture.height {
                for x in 0..<picture.width { store(3, x, y, (1 << depth) - 1 - ((x + y) % 64)) }
            }
        }
    }
}

/// Quality measures.
enum Measure {
    /// PSNR in dB between two luma planes of 8-bit (or, with `depth` > 8, 16-bit little-endian) samples.
    static func psnr(_ a: PixelPlane, _ b: PixelPlane, width: Int, height: Int, depth: Int = 8) -> Double {
        var squared = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let va: Double, vb: Double
                if depth > 8 {
                    va = Double(UInt16(littleEndian: a.baseAddress.loadUnaligned(fromByteOffset: y * a.bytesPerRow + 2 * x, as: UInt16.self)))
                    vb = Double(UInt16(littleEndian: b.baseAddress.loadUnaligned(fromByteOffset: y * b.bytesPerRow + 2 * x, as: UInt16.self)))
                } else {
                    va = Double(a.baseAddress.load(fromByteOffset: y * a.bytesPerRow + x, as: UInt8.self))
                    vb = Double(b.baseAddress.load(fromByteOffset: y * b.bytesPerRow + x, as: UInt8.self))
                }
                squared += (va - vb) * (va - vb)
            }
        }
        let mse = squared / Double(width * height)
        let peak = Double((1 << depth) - 1)
        return mse == 0 ? 99 : 10 * log10(peak * peak / mse)
    }

    /// The power of `frequency` in `samples` (Goertzel), normalised so a full-scale sine gives 0.25·n².
    static func goertzel(_ samples: [Double], frequency: Double, sampleRate: Double) -> Double {
        let k = 2 * cos(2 * Double.pi * frequency / sampleRate)
        var s1 = 0.0, s2 = 0.0
        for x in samples {
            let s0 = x + k * s1 - s2
            s2 = s1
            s1 = s0
        }
        return s1 * s1 + s2 * s2 - k * s1 * s2
    }

    /// The strongest frequency among `candidates`.
    static func dominantFrequency(_ samples: [Double], sampleRate: Double, candidates: [Double]) -> Double {
        candidates.max { goertzel(samples, frequency: $0, sampleRate: sampleRate) < goertzel(samples, frequency: $1, sampleRate: sampleRate) }!
    }

    static func rms(_ samples: [Double]) -> Double {
        (samples.reduce(0) { $0 + $1 * $1 } / Double(max(1, samples.count))).squareRoot()
    }
}
