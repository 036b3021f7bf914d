import CoreMedia
import Foundation
import MediaContainer
import Testing
@testable import AVFoundation

/// The compat sample's `expect`, so that its lines below read exactly as in ReadMovie.swift.
private struct CompatFailure: Error, CustomStringConvertible {
    let description: String
}

private func expect(_ condition: @autoclosure () -> Bool, _ what: String) throws {
    if !condition() { throw CompatFailure(description: "check failed: " + what) }
}

@Suite("Compat sample: the asset-loading lines of ReadMovie.swift")
struct CompatReadMovieTests {
    /// ReadMovie.swift up to the reader, against a hand-built reader of the movie WriteMovie.swift writes:
    /// 640x360 H.264 rotated 90°, AAC in English, title "Compat sample".
    @Test("every asset-loading call of readMovie compiles, infers and holds on a hand-built movie")
    func readMovieAssetLoading() async throws {
        let seconds = 3
        let reader = try Build.compatReader(seconds: seconds)
        let url = URL(fileURLWithPath: "/compat/sample.mov")
        let asset = AVURLAsset(url: url, reader: reader, options: [AVURLAssetPreferPreciseDurationAndTimingKey: true])

        // From ReadMovie.swift, unchanged:
        let (duration, tracks, commonMetadata) = try await asset.load(.duration, .tracks, .commonMetadata)
        try expect(tracks.count == 2, "two tracks")
        try expect(abs(CMTimeGetSeconds(duration) - Double(seconds)) < 0.05, "asset duration is \(seconds) s")

        let titles = AVMetadataItem.metadataItems(from: commonMetadata, filteredByIdentifier: .commonIdentifierTitle)
        let title = try await titles.first?.load(.stringValue)
        try expect(title == "Compat sample", "title metadata survives")

        guard let videoTrack = try await asset.loadTracks(withMediaType: .video).first,
              let audioTrack = try await asset.loadTracks(withMediaType: .audio).first
        else { throw CompatFailure(description: "missing track") }
        let (naturalSize, transform, frameRate) = try await videoTrack.load(.naturalSize, .preferredTransform,
                                                                            .nominalFrameRate)
        try expect(naturalSize == CGSize(width: 640, height: 360), "natural size")
        try expect(abs(transform.b - 1) < 1e-6 && abs(transform.c + 1) < 1e-6, "rotation survives")
        try expect(abs(frameRate - 30) < 0.01, "30 fps")
        let language = try await audioTrack.load(.languageCode)
        try expect(language == "eng", "audio language")
        let formats = try await videoTrack.load(.formatDescriptions)
        try expect(formats.first.map(CMFormatDescriptionGetMediaSubType) == kCMVideoCodecType_H264, "H.264 track")

        // And the exact values behind the checks.
        #expect(duration == CMTime(value: 1800, timescale: 600))
        #expect(asset.providesPreciseDurationAndTiming)
        #expect(title == "Compat sample")
        #expect(videoTrack.trackID == 1 && audioTrack.trackID == 2)
        #expect(videoTrack.asset === asset)
    }
}
