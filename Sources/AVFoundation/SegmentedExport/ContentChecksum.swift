import Foundation

/// A 64-bit checksum of bytes, to tell a damaged or foreign file from the one a step wrote (not a defence against
/// an attacker: that is the file system's and the network's job).
///
/// FNV-1a's step (xor, then multiply by its 64-bit prime) taken over 8-byte little-endian words, then the byte
/// count: each step is a bijection of the state for a given word, so any change confined to one word always
/// changes the result, and it runs at memory speed.
enum ContentChecksum {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The running state of a checksum over bytes given in parts.
    struct Running {
        private var state = ContentChecksum.offsetBasis
        private var count: UInt64 = 0
        /// Bytes of a word not yet complete (fewer than 8).
        private var pending: [UInt8] = []

        init() {}

        mutating func add(_ bytes: UnsafeRawBufferPointer) {
            var rest = bytes[...]
            count &+= UInt64(bytes.count)
            if !pending.isEmpty {
                let take = min(8 - pending.count, rest.count)
                pending += rest.prefix(take)
                rest = rest.dropFirst(take)
                guard pending.count == 8 else { return }
                pending.withUnsafeBytes { mix($0.loadUnaligned(as: UInt64.self)) }
                pending.removeAll(keepingCapacity: true)
            }
            let words = rest.count / 8
            let base = UnsafeRawBufferPointer(rebasing: rest)
            for word in 0..<words {
                mix(base.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self))
            }
            pending += rest.suffix(rest.count - words * 8)
        }

        private mutating func mix(_ word: UInt64) {
            state = (state ^ UInt64(littleEndian: word)) &* ContentChecksum.prime
        }

        /// The checksum of everything added.
        var value: UInt64 {
            var copy = self
            if !copy.pending.isEmpty {
                var last: UInt64 = 0
                for (index, byte) in copy.pending.enumerated() { last |= UInt64(byte) << (8 * UInt64(index)) }
                copy.state = (copy.state ^ last) &* ContentChecksum.prime
            }
            return (copy.state ^ count) &* ContentChecksum.prime
        }
    }

    /// The checksum of `data`.
    static func of(_ data: Data) -> UInt64 {
        var running = Running()
        data.withUnsafeBytes { running.add($0) }
        return running.value
    }

    /// The checksum of the file at `url` (read in parts of 4 MiB), and its size in bytes.
    static func ofFile(_ url: URL) throws -> (checksum: UInt64, byteCount: Int64) {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var running = Running()
        var total: Int64 = 0
        while let part = try handle.read(upToCount: 4 << 20), !part.isEmpty {
            part.withUnsafeBytes { running.add($0) }
            total += Int64(part.count)
        }
        return (running.value, total)
    }

    /// Sixteen hexadecimal digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
