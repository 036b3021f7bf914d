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

    /// avinfo's peak resident memory in bytes, by GNU time. (Whether avinfo's work on many tracks grows with their
    /// number is counted in ManyTracksWorkTests, not timed here; `make bench` times it.)
    static func peakBytes(_ arguments: [String]) throws -> Int {
        let result = try ExternalTool.run("/usr/bin/time", ["-f", "cost %M", AVInfoTests.avinfo.path] + arguments)
        #expect(result.status == 0, "\(result.standardError.suffix(300))")
        let line = result.standardError.split(separator: "\n").last { $0.hasPrefix("cost ") } ?? ""
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return kilobytes * 1024
    }

    /// The multiples are `MovieFileLimits`'. Tracks are measured on 10,000, enough that the cost per track, not
    /// avinfo's own variation, decides (2,000 tracks are 770 KB: the baseline's ±0.4 MB was half a multiple).
    @Test("avinfo and avinfo --json hold large tables in a stated multiple of their bytes",
          .timeLimit(.minutes(10)),
          arguments: [("elst", 200_000, 5), ("stco", 1_000_000, 6), ("stsd", 20_000, 5), ("trak", 10_000, 6),
                      ("moof", 50_000, 5)])
    func peakMemory(kind: String, count: Int, multiple: Int) throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let (url, tableBytes) = try Self.movie(kind, count: count, in: folder)
        let tiny = folder.file("\(kind)-1.mov")
        for json in [false, true] {
            let baseline = try Self.peakBytes((json ? ["--json"] : []) + [tiny.path])
            let peak = try Self.peakBytes((json ? ["--json"] : []) + [url.path])
            #expect(peak - baseline <= multiple * tableBytes,
                    "\(kind) \(json ? "--json" : "text"): \((peak - baseline) >> 20) MB over avinfo's own for \(tableBytes >> 10) KB of table")
        }
        _ = folder
    }
}
