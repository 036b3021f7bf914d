import Foundation

/// GIF files made byte by byte from GIF89a's grammar, for what our writer never produces (offset frames, disposal
/// methods, interlacing, damage). Four-colour tables; the LZW data puts a clear code before every pixel, so every
/// code is 3 bits wide and no string table is built.
enum HandMadeGIF {
    struct Frame {
        var left = 0
        var top = 0
        var width: Int
        var height: Int
        /// One colour index (0…3) a pixel, rows packed, in stored order.
        var indices: [UInt8]
        var localPalette: [UInt8]?
        var transparentIndex: Int?
        var disposal = 0
        var delay = 10
        var interlaced = false
        /// Raw LZW codes (3 bits each) to store instead of the indices' coding, for damaged data.
        var codes: [Int]?
    }

    /// Four colours: red, green, blue, white.
    static let palette: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]

    static func file(width: Int, height: Int, globalPalette: [UInt8]? = palette, loopCount: Int? = 0,
                     frames: [Frame], trailer: Bool = true) -> Data {
        var bytes = Array("GIF89a".utf8)
        bytes += le16(width) + le16(height)
        bytes += [globalPalette == nil ? 0x00 : 0x80 | 0x10 | 0x01, 0, 0]
        if let globalPalette { bytes += globalPalette }
        if let loopCount {
            bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + le16(loopCount) + [0]
        }
        for frame in frames {
            let packed = UInt8(frame.disposal << 2) | (frame.transparentIndex == nil ? 0 : 1)
            bytes += [0x21, 0xF9, 4, packed] + le16(frame.delay) + [UInt8(frame.transparentIndex ?? 0), 0]
            bytes += [0x2C] + le16(frame.left) + le16(frame.top) + le16(frame.width) + le16(frame.height)
            bytes += [(frame.localPalette == nil ? 0 : 0x81) | (frame.interlaced ? 0x40 : 0)]
            if let localPalette = frame.localPalette { bytes += localPalette }
            let codes = frame.codes ?? (frame.indices.flatMap { [4, Int($0)] } + [5])
            bytes += [2] + subBlocks(pack(codes)) + [0]
        }
        if trailer { bytes.append(0x3B) }
        return Data(bytes)
    }

    /// 3-bit codes packed least significant bit first.
    static func pack(_ codes: [Int]) -> [UInt8] {
        var bytes: [UInt8] = [], accumulator = 0, bits = 0
        for code in codes {
            accumulator |= code << bits
            bits += 3
            while bits >= 8 {
                bytes.append(UInt8(accumulator & 0xFF))
                accumulator >>= 8
                bits -= 8
            }
        }
        if bits > 0 { bytes.append(UInt8(accumulator & 0xFF)) }
        return bytes
    }

    private static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        stride(from: 0, to: data.count, by: 255).flatMap { start -> [UInt8] in
            let chunk = data[start..<min(start + 255, data.count)]
            return [UInt8(chunk.count)] + chunk
        }
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
}
