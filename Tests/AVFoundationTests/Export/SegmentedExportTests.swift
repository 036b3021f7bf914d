import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// An export in temporal segments: cut at the source's sync samples, each segment encoded on its own, the pieces
/// stitched losslessly. Judged by ffprobe and ffmpeg: the stitched video is every piece's frames in order, nothing
/// lost or repeated at a join, and the output is the same bytes however the pieces ran.
// The exports run through `blockingWork`, off the cooperative pool; serialized, since each test's exports already
// use both cores.
@Suite("Segmented export: plan, pieces, stitch", .serialized)
struct SegmentedExportTests {
    /// 6 s of 320x240 at 25 fps, a key frame every second, B-frames, with AAC: cuts can fall on each second.
    static func source() throws -> URL {
        try TestFiles.ffmpegMedia("h264-bframes-aac-6s-gop25.mov", folder: "export", recipe: [
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=6",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=6",
            "-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-bf", "2", "-g", "25", "-keyint_min", "25",
            "-sc_threshold", "0", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k", "-ac", "2"])
    }

    static func request(_ source: URL, output: URL, preset: String = AVAssetExportPreset640x480,
                        fileType: AVFileType = .mp4) throws -> ExportRequest {
        ExportRequest(asset: AVURLAsset(url: source), preset: try #require(ExportPreset.named(preset)),
                      outputURL: output, fileType: fileType,
                      timeRange: CMTimeRange(start: .zero, duration: .positiveInfinity), fileLengthLimit: nil,
                      metadata: nil, metadataItemFilter: nil, shouldOptimizeForNetworkUse: true, audioMix: nil,
                      videoComposition: nil, customVideoCompositor: nil, audioTimePitchAlgorithm: .spectral,
                      multiPass: false, temporaryDirectory: nil)
    }

    static func plan(_ request: ExportRequest, seconds: Double = 2) throws -> SegmentedExportPlan {
        try SegmentedExportPlanner.plan(request, segmentDuration: CMTime(seconds: seconds, preferredTimescale: 1000),
                                        threadCount: 1, creationDate: Date(timeIntervalSince1970: 1_700_000_000))
    }

    static func store(_ directory: URL, _ plan: SegmentedExportPlan) throws -> SegmentPieceStore {
        SegmentPieceStore(directory: directory, name: "job", planChecksum: try plan.checksum())
    }

    /// The MD5 of each decoded video frame, in order (ffmpeg's framemd5, hashes only).
    static func frameHashes(_ url: URL) throws -> [String] {
        let result = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-map", "0:v:0",
                                                     "-f", "framemd5", "-"])
        return result.output.split(separator: "\n").filter { !$0.hasPrefix("#") }
            .compactMap { $0.split(separator: ",").last?.trimmingCharacters(in: .whitespaces) }
    }

