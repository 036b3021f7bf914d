// Video compositing written the way iOS and macOS developers write it: a custom compositor class in the older
// SDK spelling (stored `[String : Any]` attributes, `override init()`, a rendering queue of its own), another in the
// current spelling with no initializer, custom instructions, the auto-rotating composition from an asset's
// properties, a cross-fade with the built-in compositor, and a watermark with Core Animation layers.
import AVFoundation
import CoreVideo
import Foundation
import QuartzCore

/// A custom instruction, as compositor samples declare them.
class DissolveInstruction: NSObject, AVVideoCompositionInstructionProtocol {
    var timeRange: CMTimeRange
    var enablePostProcessing: Bool = false
    var containsTweening: Bool = true
    var requiredSourceTrackIDs: [NSValue]?
    var passthroughTrackID: CMPersistentTrackID = kCMPersistentTrackID_Invalid
    let foregroundTrackID: CMPersistentTrackID
    let backgroundTrackID: CMPersistentTrackID

    init(timeRange: CMTimeRange, foreground: CMPersistentTrackID, background: CMPersistentTrackID) {
        self.timeRange = timeRange
        foregroundTrackID = foreground
        backgroundTrackID = background
        requiredSourceTrackIDs = [NSNumber(value: foreground), NSNumber(value: background)]
        super.init()
    }
}

/// Older SDK spelling: stored `[String : Any]` attributes, `override init()`, work on a queue of its own.
class DissolveCompositor: NSObject, AVVideoCompositing {
    var sourcePixelBufferAttributes: [String: Any]? = [kCVPixelBufferPixelFormatTypeKey as String: [kCVPixelFormatType_32BGRA]]
    var requiredPixelBufferAttributesForRenderContext: [String: Any] = [kCVPixelBufferPixelFormatTypeKey as String: [kCVPixelFormatType_32BGRA]]
    private let renderingQueue: DispatchQueue
    private var renderContext: AVVideoCompositionRenderContext?
    private var shouldCancelAllRequests = false

    override init() {
        renderingQueue = DispatchQueue(label: "com.example.dissolve.rendering")
        super.init()
    }

    func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {
        renderingQueue.sync { renderContext = newRenderContext }
    }

    func startRequest(_ request: AVAsynchronousVideoCompositionRequest) {
        renderingQueue.async {
            if self.shouldCancelAllRequests {
                request.finishCancelledRequest()
                return
            }
            guard let instruction = request.videoCompositionInstruction as? DissolveInstruction,
                  let foreground = request.sourceFrame(byTrackID: instruction.foregroundTrackID),
                  let background = request.sourceFrame(byTrackID: instruction.backgroundTrackID),
                  let output = self.renderContext?.newPixelBuffer() else {
                request.finish(with: NSError(domain: "DissolveCompositor", code: -1, userInfo: nil))
                return
            }
            let elapsed = CMTimeSubtract(request.compositionTime, instruction.timeRange.start)
            let tween = Float(CMTimeGetSeconds(elapsed) / CMTimeGetSeconds(instruction.timeRange.duration))
            CVPixelBufferLockBaseAddress(foreground, .readOnly)
            CVPixelBufferLockBaseAddress(background, .readOnly)
            CVPixelBufferLockBaseAddress(output, [])
            let height = CVPixelBufferGetHeight(output)
            let rowBytes = min(CVPixelBufferGetBytesPerRow(output), CVPixelBufferGetWidth(output) * 4)
            let out = CVPixelBufferGetBaseAddress(output)!.assumingMemoryBound(to: UInt8.self)
            let front = CVPixelBufferGetBaseAddress(foreground)!.assumingMemoryBound(to: UInt8.self)
            let back = CVPixelBufferGetBaseAddress(background)!.assumingMemoryBound(to: UInt8.self)
            for y in 0..<height {
                let o = out + y * CVPixelBufferGetBytesPerRow(output)
                let f = front + y * CVPixelBufferGetBytesPerRow(foreground)
                let b = back + y * CVPixelBufferGetBytesPerRow(background)
                for x in 0..<rowBytes {
                    o[x] = UInt8(Float(f[x]) * (1 - tween) + Float(b[x]) * tween)
                }
            }
            CVPixelBufferUnlockBaseAddress(output, [])
            CVPixelBufferUnlockBaseAddress(background, .readOnly)
            CVPixelBufferUnlockBaseAddress(foreground, .readOnly)
            request.finish(withComposedVideoFrame: output)
        }
    }

    func cancelAllPendingVideoCompositionRequests() {
        renderingQueue.sync { shouldCancelAllRequests = true }
        renderingQueue.async { self.shouldCancelAllRequests = false }
    }
}

/// Current SDK spelling, no initializer: hands the first source frame back.
final class FirstFrameCompositor: NSObject, AVVideoCompositing {
    let sourcePixelBufferAttributes: [String: any Sendable]? = [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA]
    let requiredPixelBufferAttributesForRenderContext: [String: any Sendable] = [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA]
    func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {}
    func startRequest(_ request: AVAsynchronousVideoCompositionRequest) {
        if let first = request.sourceTrackIDs.first, let frame = request.sourceFrame(byTrackID: first.int32Value) {
            request.finish(withComposedVideoFrame: frame)
        } else {
            request.finish(with: NSError(domain: "FirstFrameCompositor", code: -2, userInfo: nil))
        }
    }
}

