@testable import AVFoundation
import CoreMedia
import CoreVideo
import Foundation
import Testing

let bgra: [String: any Sendable] = [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA]

/// Averages the source frames, pixel by pixel, on another thread (as compositors that render on queues of their own do).
final class AveragingCompositor: NSObject, AVVideoCompositing, @unchecked Sendable {
    let sourcePixelBufferAttributes: [String: any Sendable]? = bgra
    let requiredPixelBufferAttributesForRenderContext: [String: any Sendable] = bgra
    private let lock = NSLock()
    private(set) var contexts: [AVVideoCompositionRenderContext] = []

    func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {
        lock.withLock { contexts.append(newRenderContext) }
    }

    func startRequest(_ request: AVAsynchronousVideoCompositionRequest) {
        DispatchQueue.global().async {
            let sources = request.sourceTrackIDs.compactMap { request.sourceFrame(byTrackID: $0.int32Value) }
            guard let output = request.renderContext.newPixelBuffer() else {
                request.finish(with: NSError(domain: "test", code: 1))
                return
            }
            CVPixelBufferLockBaseAddress(output, [])
            let width = CVPixelBufferGetWidth(output), height = CVPixelBufferGetHeight(output)
            let out = CVPixelBufferGetBaseAddress(output)!.assumingMemoryBound(to: UInt8.self)
            let outRow = CVPixelBufferGetBytesPerRow(output)
            for source in sources { CVPixelBufferLockBaseAddress(source, .readOnly) }
            for y in 0..<height {
                for x in 0..<width * 4 {
                    var sum = 0
                    for source in sources {
                        let row = CVPixelBufferGetBytesPerRow(source)
                        sum += Int(CVPixelBufferGetBaseAddress(source)!.assumingMemoryBound(to: UInt8.self)[y * row + x])
                    }
                    out[y * outRow + x] = UInt8(sources.isEmpty ? 0 : sum / sources.count)
                }
            }
            for source in sources { CVPixelBufferUnlockBaseAddress(source, .readOnly) }
            CVPixelBufferUnlockBaseAddress(output, [])
            request.finish(withComposedVideoFrame: output)
        }
    }
}

/// Hands back the first source frame itself.
final class FirstSourceCompositor: NSObject, AVVideoCompositing, @unchecked Sendable {
    let sourcePixelBufferAttributes: [String: any Sendable]? = bgra
    let requiredPixelBufferAttributesForRenderContext: [String: any Sendable] = bgra
    func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {}
    func startRequest(_ request: AVAsynchronousVideoCompositionRequest) {
        guard let first = request.sourceTrackIDs.first, let frame = request.sourceFrame(byTrackID: first.int32Value) else {
            request.finish(with: NSError(domain: "test", code: 2))
            return
        }
        request.finish(withComposedVideoFrame: frame)
    }
}

struct CompositorFailure: Error, CustomStringConvertible {
    var description: String { "the effect ran out of film" }
}

/// Fails the request at half a second.
final class FailingCompositor: NSObject, AVVideoCompositing, @unchecked Sendable {
    let sourcePixelBufferAttributes: [String: any Sendable]? = bgra
    let requiredPixelBufferAttributesForRenderContext: [String: any Sendable] = bgra
    func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {}
    func startRequest(_ request: AVAsynchronousVideoCompositionRequest) {
        if request.compositionTime >= CMTime(value: 1, timescale: 2) {
            request.finish(with: CompositorFailure())
        } else if let frame = request.renderContext.newPixelBuffer() {
            request.finish(withComposedVideoFrame: frame)
        }
    }
}

/// Never answers; counts the cancels it is asked for.
final class SilentCompositor: NSObject, AVVideoCompositing, @unchecked Sendable {
    let sourcePixelBufferAttributes: [String: any Sendable]? = bgra
    let requiredPixelBufferAttributesForRenderContext: [String: any Sendable] = bgra
    private let lock = NSLock()
    private var pending: [AVAsynchronousVideoCompositionRequest] = []
    private(set) var cancels = 0
    private(set) var started = 0
    func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {}
    func startRequest(_ request: AVAsynchronousVideoCompositionRequest) {
        lock.withLock {
            pending.append(request)
            started += 1
        }
    }

    /// Whether a request has been started.
    var hasStarted: Bool { lock.withLock { started > 0 } }

