import CoreMedia
import CoreVideo
import Foundation
import TestSupport
@testable import AVFoundation

/// A custom compositor's instruction, as custom compositor code declares them.
final class TestInstruction: NSObject, AVVideoCompositionInstructionProtocol, @unchecked Sendable {
    let timeRange: CMTimeRange
    let enablePostProcessing = false
    let containsTweening = true
    let requiredSourceTrackIDs: [NSValue]?
    let passthroughTrackID = kCMPersistentTrackID_Invalid

    init(timeRange: CMTimeRange, trackIDs: [CMPersistentTrackID]) {
        self.timeRange = timeRange
        requiredSourceTrackIDs = trackIDs.map { NSNumber(value: $0) }
        super.init()
    }
}

/// Small clips for the video composition tests, made by ffmpeg and named after what they show, and compositions
/// of them.
enum VideoCompositionMedia {
    private static let h264 = ["-c:v", "libx264", "-preset", "veryfast", "-bf", "2", "-g", "15", "-pix_fmt", "yuv420p"]

    private static func color(_ name: String, size: String = "320x240", seconds: Double = 1, rate: Int = 30) -> [String] {
        ["-f", "lavfi", "-i", "color=c=\(name):size=\(size):rate=\(rate):duration=\(seconds)"]
    }

    /// Name → ffmpeg arguments (the output path is appended).
    static let recipes: [String: [String]] = [
        "red-320x240-1s.mp4": color("red") + h264,
        "blue-320x240-1s.mp4": color("blue") + h264,
        "green-160x120-24fps-1s.mp4": color("green", size: "160x120", rate: 24) + h264,
        // Red with a blue box in the top-left corner: which way a picture was turned.
        "red-blue-corner-320x240-1s.mp4": color("red") + ["-vf", "drawbox=x=0:y=0:w=80:h=60:color=blue:t=fill"] + h264,
        // Busy pictures, for comparisons with ffmpeg's own rendering.
        "testsrc2-320x240-1s.mp4": ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=1"] + h264,
        "mandelbrot-320x240-1s.mp4": ["-f", "lavfi", "-i", "mandelbrot=size=320x240:rate=30", "-t", "1"] + h264,
    ]

    /// The clip `name`, made by ffmpeg if it is not cached yet.
    static func url(_ name: String) throws -> URL {
        guard let recipe = recipes[name] else { throw ReaderTestFailure("no recipe for \(name)") }
        return try ReaderMedia.make("video-composition-" + name) { output in
            try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-y"] + recipe + [output.path])
        }
    }

    /// A composition with one video track per clip, each starting at zero (layers to compose).
    static func layers(_ names: [String]) throws -> (AVMutableComposition, [AVMutableCompositionTrack]) {
        let composition = AVMutableComposition()
        var tracks: [AVMutableCompositionTrack] = []
        for name in names {
            let asset = AVURLAsset(url: try url(name))
            guard let source = asset.tracks(withMediaType: .video).first,
                  let track = composition.addMutableTrack(withMediaType: .video,
                                                           preferredTrackID: kCMPersistentTrackID_Invalid) else {
                throw ReaderTestFailure("cannot add a track for \(name)")
            }
            try track.insertTimeRange(CMTimeRange(start: .zero, duration: asset.duration), of: source, at: .zero)
            tracks.append(track)
        }
        return (composition, tracks)
    }

    /// A video composition for `composition` with one instruction over its whole duration: for a custom
    /// `compositor`, an instruction of the test's own class that needs every track and passes none through (as
    /// custom compositors' instructions do); for the built-in one, a layer instruction per track.
    static func videoComposition(for composition: AVComposition, compositor: (any AVVideoCompositing.Type)?,
                                 renderSize: CGSize = CGSize(width: 320, height: 240),
                                 frameDuration: CMTime = CMTime(value: 1, timescale: 30)) -> AVMutableVideoComposition {
        let range = CMTimeRange(start: .zero, duration: composition.duration)
        let videoComposition = AVMutableVideoComposition()
        if compositor != nil {
            videoComposition.instructions = [TestInstruction(timeRange: range,
                                                             trackIDs: composition.tracks.map(\.trackID))]
        } else {
            let instruction = AVMutableVideoCompositionInstruction()
            instruction.timeRange = range
            instruction.layerInstructions = composition.tracks.map { AVMutableVideoCompositionLayerInstruction(assetTrack: $0) }
            videoComposition.instructions = [instruction]
        }
        videoComposition.renderSize = renderSize
        videoComposition.frameDuration = frameDuration
        videoComposition.customVideoCompositorClass = compositor
        return videoComposition
    }

    /// The BGRA pixel at (x, y) of a 32BGRA buffer, as (r, g, b, a).
    static func pixel(_ buffer: CVPixelBuffer, x: Int, y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        CVPixelBufferLockBaseAddress(buffer, .readOnly)
        defer { CVPixelBufferUnlockBaseAddress(buffer, .readOnly) }
        let row = CVPixelBufferGetBaseAddress(buffer)!.advanced(by: y * CVPixelBufferGetBytesPerRow(buffer))
        let bytes = row.assumingMemoryBound(to: UInt8.self).advanced(by: x * 4)
        return (Int(bytes[2]), Int(bytes[1]), Int(bytes[0]), Int(bytes[3]))
    }
}
