import MediaFormats

/// The summary an encoder hides in a silent first frame: the Xing/Info header (frame and byte counts, seek table),
/// optionally followed by the LAME tag (encoder delay and padding, LAME technical specification rev. 1), or
/// Fraunhofer's VBRI header. Neither is part of an MPEG standard; the frame is not audio and is not a packet.
struct MPEGAudioInfoFrame: Equatable {
    enum Kind: Equatable { case xing, info, vbri }

    var kind: Kind
    /// Frames in the stream, the info frame excluded, if given.
    var frameCount: UInt32?
    /// Bytes in the stream, if given.
    var byteCount: UInt32?
    /// The LAME tag's encoder string ("LAME3.100", "Lavc59.37"), if there is a tag.
    var encoder: String?
    /// Samples of encoder delay and end padding from the LAME tag.
    var encoderDelay: Int?
    var encoderPadding: Int?

    /// The info frame in the frame at `offset` of `size` bytes, if it is one.
    init?(in data: AudioFileData, frameAt offset: Int, size: Int, header: MPEGAudioFrameHeader) {
        let end = offset + size
        let xing = offset + header.xingOffset
        if xing + 8 <= end, data.matches(Array("Xing".utf8), at: xing) || data.matches(Array("Info".utf8), at: xing) {
            kind = data.matches(Array("Xing".utf8), at: xing) ? .xing : .info
            guard let flags = data.reader.getUInt(at: xing + 4, size: 4) else { return nil }
            var field = xing + 8
            if flags & 1 != 0 { frameCount = data.reader.getUInt(at: field, size: 4).map { UInt32($0) }; field += 4 }
            if flags & 2 != 0 { byteCount = data.reader.getUInt(at: field, size: 4).map { UInt32($0) }; field += 4 }
            if flags & 4 != 0 { field += 100 }
            if flags & 8 != 0 { field += 4 }
            // The LAME tag: a 9-byte encoder string, then at +21 the 12-bit delay and 12-bit padding.
            if field + 24 <= end, let tag = data.reader.getBytes(at: field, count: 24),
               tag[0..<9].allSatisfy({ (0x20...0x7E).contains($0) || $0 == 0 }),
               tag[0..<4].elementsEqual("LAME".utf8) || tag[0..<4].elementsEqual("Lavc".utf8)
                || tag[0..<4].elementsEqual("Lavf".utf8) || tag[0..<4].elementsEqual("L3.9".utf8) {
                encoder = String(decoding: tag[0..<9].filter { $0 != 0 }, as: UTF8.self)
                encoderDelay = Int(tag[21]) << 4 | Int(tag[22]) >> 4
                encoderPadding = (Int(tag[22]) & 0x0F) << 8 | Int(tag[23])
            }
            return
        }
        // VBRI sits 32 bytes after the header, whatever the side information's size.
        let vbri = offset + 36
        if vbri + 18 <= end, data.matches(Array("VBRI".utf8), at: vbri) {
            kind = .vbri
            byteCount = data.reader.getUInt(at: vbri + 10, size: 4).map { UInt32($0) }
            frameCount = data.reader.getUInt(at: vbri + 14, size: 4).map { UInt32($0) }
            return
        }
        return nil
    }
}
