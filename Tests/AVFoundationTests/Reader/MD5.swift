/// MD5 (RFC 1321), to compare bytes with `ffmpeg -f framemd5`, which prints one MD5 per packet or picture.
struct MD5 {
    private var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476)
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    private static let shifts: [UInt32] = [7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                           5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
                                           4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                           6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21]
    // RFC 1321 §3.4: T[i] = floor(2^32 × |sin(i + 1)|).
    private static let constants: [UInt32] = (0..<64).map { UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296)) }

    /// Adds bytes.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Adds the bytes at `pointer`.
    mutating func update(_ pointer: UnsafeRawBufferPointer) {
        var offset = 0
        length &+= UInt64(pointer.count)
        if !pending.isEmpty {
            let take = min(64 - pending.count, pointer.count)
            pending += pointer[0..<take]
            offset = take
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { block($0) }
            pending.removeAll(keepingCapacity: true)
        }
        while pointer.count - offset >= 64 {
            block(UnsafeRawBufferPointer(rebasing: pointer[offset..<(offset + 64)]))
            offset += 64
        }
        pending += pointer[offset...]
    }

    /// The digest as lowercase hex.
    mutating func hex() -> String {
        let bits = length &* 8
        pending.append(0x80)
        while pending.count % 64 != 56 { pending.append(0) }
        for shift in stride(from: 0, to: 64, by: 8) { pending.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        pending.withUnsafeBytes { all in
            for start in stride(from: 0, to: all.count, by: 64) { block(UnsafeRawBufferPointer(rebasing: all[start..<(start + 64)])) }
        }
        pending.removeAll()
        let words = [state.0, state.1, state.2, state.3]
        return words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32($0 * 8)) } }
            .map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    private mutating func block(_ bytes: UnsafeRawBufferPointer) {
        var (a, b, c, d) = state
        for i in 0..<64 {
            var f: UInt32
            let g: Int
            switch i {
            case 0..<16: f = (b & c) | (~b & d); g = i
            case 16..<32: f = (d & b) | (~d & c); g = (5 * i + 1) % 16
            case 32..<48: f = b ^ c ^ d; g = (3 * i + 5) % 16
            default: f = c ^ (b | ~d); g = (7 * i) % 16
            }
            f = f &+ a &+ Self.constants[i] &+ UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * g, as: UInt32.self))
            a = d
            d = c
            c = b
            b = b &+ ((f << Self.shifts[i]) | (f >> (32 - Self.shifts[i])))
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }

    /// The digest of `bytes`.
    static func hex(_ bytes: [UInt8]) -> String {
        var md5 = MD5()
        md5.update(bytes)
        return md5.hex()
    }
}

import Foundation
