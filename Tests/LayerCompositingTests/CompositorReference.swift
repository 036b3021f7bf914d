import Foundation
import CoreGraphics
import CoreVideo
import TestSupport
@testable import LayerCompositing
import MediaCodecs

/// A premultiplied RGBA picture in doubles (0…1), the test side's model of a BGRA frame.
struct ReferencePicture {
    let width: Int
    let height: Int
    /// r, g, b, a per pixel, premultiplied.
    var pixels: [SIMD4<Double>]

    init(width: Int, height: Int, fill: SIMD4<Double> = .zero) {
        self.width = width
        self.height = height
        pixels = Array(repeating: fill, count: width * height)
    }

    subscript(x: Int, y: Int) -> SIMD4<Double> {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The premultiplied pixels of a 32BGRA buffer.
    init(bgra buffer: CVPixelBuffer) {
        self.init(width: buffer.width, height: buffer.height)
        let bytes = bgraBytes(buffer)
        for index in pixels.indices {
            let p = bytes[(4 * index)..<(4 * index + 4)].map { Double($0) / 255 }
            pixels[index] = SIMD4(p[2], p[1], p[0], p[3])
        }
    }
}

/// The compositor's rules written the plain way, in doubles, one destination pixel at a time: bilinear sampling at
/// each pixel centre's pre-image, clamped at the edges of an upright layer whose footprint holds the centre,
/// transparent past the edges of any other; then OVER at the layer's opacity.
enum ReferenceCompositor {
    static func compose(_ layers: [(picture: ReferencePicture, transform: CGAffineTransform, crop: CGRect?, opacity: Double)],
                        background: SIMD4<Double>, width: Int, height: Int) -> ReferencePicture {
        let premultiplied = SIMD4(background.x * background.w, background.y * background.w, background.z * background.w,
                                  background.w)
        var frame = ReferencePicture(width: width, height: height, fill: premultiplied)
        for layer in layers {
            let t = layer.transform
            // A map that flattens the picture draws nothing (CGAffineTransform.inverted() would return it unchanged).
            guard abs(t.a * t.d - t.b * t.c) > 1e-12 else { continue }
            let inverse = t.inverted()
            let crop = (layer.crop ?? CGRect(x: 0, y: 0, width: layer.picture.width, height: layer.picture.height))
            let cx = Int(crop.minX.rounded()), cy = Int(crop.minY.rounded())
            let cw = Int(crop.maxX.rounded()) - cx, ch = Int(crop.maxY.rounded()) - cy
            let upright = (abs(t.b) < 1e-9 && abs(t.c) < 1e-9 && t.a * t.d > 0 && (t.a > 0) == (t.d > 0))
                || (abs(t.a) < 1e-9 && abs(t.d) < 1e-9 && t.b * t.c < 0)
            let footprint = CGRect(x: cx, y: cy, width: cw, height: ch).applying(t)
            for y in 0..<height {
                for x in 0..<width {
                    let centre = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    if upright && !(centre.x >= footprint.minX && centre.x < footprint.maxX
                                    && centre.y >= footprint.minY && centre.y < footprint.maxY) { continue }
                    let p = centre.applying(inverse)
                    let u = Double(p.x) - Double(cx) - 0.5, v = Double(p.y) - Double(cy) - 0.5
                    let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
                    let fx = u - Double(x0), fy = v - Double(y0)
                    func texel(_ i: Int, _ j: Int) -> SIMD4<Double> {
                        var i = i, j = j
                        if upright {
                            i = min(max(i, 0), cw - 1)
                            j = min(max(j, 0), ch - 1)
                        } else if i < 0 || i >= cw || j < 0 || j >= ch {
                            return .zero
                        }
                        return layer.picture[cx + i, cy + j]
                    }
                    let top = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
                    let bottom = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
                    let sample = (top * (1 - fy) + bottom * fy) * layer.opacity
                    frame[x, y] = sample + frame[x, y] * (1 - sample.w)
                }
            }
        }
        return frame
    }

    /// Kr, Kb of a matrix named as Core Video names it.
    static func coefficients(_ matrix: String) -> (kr: Double, kb: Double) {
        switch matrix {
        case String(kCVImageBufferYCbCrMatrix_ITU_R_709_2): return (0.2126, 0.0722)
        case String(kCVImageBufferYCbCrMatrix_ITU_R_2020): return (0.2627, 0.0593)
        default: return (0.299, 0.114)
        }
    }

    /// R′G′B′ (0…1) of 8-bit Y′CbCr codes (ITU-R BT.601/709/2020 equations; limited range 16–235/16–240).
    static func rgb(y: Int, cb: Int, cr: Int, matrix: String, fullRange: Bool) -> SIMD3<Double> {
        let (kr, kb) = coefficients(matrix)
        let luma = fullRange ? Double(y) / 255 : (Double(y) - 16) / 219
        let pb = (Double(cb) - 128) / (fullRange ? 255 : 224), pr = (Double(cr) - 128) / (fullRange ? 255 : 224)
        let r = luma + 2 * (1 - kr) * pr, b = luma + 2 * (1 - kb) * pb
        let g = (luma - kr * r - kb * b) / (1 - kr - kb)
        return SIMD3(r, g, b).clamped(lowerBound: .zero, upperBound: .one)
    }

