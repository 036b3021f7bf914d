import CoreMedia
import Foundation
import TestSupport
import Testing
@testable import AVFoundation

/// Assets opened from real files through the package's readers, judged by ffprobe (FFmpeg 5.1) and by the
/// fixtures' own headers. These run once the MovieFile reader is registered in `ContainerOpener.standard`.
@Suite("Real files: asset and track properties against ffprobe", .enabled(if: AssetMedia.movieReaderAvailable))
struct RealFileTests {
    @Test("the compat sample's asset-loading lines hold on an ffmpeg-made movie of the same shape")
    func compatMovie() async throws {
        let url = try AssetMedia.url("h264-bframes-aac-eng-rotated-90.mov")
        let asset = AVURLAsset(url: url, options: [AVURLAssetPreferPreciseDurationAndTimingKey: true])
        let (duration, tracks, commonMetadata) = try await asset.load(.duration, .tracks, .commonMetadata)
        #expect(tracks.count == 2)
        let probed = try AssetMedia.probe(url)
        #expect(abs(CMTimeGetSeconds(duration) - probed.duration) < 0.05)
        let titles = AVMetadataItem.metadataItems(from: commonMetadata, filteredByIdentifier: .commonIdentifierTitle)
        #expect(try await titles.first?.load(.stringValue) == "Compat sample")
        let video = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let audio = try #require(try await asset.loadTracks(withMediaType: .audio).first)
        let (naturalSize, transform, frameRate) = try await video.load(.naturalSize, .preferredTransform,
                                                                       .nominalFrameRate)
        #expect(naturalSize == CGSize(width: 640, height: 360))
        let videoStream = try #require(probed.streams.first { $0.codecType == "video" })
        // ffprobe's rotation is counter-clockwise degrees; the matrix's angle atan2(b, a) is clockwise.
        let angle = atan2(transform.b, transform.a) * 180 / .pi
        #expect(abs(angle + (videoStream.rotation ?? 0)) < 0.01)
        #expect(abs(Double(frameRate) - (videoStream.averageFrameRate ?? 0)) < 0.01)
        #expect(try await audio.load(.languageCode) == "eng")
        let formats = try await video.load(.formatDescriptions)
        #expect(formats.first.map(CMFormatDescriptionGetMediaSubType) == kCMVideoCodecType_H264)
        #expect(try await video.load(.requiresFrameReordering))
        // FFmpeg writes an 'sgpd' roll distance of −1 for AAC: one earlier packet primes the decoder.
        let cursor = try #require(audio.makeSampleCursorAtFirstSampleInDecodeOrder())
        #expect(cursor.samplesRequiredForDecoderRefresh == 0)
        _ = cursor.stepInDecodeOrder(byCount: 3)
        #expect(cursor.samplesRequiredForDecoderRefresh == 1)
    }

    @Test("sample cursors walk exactly the packets ffprobe lists: offsets, sizes, timing deltas and key frames",
          arguments: ["h264-bframes-aac-eng-rotated-90.mov", "delayed-audio-empty-edit.mp4"])
    func cursorAgainstPackets(_ name: String) async throws {
        let url = try AssetMedia.url(name)
        let asset = AVURLAsset(url: url)
        for (index, track) in try await asset.load(.tracks).enumerated() {
            let packets = try AssetMedia.packets(url, stream: index)
            let cursor = try #require(track.makeSampleCursorAtFirstSampleInDecodeOrder())
            var visited = 0
            let firstDTS = cursor.decodeTimeStamp.value
            repeat {
                let packet = try #require(visited < packets.count ? packets[visited] : nil)
                let range = cursor.currentSampleStorageRange
                #expect(range.offset == packet.position && range.length == packet.size, "\(name) #\(visited)")
                // ffprobe shifts timestamps by the edit list; differences and composition offsets are unshifted.
                #expect(cursor.decodeTimeStamp.value - firstDTS == packet.dts - packets[0].dts)
                #expect(cursor.presentationTimeStamp.value - cursor.decodeTimeStamp.value == packet.pts - packet.dts)
                #expect(cursor.currentSampleSyncInfo.sampleIsFullSync.boolValue == packet.isKey)
                visited += 1
            } while cursor.stepInDecodeOrder(byCount: 1) == 1
            #expect(visited == packets.count)
            #expect(try await track.load(.totalSampleDataLength) == packets.reduce(0) { $0 + $1.size })
        }
    }

    @Test("anamorphic video: naturalSize is the pixel-aspect-corrected track size")
    func anamorphic() async throws {
        let url = try AssetMedia.url("anamorphic-sar-2x1.mp4")
        let stream = try #require(try AssetMedia.probe(url).streams.first)
        let sar = stream.sampleAspectRatio ?? (1, 1)
        let track = try #require(try await AVURLAsset(url: url).load(.tracks).first)
        let displayWidth = Double(stream.width ?? 0) * Double(sar.0) / Double(sar.1)
        #expect(try await track.load(.naturalSize) == CGSize(width: displayWidth, height: Double(stream.height ?? 0)))
    }

    @Test("a delayed audio track starts with an empty edit, and its time range starts later")
    func delayedAudio() async throws {
        let url = try AssetMedia.url("delayed-audio-empty-edit.mp4")
        let audio = try #require(try await AVURLAsset(url: url).loadTracks(withMediaType: .audio).first)
        let (segments, range) = try await audio.load(.segments, .timeRange)
        #expect(segments.first?.isEmpty == true)
        #expect(abs(CMTimeGetSeconds(range.start) - 0.5) < 0.03)
        #expect(!(try await audio.loadSamplePresentationTime(forTrackTime: CMTime(value: 1, timescale: 10))).isValid)
    }

