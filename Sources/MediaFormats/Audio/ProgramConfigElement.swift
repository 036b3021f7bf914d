/// A program config element (ISO/IEC 14496-3 §4.4.1.1 program_config_element): the speaker arrangement that
/// channel configuration 0 leaves to it, in a GASpecificConfig or, in ADTS, as the first element of the first raw
/// data block. Kept as its bits up to `byte_alignment()` plus its comment, because that alignment is relative to
/// whatever contains it: moving the element from an ADTS frame into an AudioSpecificConfig re-aligns it.
package struct ProgramConfigElement: Hashable, Sendable {
    /// The element's bits before `byte_alignment()`, one `Bool` per bit.
    package var bits: [Bool]
    /// `comment_field_data`.
    package var comment: [UInt8]
    /// Output channels: one per single channel element, two per channel pair element, in the front, side and back
    /// lists, plus the LFE elements.
    package var channels: Int

    /// Reads the element at the reader's position; `byte_alignment()` is taken relative to the reader's first byte,
    /// so the reader must start where the element's container starts.
    package init(parsing reader: inout BitReader) throws(MediaFormatError) {
        let start = reader.bitPosition
        var copy = reader
        channels = try Self.readFields(&reader)
        var bits: [Bool] = []
        bits.reserveCapacity(reader.bitPosition - start)
        while copy.bitPosition < reader.bitPosition { bits.append(try copy.readFlag()) }
        self.bits = bits
        reader.alignToByte()
        let count = Int(try reader.readBits(8))
        var comment: [UInt8] = []
        for _ in 0..<count { comment.append(UInt8(try reader.readBits(8))) }
        self.comment = comment
    }

    /// The element starting the raw data block `block` (an ADTS frame's payload), if the block's first syntactic
    /// element is one (`ID_PCE` = 5, §4.4.2.1 Table 4.71).
    package init?(firstElementOf block: [UInt8]) {
        var reader = BitReader(block)
        guard (try? reader.readBits(3)) == 5, let element = try? ProgramConfigElement(parsing: &reader) else { return nil }
        self = element
    }

    /// Reads the fields up to the byte alignment and returns the channel count.
    private static func readFields(_ reader: inout BitReader) throws(MediaFormatError) -> Int {
        try reader.skipBits(4 + 2 + 4)  // element_instance_tag, object_type, sampling_frequency_index
        let front = Int(try reader.readBits(4)), side = Int(try reader.readBits(4)), back = Int(try reader.readBits(4))
        let lfe = Int(try reader.readBits(2)), assoc = Int(try reader.readBits(3)), cc = Int(try reader.readBits(4))
        for fieldBits in [4, 4, 3] {  // mono, stereo and matrix mixdowns: a presence bit, then the field
            if try reader.readFlag() { try reader.skipBits(fieldBits) }
        }
        var channels = 0
        for _ in 0..<(front + side + back) {
            channels += try reader.readFlag() ? 2 : 1  // is_cpe
            try reader.skipBits(4)  // element tag select
        }
        try reader.skipBits(4 * (lfe + assoc) + 5 * cc)
        return channels + lfe
    }

    /// Writes the element at the writer's position, aligned to the writer's bytes, then its comment.
    package func write(to writer: inout BitWriter) {
        for bit in bits { writer.writeFlag(bit) }
        writer.alignToByte()
        writer.writeBits(comment.count, count: 8)
        writer.writeBytes(comment)
    }
}
