import Foundation

/// The smallest QuickTime movie ffmpeg accepts: one video track, all samples in one chunk. Test-side only: it lets
/// ffmpeg/ffprobe judge codecs (ProRes) that have no raw elementary-stream format.
enum MinimalMovie {
    static func make(fourCC: String, width: Int, height: Int, timescale: UInt32, sampleDuration: UInt32,
                     samples: [[UInt8]]) -> [UInt8] {
        let ftyp = box("ftyp", Array("qt  ".utf8) + be32(0x2005_0300) + Array("qt  ".utf8))
        let mdatPayload = samples.flatMap { $0 }
        let mdatHeader = be32(UInt32(8 + mdatPayload.count)) + Array("mdat".utf8)
        let chunkOffset = UInt32(ftyp.count + mdatHeader.count)
        let duration = UInt32(samples.count) * sampleDuration
        let matrix: [UInt8] = be32(0x10000) + be32(0) + be32(0) + be32(0) + be32(0x10000) + be32(0) + be32(0) + be32(0)
            + be32(0x4000_0000)
        let mvhd = box("mvhd", be32(0) + be32(0) + be32(0) + be32(timescale) + be32(duration) + be32(0x10000)
                       + be16(0x100) + Array(repeating: 0, count: 10) + matrix + Array(repeating: 0, count: 24) + be32(2))
        let tkhd = box("tkhd", be32(7) + be32(0) + be32(0) + be32(1) + be32(0) + be32(duration)
                       + Array(repeating: 0, count: 8) + be16(0) + be16(0) + be16(0) + be16(0) + matrix
                       + be32(UInt32(width) << 16) + be32(UInt32(height) << 16))
        let mdhd = box("mdhd", be32(0) + be32(0) + be32(0) + be32(timescale) + be32(duration) + be16(0x55C4) + be16(0))
        let hdlr = box("hdlr", be32(0) + Array("mhlr".utf8) + Array("vide".utf8) + Array(repeating: 0, count: 12) + [0])
        let vmhd = box("vmhd", be32(1) + be16(0) + be16(0) + be16(0) + be16(0))
        let dinf = box("dinf", box("dref", be32(0) + be32(1) + box("url ", be32(1))))
        let entry = box(fourCC, Array(repeating: 0, count: 6) + be16(1) + be16(0) + be16(0) + be32(0) + be32(0) + be32(0)
                        + be16(UInt16(width)) + be16(UInt16(height)) + be32(0x48_0000) + be32(0x48_0000) + be32(0)
                        + be16(1) + Array(repeating: 0, count: 32) + be16(24) + be16(0xFFFF))
        let stsd = box("stsd", be32(0) + be32(1) + entry)
        let stts = box("stts", be32(0) + be32(1) + be32(UInt32(samples.count)) + be32(sampleDuration))
        let stsc = box("stsc", be32(0) + be32(1) + be32(1) + be32(UInt32(samples.count)) + be32(1))
        let stsz = box("stsz", be32(0) + be32(0) + be32(UInt32(samples.count)) + samples.flatMap { be32(UInt32($0.count)) })
        let stco = box("stco", be32(0) + be32(1) + be32(chunkOffset))
        let stbl = box("stbl", stsd + stts + stsc + stsz + stco)
        let minf = box("minf", vmhd + dinf + stbl)
        let mdia = box("mdia", mdhd + hdlr + minf)
        let trak = box("trak", tkhd + mdia)
        let moov = box("moov", mvhd + trak)
        return ftyp + mdatHeader + mdatPayload + moov
    }

    private static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(UInt32(8 + payload.count)) + Array(type.utf8) + payload
    }

    private static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    private static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
}
