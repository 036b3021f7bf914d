import Foundation
import Testing
@testable import ISOBMFF
import TestSupport

/// write(parse(bytes)) == bytes for every box loaded from real files.
@Suite("Real files re-serialise byte for byte")
struct RealFileRoundTripTests {
    @Test("every loaded top-level box", arguments: MediaFile.all)
    func reserialise(_ file: MediaFile) throws {
        let bytes = try file.bytes
        let result: ScanResult
        do {
            result = try FileScanner.scan(MemorySource(bytes))
        } catch let error as BoxParseError {
            Issue.record("\(file.name): \(error)")
            return
        }
        #expect(!result.boxes.isEmpty || result.truncatedBox != nil)
        for top in result.boxes {
            guard let node = top.node else { continue }
            let original = Helpers.slice(bytes, top.header)
            let written = try Helpers.serialise(node)
            #expect(written == original, "\(file.name): \(top.path) differs after re-serialisation (\(written.count) vs \(original.count) bytes)")
        }
    }

    @Test("a file read with pread gives the same tree as the same bytes in memory", arguments: MediaFile.all)
    func fileSourceMatchesMemory(_ file: MediaFile) throws {
        let fromFile = try FileScanner.scan(try FileSource(url: try file.url))
        let fromMemory = try FileScanner.scan(MemorySource(try file.bytes))
        #expect(fromFile.treeDescription() == fromMemory.treeDescription())
    }

    @Test("the broken fixtures report exactly what is cut")
    func truncations() throws {
        // mdat at 1442 declares 9741 bytes; the file ends at 2000 (558 bytes available). Offsets from mediainfo 23.04.
        let cut = try FileScanner.scan(MemorySource(try Helpers.fixtureBytes("mg-truncated-64bit.mp4")))
        #expect(cut.truncatedBox == TruncatedBox(offset: 1442, type: "mdat", declaredSize: 9741, availableSize: 558))
        #expect(cut.movie?.tracks.first?.media?.sampleTable?.chunkLargeOffsets?.offsets.isEmpty == false)
        // A 56-byte fuzzer input whose first box claims 1 124 100 509 bytes.
        let fuzzed = try FileScanner.scan(MemorySource(try Helpers.fixtureBytes("mp-clusterfuzz-minimized.mp4")))
        #expect(fuzzed.boxes.isEmpty)
        #expect(fuzzed.truncatedBox == TruncatedBox(offset: 0, type: "moov", declaredSize: 1_124_100_509, availableSize: 56))
    }

    @Test("a fragmented file cut inside a fragment keeps every complete fragment")
    func truncatedFragmentedFile() throws {
        let bytes = try MediaFile(name: "fragmented-empty-moov.mp4", origin: .generated).bytes
        let complete = try FileScanner.scan(MemorySource(bytes))
        let fragments = complete.fragments
        try #require(fragments.count >= 2)
        let last = fragments[fragments.count - 1].header
        let cutAt = Int(last.offset) + 20
        let cut = try FileScanner.scan(MemorySource(Array(bytes[..<cutAt])))
        #expect(cut.fragments.count == fragments.count - 1)
        #expect(cut.truncatedBox == TruncatedBox(offset: last.offset, type: "moof", declaredSize: last.size, availableSize: 20))
    }
}
