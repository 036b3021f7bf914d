import Foundation

/// Small movies with one large (or hugely declared) table, for `make bench` and the memory tests: a one-track sound
/// movie (16-bit stereo PCM) whose tables are grown as `kind` says.
/// - "elst": 16 samples and an edit list of `count` one-tick edits (12 bytes each);
/// - "stco": `count` one-sample chunks (4 bytes each);
/// - "samples": a constant `stsz` size with a count of `count`, one `stts` run, one chunk, in 1.6 KB: the file that
///   took avinfo 143 s when its count was 2³¹ − 1.
enum TableFiles {
    static func write(_ kind: String, count: Int, to url: URL) throws {
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            withUnsafeBytes(of: UInt32(8 + body.count).bigEndian, Array.init) + Array(type.utf8) + body
        }
        func full(_ type: String, _ body: [UInt8]) -> [UInt8] { box(type, [0, 0, 0, 0] + body) }
        func u32(_ values: UInt32...) -> [UInt8] { values.flatMap { withUnsafeBytes(of: $0.bigEndian, Array.init) } }
        let identity = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000)
        let ftyp = box("ftyp", Array("qt  ".utf8) + u32(0) + Array("qt  ".utf8))
        let mdat = box("mdat", [UInt8](repeating: 0, count: 1024))
        let dataStart = UInt32(ftyp.count + 8)
        let samples = kind == "elst" ? 16 : UInt32(count)
        let chunks = kind == "stco" ? count : 1
        let sowt = box("sowt", [UInt8](repeating: 0, count: 6) + [0, 1] + [UInt8](repeating: 0, count: 8)
                       + [0, 2, 0, 16, 0, 0, 0, 0] + u32(44_100 << 16))
        var chunkOffsets = [UInt8]()
        chunkOffsets.reserveCapacity(chunks * 4)
        for _ in 0..<chunks { chunkOffsets += u32(dataStart) }
        let stbl = box("stbl", full("stsd", u32(1) + sowt) + full("stts", u32(1, samples, 1))
                       + full("stsc", u32(1, 1, kind == "stco" ? 1 : samples, 1)) + full("stsz", u32(4, samples))
                       + full("stco", u32(UInt32(chunks)) + chunkOffsets))
        var edits = [UInt8]()
        if kind == "elst" {
            var entries = [UInt8]()
            entries.reserveCapacity(count * 12)
            let entry = u32(1, 0, 0x10000)
            for _ in 0..<count { entries += entry }
            edits = box("edts", full("elst", u32(UInt32(count)) + entries))
        }
        let minf = box("minf", full("smhd", u32(0)) + box("dinf", full("dref", u32(1) + full("url ", []))) + stbl)
        let mdia = box("mdia", full("mdhd", u32(0, 0, 44_100, samples, 0x55C4_0000))
                       + full("hdlr", u32(0) + Array("soun".utf8) + [UInt8](repeating: 0, count: 13)) + minf)
        let tkhd = full("tkhd", u32(0, 0, 1, 0, samples, 0, 0, 0, 0x0100_0000) + identity + u32(0, 0))
        let mvhd = full("mvhd", u32(0, 0, 44_100, samples, 0x10000) + [1, 0] + [UInt8](repeating: 0, count: 10)
                        + identity + [UInt8](repeating: 0, count: 24) + u32(2))
        try Data(ftyp + mdat + box("moov", mvhd + box("trak", tkhd + edits + mdia))).write(to: url)
    }
}
