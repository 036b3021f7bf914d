/// E-AC-3 configuration (ETSI TS 102 366 Annex F.6, the EC3SpecificBox payload): data rate and one description
/// per independent substream; extension bytes (Dolby Atmos JOC flags) are kept as stored. The payload of `dec3`
/// and the package's E-AC-3 magic cookie.
package struct EC3SpecificConfig: Hashable, Sendable {
    /// One independent substream.
    package struct Substream: Hashable, Sendable {
        /// Sample rate code.
        package var fscod: UInt8
        /// Bit stream identification (16 for E-AC-3).
        package var bsid: UInt8
        /// The reserved bit after `bsid`, as stored.
        package var reserved1: UInt8 = 0
        /// Associated service.
        package var asvc: Bool
        /// Bit stream mode.
        package var bsmod: UInt8
        /// Audio coding mode.
        package var acmod: UInt8
        /// LFE channel present.
        package var lfeon: Bool
        /// The 3 reserved bits after `lfeon`, as stored.
        package var reserved2: UInt8 = 0
        /// Dependent substreams.
        package var numberOfDependentSubstreams: UInt8
        /// Channel locations of the dependent substreams (9 bits), when there are any; the reserved bit otherwise.
        package var channelLocation: UInt16

        /// A substream.
        package init(fscod: UInt8, bsid: UInt8 = 16, asvc: Bool = false, bsmod: UInt8 = 0, acmod: UInt8, lfeon: Bool,
                     numberOfDependentSubstreams: UInt8 = 0, channelLocation: UInt16 = 0) {
            self.fscod = fscod
            self.bsid = bsid
            self.asvc = asvc
            self.bsmod = bsmod
            self.acmod = acmod
            self.lfeon = lfeon
            self.numberOfDependentSubstreams = numberOfDependentSubstreams
            self.channelLocation = channelLocation
        }
    }

    /// Data rate in kbit/s (13 bits).
    package var dataRate: UInt16
    /// The independent substreams (1 to 8).
    package var substreams: [Substream]
    /// Bytes after the substreams, as stored.
    package var extensionBytes: [UInt8] = []

    /// A configuration.
    package init(dataRate: UInt16, substreams: [Substream]) {
        self.dataRate = dataRate
        self.substreams = substreams
    }

    /// Parses everything left in the reader.
    package init(parsing reader: inout ByteReader) throws(MediaFormatError) {
        let start = reader.offset
        var bits = BitReader(reader.readRemainingBytes(), baseOffset: start)
        dataRate = UInt16(try bits.readBits(13))
        let count = Int(try bits.readBits(3)) + 1
        substreams = []
        for _ in 0..<count {
            var substream = Substream(fscod: UInt8(try bits.readBits(2)), bsid: UInt8(try bits.readBits(5)), acmod: 0,
                                      lfeon: false)
            substream.reserved1 = UInt8(try bits.readBits(1))
            substream.asvc = try bits.readFlag()
            substream.bsmod = UInt8(try bits.readBits(3))
            substream.acmod = UInt8(try bits.readBits(3))
            substream.lfeon = try bits.readFlag()
            substream.reserved2 = UInt8(try bits.readBits(3))
            substream.numberOfDependentSubstreams = UInt8(try bits.readBits(4))
            substream.channelLocation = UInt16(try bits.readBits(substream.numberOfDependentSubstreams > 0 ? 9 : 1))
            substreams.append(substream)
        }
        extensionBytes = bits.remainingBytes
    }

    /// Appends the configuration.
    package func write(to writer: inout ByteWriter) throws(MediaFormatError) {
        guard (1...8).contains(substreams.count) else {
            throw MediaFormatError(.unrepresentable, at: Int64(writer.count), "dec3 holds 1 to 8 substreams")
        }
        var bits = BitWriter()
        bits.writeBits(dataRate, count: 13)
        bits.writeBits(substreams.count - 1, count: 3)
        for substream in substreams {
            bits.writeBits(substream.fscod, count: 2)
            bits.writeBits(substream.bsid, count: 5)
            bits.writeBits(substream.reserved1, count: 1)
            bits.writeFlag(substream.asvc)
            bits.writeBits(substream.bsmod, count: 3)
            bits.writeBits(substream.acmod, count: 3)
            bits.writeFlag(substream.lfeon)
            bits.writeBits(substream.reserved2, count: 3)
            bits.writeBits(substream.numberOfDependentSubstreams, count: 4)
            bits.writeBits(substream.channelLocation, count: substream.numberOfDependentSubstreams > 0 ? 9 : 1)
        }
        writer.writeBytes(bits.bytes)
        writer.writeBytes(extensionBytes)
    }
}
