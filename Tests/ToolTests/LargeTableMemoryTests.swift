import Foundation
import Testing
import TestSupport

/// Large but valid tables cost memory in proportion to their bytes in the file (issue 15: an edit list of 3 million
/// entries took 908 MB in avinfo and over 9 GB in avinfo --json). Peak memory is measured by GNU time around avinfo,
/// less avinfo's own on a tiny file; the bounds are `MovieFileLimits`' stated costs per entry.
@Suite("Memory of large tables")
struct LargeTableMemoryTests {
    /// A one-track sound movie (16 samples of 16-bit stereo PCM) whose tables are grown as `kind` says: "elst" gives
    /// it an edit list of `count` one-tick edits, "stco" `count` one-sample chunks.
    static func movie(_ kind: String, count: Int, in folder: TemporaryDirectory) throws -> (URL, tableBytes: Int) {
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            withUnsafeBytes(of: UInt32(8 + body.count).bigEndian, Array.init) + Array(type.utf8) + body
        }
        func full(_ type: String, _ body: [UInt8]) -> [UInt8] { box(type, [0, 0, 0, 0] + body) }
        func u32(_ values: UInt32...) -> [UInt8] { values.flatMap { withUnsafeBytes(of: $0.bigEndian, Array.init) } }
        let identity = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000)
        let ftyp = box("ftyp", Array("qt  ".utf8) + u32(0) + Array("qt  ".utf8))
        let mdat = box("mdat", [UInt8](repeating: 0, count: 4096))
        let dataStart = UInt32(ftyp.count + 8)
        let samples = kind == "stco" ? UInt32(count) : 16
        let sowt = box("sowt", [UInt8](repeating: 0, count: 6) + [0, 1] + [UInt8](repeating: 0, count: 8)
                       + [0, 2, 0, 16, 0, 0, 0, 0] + u32(44_100 << 16))
        var chunkOffsets = [UInt8]()
        chunkOffsets.reserveCapacity(count * 4)
        for _ in 0..<(kind == "stco" ? count : 1) { chunkOffsets += u32(dataStart) }
        let stbl = box("stbl", full("stsd", u32(1) + sowt) + full("stts", u32(1, samples, 1))
                       + full("stsc", u32(1, 1, kind == "stco" ? 1 : samples, 1)) + full("stsz", u32(4, samples))
                       + full("stco", u32(kind == "stco" ? UInt32(count) : 1) + chunkOffsets))
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
        let url = folder.file("\(kind)-\(count).mov")
        try Data(ftyp + mdat + box("moov", mvhd + box("trak", tkhd + edits + mdia))).write(to: url)
        return (url, kind == "elst" ? count * 12 : count * 4)
    }

    /// avinfo's peak resident memory in bytes, by GNU time.
    static func peakBytes(_ arguments: [String]) throws -> Int {
        let result = try ExternalTool.run("/usr/bin/time", ["-f", "peak %M", AVInfoTests.avinfo.path] + arguments)
        #expect(result.status == 0, "\(result.standardError.suffix(300))")
        let line = result.standardError.split(separator: "\n").last { $0.hasPrefix("peak ") } ?? ""
        return (Int(line.dropFirst(5)) ?? 0) * 1024
    }

    @Test("avinfo and avinfo --json hold an edit list and chunk offsets in a small multiple of their bytes",
          .timeLimit(.minutes(5)),
          arguments: [("elst", 200_000, 16), ("stco", 1_000_000, 10)])
    func peakMemory(kind: String, count: Int, multiple: Int) throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let (url, tableBytes) = try Self.movie(kind, count: count, in: folder)
        let (tiny, _) = try Self.movie(kind, count: 1, in: folder)
        for json in [false, true] {
            let arguments = (json ? ["--json"] : []) + [url.path]
            let baseline = try Self.peakBytes((json ? ["--json"] : []) + [tiny.path])
            let peak = try Self.peakBytes(arguments)
            #expect(peak - baseline <= multiple * tableBytes,
                    "\(kind) \(json ? "--json" : "text"): \((peak - baseline) >> 20) MB over avinfo's own for \(tableBytes >> 20) MB of table")
        }
    }
}
