import Foundation
import Testing
@testable import MediaContainer

@Suite("Run-length columns")
struct RunLengthColumnTests {
    @Test("equal values merge into one run and cumulative sums are exact")
    func merging() {
        var column = RunLengthColumn()
        let appended = [column.append(512, count: 3), column.append(512, count: 2), column.append(1024, count: 1)]
        #expect(appended == [true, true, true])
        #expect(column.runCount == 2)
        #expect(column.count == 6)
        #expect((0..<6).map { column.value(at: $0) } == [512, 512, 512, 512, 512, 1024])
        #expect((0...6).map { column.cumulativeSum(before: $0) } == [0, 512, 1024, 1536, 2048, 2560, 3584])
        #expect(column.cumulativeSumAtEnd == 3584)
    }

    @Test("time to sample: the sample whose interval contains the time; none outside the column")
    func containing() {
        var column = RunLengthColumn()
        column.append(100, count: 2)   // [0,100) [100,200)
        column.append(0, count: 2)     // two zero-length samples at 200
        column.append(50, count: 2)    // [200,250) [250,300)
        #expect(column.index(containingCumulative: 0) == 0)
        #expect(column.index(containingCumulative: 99) == 0)
        #expect(column.index(containingCumulative: 100) == 1)
        // Zero-duration samples never contain a time: 200 belongs to the first 50-tick sample (index 4).
        #expect(column.index(containingCumulative: 200) == 4)
        #expect(column.index(containingCumulative: 299) == 5)
        #expect(column.index(containingCumulative: 300) == nil)
        #expect(column.index(containingCumulative: -1) == nil)
    }

    @Test("an append whose sum overflows Int64 is refused, not trapped")
    func overflow() {
        var column = RunLengthColumn()
        let first = column.append(Int64.max / 2, count: 2)
        let second = column.append(Int64.max / 2, count: 2)
        #expect(first)
        #expect(!second)
        #expect(column.count == 2)
    }
}

@Suite("Sample tables")
struct SampleTableTests {
    /// An IPBB-style pattern as x264 writes it with two B-frames (decode order I P B B P B B), 30 fps at
    /// timescale 15360, composition offsets shifting presentation so that it starts at one frame delay.
    func bFrameTable() throws -> SampleTable {
        var durations = RunLengthColumn(); durations.append(512, count: 7)
        var offsets = RunLengthColumn()
        for value: Int64 in [512, 2048, 0, 512, 2048, 0, 512] { offsets.append(value, count: 1) }
        var descriptions = RunLengthColumn(); descriptions.append(1, count: 7)
        return try #require(SampleTable(
            durations: durations, compositionOffsets: offsets, descriptionIndices: descriptions,
            sizes: .perSample([900, 300, 80, 90, 310, 70, 60]), offsets: (0..<7).map { UInt64(48 + $0 * 1000) },
            syncIndices: [0], firstDecodeTime: 0))
    }

    @Test("presentation order follows composition times, and positions invert it")
    func presentationOrder() throws {
        let table = try bFrameTable()
        // pts: 512, 2560, 1024, 2048, 4096, 2560+... computed: dts + offset.
        let pts = (0..<7).map { table.presentationTime(at: $0) }
        #expect(pts == [512, 2560, 1024, 2048, 4096, 2560, 3584])
        let order = table.presentationOrderIndices().map(Int.init)
        #expect(order == [0, 2, 3, 1, 5, 6, 4])
        for (position, index) in order.enumerated() { #expect(table.presentationPosition(of: index) == position) }
        #expect(table.presentationSpan == 512..<4608)
    }

    @Test("the sample presented at a time is the latest presented at or before it")
    func presentedAt() throws {
        let table = try bFrameTable()
        #expect(table.sampleIndex(presentedAt: 0) == nil)
        #expect(table.sampleIndex(presentedAt: 512) == 0)
        #expect(table.sampleIndex(presentedAt: 1100) == 2)
        #expect(table.sampleIndex(presentedAt: 2560) == 5, "ties: the later sample in decode order wins")
        #expect(table.sampleIndex(presentedAt: 99_999) == 4)
    }

    @Test("sync lookups search the sorted sync list")
    func sync() throws {
        var durations = RunLengthColumn(); durations.append(1, count: 10)
        var descriptions = RunLengthColumn(); descriptions.append(1, count: 10)
        let table = try #require(SampleTable(
            durations: durations, compositionOffsets: nil, descriptionIndices: descriptions, sizes: .constant(4),
            offsets: (0..<10).map { UInt64($0 * 4) }, syncIndices: [0, 4, 8]))
        #expect((0..<10).filter(table.isSync(at:)) == [0, 4, 8])
        #expect(table.syncSample(atOrBefore: 7) == 4)
        #expect(table.syncSample(atOrAfter: 5) == 8)
        #expect(table.syncSample(atOrAfter: 9) == nil)
        #expect(table.totalSize == 40)
        #expect(table.syncSampleCount == 3)
    }

    @Test("columns that disagree about the sample count are refused")
    func inconsistent() {
        var durations = RunLengthColumn(); durations.append(1, count: 3)
        var descriptions = RunLengthColumn(); descriptions.append(1, count: 3)
        #expect(SampleTable(durations: durations, compositionOffsets: nil, descriptionIndices: descriptions,
                            sizes: .perSample([1, 2]), offsets: [0, 1, 2], syncIndices: nil) == nil)
        #expect(SampleTable(durations: durations, compositionOffsets: nil, descriptionIndices: descriptions,
                            sizes: .constant(1), offsets: [0, 1, 2], syncIndices: [2, 1]) == nil)
    }
}

@Suite("Lazy sample tables")
struct LazySampleTableTests {
    struct BuildFailure: Error, Equatable {}

    @Test("built once on first use, then shared")
    func buildsOnce() throws {
        let builds = Counter()
        let lazy = LazySampleTable {
            builds.increment()
            var column = RunLengthColumn(); column.append(1, count: 2)
            return SampleTable(durations: column, compositionOffsets: nil, descriptionIndices: column,
                               sizes: .constant(1), offsets: [0, 1], syncIndices: nil)!
        }
        #expect(builds.value == 0)
        let first = try lazy.table()
        let second = try lazy.table()
        #expect(first === second)
        #expect(builds.value == 1)
    }

    @Test("a failed build's error reaches every caller")
    func keepsError() {
        let lazy = LazySampleTable { throw BuildFailure() }
        #expect(throws: BuildFailure.self) { try lazy.table() }
        #expect(throws: BuildFailure.self) { try lazy.table() }
    }
}

/// A thread-safe counter for build-count assertions.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
