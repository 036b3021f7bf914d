/// Apple Lossless configuration (Apple's ALAC specification, `ALACSpecificConfig`): the 24-byte "magic cookie" a
/// decoder takes, the payload of an `alac` box after its version and flags. Big-endian.
package struct ALACSpecificConfig: Hashable, Sendable {
    /// Bytes of the configuration.
    package static let size = 24

    /// Frames per packet (4096 by default).
    package var frameLength: UInt32
    /// 0.
    package var compatibleVersion: UInt8 = 0
    /// Bits per sample: 16, 20, 24 or 32.
    package var bitDepth: UInt8
    /// Rice history multiplier (40).
    package var pb: UInt8 = 40
    /// Rice initial history (10).
    package var mb: UInt8 = 10
    /// Rice parameter limit (14).
    package var kb: UInt8 = 14
    /// Channels.
    package var numberOfChannels: UInt8
    /// Escape run length (255).
    package var maxRun: UInt16 = 255
    /// Largest packet in bytes (0: unknown).
    package var maxFrameBytes: UInt32
    /// Average bit rate (0: unknown).
    package var avgBitRate: UInt32
    /// Sample rate in Hz.
    package var sampleRate: UInt32

    /// A configuration with Apple's default Rice parameters.
    package init(frameLength: UInt32 = 4096, bitDepth: UInt8, numberOfChannels: UInt8, maxFrameBytes: UInt32 = 0,
                 avgBitRate: UInt32 = 0, sampleRate: UInt32) {
        self.frameLength = frameLength
        self.bitDepth = bitDepth
        self.numberOfChannels = numberOfChannels
        self.maxFrameBytes = maxFrameBytes
        self.avgBitRate = avgBitRate
        self.sampleRate = sampleRate
    }

    /// Parses the 24 bytes at the start of `bytes`.
    package init(parsing bytes: [UInt8]) throws(MediaFormatError) {
        var reader = ByteReader(bytes)
        try self.init(parsing: &reader)
    }

    /// Parses the configuration at the reader's position.
    package init(parsing reader: inout ByteReader) throws(MediaFormatError) {
        frameLength = try reader.readUInt32()
        compatibleVersion = try reader.readUInt8()
        bitDepth = try reader.readUInt8()
        pb = try reader.readUInt8()
        mb = try reader.readUInt8()
        kb = try reader.readUInt8()
        numberOfChannels = try reader.readUInt8()
        maxRun = try reader.readUInt16()
        maxFrameBytes = try reader.readUInt32()
        avgBitRate = try reader.readUInt32()
        sampleRate = try reader.readUInt32()
    }

    /// Appends the 24 bytes.
    package func write(to writer: inout ByteWriter) {
        writer.writeUInt32(frameLength)
        for byte in [compatibleVersion, bitDepth, pb, mb, kb, numberOfChannels] { writer.writeUInt8(byte) }
        writer.writeUInt16(maxRun)
        writer.writeUInt32(maxFrameBytes)
        writer.writeUInt32(avgBitRate)
        writer.writeUInt32(sampleRate)
    }

    /// The 24 bytes.
    package var bytes: [UInt8] {
        var writer = ByteWriter(capacity: Self.size)
        write(to: &writer)
        return writer.bytes
    }
}