    @Test("NTSC timing: 24000/1001 fps and its frame duration")
    func ntsc() async throws {
        let url = try AssetMedia.url("ntsc-23.976fps.mp4")
        let track = try #require(try await AVURLAsset(url: url).load(.tracks).first)
        let (rate, minimum, dataRate) = try await track.load(.nominalFrameRate, .minFrameDuration, .estimatedDataRate)
        #expect(abs(Double(rate) - 24000.0 / 1001.0) < 0.001)
        #expect(minimum == CMTime(value: 1001, timescale: 24000))
        let probedRate = try #require(try AssetMedia.probe(url).streams.first?.bitRate)
        #expect(abs(Double(dataRate) - probedRate) / probedRate < 0.02)
    }

    @Test("fixtures: edit lists, anamorphic and rotated headers, fragments, alternate groups and iTunes tags")
    func fixtures() async throws {
        let edts = AVURLAsset(url: TestFiles.fixture("mb-edts.mp4"))
        let (video, audio) = (try #require(edts.tracks(withMediaType: .video).first),
                              try #require(edts.tracks(withMediaType: .audio).first))
        #expect(video.segments.first?.timeMapping.source.start == CMTime(value: 1024, timescale: 12800))
        #expect(audio.segments.first?.timeMapping.source.start == CMTime(value: 2112, timescale: 44100))
        #expect(abs(video.naturalSize.width - 853.333) < 0.01 && video.naturalSize.height == 480)
        #expect(video.samplePresentationTime(forTrackTime: .zero) == CMTime(value: 1024, timescale: 12800))

        let sar = AVURLAsset(url: TestFiles.fixture("mb-sar-2x1.mp4"))
        #expect(sar.tracks.first?.naturalSize == CGSize(width: 1280, height: 360))

        let rotated = AVURLAsset(url: TestFiles.fixture("mb-rotate-fragmented.mp4"))
        let (canContain, contains) = try await rotated.load(.canContainFragments, .containsFragments)
        #expect(canContain && contains)
        let transform = try #require(rotated.tracks(withMediaType: .video).first?.preferredTransform)
        #expect(transform.b == 1 && transform.c == -1)

        let groups = try await AVURLAsset(url: TestFiles.fixture("mb-multiple-aac-tracks.mp4")).load(.trackGroups)
        #expect(groups.map { $0.trackIDs.map(\.int32Value) } == [[1], [2]])

        let tagged = AVURLAsset(url: TestFiles.fixture("mg-has-tags.m4a"))
        let artists = AVMetadataItem.metadataItems(from: try await tagged.load(.commonMetadata),
                                                   filteredByIdentifier: .commonIdentifierArtist)
        #expect(try await artists.first?.load(.stringValue) == "Test Artist")
        #expect(try await tagged.load(.tracks).count == 1)

        let flat = AVURLAsset(url: TestFiles.fixture("b4-video-h264-001.mp4"))
        let fragmented = AVURLAsset(url: TestFiles.fixture("b4-video-h264-002.mp4"))
        #expect(try await flat.load(.tracks).count == (try await fragmented.load(.tracks)).count)
        #expect(abs(CMTimeGetSeconds(flat.duration) - CMTimeGetSeconds(fragmented.duration)) < 0.1)
    }

    @Test("a file whose media data is cut short still describes its movie; an init segment has no samples")
    func cutAndEmpty() async throws {
        // mg-truncated-64bit.mp4: ffprobe reads 14 audio and 5 video samples of 0.306667 s and reports "partial file".
        let cut = AVURLAsset(url: TestFiles.fixture("mg-truncated-64bit.mp4"))
        let (duration, tracks) = try await cut.load(.duration, .tracks)
        #expect(abs(CMTimeGetSeconds(duration) - 0.306667) < 0.001)
        #expect(tracks.map(\.mediaType) == [.audio, .video])
        // The track tables describe samples past the end of the file: the storage ranges say where they should be.
        let audio = try #require(tracks.first?.makeSampleCursorAtLastSampleInDecodeOrder())
        let range = audio.currentSampleStorageRange
        #expect(range.offset + range.length > 2000)

        let initSegment = AVURLAsset(url: TestFiles.fixture("mr-minimal-init.mp4"))
        let video = try #require(try await initSegment.load(.tracks).first)
        let (rate, cursors, minimum) = try await video.load(.nominalFrameRate, .canProvideSampleCursors, .minFrameDuration)
        #expect(rate == 0 && !cursors && !minimum.isValid)
        #expect(video.makeSampleCursorAtFirstSampleInDecodeOrder() == nil)
    }

    @Test("broken fixtures fail with the AVError codes Apple uses, never a crash",
          arguments: ["mp-clusterfuzz-minimized.mp4", "mr-minimal-fragment.m4s"])
    func brokenFixtures(_ name: String) async throws {
        let asset = AVURLAsset(url: TestFiles.fixture(name))
        do {
            _ = try await asset.load(.tracks, .duration)
            Issue.record("\(name) should not load")
        } catch let error as AVError {
            #expect(error.code == .fileFailedToParse || error.code == .fileFormatNotRecognized)
            #expect(error.underlyingError != nil)
        }
    }
}