    /// Waits (up to 30 s) until a request has been started.
    func waitForARequest() -> Bool {
        let deadline = Date(timeIntervalSinceNow: 30)
        while !hasStarted {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }
    func cancelAllPendingVideoCompositionRequests() {
        let requests = lock.withLock { () -> [AVAsynchronousVideoCompositionRequest] in
            cancels += 1
            defer { pending.removeAll() }
            return pending
        }
        for request in requests { request.finishCancelledRequest() }
    }
}

/// Declares a render pixel format key of the wrong kind.
private final class NoFormatCompositor: NSObject, AVVideoCompositing, @unchecked Sendable {
    let sourcePixelBufferAttributes: [String: any Sendable]? = bgra
    let requiredPixelBufferAttributesForRenderContext: [String: any Sendable] = [:]
    func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {}
    func startRequest(_ request: AVAsynchronousVideoCompositionRequest) {}
}

private final class Reports: @unchecked Sendable {
    let lock = NSLock()
    var lines: [String] = []
}

@Suite("AVAssetReaderVideoCompositionOutput with custom compositors")
struct CustomCompositorReaderTests {
    private func output(_ composition: AVComposition, _ compositor: any AVVideoCompositing.Type,
                        settings: [String: Any]? = nil) -> AVAssetReaderVideoCompositionOutput {
        let output = AVAssetReaderVideoCompositionOutput(videoTracks: composition.tracks(withMediaType: .video),
                                                         videoSettings: settings)
        output.videoComposition = VideoCompositionMedia.videoComposition(for: composition, compositor: compositor)
        return output
    }

    @Test("frames are composed at every frame duration, in order, from requests finished on other threads")
    func averaged() throws {
        let (composition, tracks) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4", "blue-320x240-1s.mp4"])
        let output = output(composition, AveragingCompositor.self)
        let compositor = try #require(output.customVideoCompositor as? AveragingCompositor)
        let frames = try CompositionMedia.read(composition, output)
        #expect(frames.count == 30)
        for (index, frame) in frames.enumerated() {
            #expect(CMSampleBufferGetPresentationTimeStamp(frame) == CMTime(value: Int64(index), timescale: 30))
            #expect(CMSampleBufferGetDuration(frame) == CMTime(value: 1, timescale: 30))
        }
        let image = try #require(CMSampleBufferGetImageBuffer(frames[10]))
        #expect(CVPixelBufferGetWidth(image) == 320 && CVPixelBufferGetHeight(image) == 240)
        let pixel = VideoCompositionMedia.pixel(image, x: 160, y: 120)
        // Red (254, 0, 0) and blue (0, 0, 254) after H.264 and BT.601 conversion, averaged.
        #expect(abs(pixel.r - 127) <= 6 && pixel.g <= 6 && abs(pixel.b - 127) <= 6, "\(pixel)")
        #expect(compositor.contexts.count == 1)
        #expect(compositor.contexts.first?.size == CGSize(width: 320, height: 240))
        _ = tracks
    }

    @Test("a source frame handed back is passed on as it is")
    func sourceFramePassedOn() throws {
        let (composition, _) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        let output = output(composition, FirstSourceCompositor.self)
        output.alwaysCopiesSampleData = false
        let frames = try CompositionMedia.read(composition, output)
        #expect(frames.count == 30)
        let pixel = VideoCompositionMedia.pixel(try #require(CMSampleBufferGetImageBuffer(frames[0])), x: 5, y: 5)
        #expect(pixel.r > 240 && pixel.g < 10 && pixel.b < 10, "\(pixel)")
    }

    @Test("output settings convert composed frames (420v at half size)")
    func converted() throws {
        let (composition, _) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        let settings: [String: Any] = [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange,
                                       kCVPixelBufferWidthKey as String: 160, kCVPixelBufferHeightKey as String: 120]
        let frames = try CompositionMedia.read(composition, output(composition, FirstSourceCompositor.self, settings: settings))
        let image = try #require(CMSampleBufferGetImageBuffer(frames[3]))
        #expect(CVPixelBufferGetPixelFormatType(image) == kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange)
        #expect(CVPixelBufferGetWidth(image) == 160 && CVPixelBufferGetHeight(image) == 120)
    }

    @Test("finish(with:) fails the reader with videoCompositorFailed and the compositor's error underneath")
    func compositorFailure() throws {
        let (composition, _) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        let reader = try AVAssetReader(asset: composition)
        let output = output(composition, FailingCompositor.self)
        reader.add(output)
        #expect(reader.startReading())
        var count = 0
        while output.copyNextSampleBuffer() != nil { count += 1 }
        // The frames before 0.5 s, less any still queued when the failure ended the reading (a failed reader
        // hands out nothing more, as Apple's does): how many depends on how far the consumer had got.
        #expect(count <= 15)
        #expect(reader.status == .failed)
        let error = try #require(reader.error as? AVError)
        #expect(error.code == .videoCompositorFailed)
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey]
        #expect("\(String(describing: underlying))".contains("ran out of film"))
    }