    static func packetCount(_ url: URL, stream: String) throws -> Int {
        let json = try ExternalTool.ffprobeJSON(["-select_streams", stream, "-count_packets", "-show_streams",
                                                 url.path])
        let streams = try #require(json["streams"] as? [[String: Any]])
        return Int(try #require(streams.first?["nb_read_packets"] as? String)) ?? -1
    }

    static func request(_ asset: AVAsset, output: URL, videoComposition: AVVideoComposition?) throws
        -> ExportRequest {
        ExportRequest(asset: asset, preset: try #require(ExportPreset.named(AVAssetExportPreset640x480)),
                      outputURL: output, fileType: .mp4,
                      timeRange: CMTimeRange(start: .zero, duration: .positiveInfinity), fileLengthLimit: nil,
                      metadata: nil, metadataItemFilter: nil, shouldOptimizeForNetworkUse: true, audioMix: nil,
                      videoComposition: videoComposition, customVideoCompositor: nil,
                      audioTimePitchAlgorithm: .spectral, multiPass: false, temporaryDirectory: nil)
    }

    /// The presentation times of the file's video packets, ascending, in the stream's ticks (ffprobe).
    static func videoTimes(_ url: URL) throws -> [Int] {
        let result = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                      "packet=pts", "-of", "csv=p=0", url.path])
        return result.output.split(separator: "\n").compactMap { Int($0) }.sorted()
    }

    /// The SSIM of the file's video against the source's (ffmpeg's ssim filter, "All").
    static func ssim(_ url: URL, against source: URL) throws -> Double {
        let result = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "info", "-i", url.path, "-i", source.path,
                                                     "-lavfi", "[0:v][1:v]ssim", "-f", "null", "-"])
        let text = result.standardError + result.output
        guard let range = text.range(of: "All:") else { return -1 }
        return Double(text[range.upperBound...].prefix { $0 == "." || $0.isNumber }) ?? -1
    }

    /// Encodes and stitches `plan`'s pieces into `output`, exports the same plan in one piece beside it, and checks
    /// the stitch: it decodes cleanly, its frames are every piece's in order, and its video times are the one-piece
    /// export's. Returns the stitched video's times.
    static func stitchAgainstOnePiece(_ plan: SegmentedExportPlan, asset: AVAsset,
                                      videoComposition: AVVideoComposition?, output: URL,
                                      store: SegmentPieceStore) async throws -> [Int] {
        let request = try Self.request(asset, output: output, videoComposition: videoComposition)
        try await Self.encodeAndStitch(plan, request: request, store: store)
        let whole = output.deletingLastPathComponent()
            .appendingPathComponent("whole-" + output.lastPathComponent)
        let wholeRequest = try Self.request(asset, output: whole, videoComposition: videoComposition)
        try await blockingWork { try ExportJob.run(wholeRequest, plan: plan.export) }
        #expect(try ExternalTool.ffmpegDecodeErrors(output).isEmpty)
        let times = try Self.videoTimes(output)
        #expect(times == (try Self.videoTimes(whole)), "the stitched frames are not timed as the one-piece export's")
        let pieces = try plan.segments.indices.flatMap { try Self.frameHashes(store.pieceURL($0)) }
        #expect(try Self.frameHashes(output) == pieces)
        return times
    }

    /// Encodes every piece of `plan` one after another and stitches them.
    static func encodeAndStitch(_ plan: SegmentedExportPlan, request: ExportRequest, store: SegmentPieceStore)
        async throws {
        for index in plan.segments.indices {
            try await blockingWork {
                try SegmentedExportRunner.encode(index, of: plan, request: request, store: store)
            }
        }
        try await blockingWork { try SegmentedExportRunner.stitch(plan, request: request, store: store) }
    }

    /// The default pre-roll shrinks as segments grow, since a join's loss is spread over its segment: 1 s up to
    /// 5 s segments, 5 s divided by the segment duration above, never under half a second.
    @Test("the default pre-roll is 5 s divided by the segment duration, within 0.5 s and 1 s")
    func defaultPreRollFollowsTheSegmentDuration() {
        let rolls = [1.0, 2, 4, 5, 8, 10, 60].map { seconds in
            SegmentedExportPlanner.defaultPreRoll(forSegmentsOf: CMTime(seconds: seconds, preferredTimescale: 1000))
                .seconds
        }
        #expect(rolls == [1, 1, 1, 1, 0.625, 0.5, 0.5])
    }

    /// Cut at a sync sample, a piece with a pre-roll would decode from the sync sample before its pre-roll and throw
    /// away what it decoded up to it. The cut is a pre-roll after a sync sample instead: the source has one every
    /// second at 25 fps, so half a second of pre-roll is 13 frames (0.52 s) and each pre-roll starts at a sync sample.
    @Test("with a pre-roll a file track is cut a pre-roll after its sync samples; the stitch has the one-piece frames")
    func preRollStartsAtSyncSamples() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let source = AVURLAsset(url: try Self.source())
        let output = directory.file("out.mp4")
        let request = try Self.request(source, output: output, videoComposition: nil)
        let plan = try SegmentedExportPlanner.plan(request,
                                                   segmentDuration: CMTime(value: 2, timescale: 1), threadCount: 1,
                                                   preRoll: CMTime(value: 1, timescale: 2),
                                                   creationDate: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(plan.segments.map(\.range.start.seconds) == [0, 2.52, 4.52], "\(plan.reasoning)")
        #expect(plan.segments.map { $0.preRoll?.time.seconds } == [nil, 0.52, 0.52])
        let encodingStarts = plan.segments.dropFirst().compactMap { segment in
            segment.preRoll.map { (segment.range.start - $0.time).seconds }
        }
        #expect(encodingStarts == [2, 4])
        #expect(plan.reasoning.contains("after full sync samples"), "\(plan.reasoning)")
        let times = try await Self.stitchAgainstOnePiece(plan, asset: source, videoComposition: nil,
                                                         output: output, store: try Self.store(directory.url, plan))
        #expect(times.count == 150)
    }

    @Test("the plan cuts at full sync samples at least the segment duration apart and reads back from JSON unchanged")
    func planCutsAtSyncSamples() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let plan = try Self.plan(try Self.request(try Self.source(), output: directory.file("out.mp4")))
        #expect(plan.segments.map(\.range.start.seconds) == [0, 2, 4])
        #expect(plan.segments.map(\.range.duration.seconds) == [2, 2, 2])
        #expect(plan.reasoning.contains("3 segments"), "\(plan.reasoning)")
        // Every piece after the first starts its encoder a second early (the default pre-roll).
        #expect(plan.segments.map { $0.preRoll?.time.seconds } == [nil, 1, 1])
        #expect(plan.reasoning.contains("pre-rolls 1 s"), "\(plan.reasoning)")
        guard case .video(let video) = plan.export.tracks[plan.segmentedTrack].role else {
            Issue.record("the segmented track is not an encoded video track")
            return
        }
        #expect(video.threadCount == 1)
        #expect(plan.export.creationDate == Date(timeIntervalSince1970: 1_700_000_000))
        let read = try SegmentedExportPlan.decoded(from: try plan.encoded(), path: "plan.json")
        #expect(read == plan)
        #expect(try read.checksum() == plan.checksum())
        // Cuts need a sync sample: 5 s segments cut at 5 s; the 1 s left joins the one before it.
        let longer = try Self.plan(try Self.request(try Self.source(), output: directory.file("out.mp4")), seconds: 5)
        #expect(longer.segments.map(\.range.start.seconds) == [0])
    }

    @Test("the stitched video is every piece's frames in order, with all the source's frames and audio packets")
    func stitchedIsThePiecesInOrder() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let source = try Self.source()
        let output = directory.file("out.mp4")
        let request = try Self.request(source, output: output)
        let plan = try Self.plan(request)
        let store = try Self.store(directory.url, plan)
        for index in plan.segments.indices {
            let encoded = try await blockingWork {
                try SegmentedExportRunner.encode(index, of: plan, request: request, store: store)
            }
            #expect(encoded)
            #expect(store.problem(withPiece: index) == nil)
        }
        try await blockingWork { try SegmentedExportRunner.stitch(plan, request: request, store: store) }
        #expect(try ExternalTool.ffmpegDecodeErrors(output).isEmpty)
        #expect(try Self.packetCount(output, stream: "v:0") == 150)
        let pieces = try plan.segments.indices.flatMap { try Self.frameHashes(store.pieceURL($0)) }
        #expect(pieces.count == 150)
        #expect(try Self.frameHashes(output) == pieces)
        // The audio is encoded once, whole: the packets of a one-piece export of the same source.
        let whole = directory.file("whole.mp4")
        let wholeRequest = try Self.request(source, output: whole)
        try await blockingWork { try ExportJob.run(wholeRequest, plan: plan.export) }
        #expect(try Self.packetCount(output, stream: "a:0") == Self.packetCount(whole, stream: "a:0"))
        #expect(try Self.packetCount(whole, stream: "v:0") == 150)
    }

    @Test("the output is the same bytes whether the pieces ran in order, in reverse, or side by side")
    func deterministic() async throws {
        let source = try Self.source()
        var outputs: [Data] = []
        var pieces: [[UInt64]] = []
        for order in ["forward", "reverse", "parallel"] {
            let directory = try TestFiles.makeTemporaryDirectory(order)
            let request = try Self.request(source, output: directory.file("out.mp4"))
            let plan = try Self.plan(request)
            let store = try Self.store(directory.url, plan)
            switch order {
            case "forward":
                for index in plan.segments.indices {
                    try await blockingWork {
                        try SegmentedExportRunner.encode(index, of: plan, request: request, store: store)
                    }
                }
                try await blockingWork { try SegmentedExportRunner.stitch(plan, request: request, store: store) }
            case "reverse":
                for index in plan.segments.indices.reversed() {
                    try await blockingWork {
                        try SegmentedExportRunner.encode(index, of: plan, request: request, store: store)
                    }
                }
                try await blockingWork { try SegmentedExportRunner.stitch(plan, request: request, store: store) }
            default:
                try await blockingWork {
                    try SegmentedExportRunner.runAll(plan, request: request, store: store, parallel: 3)
                }
            }
            outputs.append(try Data(contentsOf: directory.file("out.mp4")))
            pieces.append(try plan.segments.indices.map { try ContentChecksum.ofFile(store.pieceURL($0)).checksum })
        }
        #expect(pieces[1] == pieces[0], "the pieces are the same bytes")
        #expect(pieces[2] == pieces[0], "the pieces are the same bytes")
        #expect(outputs[0].count > 10_000)
        for (order, output) in zip(["reverse", "parallel"], outputs.dropFirst()) {
            // Compared as a Bool: a failing Data comparison would have the test library diff megabytes.
            let same = output == outputs[0]
            let firstDifference = zip(output, outputs[0]).enumerated().first { $1.0 != $1.1 }?.offset
                ?? min(output.count, outputs[0].count)
            let sizes = "\(output.count) bytes against \(outputs[0].count)"
            #expect(same, "\(order): \(sizes), first difference at byte \(firstDifference)")
        }
    }

    /// A fast-start stitch knows what it will write from the pieces' receipts (their sizes) and the source (one
    /// picture per source frame), so the writer leaves room for the movie box before the media data instead of
    /// moving the media data once it is written: the file reads ftyp, moov, free, mdat. Without fast start it reads
    /// ftyp, mdat, moov. Either way its frames are the pieces'.
    @Test("a fast-start stitch writes its movie box into room left before the media data",
          arguments: [true, false])
    func fastStartStitchReservesRoom(_ fastStart: Bool) async throws {
        let source = try TestFiles.ffmpegMedia("h264-640x360-6s-gop25-video-only.mp4", folder: "export", recipe: [
            "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25:duration=6",
            "-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-g", "25", "-keyint_min", "25",
            "-sc_threshold", "0", "-pix_fmt", "yuv420p"])
        let directory = try TestFiles.makeTemporaryDirectory()
        let output = directory.file("out.mp4")
        let base = try Self.request(source, output: output)
        let request = ExportRequest(asset: base.asset, preset: base.preset, outputURL: output, fileType: .mp4,
                                    timeRange: base.timeRange, fileLengthLimit: nil, metadata: nil,
                                    metadataItemFilter: nil, shouldOptimizeForNetworkUse: fastStart, audioMix: nil,
                                    videoComposition: nil, customVideoCompositor: nil,
                                    audioTimePitchAlgorithm: .spectral, multiPass: false, temporaryDirectory: nil)
        let plan = try Self.plan(request)
        let store = try Self.store(directory.url, plan)
        try await Self.encodeAndStitch(plan, request: request, store: store)
        let types = try ExportBehaviourTests.topLevelBoxTypes(output).filter { $0 != "wide" }
        #expect(types == (fastStart ? ["ftyp", "moov", "free", "mdat"] : ["ftyp", "mdat", "moov"]), "\(types)")
        let pieces = try plan.segments.indices.flatMap { try Self.frameHashes(store.pieceURL($0)) }
        #expect(pieces.count == 150)
        #expect(try Self.frameHashes(output) == pieces)
        #expect(try ExternalTool.ffmpegDecodeErrors(output).isEmpty)
    }

    @Test("a damaged piece is refused by name, and only it is encoded again; a changed source is refused")
    func damagedPieceAndChangedSource() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let source = try Self.source()
        let request = try Self.request(source, output: directory.file("out.mp4"))
        let plan = try Self.plan(request)
        let store = try Self.store(directory.url, plan)
        for index in plan.segments.indices {
            try await blockingWork {
                try SegmentedExportRunner.encode(index, of: plan, request: request, store: store)
            }
        }
        let handle = try FileHandle(forUpdating: store.pieceURL(1))
        try handle.seek(toOffset: 2000)
        let byte = try #require(try handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: 2000)
        try handle.write(contentsOf: Data([byte ^ 0x40]))
        try handle.close()
        let refusal = await #expect(throws: AVError.self) {
            try await blockingWork { try SegmentedExportRunner.stitch(plan, request: request, store: store) }
        }
        #expect(refusal?.localizedDescription.contains("segment 1") == true, "\(String(describing: refusal))")
        #expect(refusal?.localizedDescription.contains("damaged") == true)
        #expect(!FileManager.default.fileExists(atPath: directory.file("out.mp4").path))
        // Resuming encodes segment 1 only.
        var redone: [Bool] = []
        for index in plan.segments.indices {
            redone.append(try await blockingWork {
                try SegmentedExportRunner.encode(index, of: plan, request: request, store: store)
            })
        }
        #expect(redone == [false, true, false])
        try await blockingWork { try SegmentedExportRunner.stitch(plan, request: request, store: store) }
        #expect(try Self.packetCount(directory.file("out.mp4"), stream: "v:0") == 150)
        // A plan made for another source is refused.
        let other = try ExportMedia.url("h264-bframes-aac-320x240-25fps.mov")
        let foreign = try Self.request(other, output: directory.file("other.mp4"))
        #expect(throws: AVError.self) { try SegmentedExportRunner.checkSource(foreign, against: plan) }
        try SegmentedExportRunner.checkSource(request, against: plan)
    }

    @Test("a sound piece of another configuration fails the stitch with the reason, leaves no output and no hang")
    func foreignPieceFailsTheStitch() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let source = try Self.source()
        let request = try Self.request(source, output: directory.file("out.mp4"))
        let plan = try Self.plan(request)
        let store = try Self.store(directory.url, plan)
        for index in plan.segments.indices {
            try await blockingWork {
                try SegmentedExportRunner.encode(index, of: plan, request: request, store: store)
            }
        }
        // Piece 1 replaced by the same segment encoded at another size, with a receipt that holds: only the stitch's
        // format check can refuse it. The failure is reported from inside the feed, which the job then cancels.
        let other = try TestFiles.makeTemporaryDirectory("other")
        let smaller = try Self.request(source, output: other.file("out.mp4"), preset: AVAssetExportPreset640x480)
        var otherPlan = plan
        guard case .video(var video) = plan.export.tracks[plan.segmentedTrack].role else { return }
        (video.width, video.height) = (160, 120)
        otherPlan.export.tracks[otherPlan.segmentedTrack].role = .video(video)
        let foreignPlan = otherPlan
        let otherStore = try Self.store(other.url, foreignPlan)
        try await blockingWork {
            try SegmentedExportRunner.encode(1, of: foreignPlan, request: smaller, store: otherStore)
        }
        try await blockingWork {
            try store.make(1) { url in try FileManager.default.copyItem(at: otherStore.pieceURL(1), to: url) }
        }
        #expect(store.problem(withPiece: 1) == nil)
        let failure = await #expect(throws: AVError.self) {
            try await blockingWork { try SegmentedExportRunner.stitch(plan, request: request, store: store) }
        }
        #expect(failure?.localizedDescription.contains("another configuration") == true,
                "\(String(describing: failure))")
        #expect(!FileManager.default.fileExists(atPath: directory.file("out.mp4").path))
    }

    /// The issue's bar is 0.001. A cold encoder spends its first second or two finding its quantiser (its first
    /// second came out at about 0.975 against 0.995), so without a pre-roll 2 s segments lose about 0.004; a 2 s
    /// pre-roll brings them within 0.0003 (1 s: 0.0011; on 8 s segments 1 s gives 0.0005).
    @Test("SSIM against the source: with a pre-roll the stitched export is within 0.001 of the one-piece export's")
    func stitchedQualityMatchesOnePiece() async throws {
        let source = try Self.source()
        var gaps: [Double] = []
        for seconds in [2.0, 0] {
            let directory = try TestFiles.makeTemporaryDirectory()
            let output = directory.file("out.mp4")
            let request = try Self.request(source, output: output)
            let plan = try SegmentedExportPlanner.plan(request, segmentDuration: CMTime(value: 2, timescale: 1),
                                                       threadCount: 1,
                                                       preRoll: CMTime(seconds: seconds, preferredTimescale: 1),
                                                       creationDate: Date(timeIntervalSince1970: 1_700_000_000))
            #expect(plan.segments.map { $0.preRoll?.time.seconds } == (seconds > 0 ? [nil, 2, 2] : [nil, nil, nil]))
            try await Self.encodeAndStitch(plan, request: request, store: try Self.store(directory.url, plan))
            let whole = directory.file("whole.mp4")
            let wholeRequest = try Self.request(source, output: whole)
            try await blockingWork { try ExportJob.run(wholeRequest, plan: plan.export) }
            let stitched = try Self.ssim(output, against: source), onePiece = try Self.ssim(whole, against: source)
            #expect(stitched > 0.9 && onePiece > 0.9, "SSIM \(stitched) and \(onePiece)")
            gaps.append(onePiece - stitched)
        }
        #expect(abs(gaps[0]) <= 0.001, "with a 2 s pre-roll: one piece's SSIM minus the stitch's is \(gaps[0])")
        // Without a pre-roll the joins cost what the pre-roll wins back.
        #expect(gaps[1] > gaps[0] + 0.002, "the SSIM gaps with and without a pre-roll: \(gaps)")
    }

    @Test("a composition track is cut where its segments start; the stitch has the one-piece export's frame times")
    func compositionTrackIsCutAtItsSegments() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let source = AVURLAsset(url: try Self.source())
        let composition = AVMutableComposition()
        let second = CMTime(value: 1, timescale: 1)
        let three = CMTimeMultiply(second, multiplier: 3)
        try await composition.insertTimeRange(CMTimeRange(start: .zero, duration: three), of: source, at: .zero)
        // The second clip starts between key frames (2 and 3 s): its first frame is trimmed exactly at 3 s.
        try await composition.insertTimeRange(CMTimeRange(start: CMTime(value: 5, timescale: 2),
                                                          duration: CMTime(value: 7, timescale: 2)),
                                              of: source, at: three)
        let output = directory.file("out.mp4")
        let request = try Self.request(composition, output: output, videoComposition: nil)
        let plan = try Self.plan(request)
        #expect(plan.segments.map(\.range.start.seconds) == [0, 3], "\(plan.reasoning)")
        #expect(plan.reasoning.contains("composition track"), "\(plan.reasoning)")
        let times = try await Self.stitchAgainstOnePiece(plan, asset: composition, videoComposition: nil,
                                                         output: output, store: try Self.store(directory.url, plan))
        // 3 s of frames, then the second clip: its frame at 2.48 s shown from 2.5 s, then 87 more.
        #expect(times.count == 163)
    }

    @Test("a video composition is cut at whole frame durations, or at the sync samples of the track timing it")
    func videoCompositionIsCutOnItsFrameGrid() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let source = AVURLAsset(url: try Self.source())
        let videoComposition = try await AVMutableVideoComposition.videoComposition(withPropertiesOf: source)
        videoComposition.frameDuration = CMTime(value: 1, timescale: 25)
        // Timed by the frame duration alone (`videoComposition(withPropertiesOf:)` of one track times by it).
        videoComposition.sourceTrackIDForFrameTiming = kCMPersistentTrackID_Invalid
        let output = directory.file("out.mp4")
        let request = try Self.request(source, output: output, videoComposition: videoComposition)
        let plan = try Self.plan(request)
        #expect(plan.segments.map(\.range.start.seconds) == [0, 2, 4], "\(plan.reasoning)")
        let times = try await Self.stitchAgainstOnePiece(plan, asset: source, videoComposition: videoComposition,
                                                         output: output, store: try Self.store(directory.url, plan))
        #expect(times.count == 150)

        // Timed by its track: cut at that track's sync samples, and the frames are still the one-piece export's.
        let timed = try #require(videoComposition.mutableCopy() as? AVMutableVideoComposition)
        timed.sourceTrackIDForFrameTiming = 1
        let timedOutput = directory.file("timed.mp4")
        let timedRequest = try Self.request(source, output: timedOutput, videoComposition: timed)
        let timedPlan = try Self.plan(timedRequest, seconds: 2.5)
        #expect(timedPlan.segments.map(\.range.start.seconds) == [0, 3], "\(timedPlan.reasoning)")
        #expect(timedPlan.reasoning.contains("times the video composition"), "\(timedPlan.reasoning)")
        let timedStore = try Self.store(directory.url.appendingPathComponent("timed"), timedPlan)
        try FileManager.default.createDirectory(at: timedStore.directory, withIntermediateDirectories: false)
        let timedTimes = try await Self.stitchAgainstOnePiece(timedPlan, asset: source, videoComposition: timed,
                                                              output: timedOutput, store: timedStore)
        #expect(timedTimes == times)
    }
}

