@testable import AVFoundation
import CoreGraphics
import CoreMedia
import Foundation
import Testing
import TestSupport

/// `videoComposition(withPropertiesOf:)` and its siblings on real files and on compositions.
@Suite("Video compositions from an asset's properties")
struct PropertiesOfAssetTests {
    static let everything = CMTimeRange(start: .zero, duration: .positiveInfinity)

    static func seconds(_ value: Int64, _ timescale: Int32 = 1) -> CMTime { CMTime(value: value, timescale: timescale) }

    /// The instructions' ranges and the track IDs of their layers.
    static func layout(_ composition: AVVideoComposition) -> [(CMTimeRange, [CMPersistentTrackID])] {
        composition.instructions.map { instruction in
            (instruction.timeRange, (instruction as? AVVideoCompositionInstruction)?.layerInstructions.map(\.trackID) ?? [])
        }
    }

    @Test("a portrait iPhone-style movie (-90° tkhd matrix) comes out upright: its transform, a portrait render size")
    func rotatedMovie() async throws {
        // mb-rotate-fragmented.mp4: 1920x1080 H.264 at 24 fps shown rotated by -90° (ffprobe: displaymatrix
        // rotation -90), with AAC that runs longer than the video.
        let asset = AVURLAsset(url: TestFiles.fixture("mb-rotate-fragmented.mp4"))
        let track = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let (transform, naturalSize) = try await track.load(.preferredTransform, .naturalSize)
        let duration = try await asset.load(.duration)

        let composition = try await AVVideoComposition.videoComposition(withPropertiesOf: asset)
        #expect(composition.renderSize == CGSize(width: 1080, height: 1920))
        // The file's matrix rotates without translating (x from -1080 to 0): the layer's transform moves it in.
        let placed = transform.concatenating(CGAffineTransform(translationX: 1080, y: 0))
        #expect(CGRect(origin: .zero, size: naturalSize).applying(placed) == CGRect(x: 0, y: 0, width: 1080, height: 1920))
        #expect(composition.frameDuration == CMTime(value: 1, timescale: 24))
        #expect(composition.sourceTrackIDForFrameTiming == track.trackID, "one video track: its own timing")
        #expect(composition.renderScale == 1 && composition.animationTool == nil)

        let instructions = composition.instructions
        #expect(instructions.first?.timeRange.start == .zero && instructions.last?.timeRange.end == duration)
        let first = try #require(instructions.first as? AVVideoCompositionInstruction)
        let layer = try #require(first.layerInstructions.first)
        #expect(first.layerInstructions.count == 1 && layer.trackID == track.trackID)
        #expect(layer.transform(at: first.timeRange.start) == placed)
        #expect(composition.isValid(for: try await asset.load(.tracks), assetDuration: duration,
                                    timeRange: Self.everything, validationDelegate: nil))

        // The other spellings agree.
        let synchronous = AVVideoComposition(propertiesOf: asset)
        #expect(Self.layout(synchronous).map(\.0) == Self.layout(composition).map(\.0))
        let mutable = try await AVMutableVideoComposition.videoComposition(withPropertiesOf: asset)
        #expect(mutable.renderSize == composition.renderSize)
        #expect(type(of: AVMutableVideoComposition(propertiesOf: asset)) == AVMutableVideoComposition.self)
        let configuration = try await AVVideoComposition.Configuration(for: asset)
        #expect(configuration.renderSize == composition.renderSize && configuration.instructions.count == instructions.count)
        let handed = await withCheckedContinuation { continuation in
            AVVideoComposition.videoComposition(withPropertiesOf: asset) { composition, error in
                continuation.resume(returning: composition?.renderSize)
            }
        }
        #expect(handed == composition.renderSize)
    }

    @Test("a prototype instruction gives every instruction its background colour and post-processing flag")
    func prototype() async throws {
        let asset = AVURLAsset(url: TestFiles.fixture("b4-video-h264-001.mp4"))
        let prototype = AVMutableVideoCompositionInstruction()
        let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        prototype.backgroundColor = blue
        prototype.enablePostProcessing = false
        prototype.timeRange = CMTimeRange(start: .zero, duration: Self.seconds(1))
        let composition = try await AVMutableVideoComposition.videoComposition(withPropertiesOf: asset,
                                                                                prototypeInstruction: prototype)
        let instructions = composition.instructions.compactMap { $0 as? AVVideoCompositionInstruction }
        #expect(!instructions.isEmpty)
        #expect(instructions.allSatisfy { $0.backgroundColor == blue && !$0.enablePostProcessing })
        #expect(instructions.last?.timeRange.end == asset.duration, "timing comes from the asset, not the prototype")
        #expect(composition.renderSize == CGSize(width: 160, height: 120))
        #expect(composition.frameDuration == CMTime(value: 1, timescale: 15))
        let synchronous = AVMutableVideoComposition(propertiesOf: asset, prototypeInstruction: prototype)
        #expect((synchronous.instructions.first as? AVVideoCompositionInstruction)?.backgroundColor == blue)
        let configuration = try await AVVideoComposition.Configuration(for: asset, prototypeInstruction: prototype)
        #expect((configuration.instructions.first as? AVVideoCompositionInstruction)?.enablePostProcessing == false)
    }

    @Test("a composition: instructions follow each video track's media and gaps; render size is its naturalSize")
    func composition() async throws {
        let source = AVURLAsset(url: TestFiles.fixture("b4-video-h264-001.mp4"))
        let sourceTrack = try #require(try await source.loadTracks(withMediaType: .video).first)
        let composition = AVMutableComposition()
        let main = try #require(composition.addMutableTrack(withMediaType: .video,
                                                            preferredTrackID: kCMPersistentTrackID_Invalid))
        let overlay = try #require(composition.addMutableTrack(withMediaType: .video,
                                                               preferredTrackID: kCMPersistentTrackID_Invalid))
        let oneSecond = CMTimeRange(start: .zero, duration: Self.seconds(1))
        try main.insertTimeRange(oneSecond, of: sourceTrack, at: .zero)
        try main.insertTimeRange(oneSecond, of: sourceTrack, at: Self.seconds(1))
        main.insertEmptyTimeRange(CMTimeRange(start: Self.seconds(1), duration: Self.seconds(1)))
        try overlay.insertTimeRange(CMTimeRange(start: .zero, duration: Self.seconds(1, 2)), of: sourceTrack, at: .zero)

        let made = try await AVVideoComposition.videoComposition(withPropertiesOf: composition)
        let layout = Self.layout(made)
        let expected: [(CMTimeRange, [CMPersistentTrackID])] = [
            (CMTimeRange(start: .zero, end: Self.seconds(1, 2)), [main.trackID, overlay.trackID]),
            (CMTimeRange(start: Self.seconds(1, 2), end: Self.seconds(1)), [main.trackID]),
            (CMTimeRange(start: Self.seconds(1), end: Self.seconds(2)), []),
            (CMTimeRange(start: Self.seconds(2), end: Self.seconds(3)), [main.trackID]),
        ]
        #expect(layout.map(\.0) == expected.map(\.0))
        #expect(layout.map(\.1) == expected.map(\.1))
        #expect(made.renderSize == composition.naturalSize)
        #expect(made.sourceTrackIDForFrameTiming == kCMPersistentTrackID_Invalid, "two video tracks")
        let rates = [try await main.load(.nominalFrameRate), try await overlay.load(.nominalFrameRate)]
        #expect(made.frameDuration == AssetVideoLayout.frameDuration(forRate: rates.max() ?? 0),
                "the greatest known nominal frame rate")
        #expect(made.isValid(for: composition.tracks, assetDuration: composition.duration, timeRange: Self.everything,
                             validationDelegate: nil))
    }

    @Test("an asset without video: no instructions")
    func noVideo() async throws {
        let asset = AVURLAsset(url: TestFiles.fixture("mg-alac-itunes.m4a"))
        let composition = try await AVVideoComposition.videoComposition(withPropertiesOf: asset)
        #expect(composition.instructions.isEmpty && composition.renderSize == .zero)
        #expect(composition.frameDuration == CMTime(value: 1, timescale: 30), "the default 30 fps")
    }
}
