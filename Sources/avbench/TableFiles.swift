import Foundation

/// Small movies with one large (or hugely declared) table, for `make bench` and the memory tests: a one-track sound
/// movie (16-bit stereo PCM) whose tables are grown as `kind` says.
/// - "elst": 16 samples and an edit list of `count` one-tick edits (12 bytes each), the movie and track headers
///   declaring the `count` ticks the edits present;
/// - "stco": `count` one-sample chunks (4 bytes each);
/// - "samples": a constant `stsz` size with a count of `count`, one `stts` run, one chunk, in 1.6 KB: the file that
///   took avinfo 143 s when its count was 2³¹ − 1;
/// - "stsd": `count` sample descriptions (36 bytes each) in the one track, its samples using the first;
/// - "trak": `count` such tracks (about 560 bytes each), all reading the same 16 samples;
/// - "moof": a fragmented movie of `count` fragments (80 bytes each), one 4-byte sample in each, taking `trex`'s
///   defaults;
/// - "udta": `count` QuickTime user-data comments (`©cmt`, 15 bytes each), all sharing one metadata identifier;
/// - "sparse": `count` one-byte samples (8-bit mono PCM) in one `stts` run and one chunk, and a media data box that
///   really holds them: a file of `count` bytes, written sparse, so it takes a few KB of disk.
enum TableFiles {
    static func write(_ kind: String, count: Int, to url: URL) throws {
        if kind == "sparse" { return try writeSparse(count: count, to: url) }
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            withUnsafeBytes(of: UInt32(8 + body.count).bigEndian, Array.init) + Array(type.utf8) + body
        }
        func full(_ type: String, _ body: [UInt8]) -> [UInt8] { box(type, [0, 0, 0, 0] + body) }
        func u32(_ values: UInt32...) -> [UInt8] { values.flatMap { withUnsafeBytes(of: $0.bigEndian, Array.init) } }
        let identity = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000)
        let ftyp = box("ftyp", Array("qt  ".utf8) + u32(0) + Array("qt  ".utf8))
        let mdat = box("mdat", [UInt8](repeating: 0, count: 1024))
        let dataStart = UInt32(ftyp.count + 8)
        let samples = ["elst", "stsd", "trak", "moof"].contains(kind) ? 16 : UInt32(count)
        let chunks = kind == "stco" ? count : 1
        let sowt = box("sowt", [UInt8](repeating: 0, count: 6) + [0, 1] + [UInt8](repeating: 0, count: 8)
                       + [0, 2, 0, 16, 0, 0, 0, 0] + u32(44_100 << 16))
        let descriptions = kind == "stsd" ? count : 1
        var sampleDescriptions = [UInt8]()
        sampleDescriptions.reserveCapacity(descriptions * sowt.count)
        for _ in 0..<descriptions { sampleDescriptions += sowt }
        var chunkOffsets = [UInt8]()
        chunkOffsets.reserveCapacity(chunks * 4)
        for _ in 0..<chunks { chunkOffsets += u32(dataStart) }
        // A fragmented movie's track has no samples of its own: they all come from the fragments.
        let own = kind == "moof" ? 0 : samples
        let stbl = box("stbl", full("stsd", u32(UInt32(descriptions)) + sampleDescriptions)
                       + full("stts", own == 0 ? u32(0) : u32(1, own, 1))
                       + full("stsc", own == 0 ? u32(0) : u32(1, 1, kind == "stco" ? 1 : own, 1))
                       + full("stsz", u32(4, own))
                       + full("stco", own == 0 ? u32(0) : u32(UInt32(chunks)) + chunkOffsets))
        var edits = [UInt8]()
        if kind == "elst" {
            var entries = [UInt8]()
            entries.reserveCapacity(count * 12)
            let entry = u32(1, 0, 0x10000)
            for _ in 0..<count { entries += entry }
            edits = box("edts", full("elst", u32(UInt32(count)) + entries))
        }
        let minf = box("minf", full("smhd", u32(0)) + box("dinf", full("dref", u32(1) + full("url ", []))) + stbl)
        // The movie lasts as long as what it presents: the fragments, or the edits (one tick each).
        let duration = kind == "moof" || kind == "elst" ? UInt32(count) : samples
        let mdia = box("mdia", full("mdhd", u32(0, 0, 44_100, own, 0x55C4_0000))
                       + full("hdlr", u32(0) + Array("soun".utf8) + [UInt8](repeating: 0, count: 13)) + minf)
        func trak(_ id: UInt32) -> [UInt8] {
            let tkhd = full("tkhd", u32(0, 0, id, 0, kind == "elst" ? duration : own, 0, 0, 0, 0x0100_0000) + identity
                            + u32(0, 0))
            return box("trak", tkhd + edits + mdia)
        }
        let tracks = kind == "trak" ? count : 1
        let mvhd = full("mvhd", u32(0, 0, 44_100, duration, 0x10000) + [1, 0] + [UInt8](repeating: 0, count: 10)
                        + identity + [UInt8](repeating: 0, count: 24) + u32(UInt32(tracks + 1)))
        var moov = mvhd
        moov.reserveCapacity(tracks * (trak(1).count) + 200)
        for id in 1...tracks { moov += trak(UInt32(id)) }
        if kind == "udta" {
            // ©cmt: a 3-byte text ("abc") in English (language code 0x15C7), QuickTime's user-data text item.
            let comment = withUnsafeBytes(of: UInt32(15).bigEndian, Array.init) + [0xA9] + Array("cmt".utf8)
                + [0, 3, 0x15, 0xC7] + Array("abc".utf8)
            var items = [UInt8]()
            items.reserveCapacity(count * comment.count)
            for _ in 0..<count { items += comment }
            moov += box("udta", items)
        }
        if kind == "moof" {
            // trex: track 1, description 1, one tick, four bytes, sync.
            moov += box("mvex", full("trex", u32(1, 1, 1, 4, 0)))
        }
        var fragments = [UInt8]()
        if kind == "moof" {
            fragments.reserveCapacity(count * 80)
            for sequence in 1...count {
                // tfhd: default-base-is-moof; trun: a data offset from the moof to its mdat's payload (68 + 8).
                let traf = box("traf", box("tfhd", [0, 0x02, 0, 0] + u32(1))
                               + box("trun", [0, 0, 0, 0x01] + u32(1, 76)))
                fragments += box("moof", full("mfhd", u32(UInt32(sequence))) + traf) + box("mdat", [0, 0, 0, 0])
            }
        }
        try Data(ftyp + mdat + box("moov", moov) + fragments).write(to: url)
    }

    /// The "sparse" kind: the boxes, then the media data's `count` bytes as a hole.
    private static func writeSparse(count: Int, to url: URL) throws {
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            withUnsafeBytes(of: UInt32(8 + body.count).bigEndian, Array.init) + Array(type.utf8) + body
        }
        func full(_ type: String, _ body: [UInt8]) -> [UInt8] { box(type, [0, 0, 0, 0] + body) }
        func u32(_ values: UInt32...) -> [UInt8] { values.flatMap { withUnsafeBytes(of: $0.bigEndian, Array.init) } }
        guard let samples = UInt32(exactly: count), samples <= UInt32.max - 8 else {
            throw BenchFailure("make-table sparse: COUNT must fit a 32-bit media data box")
        }
        let identity = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000)
        let ftyp = box("ftyp", Array("qt  ".utf8) + u32(0) + Array("qt  ".utf8))
        // QuickTime's 'raw ': unsigned 8-bit PCM; one channel, 8 bits, 44.1 kHz.
        let raw = box("raw ", [UInt8](repeating: 0, count: 6) + [0, 1] + [UInt8](repeating: 0, count: 8)
                      + [0, 1, 0, 8, 0, 0, 0, 0] + u32(44_100 << 16))
        func moov(dataOffset: UInt32) -> [UInt8] {
            let stbl = box("stbl", full("stsd", u32(1) + raw) + full("stts", u32(1, samples, 1))
                           + full("stsc", u32(1, 1, samples, 1)) + full("stsz", u32(1, samples))
                           + full("stco", u32(1, dataOffset)))
            let minf = box("minf", full("smhd", u32(0)) + box("dinf", full("dref", u32(1) + full("url ", [])))
                           + stbl)
            let mdia = box("mdia", full("mdhd", u32(0, 0, 44_100, samples, 0x55C4_0000))
                           + full("hdlr", u32(0) + Array("soun".utf8) + [UInt8](repeating: 0, count: 13)) + minf)
            // Enabled and in the movie (flags 3).
            let tkhd = box("tkhd", [0, 0, 0, 3] + u32(0, 0, 1, 0, samples, 0, 0, 0, 0x0100_0000) + identity
                           + u32(0, 0))
            let mvhd = full("mvhd", u32(0, 0, 44_100, samples, 0x10000) + [1, 0] + [UInt8](repeating: 0, count: 10)
                            + identity + [UInt8](repeating: 0, count: 24) + u32(2))
            return box("moov", mvhd + box("trak", tkhd + mdia))
        }
        // The offset changes no box's size, so the movie box made with a placeholder tells where the data starts.
        let dataOffset = UInt32(ftyp.count + moov(dataOffset: 0).count + 8)
        let head = ftyp + moov(dataOffset: dataOffset) + u32(8 + samples) + Array("mdat".utf8)
        try Data(head).write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.truncate(atOffset: UInt64(head.count) + UInt64(samples))
    }
}
