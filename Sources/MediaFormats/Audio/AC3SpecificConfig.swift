/// AC-3 configuration (ETSI TS 102 366 Annex F.4, the AC3SpecificBox payload): the fields of the bit stream's first
/// syncframe a demuxer needs, packed in three bytes. The payload of `dac3` and the package's AC-3 magic cookie.
package struct AC3SpecificConfig: Hashable, Sendable {
    /// Sample rate code (0 48 kHz, 1 44.1 kHz, 2 32 kHz).
    package var fscod: UInt8
    /// Bit stream identification (8 for AC-3).
    package var bsid: UInt8
    /// Bit stream mode.
    package var bsmod: UInt8
    /// Audio coding mode (channel arrangement).
    package var acmod: UInt8
    /// LFE channel present.
    package var lfeon: Bool
    /// Bit rate code.
    package var bitRateCode: UInt8
    /// The 5 reserved bits, as stored.
    package var reserved: UInt8 = 0

    /// A configuration.
    package init(fscod: UInt8, bsid: UInt8 = 8, bsmod: UInt8 = 0, acmod: UInt8, lfeon: Bool, bitRateCode: UInt8) {
        self.fscod = fscod
        self.bsid = bsid
        self.bsmod = bsmod
        self.acmod = acmod
        self.lfeon = lfeon
        self.bitRateCode = bitRateCode
    }

    /// Parses the three bytes at the reader's position.
    package init(parsing reader: inout ByteReader) throws(MediaFormatError) {
        var bits = BitReader(try reader.readBytes(count: 3), baseOffset: reader.offset - 3)
        fscod = UInt8(try bits.readBits(2))
        bsid = UInt8(try bits.readBits(5))
        bsmod = UInt8(try bits.readBits(3))
        acmod = UInt8(try bits.readBits(3))
        lfeon = try bits.readFlag()
        bitRateCode = UInt8(try bits.readBits(5))
        reserved = UInt8(try bits.readBits(5))
    }

    /// Appends the three bytes.
    package func write(to writer: inout ByteWriter) {
        var bits = BitWriter()
        bits.writeBits(fscod, count: 2)
        bits.writeBits(bsid, count: 5)
        bits.writeBits(bsmod, count: 3)
        bits.writeBits(acmod, count: 3)
        bits.writeFlag(lfeon)
        bits.writeBits(bitRateCode, count: 5)
        bits.writeBits(reserved, count: 5)
        writer.writeBytes(bits.bytes)
    }
}
