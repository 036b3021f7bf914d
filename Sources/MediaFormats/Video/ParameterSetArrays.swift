/// Parameter sets as decoder configuration records store them (ISO/IEC 14496-15 §5.3.3.1, §8.3.3.1): each NAL unit
/// behind a 16-bit length.
extension ByteReader {
    /// Reads `count` parameter sets, each a 16-bit length and that many bytes; the count is checked against the bytes
    /// that remain before anything is allocated.
    package mutating func readParameterSets(count: Int) throws(MediaFormatError) -> [[UInt8]] {
        let n = try checkCount(count, elementSize: 2, "parameter set")
        var sets: [[UInt8]] = []
        sets.reserveCapacity(n)
        for _ in 0..<n { sets.append(try readBytes(count: Int(try readUInt16()))) }
        return sets
    }
}

extension ByteWriter {
    /// Appends parameter sets, each a 16-bit length and its bytes.
    package mutating func writeParameterSets(_ sets: [[UInt8]]) throws(MediaFormatError) {
        for set in sets {
            guard let length = UInt16(exactly: set.count) else {
                throw MediaFormatError(.unrepresentable, at: Int64(count),
                                       "a parameter set holds at most 65535 bytes, not \(set.count)")
            }
            writeUInt16(length)
            writeBytes(set)
        }
    }
}
