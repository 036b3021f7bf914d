/// The packet table chunk (`pakt`, Apple Core Audio Format Specification 1.0, "Packet Table Chunk"): the number of
/// packets, the valid, priming and remainder frames, and for variable-size or variable-duration streams one or two
/// variable-length integers per packet (size, then frames).
struct CAFPacketTable {
    var numberOfPackets: Int64
    var numberOfValidFrames: Int64
    var primingFrames: Int32
    var remainderFrames: Int32
    /// Byte size of each packet, when the stream's packets vary in size.
    var sizes: [UInt32]?
    /// Frames in each packet, when the stream's packets vary in duration.
    var frames: [UInt32]?

    /// Reads the header and, as `hasSizes`/`hasFrames` say, the per-packet entries.
    init(parsing cursor: inout ChunkReader, hasSizes: Bool, hasFrames: Bool) throws(AudioFileError) {
        let start = cursor.offset
        numberOfPackets = Int64(bitPattern: try cursor.readUInt64())
        numberOfValidFrames = Int64(bitPattern: try cursor.readUInt64())
        primingFrames = Int32(bitPattern: try cursor.readUInt32())
        remainderFrames = Int32(bitPattern: try cursor.readUInt32())
        guard numberOfPackets >= 0 else { throw cursor.error("packet count \(numberOfPackets)", at: start) }
        guard hasSizes || hasFrames else { return }
        let perPacket = (hasSizes ? 1 : 0) + (hasFrames ? 1 : 0)
        // Each entry takes at least one byte: refuse counts the chunk cannot hold before allocating.
        let (needed, overflow) = numberOfPackets.multipliedReportingOverflow(by: Int64(perPacket))
        guard !overflow, needed <= Int64(cursor.readableBytes) else {
            throw cursor.error("\(numberOfPackets) packets need at least \(overflow ? "more than 2^63" : "\(needed)") "
                               + "bytes of entries, \(cursor.readableBytes) remain", at: start)
        }
        let count = Int(numberOfPackets)
        var sizes: [UInt32] = []
        var frames: [UInt32] = []
        if hasSizes { sizes.reserveCapacity(count) }
        if hasFrames { frames.reserveCapacity(count) }
        for index in 0..<count {
            if hasSizes { sizes.append(try Self.readVarint(&cursor, what: "size of packet \(index)")) }
            if hasFrames { frames.append(try Self.readVarint(&cursor, what: "frames of packet \(index)")) }
        }
        self.sizes = hasSizes ? sizes : nil
        self.frames = hasFrames ? frames : nil
    }

    /// A table from its fields (for the writer).
    init(numberOfPackets: Int64, numberOfValidFrames: Int64, primingFrames: Int32, remainderFrames: Int32) {
        self.numberOfPackets = numberOfPackets
        self.numberOfValidFrames = numberOfValidFrames
        self.primingFrames = primingFrames
        self.remainderFrames = remainderFrames
    }

    /// A big-endian base-128 integer: seven bits per byte, the high bit set on every byte but the last. Values
    /// above 32 bits are refused (no packet is that large).
    static func readVarint(_ cursor: inout ChunkReader, what: @autoclosure () -> String) throws(AudioFileError) -> UInt32 {
        let start = cursor.offset
        var value: UInt64 = 0
        for _ in 0..<5 {
            let byte = try cursor.readUInt8()
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 {
                guard let result = UInt32(exactly: value) else { break }
                return result
            }
        }
        throw cursor.error("\(what()) is not a variable-length integer of at most 32 bits", at: start)
    }

    /// Appends `value` as a variable-length integer.
    static func appendVarint(_ value: UInt32, to bytes: inout [UInt8]) {
        var groups = 1
        while groups < 5 && value >> (7 * UInt32(groups)) != 0 { groups += 1 }
        for index in stride(from: groups - 1, through: 0, by: -1) {
            let bits = UInt8(truncatingIfNeeded: value >> (7 * UInt32(index))) & 0x7F
            bytes.append(index == 0 ? bits : bits | 0x80)
        }
    }
}
