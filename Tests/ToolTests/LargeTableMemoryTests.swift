import Foundation
import Testing
import TestSupport

/// Large but valid tables cost memory in proportion to their bytes in the file (issue 15: an edit list of 3 million
/// entries took 908 MB in avinfo and over 9 GB in avinfo --json). Peak memory is measured by GNU time around avinfo,
/// less avinfo's own on a tiny file; the bounds are `MovieFileLimits`' stated costs per entry.
@Suite("Memory of large tables")
struct LargeTableMemoryTests {
    /// A movie with `count` entries of `kind` ("elst" edits, "stco" chunks), made by `avbench make-table`.
    static func movie(_ kind: String, count: Int, in folder: TemporaryDirectory) throws -> (URL, tableBytes: Int) {
        let url = folder.file("\(kind)-\(count).mov")
        try ExternalTool.check(LiveRecordingTests.avbench.path, ["make-table", kind, String(count), url.path])
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
        _ = folder
    }
}
