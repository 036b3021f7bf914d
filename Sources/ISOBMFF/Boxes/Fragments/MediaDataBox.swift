import MediaFormats

/// Media data (`mdat`, ISO/IEC 14496-12 §8.1.1). The library never loads `mdat` payloads: the scanner records
/// their location, and the muxer writes the header with the helpers here.
package enum MediaDataBox {
    /// The box type.
    package static let type: FourCC = "mdat"

    /// Bytes a muxer reserves before the media data so that the header can be patched once the size is known,
    /// whether it then needs 32 or 64 bits.
    package static let reservedHeaderSize = 16

    /// The 16 bytes to write at the reserved position once `payloadSize` is known: an 8-byte `placeholderType`
    /// box (`wide`, as QuickTime writes, or `free`) followed by an 8-byte `mdat` header when the box fits 32 bits;
    /// otherwise a 16-byte `mdat` header with a 64-bit `largesize`. Either way the media data starts 16 bytes
    /// after the reserved position.
    package static func header(payloadSize: UInt64, placeholderType: FourCC = "wide") -> [UInt8] {
        var writer = BoxWriter(capacity: reservedHeaderSize)
        if payloadSize <= UInt64(UInt32.max) - 8 {
            writer.writeUInt32(8)
            writer.writeFourCC(placeholderType)
            writer.writeUInt32(UInt32(payloadSize + 8))
            writer.writeFourCC(type)
        } else {
            writer.writeUInt32(1)
            writer.writeFourCC(type)
            writer.writeUInt64(payloadSize &+ 16)
        }
        return writer.bytes
    }
}

extension BoxWriter {
    /// Appends a 16-byte placeholder for an `mdat` header and returns its index, for `patchMediaDataHeader`.
    package mutating func reserveMediaDataHeader() -> Int {
        let index = count
        writeBytes(MediaDataBox.header(payloadSize: 0))
        return index
    }

    /// Patches the header reserved at `index`: the media data is everything written after it.
    package mutating func patchMediaDataHeader(at index: Int, placeholderType: FourCC = "wide") throws(BoxWriteError) {
        guard index >= 0, index <= count - MediaDataBox.reservedHeaderSize else {
            throw BoxWriteError(MediaDataBox.type, "no reserved header at \(index)")
        }
        let payloadSize = UInt64(count - index - MediaDataBox.reservedHeaderSize)
        do throws(MediaFormatError) {
            try setBytes(MediaDataBox.header(payloadSize: payloadSize, placeholderType: placeholderType), at: index)
        } catch {
            throw BoxWriteError(MediaDataBox.type, error.message)
        }
    }
}
