import Foundation
import Testing
import TestSupport

/// Large but valid tables cost memory in proportion to their bytes (issue 15: an edit list of 3 million entries took
/// 908 MB in avinfo and over 9 GB in avinfo --json). Peak memory is measured by GNU time around avinfo, less
/// avinfo's own on the same kind of file with one entry; the bounds are `MovieFileLimits`' stated costs per entry.
@Suite("Memory of large tables")
struct LargeTableMemoryTests {
    /// A movie with `count` entries of `kind` ("elst" edits, "stco" chunks, "stsd" sample descriptions, "trak"
    /// tracks, "moof" fragments), made by `avbench make-table`, and the bytes its tables take (its size less that
    /// of the same movie with one entry).
    static func movie(_ kind: String, count: Int, in folder: TemporaryDirectory) throws -> (URL, tableBytes: Int) {
        func make(_ count: Int) throws -> URL {
            let url = folder.file("\(kind)-\(count).mov")
            try ExternalTool.check(LiveRecordingTests.avbench.path, ["make-table", kind, String(count), url.path])
            return url
        }
        func size(_ url: URL) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        }
        let url = try make(count)
        return (url, try size(url) - size(try make(1)))
    }

    /// avinfo's peak resident memory in bytes and its CPU time in seconds, by GNU time.
    static func measure(_ arguments: [String]) throws -> (peak: Int, cpu: Double) {
        let result = try ExternalTool.run("/usr/bin/time", ["-f", "cost %M %U %S", AVInfoTests.avinfo.path] + arguments)
        #expect(result.status == 0, "\(result.standardError.suffix(300))")
        let line = result.standardError.split(separator: "\n").last { $0.hasPrefix("cost ") } ?? ""
        let fields = line.split(separator: " ").dropFirst().map { Double($0) ?? 0 }
        guard fields.count == 3 else { return (0, 0) }
        return (Int(fields[0]) * 1024, fields[1] + fields[2])
    }

    /// The multiples are `MovieFileLimits`'. Tracks are measured on 10,000, enough that the cost per track, not
    /// avinfo's own variation, decides (2,000 tracks are 770 KB: the baseline's ±0.4 MB was half a multiple).
    @Test("avinfo and avinfo --json hold large tables in a stated multiple of their bytes",
          .timeLimit(.minutes(5)),
          arguments: [("elst", 200_000, 5), ("stco", 1_000_000, 6), ("stsd", 20_000, 5), ("trak", 10_000, 6),
                      ("moof", 50_000, 5)])
    func peakMemory(kind: String, count: Int, multiple: Int) throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let (url, tableBytes) = try Self.movie(kind, count: count, in: folder)
        let tiny = folder.file("\(kind)-1.mov")
        for json in [false, true] {
            let baseline = try Self.measure((json ? ["--json"] : []) + [tiny.path]).peak
            let peak = try Self.measure((json ? ["--json"] : []) + [url.path]).peak
            #expect(peak - baseline <= multiple * tableBytes,
                    "\(kind) \(json ? "--json" : "text"): \((peak - baseline) >> 20) MB over avinfo's own for \(tableBytes >> 10) KB of table")
        }
        _ = folder
    }

    /// Every track's `isPlayable` asked whether any track of the asset was encrypted: 20,000 tracks took minutes.
    @Test("avinfo's work on a file of many tracks grows with their number, not its square", .timeLimit(.minutes(5)))
    func manyTracks() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let (small, _) = try Self.movie("trak", count: 500, in: folder)
        let (large, _) = try Self.movie("trak", count: 4_000, in: folder)
        let smallCPU = try Self.measure([small.path]).cpu
        let largeCPU = try Self.measure([large.path]).cpu
        // Eight times the tracks: linear work takes about 8× (plus start-up), quadratic 64×.
        #expect(largeCPU < max(0.5, smallCPU) * 20, "500 tracks \(smallCPU) s, 4,000 tracks \(largeCPU) s of CPU")
        _ = folder
    }
}
