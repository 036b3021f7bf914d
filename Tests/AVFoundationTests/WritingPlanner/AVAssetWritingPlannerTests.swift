import CoreMedia
import CoreVideo
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import AVFoundation

/// iOS 27's `AVAssetWritingPlanner`: the client writes each planned segment, the planner keeps track of the finished
/// ones (also across a new planner over the same directory) and assembles them into a composition. Judged by
/// exporting that composition and reading the result with ffprobe and ffmpeg.
// Serialized: each test encodes video.
@Suite("AVAssetWritingPlanner: planned, resumable writing in segments", .serialized)
struct AVAssetWritingPlannerTests {
    /// 6 s of 320x240 at 25 fps with a key frame every second (the segmented export's source).
    static func source() throws -> URL { try SegmentedExportTests.source() }

    static func videoTrack(_ url: URL) throws -> AVAssetTrack {
        try #require(AVURLAsset(url: url).tracks(withMediaType: .video).first)
    }

    /// Writes the source's video in `range` into a movie at `url`, its times moved to start at 0, through `input`
    /// (a new input encoding H.264 when nil: then stored samples are copied as they are).
    static func writeSegment(of source: URL, range: CMTimeRange, to url: URL,
                             input given: AVAssetWriterInput?) throws {
        let asset = AVURLAsset(url: source)
        let reader = try AVAssetReader(asset: asset)
        reader.timeRange = range
        let track = try #require(asset.tracks(withMediaType: .video).first)
        let decodes = given != nil
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: decodes ? [
            kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange] : nil)
        reader.add(output)
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        let input = given ?? AVAssetWriterInput(mediaType: .video, outputSettings: nil,
                                                sourceFormatHint: track.formatDescriptions.first.map {
                                                    $0 as! CMFormatDescription // swiftlint:disable:this force_cast
                                                })
        writer.add(input)
        guard reader.startReading() else { throw reader.error ?? AVError(.exportFailed, "the reader did not start") }
        guard writer.startWriting() else { throw writer.error ?? AVError(.exportFailed, "the writer did not start") }
        writer.startSession(atSourceTime: .zero)
        let done = DispatchSemaphore(value: 0)
        input.requestMediaDataWhenReady(on: DispatchQueue(label: "segment")) {
            while input.isReadyForMoreMediaData {
                guard let buffer = output.copyNextSampleBuffer() else {
                    input.markAsFinished()
                    done.signal()
                    return
                }
                var timing = CMSampleTimingInfo()
                CMSampleBufferGetSampleTimingInfo(buffer, at: 0, timingInfoOut: &timing)
                timing.presentationTimeStamp = max(.zero, timing.presentationTimeStamp - range.start)
                if timing.decodeTimeStamp.isNumeric { timing.decodeTimeStamp = timing.decodeTimeStamp - range.start }
                var moved: CMSampleBuffer?
                CMSampleBufferCreateCopyWithNewTiming(allocator: nil, sampleBuffer: buffer, sampleTimingEntryCount: 1,
                                                      sampleTimingArray: &timing, sampleBufferOut: &moved)
                guard let moved, input.append(moved) else {
                    input.markAsFinished()
                    done.signal()
                    return
                }
            }
        }
        done.wait()
        writer.endSession(atSourceTime: range.duration)
        let finished = DispatchSemaphore(value: 0)
        writer.finishWriting { finished.signal() }
        finished.wait()
        guard writer.status == .completed else {
            throw writer.error ?? AVError(.exportFailed, "the segment writer did not complete")
        }
    }

    /// Exports `composition` with the passthrough preset to a movie and returns its URL.
    static func export(_ composition: AVComposition, in directory: TemporaryDirectory) async throws -> URL {
        let output = directory.file("assembled.mov")
        let session = try #require(AVAssetExportSession(asset: composition,
                                                        presetName: AVAssetExportPresetPassthrough))
        try await session.export(to: output, as: .mov)
        return output
    }

    static func keyFrameTimes(_ url: URL) throws -> [Double] {
        let result = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                      "packet=pts_time,flags", "-of", "csv=p=0", url.path])
        return result.output.split(separator: "\n").compactMap { line -> Double? in
            let fields = line.split(separator: ",")
            guard fields.count == 2, fields[1].hasPrefix("K") else { return nil }
            return Double(fields[0])
        }.sorted()
    }

    @Test("recommended boundaries fall on sync samples, at least the minimums apart, covering the track")
    func boundaryRecommendations() throws {
        let track = try Self.videoTrack(try Self.source())
        let segments = AVAssetWritingPlanner.segmentBoundaryRecommendations(
            forVideoTrack: track, minimumSegmentDuration: CMTime(value: 2, timescale: 1), minimumSegmentFrameCount: 10)
        #expect(segments.map(\.frameCount) == [50, 50, 50])
        #expect(segments.map(\.duration.seconds) == [2, 2, 2])
        // 5 s minimum: one cut at 5 s would leave a 1 s tail, which joins the first segment.
        let long = AVAssetWritingPlanner.segmentBoundaryRecommendations(
            forVideoTrack: track, minimumSegmentDuration: CMTime(value: 5, timescale: 1), minimumSegmentFrameCount: 1)
        #expect(long.map(\.frameCount) == [150])
        // A frame-count minimum of 60 moves the cuts to the next sync sample after 60 frames.
        let counted = AVAssetWritingPlanner.segmentBoundaryRecommendations(
            forVideoTrack: track, minimumSegmentDuration: .zero, minimumSegmentFrameCount: 60)
        #expect(counted.map(\.frameCount) == [75, 75])
    }

    @Test("a video track written segment by segment assembles into every frame, each segment from a key frame")
    func videoTrackInSegments() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let source = try Self.source()
        let track = try Self.videoTrack(source)
        let planner = try AVAssetWritingPlanner(directoryForTemporaryFiles: directory.url.appendingPathComponent("w"))
        let segments = AVAssetWritingPlanner.segmentBoundaryRecommendations(
            forVideoTrack: track, minimumSegmentDuration: CMTime(value: 2, timescale: 1), minimumSegmentFrameCount: 1)
        let plan = AVAssetVideoTrackPlan(videoCodecType: .h264, mediaType: .video, segmentConfigurations: segments,
                                         assemblyTrackID: 7)
        let settings: [String: any Sendable] = [AVVideoCodecKey: AVVideoCodecType.h264.rawValue,
                                                AVVideoWidthKey: 320, AVVideoHeightKey: 240]
        let seen = Mutex<[(Double, Double, Int)]>([])
        planner.plan(plan) { request in
            let video = try #require(request as? AVPlannedVideoSegmentWritingRequest)
            seen.withLock { $0.append((request.timeRange.start.seconds, Double(request.progress), video.frameCount)) }
            let input = try video.makeResumableWriterInput(for: .video, outputSettings: settings)
            // One input per request.
            #expect(throws: AVError.self) { try video.makeResumableWriterInput(for: .video, outputSettings: settings) }
            try await blockingWork {
                try Self.writeSegment(of: source, range: request.timeRange, to: request.segmentFileOutputURL,
                                      input: input)
            }
            return .success
        }
        let composition = try await planner.executePlan()
        #expect(seen.withLock { $0.map(\.0) } == [0, 2, 4])
        #expect(seen.withLock { $0.map { ($0.1 * 100).rounded() } } == [0, 33, 67])
        #expect(seen.withLock { $0.map(\.2) } == [50, 50, 50])
        #expect(planner.progress.overallProgress == 1 && planner.progress.progress(forTrack: 7) == 1)
        #expect(composition.tracks.map(\.trackID) == [7])
        let assembled = try await Self.export(composition, in: directory)
        // Decoded frames: ffprobe's packet count also counts the packets its demuxer reads again at each edit.
        #expect(try SegmentedExportTests.frameHashes(assembled).count == 150)
        #expect(try ExternalTool.ffmpegDecodeErrors(assembled).isEmpty)
        let keys = try Self.keyFrameTimes(assembled)
        for start in [0.0, 2, 4] {
            #expect(keys.contains { abs($0 - start) < 0.001 }, "no key frame at \(start) s: \(keys)")
        }
    }

    @Test("a cancelled segment stops the run; a new planner over the directory resumes there with the client's state")
    func resumesAfterCancel() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let source = try Self.source()
        let work = directory.url.appendingPathComponent("w")
        let segments = (0..<3).map { _ in AVPlannedSegmentConfiguration(duration: CMTime(value: 2, timescale: 1)) }
        let written = Mutex<[Int]>([]), restored = Mutex<[String?]>([])
        func makePlanner(cancelAt: Int?) throws -> AVAssetWritingPlanner {
            let planner = try AVAssetWritingPlanner(directoryForTemporaryFiles: work)
            planner.plan(AVAssetTrackPlan(mediaType: .video, segmentConfigurations: segments, assemblyTrackID: 3)) {
                request in
                let index = Int(request.timeRange.start.seconds / 2)
                let state = request.clientStateToRestore.map { String(decoding: $0, as: UTF8.self) }
                restored.withLock { $0.append(state) }
                if index == cancelAt { return .cancelled }
                try await blockingWork {
                    try Self.writeSegment(of: source, range: request.timeRange, to: request.segmentFileOutputURL,
                                          input: nil)
                }
                written.withLock { $0.append(index) }
                return .successWithState(Data("after \(index)".utf8))
            }
            return planner
        }
        let first = try makePlanner(cancelAt: 1)
        let failure = await #expect(throws: AVError.self) { _ = try await first.executePlan() }
        #expect(failure?.code == .operationCancelled)
        #expect((first.progress.overallProgress * 3).rounded() == 1)
        let composition = try await makePlanner(cancelAt: nil).executePlan()
        #expect(written.withLock { $0 } == [0, 1, 2], "segment 0 was written once, then only the others")
        #expect(restored.withLock { $0 } == [nil, "after 0", "after 0", "after 1"])
        let assembled = try await Self.export(composition, in: directory)
        #expect(try SegmentedExportTests.frameHashes(assembled).count == 150)
        #expect(try ExternalTool.ffmpegDecodeErrors(assembled).isEmpty)
        // A segment damaged in the directory is written again by the next run.
        let piece = work.appendingPathComponent("AVAssetWritingPlanner.track-3.segment-0002.mov")
        let handle = try FileHandle(forWritingTo: piece)
        try handle.seek(toOffset: 100)
        try handle.write(contentsOf: Data([0xFF, 0xFF]))
        try handle.close()
        _ = try await makePlanner(cancelAt: nil).executePlan()
        #expect(written.withLock { $0 } == [0, 1, 2, 2])
    }

    @Test("a cancelled task stops before the next segment with AVError.operationCancelled; the finished one stays")
    func taskCancellation() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let source = try Self.source()
        let planner = try AVAssetWritingPlanner(directoryForTemporaryFiles: directory.url.appendingPathComponent("w"))
        let segments = (0..<3).map { _ in AVPlannedSegmentConfiguration(duration: CMTime(value: 2, timescale: 1)) }
        let calls = Mutex(0)
        planner.plan(AVAssetTrackPlan(mediaType: .video, segmentConfigurations: segments, assemblyTrackID: 1)) {
            request in
            calls.withLock { $0 += 1 }
            try await blockingWork {
                try Self.writeSegment(of: source, range: request.timeRange, to: request.segmentFileOutputURL,
                                      input: nil)
            }
            withUnsafeCurrentTask { $0?.cancel() }
            return .success
        }
        let failure = await #expect(throws: AVError.self) { _ = try await planner.executePlan() }
        #expect(failure?.code == .operationCancelled, "\(String(describing: failure))")
        #expect(calls.withLock { $0 } == 1)
        #expect((planner.progress.progress(forTrack: 1) * 3).rounded() == 1)
    }

    @Test("wrong use: no plan, a handler that writes nothing, a handler's error, another codec's settings")
    func wrongUse() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let empty = try AVAssetWritingPlanner(directoryForTemporaryFiles: directory.url.appendingPathComponent("a"))
        await #expect(throws: AVError.self) { _ = try await empty.executePlan() }
        #expect(throws: AVError.self) {
            _ = try AVAssetWritingPlanner(directoryForTemporaryFiles: try Self.source())
        }
        let segment = [AVPlannedSegmentConfiguration(duration: CMTime(value: 1, timescale: 1))]
        let lazy = try AVAssetWritingPlanner(directoryForTemporaryFiles: directory.url.appendingPathComponent("b"))
        lazy.plan(AVAssetTrackPlan(mediaType: .video, segmentConfigurations: segment, assemblyTrackID: 1)) { _ in
            .success
        }
        let nothing = await #expect(throws: AVError.self) { _ = try await lazy.executePlan() }
        #expect(nothing?.localizedDescription.contains("wrote nothing") == true, "\(String(describing: nothing))")
        struct Refused: Error {}
        let failing = try AVAssetWritingPlanner(directoryForTemporaryFiles: directory.url.appendingPathComponent("c"))
        failing.plan(AVAssetTrackPlan(mediaType: .video, segmentConfigurations: segment, assemblyTrackID: 1)) { _ in
            throw Refused()
        }
        await #expect(throws: Refused.self) { _ = try await failing.executePlan() }
        let mismatched = try AVAssetWritingPlanner(
            directoryForTemporaryFiles: directory.url.appendingPathComponent("d"))
        let videoSegment = [AVPlannedVideoSegmentConfiguration(numberOfFrames: 25, duration: CMTime(value: 1,
                                                                                                   timescale: 1))]
        mismatched.plan(AVAssetVideoTrackPlan(videoCodecType: .h264, mediaType: .video,
                                              segmentConfigurations: videoSegment, assemblyTrackID: 2)) { request in
            let video = try #require(request as? AVPlannedVideoSegmentWritingRequest)
            _ = try video.makeResumableWriterInput(for: .video, outputSettings: [
                AVVideoCodecKey: AVVideoCodecType.hevc.rawValue, AVVideoWidthKey: 320, AVVideoHeightKey: 240])
            return .success
        }
        let codec = await #expect(throws: AVError.self) { _ = try await mismatched.executePlan() }
        #expect(codec?.localizedDescription.contains("track plan is for avc1") == true, "\(String(describing: codec))")
    }
}
