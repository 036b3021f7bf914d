import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer
import Testing
@testable import MovieFile
import TestSupport

@Suite("Writer: property tests of the table coding and time conversion")
struct WriterPropertyTests {
    static func seed(_ name: String) -> UInt64 {
        let seed = ProcessInfo.processInfo.environment["LAVF_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("\(name) seed: \(seed) (rerun with LAVF_SEED=\(seed))")
        return seed
    }

    @Test("random samples survive the run-length sample tables (stts, ctts, stss, stsz, stsc) exactly")
    func sampleTables() throws {
        let seed = Self.seed("WriterPropertyTests.sampleTables")
        var random = SplitMix64(seed: seed)
        for round in 0..<20 {
            var recorder = SampleTableRecorder()
            var expected: [(size: UInt32, duration: UInt32, offset: Int32, sync: Bool)] = []
            let count = Int.random(in: 1...300, using: &random)
            let constantSize = Bool.random(using: &random)
            var previous: UInt32?
            for _ in 0..<count {
                let size = constantSize ? 100 : UInt32.random(in: 0...5_000, using: &random)
                let duration = [1000, 1000, 1000, 1001, 2000][Int.random(in: 0..<5, using: &random)]
                let offset = Int32([0, 0, 1000, -1000, 3000][Int.random(in: 0..<5, using: &random)])
                let sync = Int.random(in: 0..<4, using: &random) == 0
                recorder.append(count: 1, size: size, previousDelta: previous, duration: UInt32(duration),
                                compositionOffset: offset, isSync: sync, isPartialSync: false, dependency: nil)
                previous = UInt32(duration)
                expected.append((size, UInt32(duration), offset, sync))
            }
            // Chunks of random lengths.
            var placed = 0, offset: UInt64 = 1_000
            while placed < count {
                let length = min(count - placed, Int.random(in: 1...20, using: &random))
                recorder.appendChunk(.main(offset), sampleCount: UInt32(length), descriptionIndex: 1)
                placed += length
                offset += 10_000
            }
            let table = try Self.writeAndParse(recorder)
            // Expand the parsed tables back into per-sample values.
            var durations: [UInt32] = []
            for entry in table.timeToSample?.entries ?? [] { durations += repeatElement(entry.sampleDelta, count: Int(entry.sampleCount)) }
            var offsets: [Int32] = []
            for entry in table.compositionOffsets?.entries ?? [] { offsets += repeatElement(entry.sampleOffset, count: Int(entry.sampleCount)) }
            if offsets.isEmpty { offsets = Array(repeating: 0, count: count) }
            let syncNumbers = Set(table.syncSamples?.sampleNumbers ?? (1...UInt32(count)).map { $0 })
            #expect(durations == expected.map(\.duration), "round \(round), seed \(seed)")
            #expect(offsets == expected.map(\.offset), "round \(round), seed \(seed)")
            #expect((0..<count).map { syncNumbers.contains(UInt32($0 + 1)) } == expected.map(\.sync), "round \(round), seed \(seed)")
            #expect((0..<count).map { table.sampleSize(at: $0) } == expected.map { Optional($0.size) }, "round \(round), seed \(seed)")
            var perChunk: [UInt32] = []
            let runs = table.sampleToChunk?.entries ?? []
            for chunk in 1...UInt32(table.chunkCount) {
                perChunk.append(runs.last { $0.firstChunk <= chunk }?.samplesPerChunk ?? 0)
            }
            #expect(perChunk == recorder.chunks.map(\.sampleCount), "round \(round), seed \(seed)")
        }
    }

    /// The `stbl` the builder makes from `recorder` (an LPCM-free video track), parsed back.
    static func writeAndParse(_ recorder: SampleTableRecorder) throws -> SampleTableBox {
        var description: CMFormatDescription?
        // Motion JPEG: a video codec whose sample entry needs no configuration box (an avc1 without its avcC is
        // refused).
        CMVideoFormatDescriptionCreate(allocator: nil, codecType: fourCC("jpeg"), width: 16, height: 16,
                                       extensions: nil, formatDescriptionOut: &description)
        var configuration = OutputTrackConfiguration(mediaType: kCMMediaType_Video, mediaTimescale: 30_000,
                                                    formatDescriptions: [try #require(description)])
        configuration.trackID = 1
        let track = WriterTrack(index: 0, trackID: 1, configuration: configuration, kind: .video,
                                defaultChunkDuration: CMTime(value: 1, timescale: 2))
        track.table = recorder
        let builder = MovieBoxBuilder(fileType: .quickTimeMovie, options: MovieWriterOptions(), tracks: [track], metadata: [])
        let box = try builder.sampleTable(track) { location in
            if case .main(let offset) = location { return offset }
            return 0
        }
        var writer = BoxWriter()
        try writer.writeBox(box)
        let scan = try FileScanner.scan(MemorySource(writer.bytes))
        return try #require(scan.first(SampleTableBox.self))
    }

    @Test("time conversion rounds as Core Media's CMTimeConvertScale does (half away from zero)")
    func rescale() {
        let seed = Self.seed("WriterPropertyTests.rescale")
        var random = SplitMix64(seed: seed)
        for _ in 0..<2_000 {
            let value = Int64.random(in: -(1 << 40)...(1 << 40), using: &random)
            let from = Int32.random(in: 1...192_000, using: &random)
            let to = Int32.random(in: 1...192_000, using: &random)
            let expected = CMTimeConvertScale(CMTime(value: value, timescale: from), timescale: to,
                                              method: .roundHalfAwayFromZero).value
            #expect(TimeConversion.rescale(value, from: from, to: to) == expected,
                    "\(value)/\(from) → /\(to) (seed \(seed))")
        }
    }

    @Test("time comparison is exact across timescales")
    func comparison() {
        #expect(TimeConversion.isEarlier(1, 3, than: 333_334, 1_000_000))
        #expect(!TimeConversion.isEarlier(1, 3, than: 333_333, 1_000_000))
        #expect(TimeConversion.isEarlier(-1, 600, than: 0, 1))
        #expect(!TimeConversion.isEarlier(Int64.max / 2, 1, than: Int64.max / 2, 1))
    }
}
