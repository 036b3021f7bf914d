import Foundation
import ISOBMFF

/// A micro check of table parsing speed (not a test: timings depend on the machine). Builds million-entry sample
/// tables, then times parse and write.
enum TableBenchmark {
    static func run() throws {
        let count = 1_000_000
        var generator = SystemRandomNumberGenerator()
        let sizes = (0..<count).map { _ in UInt32.random(in: 100...100_000, using: &generator) }
        let boxes: [(String, any Box)] = [
            ("stsz", SampleSizeBox(sizes: .perSample(sizes))),
            ("stco", ChunkOffsetBox(offsets: sizes)),
            ("co64", ChunkLargeOffsetBox(offsets: sizes.map { UInt64($0) << 8 })),
            ("stts", TimeToSampleBox(entries: sizes.map { .init(sampleCount: 1, sampleDelta: $0) })),
            ("ctts", CompositionOffsetBox(entries: sizes.map { .init(sampleCount: 1, sampleOffset: Int32($0)) })),
            ("stsc", SampleToChunkBox(entries: sizes.map { .init(firstChunk: $0, samplesPerChunk: 1, sampleDescriptionIndex: 1) })),
            ("trun", TrackRunBox(sampleCount: UInt32(count), sampleDurations: sizes, sampleSizes: sizes, sampleFlags: sizes,
                                 sampleCompositionTimeOffsets: sizes.map { Int32($0) })),
        ]
        for (name, box) in boxes {
            var writer = BoxWriter()
            let writeStart = DispatchTime.now()
            try writer.writeBox(box)
            let writeTime = DispatchTime.now().uptimeNanoseconds - writeStart.uptimeNanoseconds
            var best = UInt64.max
            for _ in 0..<5 {
                let start = DispatchTime.now()
                let result = try FileScanner.scan(MemorySource(writer.bytes))
                let elapsed = DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds
                best = min(best, elapsed)
                guard result.boxes.count == 1 else { throw CocoaError(.fileReadCorruptFile) }
            }
            print("\(name): \(count) entries, \(writer.bytes.count / 1_000_000) MB: parse \(Double(best) / 1e6) ms, "
                  + "write \(Double(writeTime) / 1e6) ms")
        }
    }
}
