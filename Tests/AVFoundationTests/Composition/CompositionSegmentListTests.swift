import CoreMedia
import Foundation
import Testing
@testable import AVFoundation
import MediaContainer

/// The edits of a composition track's segments, as AVMutableCompositionTrack.h and AVCompositionTrack.h describe
/// them: insertion pushes later content out, removal pulls it in, scaling changes a range's rate, segments stay
/// contiguous from zero.
@Suite("Composition track edits")
struct CompositionSegmentListTests {
    /// A source for the segments (never opened: these tests only move segments around).
    static let clip = CompositionSource(url: URL(fileURLWithPath: "/clip.mov"), trackID: 1) {
        throw AVError(.invalidSourceMedia, "not opened in these tests")
    }

    static func t(_ value: Int64, _ scale: CMTimeScale = 600) -> CMTime { CMTime(value: value, timescale: scale) }
    static func range(_ start: Int64, _ duration: Int64, _ scale: CMTimeScale = 600) -> CMTimeRange {
        CMTimeRange(start: t(start, scale), duration: t(duration, scale))
    }

    /// A segment presenting `source` media over `target`.
    static func media(_ target: CMTimeRange, _ source: CMTimeRange) -> CompositionSegment {
        CompositionSegment(target: target, media: .init(source: clip, range: source))
    }

    /// (target, source or nil) of each segment, for comparison.
    static func shape(_ list: CompositionSegmentList) -> [String] {
        list.segments.map { segment in
            let target = "\(segment.target.start.seconds)+\(segment.target.duration.seconds)"
            guard let media = segment.media else { return target + " empty" }
            return target + " ← \(media.range.start.seconds)+\(media.range.duration.seconds)"
        }
    }

    @Test("inserting into the middle of a segment splits it where the time falls and pushes the rest out")
    func insertSplits() {
        var list = CompositionSegmentList([Self.media(Self.range(0, 1200), Self.range(600, 1200))])
        list.insert([Self.media(Self.range(0, 300), Self.range(0, 300))], at: Self.t(300))
        #expect(Self.shape(list) == ["0.0+0.5 ← 1.0+0.5", "0.5+0.5 ← 0.0+0.5", "1.0+1.5 ← 1.5+1.5"])
        #expect(list.end == Self.t(1500))
    }

    @Test("inserting past the end first fills the gap with an empty segment")
    func insertPastEnd() {
        var list = CompositionSegmentList([Self.media(Self.range(0, 600), Self.range(0, 600))])
        list.insert([Self.media(Self.range(0, 600), Self.range(0, 600))], at: Self.t(1200))
        #expect(Self.shape(list) == ["0.0+1.0 ← 0.0+1.0", "1.0+1.0 empty", "2.0+1.0 ← 0.0+1.0"])
    }

    @Test("removing a range cuts inside segments and pulls later content in; empty neighbours merge")
    func remove() {
        var list = CompositionSegmentList([
            Self.media(Self.range(0, 600), Self.range(0, 600)),
            CompositionSegment(target: Self.range(600, 300), media: nil),
            Self.media(Self.range(900, 600), Self.range(600, 600)),
        ])
        list.remove(Self.range(300, 900))
        #expect(Self.shape(list) == ["0.0+0.5 ← 0.0+0.5", "0.5+0.5 ← 1.5+0.5"])
        list.insertEmpty(Self.range(300, 300))
        list.insertEmpty(Self.range(600, 300))
        #expect(Self.shape(list) == ["0.0+0.5 ← 0.0+0.5", "0.5+1.0 empty", "1.5+0.5 ← 1.5+0.5"])
        list.remove(Self.range(1200, 6000))
        #expect(list.end == Self.t(1200))
    }

    @Test("scaling a range changes the rate of what it holds and moves what follows")
    func scale() {
        var list = CompositionSegmentList([
            Self.media(Self.range(0, 600), Self.range(0, 600)),
            Self.media(Self.range(600, 600), Self.range(6000, 600)),
        ])
        // The second half of the first segment and the whole second one, 1.5 s, to 3 s: half speed.
        list.scale(Self.range(300, 900), to: Self.t(1800))
        #expect(Self.shape(list) == ["0.0+0.5 ← 0.0+0.5", "0.5+1.0 ← 0.5+0.5", "1.5+2.0 ← 10.0+1.0"])
        #expect(list.segments[1].rate == MediaRate(source: Self.t(1), target: Self.t(2)))
        #expect(list.end == Self.t(2100))
    }

    @Test("a split keeps the media exact at the rate of the segment (a 3/2 segment cut at a third)")
    func exactSplit() {
        // Target 2 s showing 3 s of media at 44100: cut at 1/3 s shows media 0.5 s.
        var list = CompositionSegmentList([Self.media(Self.range(0, 1200), Self.range(0, 132_300, 44_100))])
        list.insertEmpty(CMTimeRange(start: CMTime(value: 1, timescale: 3), duration: Self.t(600)))
        #expect(list.segments.first?.media?.range.end == CMTime(value: 22_050, timescale: 44_100))
        #expect(list.segments.count == 3)
    }

    @Test("validateSegments names the segment that breaks the timing rules, with Apple's codes",
          arguments: [
            ("a gap", [0, 600, 700, 600], AVError.Code.compositionTrackSegmentsNotContiguous),
            ("an overlap", [0, 600, 500, 600], .compositionTrackSegmentsNotContiguous),
            ("a first segment after zero", [100, 600], .compositionTrackSegmentsNotContiguous),
            ("a zero duration", [0, 0], .invalidCompositionTrackSegmentDuration),
          ] as [(String, [Int64], AVError.Code)])
    func validation(_ name: String, _ flat: [Int64], _ code: AVError.Code) {
        let targets = stride(from: 0, to: flat.count, by: 2).map { (flat[$0], flat[$0 + 1]) }
        let segments = targets.map {
            AVCompositionTrackSegment(url: URL(fileURLWithPath: "/clip.mov"), trackID: 1,
                                      sourceTimeRange: Self.range(0, $0.1), targetTimeRange: Self.range($0.0, $0.1))
        }
        let problem = CompositionSegmentList.problem(with: segments)
        #expect(problem?.code == code, "\(String(describing: problem))")
        #expect(problem?.localizedDescription.contains("segment") == true)
    }

    @Test("contiguous segments from zero, empty ones included, are valid")
    func valid() {
        let segments = [
            AVCompositionTrackSegment(timeRange: Self.range(0, 300)),
            AVCompositionTrackSegment(url: URL(fileURLWithPath: "/clip.mov"), trackID: 1,
                                      sourceTimeRange: Self.range(0, 600), targetTimeRange: Self.range(300, 900)),
        ]
        #expect(CompositionSegmentList.problem(with: segments) == nil)
        let bad = AVCompositionTrackSegment(url: URL(fileURLWithPath: "/clip.mov"), trackID: 1,
                                            sourceTimeRange: CMTimeRange(start: .invalid, duration: Self.t(600)),
                                            targetTimeRange: Self.range(0, 600))
        #expect(CompositionSegmentList.problem(with: [bad])?.code == .invalidCompositionTrackSegmentSourceStartTime)
    }
}