/// Two clips overlapping for their common duration on two video tracks.
func overlapping(_ urls: [URL]) throws -> (AVMutableComposition, [AVMutableCompositionTrack]) {
    let composition = AVMutableComposition()
    var tracks: [AVMutableCompositionTrack] = []
    let duration = urls.map { AVURLAsset(url: $0).duration }.min(by: { CMTimeCompare($0, $1) < 0 })!
    for url in urls {
        let asset = AVURLAsset(url: url)
        guard let source = asset.tracks(withMediaType: .video).first,
              let track = composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid)
        else { fail("cannot add a video track for \(url.lastPathComponent)") }
        try track.insertTimeRange(CMTimeRangeMake(start: .zero, duration: duration), of: source, at: .zero)
        tracks.append(track)
    }
    return (composition, tracks)
}

/// Exports `asset` with `videoComposition` through the completion handler API; the export must complete.
func exportComposed(_ asset: AVAsset, _ videoComposition: AVVideoComposition, to url: URL) -> AVAssetExportSession {
    guard let session = AVAssetExportSession(asset: asset, presetName: AVAssetExportPreset640x480) else { fail("no session") }
    session.videoComposition = videoComposition
    session.outputURL = url
    session.outputFileType = .mp4
    let done = DispatchSemaphore(value: 0)
    session.exportAsynchronously { done.signal() }
    done.wait()
    check(session.status == .completed, "composed export to \(url.lastPathComponent): \(String(describing: session.error))")
    return session
}

func checkCompositing(_ clips: [URL], outputDirectory: URL) throws {
    let (composition, tracks) = try overlapping(clips)
    let range = CMTimeRangeMake(start: .zero, duration: composition.duration)

    // A custom compositor dissolving one clip into the other, read and exported.
    let dissolve = AVMutableVideoComposition()
    dissolve.customVideoCompositorClass = DissolveCompositor.self
    dissolve.instructions = [DissolveInstruction(timeRange: range, foreground: tracks[0].trackID, background: tracks[1].trackID)]
    dissolve.renderSize = CGSize(width: 320, height: 240)
    dissolve.frameDuration = CMTimeMake(value: 1, timescale: 30)
    let reader = try AVAssetReader(asset: composition)
    let output = AVAssetReaderVideoCompositionOutput(videoTracks: composition.tracks(withMediaType: .video), videoSettings: nil)
    output.videoComposition = dissolve
    reader.add(output)
    check(reader.startReading(), "reading the dissolve: \(String(describing: reader.error))")
    check(output.customVideoCompositor is DissolveCompositor, "the compositor made from its class")
    var frames = 0
    while output.copyNextSampleBuffer() != nil { frames += 1 }
    check(reader.status == .completed && frames == 30, "dissolve frames \(frames), \(String(describing: reader.error))")
    let exported = exportComposed(composition, dissolve, to: outputDirectory.appendingPathComponent("dissolve.mp4"))
    check(exported.customVideoCompositor is DissolveCompositor, "the export's compositor")

    // The current spelling, made from its class with no initializer of its own.
    let first = dissolve.mutableCopy() as! AVMutableVideoComposition
    first.customVideoCompositorClass = FirstFrameCompositor.self
    _ = exportComposed(composition, first, to: outputDirectory.appendingPathComponent("first.mp4"))

    // The built-in compositor: a cross-fade with an opacity ramp, and a watermark layer over it.
    let fade = AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[0])
    fade.setOpacityRamp(fromStartOpacity: 1.0, toEndOpacity: 0.0, timeRange: range)
    let under = AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[1])
    let instruction = AVMutableVideoCompositionInstruction()
    instruction.timeRange = range
    instruction.layerInstructions = [fade, under]
    let crossFade = AVMutableVideoComposition()
    crossFade.instructions = [instruction]
    crossFade.renderSize = CGSize(width: 320, height: 240)
    crossFade.frameDuration = CMTimeMake(value: 1, timescale: 30)
    let parentLayer = CALayer()
    let videoLayer = CALayer()
    parentLayer.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
    videoLayer.frame = parentLayer.frame
    let badge = CALayer()
    badge.frame = CGRect(x: 10, y: 10, width: 60, height: 20)
    badge.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.8)
    parentLayer.addSublayer(videoLayer)
    parentLayer.addSublayer(badge)
    crossFade.animationTool = AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: videoLayer, in: parentLayer)
    _ = exportComposed(composition, crossFade, to: outputDirectory.appendingPathComponent("crossfade.mp4"))

    // The rotation fix: a composition from the rotated clip's properties comes out upright.
    let rotated = AVURLAsset(url: clips[0])
    let upright = AVMutableVideoComposition(propertiesOf: rotated)
    check(upright.renderSize == CGSize(width: 240, height: 320), "upright render size \(upright.renderSize)")
    _ = exportComposed(rotated, upright, to: outputDirectory.appendingPathComponent("upright.mp4"))
    let exportedSize = AVURLAsset(url: outputDirectory.appendingPathComponent("upright.mp4"))
        .tracks(withMediaType: .video).first?.naturalSize
    check(exportedSize.map { $0.width < $0.height } ?? false, "the upright export is portrait: \(String(describing: exportedSize))")
}
