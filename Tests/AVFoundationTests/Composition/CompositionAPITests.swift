import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// The composition classes as Apple-written merging and trimming code uses them: typed tracks and segments,
/// synchronous and asynchronous insertion, copies, properties with Apple's defaults, and the errors of bad input.
@Suite("Composition API")
struct CompositionAPITests {
    static let clip = "clip-a-testsrc2-1s.mp4"

    @Test("merging code as written for Apple platforms: tracks typed, transform kept, segments naming their source")
    func mergingCode() throws {
        let url = try CompositionMedia.url(Self.clip)
        let asset = AVURLAsset(url: url)
        let composition = AVMutableComposition()
        guard let videoTrack = asset.tracks(withMediaType: .video).first,
              let compositionVideo = composition.addMutableTrack(withMediaType: .video,
                                                                 preferredTrackID: kCMPersistentTrackID_Invalid)
        else { Issue.record("no video track"); return }
        let rotation = CGAffineTransform(rotationAngle: .pi / 2)
        compositionVideo.preferredTransform = rotation
        let range = CMTimeRangeMake(start: .zero, duration: asset.duration)
        try compositionVideo.insertTimeRange(range, of: videoTrack, at: .zero)
        try compositionVideo.insertTimeRange(range, of: videoTrack, at: .zero)
        // Typed as Apple types them: no casts needed to reach the mutable track's methods.
        let first: AVMutableCompositionTrack? = composition.tracks(withMediaType: .video).first
        first?.scaleTimeRange(CMTimeRange(start: .zero, duration: asset.duration), toDuration: CMTimeMultiply(asset.duration, multiplier: 2))
        #expect(composition.tracks.count == 1)
        #expect(compositionVideo.trackID == 1, "the first free ID")
        #expect(compositionVideo.preferredTransform == rotation)
        #expect(composition.duration == CMTimeMultiply(asset.duration, multiplier: 3))
        let segments: [AVCompositionTrackSegment] = compositionVideo.segments
        #expect(segments.count == 2)
        #expect(segments.allSatisfy { $0.sourceURL == url && $0.sourceTrackID == videoTrack.trackID && !$0.isEmpty })
        #expect(compositionVideo.segment(forTrackTime: CMTime(value: 5, timescale: 2))?.timeMapping.target.start
                == CMTimeMultiply(asset.duration, multiplier: 2))
        // The track's natural timescale and size come from its first source; its timeRange covers both inserts.
        #expect(compositionVideo.naturalTimeScale == videoTrack.naturalTimeScale)
        #expect(compositionVideo.naturalSize == CGSize(width: 160, height: 120))
        #expect(composition.naturalSize == CGSize(width: 160, height: 120))
        #expect(compositionVideo.timeRange == CMTimeRange(start: .zero, duration: composition.duration))
        compositionVideo.naturalTimeScale = 600
        #expect(compositionVideo.naturalTimeScale == 600)
        compositionVideo.naturalTimeScale = 0
        #expect(compositionVideo.naturalTimeScale == videoTrack.naturalTimeScale)
        #expect(compositionVideo.isEnabled && compositionVideo.preferredVolume == 1 && compositionVideo.languageCode == nil)
    }

    @Test("the asynchronous forms: insertTimeRange(_:of:at:) async, load(.tracks) typed, loadTracks(withMediaType:)")
    func asynchronous() async throws {
        let asset = AVURLAsset(url: try CompositionMedia.url(Self.clip))
        let composition = AVMutableComposition(urlAssetInitializationOptions: [AVURLAssetPreferPreciseDurationAndTimingKey: true])
        let duration = try await asset.load(.duration)
        try await composition.insertTimeRange(CMTimeRange(start: .zero, duration: duration), of: asset, at: .zero)
        let tracks: [AVMutableCompositionTrack] = try await composition.load(.tracks)
        #expect(tracks.count == 2)
        let audio: [AVMutableCompositionTrack] = try await composition.loadTracks(withMediaType: .audio)
        #expect(audio.count == 1)
        let byID: AVMutableCompositionTrack? = try await composition.loadTrack(withTrackID: tracks[0].trackID)
        #expect(byID === tracks[0])
        #expect(try await composition.load(.duration) == duration)
        #expect(composition.statusOfValue(forKey: "tracks", error: nil) == .loaded)
        #expect(composition.urlAssetInitializationOptions[AVURLAssetPreferPreciseDurationAndTimingKey] as? Bool == true)
        // An AVAsset reference sees the same tracks.
        let plain: AVAsset = composition
        #expect(plain.tracks.map(\.trackID) == tracks.map(\.trackID))
    }

    @Test("copy() is an immutable snapshot; mutableCopy() an independent editable composition")
    func copies() throws {
        let composition = try CompositionMedia.concatenation([Self.clip])
        let snapshot = try #require(composition.copy() as? AVComposition)
        #expect(!(snapshot is AVMutableComposition))
        let snapshotTracks: [AVCompositionTrack] = snapshot.tracks
        #expect(snapshotTracks.count == 2)
        #expect(!(snapshotTracks[0] is AVMutableCompositionTrack))
        let editable = try #require(composition.mutableCopy() as? AVMutableComposition)
        editable.removeTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 2)))
        #expect(editable.duration == CMTime(value: 1, timescale: 2))
        #expect(composition.duration == CMTime(value: 1, timescale: 1), "the original is unchanged")
        #expect(snapshot.duration == CMTime(value: 1, timescale: 1))
        composition.insertEmptyTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1)))
        #expect(snapshot.duration == CMTime(value: 1, timescale: 1), "the snapshot does not follow later edits")
        #expect(composition.duration == CMTime(value: 2, timescale: 1))
    }

    @Test("track IDs: the preferred one when free, else an unused one; removeTrack; mutableTrack(compatibleWith:)")
    func trackIDs() async throws {
        let composition = AVMutableComposition()
        let a = try #require(composition.addMutableTrack(withMediaType: .audio, preferredTrackID: 7))
        let b = try #require(composition.addMutableTrack(withMediaType: .audio, preferredTrackID: 7))
        #expect(a.trackID == 7 && b.trackID == 8)
        let asset = AVURLAsset(url: try CompositionMedia.url(Self.clip))
        let sourceVideo = try #require(asset.tracks(withMediaType: .video).first)
        #expect(composition.mutableTrack(compatibleWith: sourceVideo) == nil)
        #expect(composition.mutableTrack(compatibleWith: try #require(asset.tracks(withMediaType: .audio).first)) === a)
        composition.removeTrack(a)
        #expect(composition.tracks.map(\.trackID) == [8])
        #expect(composition.track(withTrackID: 8) === b)
        #expect(composition.track(withTrackID: 7) == nil)
        #expect(composition.unusedTrackID() == 9)
        #expect(try await composition.findUnusedTrackID() == 9)
        // The asset track a composition track's segments present (the complement of mutableTrack(compatibleWith:)).
        let sourceAudio = try #require(asset.tracks(withMediaType: .audio).first)
        try b.insertTimeRange(sourceAudio.timeRange, of: sourceAudio, at: .zero)
        #expect(asset.compatibleTrack(for: b) == sourceAudio)
        #expect(try await asset.findCompatibleTrack(for: b) == sourceAudio)
    }

    @Test("track associations and format description replacements")
    func associationsAndReplacements() throws {
        let composition = try CompositionMedia.concatenation([Self.clip])
        let video = try #require(composition.tracks(withMediaType: .video).first)
        let audio = try #require(composition.tracks(withMediaType: .audio).first)
        video.addTrackAssociation(to: audio, type: AVAssetTrack.AssociationType.timecode)
        #expect(video.availableTrackAssociationTypes == [.timecode])
        #expect(video.associatedTracks(ofType: .timecode) == [audio])
        video.removeTrackAssociation(to: audio, type: .timecode)
        #expect(video.availableTrackAssociationTypes.isEmpty)
        let original = try #require(video.formatDescriptions.first as! CMFormatDescription?)
        var replacement: CMFormatDescription?
        CMVideoFormatDescriptionCreate(allocator: nil, codecType: CMFormatDescriptionGetMediaSubType(original),
                                       width: 160, height: 120, extensions: nil, formatDescriptionOut: &replacement)
        video.replaceFormatDescription(original, with: replacement)
        #expect(video.formatDescriptionReplacements.count == 1)
        #expect((video.formatDescriptions.first as! CMFormatDescription) === replacement)
        video.replaceFormatDescription(original, with: nil)
        #expect(video.formatDescriptionReplacements.isEmpty)
    }

    @Test("bad input gives Apple's errors, naming the source: a range outside the asset, a wrong media type, bad segments")
    func badInput() async throws {
        let url = try CompositionMedia.url(Self.clip)
        let asset = AVURLAsset(url: url)
        let composition = AVMutableComposition()
        let track = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
        let video = try #require(asset.tracks(withMediaType: .video).first)
        let outside = CMTimeRange(start: CMTime(value: 5, timescale: 1), duration: CMTime(value: 1, timescale: 1))
        #expect { try track.insertTimeRange(outside, of: video, at: .zero) } throws: { error in
            (error as? AVError)?.code == .invalidCompositionTrackSegmentSourceStartTime
                && error.localizedDescription.contains(url.lastPathComponent)
        }
        await #expect { try await composition.insertTimeRange(outside, of: asset, at: .zero) } throws: { error in
            (error as? AVError)?.code == .invalidCompositionTrackSegmentSourceStartTime
        }
        let audio = try #require(asset.tracks(withMediaType: .audio).first)
        #expect(throws: AVError.self) { try track.insertTimeRange(video.timeRange, of: audio, at: .zero) }
        #expect(track.segments.isEmpty, "nothing was inserted by the failed calls")
        // A track the codec layer cannot decode: inserted (Apple composes any track); transcoding presets do not
        // apply to the composition (no session).
        let fake = try Build.compatReader()
        fake.tracks[0].formatDescriptions = [Build.videoFormat("xxxx", width: 640, height: 360)]
        let unknown = AVURLAsset(url: URL(fileURLWithPath: "/unknown-codec.mov"), reader: fake)
        let odd = AVMutableComposition()
        try await odd.insertTimeRange(CMTimeRange(start: .zero, duration: unknown.duration), of: unknown, at: .zero)
        #expect(AVAssetExportSession(asset: odd, presetName: AVAssetExportPresetLowQuality) == nil)
        #expect(!(await AVAssetExportSession.compatibility(ofExportPreset: AVAssetExportPresetLowQuality, with: odd,
                                                            outputFileType: .mp4)))
        #expect(!AVAssetExportSession.exportPresets(compatibleWith: odd).contains(AVAssetExportPresetLowQuality))
        // An unreadable file: the asset's load error.
        let directory = try TestFiles.makeTemporaryDirectory()
        let garbage = directory.file("garbage.mp4")
        try Data(repeating: 0x5A, count: 4096).write(to: garbage)
        await #expect(throws: (any Error).self) {
            try await composition.insertTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1)),
                                                  of: AVURLAsset(url: garbage), at: .zero)
        }
        // Segments with a gap are refused by validateSegments and by the setter, which keeps the old segments; a
        // reader then fails with the reason.
        try track.insertTimeRange(video.timeRange, of: video, at: .zero)
        let gapped = [
            AVCompositionTrackSegment(url: url, trackID: 1, sourceTimeRange: video.timeRange, targetTimeRange: video.timeRange),
            AVCompositionTrackSegment(url: url, trackID: 1, sourceTimeRange: video.timeRange,
                                      targetTimeRange: CMTimeRange(start: CMTime(value: 2, timescale: 1), duration: video.timeRange.duration)),
        ]
        #expect { try track.validateSegments(gapped) } throws: { error in
            (error as? AVError)?.code == .compositionTrackSegmentsNotContiguous
        }
        let before = track.segments.count
        track.segments = gapped
        #expect(track.segments.count == before)
        let reader = try AVAssetReader(asset: composition)
        reader.add(AVAssetReaderTrackOutput(track: track, outputSettings: nil))
        #expect(!reader.startReading())
        #expect((reader.error as? AVError)?.code == .compositionTrackSegmentsNotContiguous)
    }
}
