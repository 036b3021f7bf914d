import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

@Suite("Compat sample: WriteMovie.swift, then the asset-loading half of ReadMovie.swift")
struct CompatWriteMovieTests {
    @Test("writeMovie writes a movie ffprobe, ffmpeg, mediainfo and our AVAsset read as the sample expects")
    func writeThenRead() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("compat-write")
        let url = directory.file("sample.mov")
        let seconds = 2
        try await compatWriteMovie(to: url, seconds: seconds)

        // Judged by ffprobe 5.1: H.264 640x360 at 30 fps with every frame, AAC-LC stereo 44.1 kHz, fast start.
        let probe = WriterProbe(url: url)
        let streams = try probe.streams()
        #expect(streams.count == 2)
        let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
        let audio = try #require(streams.first { $0["codec_type"] as? String == "audio" })
        #expect(video["codec_name"] as? String == "h264")
        #expect(video["width"] as? Int == 640 && video["height"] as? Int == 360)
        #expect(video["r_frame_rate"] as? String == "30/1")
        #expect(audio["codec_name"] as? String == "aac")
        #expect(audio["sample_rate"] as? String == "44100" && audio["channels"] as? Int == 2)
        #expect(try probe.frameCount(stream: video["index"] as! Int) == 30 * seconds)
        #expect(try probe.decodeErrors() == "")
        let rotation = (video["side_data_list"] as? [[String: Any]])?.first?["rotation"] as? Int
        #expect(rotation == -90 || rotation == 270, "the 90° transform is in the track matrix (ffprobe: \(String(describing: rotation)))")
        let tags = try probe.format()["tags"] as? [String: Any]
        // A common title goes into QuickTime metadata in a movie, as Apple's writer puts it; ffprobe names the key.
        #expect(tags?["com.apple.quicktime.title"] as? String == "Compat sample")
        #expect(try probe.mediainfo("General", "IsStreamable") == "Yes", "fast start: the movie box comes first")
        #expect(try probe.mediainfo("Audio", "Language/String3") == "eng")

        // The asset-loading half of ReadMovie.swift, as there.
        let asset = AVURLAsset(url: url, options: [AVURLAssetPreferPreciseDurationAndTimingKey: true])
        let (duration, tracks, commonMetadata) = try await asset.load(.duration, .tracks, .commonMetadata)
        #expect(tracks.count == 2)
        #expect(abs(CMTimeGetSeconds(duration) - Double(seconds)) < 0.05, "duration \(duration.seconds)")
        let titles = AVMetadataItem.metadataItems(from: commonMetadata, filteredByIdentifier: .commonIdentifierTitle)
        let title = try await titles.first?.load(.stringValue)
        #expect(title == "Compat sample")
        let videoTrack = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let audioTrack = try #require(try await asset.loadTracks(withMediaType: .audio).first)
        let (naturalSize, transform, frameRate) = try await videoTrack.load(.naturalSize, .preferredTransform, .nominalFrameRate)
        #expect(naturalSize == CGSize(width: 640, height: 360))
        #expect(abs(transform.b - 1) < 1e-6 && abs(transform.c + 1) < 1e-6)
        #expect(abs(frameRate - 30) < 0.01)
        #expect(try await audioTrack.load(.languageCode) == "eng")
        let formats = try await videoTrack.load(.formatDescriptions)
        #expect(formats.first.map(CMFormatDescriptionGetMediaSubType) == kCMVideoCodecType_H264)

        // And the sample's whole readMovie, decoding every frame and audio sample through AVAssetReader.
        try await compatReadMovie(at: url, seconds: seconds)
    }
}
