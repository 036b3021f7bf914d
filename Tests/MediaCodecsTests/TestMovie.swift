import Foundation

/// The smallest QuickTime movie ffmpeg reads: one video track, every sample in one chunk, constant duration. It lets
/// ffmpeg and ffprobe judge codecs that have no raw elementary-stream format (ProRes). Test-side only.
enum TestMovie {
    static func make(fourCC: String, width: Int, height: Int, timescale: UInt32, sampleDuration: UInt32,
                     samples: [[UInt8]]) -> [UInt8] {
        let ftyp = box("ftyp", Array("qt  ".utf8) + u32(0x2005_0300) + Array("qt  ".utf8))
        let payload = samples.flatMap { $0 }
        let mdat = u32(UInt32(8 + payload.count)) + Array("mdat".utf8) + payload
        let chunkOffset = UInt32(ftyp.count + 8)
        let duration = UInt32(samples.count) * sampleDuration
        let unity: [UInt8] = u32(0x10000) + u32(0) + u32(0) + u32(0) + u32(0x10000) + u32(0) + u32(0) + u32(0) + u32(0x4000_0000)
        let mvhd = box("mvhd", u32(0) + u32(0) + u32(0) + u32(timescale) + u32(duration) + u32(0x10000) + u16(0x100)
                       + zeros(10) + unity + zeros(24) + u32(2))
        let tkhd = box("tkhd", u32(3) + u32(0) + u32(0) + u32(1) + u32(0) + u32(duration) + zeros(8) + u16(0) + u16(0)
                       + u16(0) + u16(0) + unity + u32(UInt32(width) << 16) + u32(UInt32(height) << 16))
        let mdhd = box("mdhd", u32(0) + u32(0) + u32(0) + u32(timescale) + u32(duration) + u16(0x55C4) + u16(0))
        let hdlr = box("hdlr", u32(0) + Array("mhlr".utf8) + Array("vide".utf8) + zeros(12) + [0])
        let vmhd = box("vmhd", u32(1) + zeros(8))
        let dinf = box("dinf", box("dref", u32(0) + u32(1) + box("url ", u32(1))))
        let entry = box(fourCC, zeros(6) + u16(1) + zeros(16) + u16(UInt16(width)) + u16(UInt16(height))
                        + u32(0x48_0000) + u32(0x48_0000) + u32(0) + u16(1) + zeros(32) + u16(24) + u16(0xFFFF))
        let stbl = box("stbl", box("stsd", u32(0) + u32(1) + entry)
                       + box("stts", u32(0) + u32(1) + u32(UInt32(samples.count)) + u32(sampleDuration))
                       + box("stsc", u32(0) + u32(1) + u32(1) + u32(UInt32(samples.count)) + u32(1))
                       + box("stsz", u32(0) + u32(0) + u32(UInt32(samples.count)) + samples.flatMap { u32(UInt32($0.count)) })
                       + box("stco", u32(0) + u32(1) + u32(chunkOffset)))
        let moov = box("moov", mvhd + box("trak", tkhd + box("mdia", mdhd + hdlr + box("minf", vmhd + dinf + stbl))))
        return ftyp + mdat + moov
    }

    private static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { u32(UInt32(8 + payload.count)) + Array(type.utf8) + payload }
    private static func u32(_ v: UInt32) -> [UInt8] { withUnsafeBytes(of: v.bigEndian) { Array($0) } }
    private static func u16(_ v: UInt16) -> [UInt8] { withUnsafeBytes(of: v.bigEndian) { Array($0) } }
    private static func zeros(_ n: Int) -> [UInt8] { Array(repeating: 0, count: n) }
}
