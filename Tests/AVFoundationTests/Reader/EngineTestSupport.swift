import CoreMedia
import Foundation
import MediaContainer
import MovieFile
@testable import AVFoundation

/// Reads a track with the engine directly (below the public classes).
enum EngineHarness {
    /// The first track of `mediaType` of the movie at `url`.
    static func source(_ url: URL, _ mediaType: CMMediaType) throws -> TrackSource {
        let reader = try MovieFileReader(url: url)
        guard let track = reader.tracks.first(where: { $0.mediaType == mediaType }) else {
            throw ReaderTestFailure("no track of type \(mediaType) in \(url.lastPathComponent)")
        }
        return try TrackSource(track: track, reader: reader)
    }

    /// Every buffer `producer` makes.
    static func drain(_ producer: any SampleProducer) throws -> [CMSampleBuffer] {
        var all: [CMSampleBuffer] = []
        while let batch = try producer.next() { all += batch }
        return all
    }

    /// The whole asset timeline.
    static let everything = [CMTimeRange(start: .zero, duration: .positiveInfinity)]
}
