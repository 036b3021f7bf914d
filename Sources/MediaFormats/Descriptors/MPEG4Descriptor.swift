/// MPEG-4 Systems descriptors (ISO/IEC 14496-1 §7.2.2): a tag byte, a length in 1 to 4 bytes of 7 bits each (high
/// bit: more bytes follow), then the payload. Writers differ in how many length bytes they use (FFmpeg and Apple
/// write 4 even for short lengths), so every descriptor keeps its length field size and writes it back.
package enum MPEG4Descriptor {
    /// ES_DescrTag.
    package static let esDescriptorTag: UInt8 = 0x03
    /// DecoderConfigDescrTag.
    package static let decoderConfigTag: UInt8 = 0x04
    /// DecSpecificInfoTag.
    package static let decoderSpecificInfoTag: UInt8 = 0x05
    /// SLConfigDescrTag.
    package static let slConfigTag: UInt8 = 0x06

    /// Reads a descriptor header; returns its tag, a reader over its payload, and the length field size.
    package static func readHeader(_ reader: inout ByteReader) throws(MediaFormatError)
        -> (tag: UInt8, payload: ByteReader, lengthFieldSize: Int) {
        let start = reader.offset
        let tag = try reader.readUInt8()
        var length = 0
        var fieldSize = 0
        while true {
            let byte = try reader.readUInt8()
            fieldSize += 1
            length = length << 7 | Int(byte & 0x7F)
            if byte & 0x80 == 0 { break }
            guard fieldSize < 4 else {
                throw MediaFormatError(.invalidValue, at: start, "descriptor \(tagName(tag)) length uses more than 4 bytes")
            }
        }
        guard length <= reader.readableBytes else {
            throw MediaFormatError(.invalidLength, at: start,
                                   "descriptor \(tagName(tag)) declares \(length) bytes, \(reader.readableBytes) remain")
        }
        return (tag, try reader.readSlice(count: length), fieldSize)
    }

    /// Writes a descriptor: tag, length in at least `lengthFieldSize` bytes, payload.
    package static func write(tag: UInt8, lengthFieldSize: Int, payload: [UInt8], to writer: inout ByteWriter)
        throws(MediaFormatError) {
        guard payload.count < 1 << 28 else {
            throw MediaFormatError(.unrepresentable, at: Int64(writer.count), "a descriptor holds less than 256 MiB")
        }
        var needed = 1
        while payload.count >= 1 << (7 * needed) { needed += 1 }
        let size = max(needed, min(lengthFieldSize, 4))
        writer.writeUInt8(tag)
        for index in stride(from: size - 1, through: 0, by: -1) {
            let bits = UInt8((payload.count >> (7 * index)) & 0x7F)
            writer.writeUInt8(index == 0 ? bits : bits | 0x80)
        }
        writer.writeBytes(payload)
    }

    /// Writes a descriptor whose payload `body` produces.
    package static func write(tag: UInt8, lengthFieldSize: Int, to writer: inout ByteWriter,
                              _ body: (inout ByteWriter) throws(MediaFormatError) -> Void) throws(MediaFormatError) {
        var payload = ByteWriter()
        try body(&payload)
        try write(tag: tag, lengthFieldSize: lengthFieldSize, payload: payload.bytes, to: &writer)
    }

    /// `0x05` for messages.
    private static func tagName(_ tag: UInt8) -> String {
        let digits = String(tag, radix: 16, uppercase: true)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }
}

/// A descriptor this library does not interpret, kept whole.
package struct RawDescriptor: Hashable, Sendable {
    /// The tag.
    package var tag: UInt8
    /// Bytes of the length field as stored.
    package var lengthFieldSize: Int
    /// The payload.
    package var payload: [UInt8]

    /// A descriptor.
    package init(tag: UInt8, lengthFieldSize: Int = 1, payload: [UInt8]) {
        self.tag = tag
        self.lengthFieldSize = lengthFieldSize
        self.payload = payload
    }

    /// Appends the descriptor.
    package func write(to writer: inout ByteWriter) throws(MediaFormatError) {
        try MPEG4Descriptor.write(tag: tag, lengthFieldSize: lengthFieldSize, payload: payload, to: &writer)
    }
}