    @Test("a compositor that never answers is reported, and cancelReading ends the wait and cancels its requests")
    func silentCompositor() throws {
        let (composition, _) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        let reader = try AVAssetReader(asset: composition)
        let output = output(composition, SilentCompositor.self)
        let reports = Reports()
        output.compositorPatience = .milliseconds(200)
        output.compositorReport = { line in reports.lock.withLock { reports.lines.append(line) } }
        reader.add(output)
        #expect(reader.startReading())
        let done = DispatchSemaphore(value: 0)
        let box = UncheckedBox(output)
        DispatchQueue.global().async {
            _ = box.value.copyNextSampleBuffer()
            done.signal()
        }
        let compositor = try #require(output.customVideoCompositor as? SilentCompositor)
        #expect(compositor.waitForARequest())
        // The report comes 200 ms after the request; allow a loaded machine ten seconds.
        let deadline = Date(timeIntervalSinceNow: 10)
        while reports.lock.withLock({ reports.lines.isEmpty }), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let line = reports.lock.withLock { reports.lines.first }
        #expect(line?.contains("composition time 0.000000 s") == true, "\(String(describing: line))")
        reader.cancelReading()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(compositor.cancels >= 1)
        #expect(reader.status == .cancelled)
    }

    @Test("a compositor whose render attributes name no pixel format makes startReading fail with invalidVideoComposition")
    func noRenderFormat() throws {
        let (composition, _) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        let reader = try AVAssetReader(asset: composition)
        reader.add(output(composition, NoFormatCompositor.self))
        #expect(!reader.startReading())
        let error = try #require(reader.error as? AVError)
        #expect(error.code == .invalidVideoComposition)
        #expect(error.localizedDescription.contains("requiredPixelBufferAttributesForRenderContext"))
    }

    @Test("a configuration asking for tagged output buffers is refused with invalidVideoComposition, not ignored")
    func taggedOutputBuffers() throws {
        let (composition, _) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        let monoscopic = VideoCompositionMedia.videoComposition(for: composition,
                                                                compositor: FirstSourceCompositor.self)
        // Apple's iOS 26 memberwise initializer takes outputBufferDescription between instructions and the HDR policy.
        let base = AVVideoComposition.Configuration(state: monoscopic.snapshot)
        let stereo = [[CMTag(category: 0x6579_6573 /* 'eyes' */, value: .flags(1))],
                      [CMTag(category: 0x6579_6573, value: .flags(2))]]
        let configuration = AVVideoComposition.Configuration(
            customVideoCompositorClass: base.customVideoCompositorClass, frameDuration: base.frameDuration,
            instructions: base.instructions, outputBufferDescription: stereo, renderSize: base.renderSize)
        let tagged = AVVideoComposition(configuration: configuration)
        #expect(AVVideoComposition.Configuration(state: tagged.snapshot).outputBufferDescription?.count == 2)

        let output = AVAssetReaderVideoCompositionOutput(videoTracks: composition.tracks(withMediaType: .video),
                                                         videoSettings: nil)
        output.videoComposition = tagged
        let reader = try AVAssetReader(asset: composition)
        reader.add(output)
        #expect(!reader.startReading())
        let error = try #require(reader.error as? AVError)
        #expect(error.code == .invalidVideoComposition)
        #expect(error.localizedDescription.contains("outputBufferDescription"), "\(error.localizedDescription)")

        // nil, the default, is monoscopic output: read as before.
        let plain = AVVideoComposition(configuration: AVVideoComposition.Configuration(state: monoscopic.snapshot))
        let frames = try CompositionMedia.read(composition, {
            let output = AVAssetReaderVideoCompositionOutput(videoTracks: composition.tracks(withMediaType: .video),
                                                             videoSettings: nil)
            output.videoComposition = plain
            return output
        }())
        #expect(frames.count == 30)
    }