    /// 8-bit Y′, Cb, Cr codes of R′G′B′ (0…1).
    static func yCbCr(_ rgb: SIMD3<Double>, matrix: String, fullRange: Bool) -> (y: Double, cb: Double, cr: Double) {
        let (kr, kb) = coefficients(matrix)
        let luma = kr * rgb.x + (1 - kr - kb) * rgb.y + kb * rgb.z
        let pb = (rgb.z - luma) / (2 * (1 - kb)), pr = (rgb.x - luma) / (2 * (1 - kr))
        if fullRange { return (255 * luma, 128 + 255 * pb, 128 + 255 * pr) }
        return (16 + 219 * luma, 128 + 224 * pb, 128 + 224 * pr)
    }
}

/// A 32BGRA (or other 32-bit RGB order) buffer painted from straight RGBA colours (0…1), stored premultiplied.
func makeRGBBuffer(width: Int, height: Int, format: OSType = kCVPixelFormatType_32BGRA,
                   _ color: (Int, Int) -> SIMD4<Double>) throws -> CVPixelBuffer {
    let buffer = try makeBuffer(width: width, height: height, format: format)
    // Byte positions of R, G, B, A in each pixel.
    let order: [Int] = switch format {
    case kCVPixelFormatType_32ARGB: [1, 2, 3, 0]
    case kCVPixelFormatType_32RGBA: [0, 1, 2, 3]
    default: [2, 1, 0, 3]
    }
    let plane = buffer.planes[0]
    for y in 0..<height {
        for x in 0..<width {
            let c = color(x, y)
            let values = [c.x * c.w, c.y * c.w, c.z * c.w, c.w]
            for channel in 0..<4 {
                plane.baseAddress.storeBytes(of: UInt8((values[channel] * 255).rounded()),
                                             toByteOffset: y * plane.bytesPerRow + 4 * x + order[channel], as: UInt8.self)
            }
        }
    }
    return buffer
}

/// A 4:2:0 buffer ('420v', '420f', 'y420', 'f420', 'x420') from 8-bit codes of Y′ per pixel and Cb, Cr per 2×2 block, tagged
/// with `matrix`.
func makeYCbCrBuffer(width: Int, height: Int, format: OSType, matrix: String?, luma: (Int, Int) -> Int,
                     chroma: (Int, Int) -> (cb: Int, cr: Int)) throws -> CVPixelBuffer {
    let buffer = try makeBuffer(width: width, height: height, format: format)
    let planes = buffer.planes
    // 10-bit formats ('x420', 'xf20') hold the same code times 4 in the high bits of 16-bit words.
    let deep = buffer.layout.bitsPerComponent > 8
    func store(_ plane: Int, _ index: Int, _ y: Int, _ code: Int) {
        if deep {
            planes[plane].baseAddress.storeBytes(of: UInt16(code << 8).littleEndian,
                                                 toByteOffset: y * planes[plane].bytesPerRow + 2 * index, as: UInt16.self)
        } else {
            planes[plane].baseAddress.storeBytes(of: UInt8(code), toByteOffset: y * planes[plane].bytesPerRow + index,
                                                 as: UInt8.self)
        }
    }
    for y in 0..<height {
        for x in 0..<width { store(0, x, y, luma(x, y)) }
    }
    for y in 0..<planes[1].height {
        for x in 0..<planes[1].width {
            let (cb, cr) = chroma(x, y)
            if planes.count == 2 {
                store(1, 2 * x, y, cb)
                store(1, 2 * x + 1, y, cr)
            } else {
                store(1, x, y, cb)
                store(2, x, y, cr)
            }
        }
    }
    if let matrix { buffer.setAttachment(kCVImageBufferYCbCrMatrixKey as String, matrix, mode: .shouldPropagate) }
    return buffer
}

func makeBuffer(width: Int, height: Int, format: OSType) throws -> CVPixelBuffer {
    var buffer: CVPixelBuffer?
    guard CVPixelBufferCreate(nil, width, height, format, nil, &buffer) == kCVReturnSuccess, let buffer else {
        throw TestFailure("CVPixelBufferCreate \(fourCharacterString(format)) \(width)x\(height)")
    }
    return buffer
}

/// B, G, R, A bytes of a 32-bit buffer, rows packed.
func bgraBytes(_ buffer: CVPixelBuffer) -> [UInt8] {
    let plane = buffer.planes[0]
    var bytes: [UInt8] = []
    for row in 0..<buffer.height {
        bytes += UnsafeRawBufferPointer(start: plane.baseAddress + row * plane.bytesPerRow, count: 4 * buffer.width)
    }
    return bytes
}

/// One byte of plane `plane` at (x, y) in plane units (bytes for interleaved chroma).
func planeByte(_ buffer: CVPixelBuffer, _ plane: Int, _ x: Int, _ y: Int) -> Int {
    let p = buffer.planes[plane]
    return Int(p.baseAddress.load(fromByteOffset: y * p.bytesPerRow + x, as: UInt8.self))
}

/// The largest difference, in 8-bit codes, between a composed BGRA buffer and the reference, with where it is.
func largestDifference(_ buffer: CVPixelBuffer, _ reference: ReferencePicture) -> (codes: Double, x: Int, y: Int) {
    let got = ReferencePicture(bgra: buffer)
    var worst = (codes: 0.0, x: 0, y: 0)
    for y in 0..<reference.height {
        for x in 0..<reference.width {
            let difference: SIMD4<Double> = got[x, y] - reference[x, y]
            let d = max(abs(difference.x), abs(difference.y), abs(difference.z), abs(difference.w)) * 255
            if d > worst.codes { worst = (d, x, y) }
        }
    }
    return worst
}

/// A smooth opaque test picture with a bright corner marker, so misplaced or mirrored draws show.
func patternColor(_ x: Int, _ y: Int) -> SIMD4<Double> {
    if x < 3 && y < 2 { return SIMD4(1, 1, 0.2, 1) }
    return SIMD4(0.5 + 0.4 * sin(Double(x) / 3), 0.5 + 0.4 * cos(Double(y) / 4), Double((x * 7 + y * 13) % 32) / 40 + 0.1, 1)
}
