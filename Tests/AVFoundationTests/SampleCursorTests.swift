import CoreMedia
import Foundation
import MediaContainer
import Testing
@testable import AVFoundation
import TestSupport

@Suite("Sample cursors: stepping, pinning and comparison against the sample table they walk")
struct SampleCursorTests {
    /// Decode order I0 P3 B1 B2 P6 B4 B5 (display numbers), 512 ticks per frame at 15360 Hz (30 fps), presented one
    /// frame late, as x264 with two B-frames writes it. sdtp: the I and P frames are depended on, the B frames are
    /// droppable (ISO/IEC 14496-12 §8.6.4.3).
    static func bFrameTrack() throws -> (AVAssetTrack, SampleTable) {
        let reader = try TestReader()
        let table = Build.table(durations: Build.column(512, count: 7),
                                compositionOffsets: Build.column([512, 1536, 0, 0, 1536, 0, 0]),
                                sizes: [900, 300, 80, 90, 310, 70, 60], sync: [0],
                                dependencyBytes: [0x24, 0x14, 0x18, 0x18, 0x14, 0x18, 0x18])
        reader.tracks = [Build.track(id: 1, mediaType: "vide", timescale: 15360,
                                     format: Build.videoFormat(width: 320, height: 240), table: table)]
        let asset = AVURLAsset(url: URL(fileURLWithPath: "/bframes.mp4"), reader: reader)
        return (try #require(asset.tracks.first), table)
    }

    private func ticks(_ time: CMTime) -> Int64 { CMTimeConvertScale(time, timescale: 15360, method: .default).value }

    @Test("decode-order stepping returns how far it got and clamps at both ends")
    func decodeOrder() throws {
        let (track, table) = try Self.bFrameTrack()
        #expect(track.canProvideSampleCursors)
        let cursor = try #require(track.makeSampleCursorAtFirstSampleInDecodeOrder())
        #expect(cursor.decodeTimeStamp == CMTime(value: 0, timescale: 15360))
        #expect(cursor.presentationTimeStamp == CMTime(value: 512, timescale: 15360))
        #expect(cursor.currentSampleDuration == CMTime(value: 512, timescale: 15360))
        #expect(cursor.stepInDecodeOrder(byCount: 3) == 3)
        #expect(ticks(cursor.decodeTimeStamp) == table.decodeTime(at: 3))
        #expect(ticks(cursor.presentationTimeStamp) == table.presentationTime(at: 3))
        #expect(cursor.stepInDecodeOrder(byCount: 10) == 3)
        #expect(ticks(cursor.decodeTimeStamp) == table.decodeTime(at: 6))
        #expect(cursor.stepInDecodeOrder(byCount: -100) == -6)
        #expect(cursor.stepInDecodeOrder(byCount: -1) == 0)
        let last = try #require(track.makeSampleCursorAtLastSampleInDecodeOrder())
        #expect(ticks(last.decodeTimeStamp) == 3072)
    }

    @Test("presentation-order stepping visits samples by presentation time, B-frames included")
    func presentationOrder() throws {
        let (track, table) = try Self.bFrameTrack()
        let cursor = try #require(track.makeSampleCursor(presentationTimeStamp: .zero))
        var seen = [ticks(cursor.presentationTimeStamp)]
        while cursor.stepInPresentationOrder(byCount: 1) == 1 { seen.append(ticks(cursor.presentationTimeStamp)) }
        let expected = table.presentationOrderIndices().map { table.presentationTime(at: Int($0)) }
        #expect(seen == expected)
        #expect(seen == [512, 1024, 1536, 2048, 2560, 3072, 3584])
        #expect(cursor.stepInPresentationOrder(byCount: -3) == -3)
        #expect(ticks(cursor.presentationTimeStamp) == 2048)
        #expect(cursor.stepInPresentationOrder(byCount: -10) == -3)
        #expect(ticks(cursor.presentationTimeStamp) == 512)
    }

    @Test("stepping by time snaps to sample boundaries and pins at the ends")
    func timeStepping() throws {
        let (track, _) = try Self.bFrameTrack()
        let cursor = try #require(track.makeSampleCursorAtFirstSampleInDecodeOrder())
        var pinned: ObjCBool = true
        #expect(cursor.step(byDecodeTime: CMTime(value: 1000, timescale: 15360), wasPinned: &pinned)
            == CMTime(value: 512, timescale: 15360))
        #expect(!pinned.boolValue)
        #expect(cursor.step(byDecodeTime: CMTime(value: -5, timescale: 1), wasPinned: &pinned)
            == CMTime(value: -512, timescale: 15360))
        #expect(pinned.boolValue)
        // Past the end of the last sample's decode interval [3072, 3584): pinned at the last sample.
        #expect(cursor.step(byDecodeTime: CMTime(value: 3584, timescale: 15360), wasPinned: &pinned)
            == CMTime(value: 3072, timescale: 15360))
        #expect(pinned.boolValue)
        // Inside the last interval: not pinned.
        let first = try #require(track.makeSampleCursorAtFirstSampleInDecodeOrder())
        #expect(first.step(byDecodeTime: CMTime(value: 3583, timescale: 15360), wasPinned: &pinned)
            == CMTime(value: 3072, timescale: 15360))
        #expect(!pinned.boolValue)

        // Presentation time: from I0 (pts 512) forward 1024 ticks lands on B2 (pts 1536).
        let byPTS = try #require(track.makeSampleCursorAtFirstSampleInDecodeOrder())
        #expect(byPTS.step(byPresentationTime: CMTime(value: 1024, timescale: 15360), wasPinned: &pinned)
            == CMTime(value: 1024, timescale: 15360))
        #expect(!pinned.boolValue)
        #expect(ticks(byPTS.decodeTimeStamp) == 1536)
        #expect(byPTS.step(byPresentationTime: CMTime(value: 100, timescale: 1), wasPinned: &pinned)
            == CMTime(value: 2048, timescale: 15360))
        #expect(pinned.boolValue)
        #expect(ticks(byPTS.presentationTimeStamp) == 3584)
        #expect(byPTS.step(byPresentationTime: .negativeInfinity, wasPinned: nil) == CMTime(value: -3072, timescale: 15360))
    }

    @Test("makeSampleCursor(presentationTimeStamp:) finds the last sample presented at or before the time")
    func cursorAtTime() throws {
        let (track, _) = try Self.bFrameTrack()
        let cases: [(CMTime, Int64)] = [
            (.zero, 512), (CMTime(value: 2000, timescale: 15360), 1536), (CMTime(value: 2048, timescale: 15360), 2048),
            (CMTime(value: 1, timescale: 1), 3584), (.positiveInfinity, 3584), (.negativeInfinity, 512),
        ]
        for (time, expected) in cases {
            let cursor = try #require(track.makeSampleCursor(presentationTimeStamp: time))
            #expect(ticks(cursor.presentationTimeStamp) == expected, "at \(time)")
        }
        #expect(track.makeSampleCursor(presentationTimeStamp: .invalid) == nil)
    }

    @Test("reordering bounds, comparison and copies")
    func reorderingAndComparison() throws {
        let (track, _) = try Self.bFrameTrack()
        func cursor(at index: Int64) throws -> AVSampleCursor {
            let cursor = try #require(track.makeSampleCursorAtFirstSampleInDecodeOrder())
            _ = cursor.stepInDecodeOrder(byCount: index)
            return cursor
        }
        let b1 = try cursor(at: 2), p3 = try cursor(at: 1), b4 = try cursor(at: 5)
        // P3 (decoded before B1) is presented after B1.
        #expect(b1.samplesWithEarlierDecodeTimeStampsMayHaveLaterPresentationTimeStamps(than: b1))
        #expect(!p3.samplesWithEarlierDecodeTimeStampsMayHaveLaterPresentationTimeStamps(than: p3))
        // B1 and B2 (decoded after P3) are presented before it.
        #expect(p3.samplesWithLaterDecodeTimeStampsMayHaveEarlierPresentationTimeStamps(than: p3))
        #expect(!b4.samplesWithLaterDecodeTimeStampsMayHaveEarlierPresentationTimeStamps(than: b4))
        #expect(b1.comparePositionInDecodeOrder(withPositionOf: p3) == .orderedDescending)
        #expect(p3.comparePositionInDecodeOrder(withPositionOf: b1) == .orderedAscending)
        let copy = try #require(b1.copy() as? AVSampleCursor)
        #expect(copy.comparePositionInDecodeOrder(withPositionOf: b1) == .orderedSame)
        _ = copy.stepInDecodeOrder(byCount: 1)
        #expect(copy.comparePositionInDecodeOrder(withPositionOf: b1) == .orderedDescending)
        #expect(ticks(b1.decodeTimeStamp) == 1024)
    }

    @Test("sync, dependency and storage information come from stss, sdtp and the sample offsets")
    func sampleInformation() throws {
        let (track, table) = try Self.bFrameTrack()
        let cursor = try #require(track.makeSampleCursorAtFirstSampleInDecodeOrder())
        var index = 0
        repeat {
            let sync = cursor.currentSampleSyncInfo
            #expect(sync.sampleIsFullSync.boolValue == (index == 0))
            #expect(sync.sampleIsDroppable.boolValue == [2, 3, 5, 6].contains(index))
            let dependency = cursor.currentSampleDependencyInfo
            #expect(dependency.sampleIndicatesWhetherItDependsOnOthers.boolValue)
            #expect(dependency.sampleDependsOnOthers.boolValue == (index != 0))
            #expect(dependency.sampleHasDependentSamples.boolValue == ![2, 3, 5, 6].contains(index))
            let range = cursor.currentSampleStorageRange
            #expect(range.offset == Int64(table.offset(at: index)) && range.length == Int64(table.size(at: index)))
            let chunk = cursor.currentChunkStorageRange
            #expect(chunk.offset == range.offset && chunk.length == range.length)
            #expect(cursor.currentChunkInfo.chunkSampleCount == 1)
            #expect(CMFormatDescriptionGetMediaSubType(cursor.copyCurrentSampleFormatDescription())
                == kCMVideoCodecType_H264)
            index += 1
        } while cursor.stepInDecodeOrder(byCount: 1) == 1
        #expect(index == 7)
        #expect(cursor.currentChunkStorageURL == URL(fileURLWithPath: "/bframes.mp4"))
    }

    @Test("random walks agree with the sample table (seeded; re-run with LAVF_SEED)")
    func randomWalks() throws {
        let seed = ProcessInfo.processInfo.environment["LAVF_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("SampleCursorTests.randomWalks seed \(seed) (LAVF_SEED=\(seed) to repeat)")
        var random = SplitMix64(seed: seed)
        for _ in 0..<20 {
            let count = Int(random.next() % 300) + 1
            let durations = (0..<count).map { _ in Int64(random.next() % 4) * 256 }
            let offsets = random.next() % 2 == 0 ? nil : (0..<count).map { _ in Int64(random.next() % 5) * 256 }
            let sync = (0..<count).filter { $0 == 0 || random.next() % 7 == 0 }
            let table = Build.table(durations: Build.column(durations), compositionOffsets: offsets.map(Build.column),
                                    sizes: (0..<count).map { _ in UInt32(random.next() % 1000) + 1 }, sync: sync)
            let reader = try TestReader(fileLength: 1 << 20)
            reader.tracks = [Build.track(id: 1, mediaType: "vide", timescale: 1000,
                                         format: Build.videoFormat(width: 16, height: 16), table: table)]
            let track = try #require(AVURLAsset(url: URL(fileURLWithPath: "/r.mp4"), reader: reader).tracks.first)
            let cursor = try #require(track.makeSampleCursorAtFirstSampleInDecodeOrder())
            var index = 0
            let positions = table.presentationOrderIndices()
            let decodeEnd = table.decodeTime(at: count)
            let presentationEnd = (0..<count).map { table.presentationTime(at: $0) + table.duration(at: $0) }.max()!
            let firstPresented = Int(positions[0]), lastPresented = Int(positions[count - 1])
            for _ in 0..<200 {
                let step = Int64(random.next() % 9) - 4
                let mode = random.next() % 4
                if mode == 2 {
                    // By decode time: the sample whose decode interval holds the target (brute force).
                    let delta = Int64(random.next() % 2001) - 1000
                    let target = table.decodeTime(at: index) + delta
                    let expected: (Int, Bool)
                    if target < table.firstDecodeTime { expected = (0, true) }
                    else if target >= decodeEnd { expected = (count - 1, true) }
                    else {
                        let holder = (0..<count).first {
                            table.duration(at: $0) > 0 && table.decodeTime(at: $0) <= target
                                && target < table.decodeTime(at: $0) + table.duration(at: $0)
                        }!
                        expected = (holder, false)
                    }
                    var pinned: ObjCBool = false
                    let moved = cursor.step(byDecodeTime: CMTime(value: delta, timescale: 1000), wasPinned: &pinned)
                    #expect(moved.value == table.decodeTime(at: expected.0) - table.decodeTime(at: index), "seed \(seed)")
                    #expect(pinned.boolValue == expected.1, "seed \(seed)")
                    index = expected.0
                } else if mode == 3 {
                    // By presentation time: the last sample in presentation order presented at or before the target.
                    let delta = Int64(random.next() % 2001) - 1000
                    let target = table.presentationTime(at: index) + delta
                    let expected: (Int, Bool)
                    let presented = (0..<count).filter { table.presentationTime(at: $0) <= target }
                    if presented.isEmpty { expected = (firstPresented, true) }
                    else if target >= presentationEnd { expected = (lastPresented, true) }
                    else {
                        expected = (presented.max { (table.presentationTime(at: $0), $0) < (table.presentationTime(at: $1), $1) }!,
                                    false)
                    }
                    var pinned: ObjCBool = false
                    _ = cursor.step(byPresentationTime: CMTime(value: delta, timescale: 1000), wasPinned: &pinned)
                    #expect(cursor.presentationTimeStamp.value == table.presentationTime(at: expected.0), "seed \(seed)")
                    #expect(pinned.boolValue == expected.1, "seed \(seed)")
                    index = expected.0
                } else if mode == 0 {
                    let expected = min(max(index + Int(step), 0), count - 1)
                    #expect(cursor.stepInDecodeOrder(byCount: step) == Int64(expected - index))
                    index = expected
                } else {
                    let position = table.presentationPosition(of: index)
                    let target = min(max(position + Int(step), 0), count - 1)
                    #expect(cursor.stepInPresentationOrder(byCount: step) == Int64(target - position))
                    index = Int(positions[target])
                }
                #expect(cursor.decodeTimeStamp.value == table.decodeTime(at: index), "seed \(seed)")
                #expect(cursor.presentationTimeStamp.value == table.presentationTime(at: index), "seed \(seed)")
                #expect(cursor.currentSampleDuration.value == table.duration(at: index), "seed \(seed)")
                #expect(cursor.currentSampleSyncInfo.sampleIsFullSync.boolValue == table.isSync(at: index))
                #expect(cursor.currentSampleStorageRange.offset == Int64(table.offset(at: index)))
            }
        }
    }

    @Test("a sequential walk of 300 000 samples visits every sample once with the table's values")
    func longWalk() throws {
        let count = 300_000
        var durations = RunLengthColumn()
        durations.append(1001, count: count)
        var offsets = RunLengthColumn()
        for index in 0..<count { offsets.append([2002, 0, 1001][index % 3], count: 1) }
        let table = SampleTable(durations: durations, compositionOffsets: offsets,
                                descriptionIndices: Build.column(1, count: count), sizes: .constant(1000),
                                offsets: (0..<count).map { UInt64($0) * 1000 },
                                syncIndices: Array(stride(from: 0, to: count, by: 48)))!
        let reader = try TestReader()
        reader.tracks = [Build.track(id: 1, mediaType: "vide", timescale: 30000,
                                     format: Build.videoFormat(width: 16, height: 16), table: table)]
        let track = try #require(AVURLAsset(url: URL(fileURLWithPath: "/long.mp4"), reader: reader).tracks.first)
        let cursor = try #require(track.makeSampleCursorAtFirstSampleInDecodeOrder())
        var visited = 0, syncCount = 0
        var expectedDTS: Int64 = 0
        repeat {
            #expect(cursor.decodeTimeStamp.value == expectedDTS)
            if cursor.currentSampleSyncInfo.sampleIsFullSync.boolValue { syncCount += 1 }
            expectedDTS += 1001
            visited += 1
        } while cursor.stepInDecodeOrder(byCount: 1) == 1
        #expect(visited == count)
        #expect(syncCount == table.syncSampleCount)
        #expect(track.nominalFrameRate == Float(30000.0 / 1001.0))
        #expect(track.requiresFrameReordering)
    }
}

