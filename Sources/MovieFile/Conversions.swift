import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer

extension TransformMatrix {
    /// The matrix a `mvhd` or `tkhd` stores, as doubles (a, b, c, d, x, y from 16.16; u, v, w from 2.30).
    init(_ matrix: TransformationMatrix) {
        self.init(a: matrix.a.doubleValue, b: matrix.b.doubleValue, u: matrix.u.doubleValue,
                  c: matrix.c.doubleValue, d: matrix.d.doubleValue, v: matrix.v.doubleValue,
                  x: matrix.x.doubleValue, y: matrix.y.doubleValue, w: matrix.w.doubleValue)
    }
}

extension FourCC {
    /// The code as Core Media's `FourCharCode`.
    var fourCharCode: FourCharCode { rawValue }

    /// The four characters as a string when all are printable (Latin-1 © included), for extension values such as
    /// `Vendor`; `nil` otherwise.
    var printableString: String? {
        let bytes = self.bytes
        guard bytes.allSatisfy({ (0x20...0x7E).contains($0) || $0 == 0xA9 }) else { return nil }
        return String(bytes.map { Character(Unicode.Scalar($0)) })
    }
}

/// Seconds between the QuickTime/ISO epoch (1904-01-01 00:00 UTC) and the Unix epoch (1970-01-01 00:00 UTC).
let secondsFrom1904To1970: UInt64 = 2_082_844_800

/// A `mvhd`/`tkhd` time (seconds since 1904), or `nil` for 0 (the field's "not recorded").
func dateFrom1904(_ seconds: UInt64) -> Date? {
    guard seconds != 0 else { return nil }
    return Date(timeIntervalSince1970: Double(seconds) - Double(secondsFrom1904To1970))
}

/// A 32-bit timescale from a file, or `nil` when it is 0 or does not fit `CMTimeScale`.
func timescale(_ value: UInt32) -> CMTimeScale? {
    guard value > 0 else { return nil }
    return CMTimeScale(exactly: value)
}

/// The bytes of a box's payload, as the file stores them (re-serialised: the box model writes back what it read,
/// byte for byte).
func payloadBytes(of node: BoxNode) -> [UInt8]? {
    var writer = BoxWriter()
    guard (try? writer.writeNode(node)) != nil else { return nil }
    let headerSize = node.header?.headerSize ?? (node.sizeEncoding == .large ? 16 : 8)
    guard writer.bytes.count >= headerSize else { return nil }
    return Array(writer.bytes[headerSize...])
}

/// The whole box (header and payload) as the file stores it.
func boxBytes(of node: BoxNode) -> [UInt8]? {
    var writer = BoxWriter()
    guard (try? writer.writeNode(node)) != nil else { return nil }
    return writer.bytes
}

/// The payload of a full box after its version and flags.
func fullBoxContent(of node: BoxNode) -> [UInt8]? {
    guard let payload = payloadBytes(of: node), payload.count >= 4 else { return nil }
    return Array(payload[4...])
}
