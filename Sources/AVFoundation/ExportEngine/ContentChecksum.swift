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
            // Indexing, not `suffix(_:)`: a slice of a raw buffer takes `Sequence`'s `suffix`, which walks every byte.
            pending += rest[(rest.startIndex + words * 8)...]
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

    /// The checksum of the file at `url`, and its size in bytes.
    ///
    /// Read through one buffer of `readSize` bytes, reused: a fresh `Data` per read had the kernel map, zero and
    /// unmap new pages for every part, which cost a stitch more than the checksum itself, and a buffer this size
    /// stays in the cache between the copy and the sum.
    static func ofFile(_ url: URL) throws -> (checksum: UInt64, byteCount: Int64) {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize, alignment: 64)
        defer { buffer.deallocate() }
        var running = Running()
        var total: Int64 = 0
        while true {
            let count = read(descriptor, buffer.baseAddress, readSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            if count == 0 { break }
            running.add(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            total += Int64(count)
        }
        return (running.value, total)
    }

    /// The size of `ofFile`'s reads: a multiple of 8, so a part ends on a word and the sum never waits for the next.
    private static let readSize = 256 << 10

    /// Sixteen hexadecimal digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
