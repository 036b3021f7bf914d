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
    package static func readHeader(_ reader: inout BoxReader) throws(BoxParseError)
        -> (tag: UInt8, payload: BoxReader, lengthFieldSize: Int) {
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
                throw reader.error(.invalidValue, "descriptor 0x\(hexDigits(UInt64(tag), width: 2)) length uses more than 4 bytes",
                                   at: start)
            }
        }
        guard length <= reader.readableBytes else {
            throw reader.error(.invalidBoxSize, "descriptor 0x\(hexDigits(UInt64(tag), width: 2)) declares \(length) bytes, "
                               + "\(reader.readableBytes) remain", at: start)
        }
        return (tag, try reader.readSlice(count: length), fieldSize)
    }

    /// Writes a descriptor: tag, length in at least `lengthFieldSize` bytes, payload.
    package static func write(tag: UInt8, lengthFieldSize: Int, payload: [UInt8], to writer: inout BoxWriter,
                              in type: FourCC) throws(BoxWriteError) {
        guard payload.count < 1 << 28 else { throw BoxWriteError(type, "a descriptor holds less than 256 MiB") }
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
    package static func write(tag: UInt8, lengthFieldSize: Int, to writer: inout BoxWriter, in type: FourCC,
                              _ body: (inout BoxWriter) throws(BoxWriteError) -> Void) throws(BoxWriteError) {
        var payload = BoxWriter()
        try body(&payload)
        try write(tag: tag, lengthFieldSize: lengthFieldSize, payload: payload.bytes, to: &writer, in: type)
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

    func write(to writer: inout BoxWriter, in type: FourCC) throws(BoxWriteError) {
        try MPEG4Descriptor.write(tag: tag, lengthFieldSize: lengthFieldSize, payload: payload, to: &writer, in: type)
    }
}
