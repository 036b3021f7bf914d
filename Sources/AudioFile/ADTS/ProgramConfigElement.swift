/// A program config element (ISO/IEC 14496-3 §4.4.1.1 program_config_element): the speaker arrangement an ADTS
/// stream with channel configuration 0 carries in its first raw data block instead of in a header. Kept as the bits
/// up to its byte alignment plus its comment, so it can be re-aligned inside an AudioSpecificConfig.
struct ProgramConfigElement: Equatable {
    /// The element's bits before `byte_alignment()`, one `Bool` per bit.
    var bits: [Bool]
    /// `comment_field_data`.
    var comment: [UInt8]
    /// Output channels: one per single channel element, two per channel pair element, in the front, side and back
    /// lists, plus the LFE elements.
    var channels: Int

    /// The PCE starting the raw data block in `block`, if the block's first element is one (ID_PCE = 5).
    init?(firstElementOf block: [UInt8]) {
        var reader = BitReader(block)
        guard reader.read(3) == 5 else { return nil }
        let start = reader.position
        guard let parsed = Self.parse(&reader) else { return nil }
        channels = parsed
        var bits: [Bool] = []
        var copy = BitReader(block)
        _ = copy.read(start)
        while copy.position < reader.position { bits.append(copy.read(1) == 1) }
        self.bits = bits
        // byte_alignment() is relative to the start of the raw data block.
        reader.alignToByte()
        guard let count = reader.read(8) else { return nil }
        var comment: [UInt8] = []
        for _ in 0..<count {
            guard let byte = reader.read(8) else { return nil }
            comment.append(UInt8(byte))
        }
        self.comment = comment
    }

    /// Reads the fields up to the byte alignment and returns the channel count.
    private static func parse(_ reader: inout BitReader) -> Int? {
        guard reader.read(4 + 2 + 4) != nil,  // element_instance_tag, object_type, sampling_frequency_index
              let front = reader.read(4), let side = reader.read(4), let back = reader.read(4),
              let lfe = reader.read(2), let assoc = reader.read(3), let cc = reader.read(4) else { return nil }
        for fieldBits in [4, 4, 3] {  // mono, stereo and matrix mixdowns: a presence bit, then the field
            guard let present = reader.read(1) else { return nil }
            if present == 1 { guard reader.read(fieldBits) != nil else { return nil } }
        }
        var channels = 0
        for _ in 0..<(front + side + back) {
            guard let isPair = reader.read(1), reader.read(4) != nil else { return nil }
            channels += isPair == 1 ? 2 : 1
        }
        for _ in 0..<(lfe + assoc) { guard reader.read(4) != nil else { return nil } }
        for _ in 0..<cc { guard reader.read(5) != nil else { return nil } }
        return channels + lfe
    }

    /// Writes the element at the writer's position (byte-aligned inside an AudioSpecificConfig).
    func write(to writer: inout BitWriter) {
        for bit in bits { writer.write(bit ? 1 : 0, bits: 1) }
        writer.alignToByte()
        writer.write(comment.count, bits: 8)
        for byte in comment { writer.write(Int(byte), bits: 8) }
    }
}