    @Test("invalid compositions fail startReading with invalidVideoComposition naming the problem")
    func invalidCompositions() throws {
        let (composition, _) = try VideoCompositionMedia.layers(["red-320x240-1s.mp4"])
        let cases: [(String, (AVMutableVideoComposition) -> Void)] = [
            ("frameDuration", { $0.frameDuration = .zero }),
            ("renderSize", { $0.renderSize = .zero }),
            ("covers 0.500000–1.000000 s", { composition in
                let instruction = AVMutableVideoCompositionInstruction()
                instruction.timeRange = CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 2))
                composition.instructions = [instruction]
            }),
            ("names track 99", { composition in
                let instruction = AVMutableVideoCompositionInstruction()
                instruction.timeRange = CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1))
                let layer = AVMutableVideoCompositionLayerInstruction()
                layer.trackID = 99
                instruction.layerInstructions = [layer]
                composition.instructions = [instruction]
            }),
            ("overlap", { composition in
                let first = AVMutableVideoCompositionInstruction()
                first.timeRange = CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1))
                let second = AVMutableVideoCompositionInstruction()
                second.timeRange = CMTimeRange(start: CMTime(value: 1, timescale: 2), duration: CMTime(value: 1, timescale: 1))
                composition.instructions = [first, second]
            }),
        ]
        for (needle, damage) in cases {
            let reader = try AVAssetReader(asset: composition)
            let videoComposition = VideoCompositionMedia.videoComposition(for: composition, compositor: FirstSourceCompositor.self)
            damage(videoComposition)
            let output = AVAssetReaderVideoCompositionOutput(videoTracks: composition.tracks(withMediaType: .video),
                                                             videoSettings: nil)
            output.videoComposition = videoComposition
            reader.add(output)
            #expect(!reader.startReading(), "\(needle)")
            let error = try #require(reader.error as? AVError)
            #expect(error.code == .invalidVideoComposition, "\(needle)")
            #expect(error.localizedDescription.contains(needle), "\(needle): \(error.localizedDescription)")
        }
    }
}

private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Records which tracks each request had frames of, and hands back a blank buffer.
final class RecordingCompositor: NSObject, AVVideoCompositing, @unchecked Sendable {
    let sourcePixelBufferAttributes: [String: any Sendable]? = bgra
    let requiredPixelBufferAttributesForRenderContext: [String: any Sendable] = bgra
    private let lock = NSLock()
    private(set) var seen: [(time: CMTime, tracks: [CMPersistentTrackID])] = []
    func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {}
    func startRequest(_ request: AVAsynchronousVideoCompositionRequest) {
        lock.withLock { seen.append((request.compositionTime, request.sourceTrackIDs.map(\.int32Value))) }
        guard let buffer = request.renderContext.newPixelBuffer() else {
            request.finish(with: NSError(domain: "test", code: 3))
            return
        }
        request.finish(withComposedVideoFrame: buffer)
    }
}

@Suite("Video composition frame timing and sources")
struct CompositionTimingTests {
    @Test("with sourceTrackIDForFrameTiming, frames follow that track's frame times; without, every frameDuration")
    func timingTrack() throws {
        let (composition, tracks) = try VideoCompositionMedia.layers(["green-160x120-24fps-1s.mp4", "red-320x240-1s.mp4"])
        for timing in [tracks[0].trackID, kCMPersistentTrackID_Invalid] {
            let videoComposition = VideoCompositionMedia.videoComposition(for: composition, compositor: RecordingCompositor.self)
            videoComposition.sourceTrackIDForFrameTiming = timing
            let output = AVAssetReaderVideoCompositionOutput(videoTracks: composition.tracks(withMediaType: .video),
                                                             videoSettings: nil)
            output.videoComposition = videoComposition
            let times = try CompositionMedia.read(composition, output).map(CMSampleBufferGetPresentationTimeStamp)
            let rate: Int64 = timing == kCMPersistentTrackID_Invalid ? 30 : 24
            #expect(times.count == Int(rate), "timing \(timing): \(times.map(\.seconds))")
            for (index, time) in times.enumerated() {
                #expect(abs(time.seconds - Double(index) / Double(rate)) < 0.0005, "frame \(index) at \(time.seconds)")
            }
        }
    }

    @Test("a track in an empty edit gives no source frame; requests still come at every frame duration")
    func gapInATrack() throws {
        let composition = AVMutableComposition()
        let red = AVURLAsset(url: try VideoCompositionMedia.url("red-320x240-1s.mp4"))
        let blue = AVURLAsset(url: try VideoCompositionMedia.url("blue-320x240-1s.mp4"))
        let first = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
        let second = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
        try first.insertTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1)),
                                  of: try #require(red.tracks(withMediaType: .video).first), at: .zero)
        try second.insertTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 2)),
                                   of: try #require(blue.tracks(withMediaType: .video).first),
                                   at: CMTime(value: 1, timescale: 2))
        let videoComposition = VideoCompositionMedia.videoComposition(for: composition, compositor: RecordingCompositor.self)
        let output = AVAssetReaderVideoCompositionOutput(videoTracks: composition.tracks(withMediaType: .video),
                                                         videoSettings: nil)
        output.videoComposition = videoComposition
        let frames = try CompositionMedia.read(composition, output)
        #expect(frames.count == 30)
        let compositor = try #require(output.customVideoCompositor as? RecordingCompositor)
        for (time, tracks) in compositor.seen {
            let expected = time < CMTime(value: 1, timescale: 2) ? [first.trackID] : [first.trackID, second.trackID]
            #expect(tracks == expected, "at \(time.seconds): \(tracks)")
        }
        #expect(compositor.seen.count == 30)
    }
}
