import CoreMedia
import Foundation
import MediaContainer
import MovieFile
@testable import AVFoundation

/// Reads a track with the engine directly (below the public classes).
enum EngineHarness {
    /// One track of a movie, as the engine reads it: its backing and its timeline.
    struct Track {
        let backing: ContainerTrackBacking
        var timeline: TrackTimeline { backing.timeline }
        var trackID: CMPersistentTrackID { backing.model.trackID }

        /// A producer of the track's samples as stored.
        func passthrough(ranges: [CMTimeRange], copiesData: Bool) -> PassthroughProducer {
            PassthroughProducer(timeline: timeline, backing: backing, isAudio: backing.model.mediaType == kCMMediaType_Audio,
                                ranges: ranges, copiesData: copiesData)
        }

        /// Decoder sessions for the track, checked as `startReading` checks them.
        func sessions(_ kind: DecoderSessions.Kind) throws -> DecoderSessions {
            let sessions = DecoderSessions(backing: backing, trackID: trackID, kind: kind)
            try sessions.validate()
            return sessions
        }
    }

    /// The first track of `mediaType` of the movie at `url`.
    static func source(_ url: URL, _ mediaType: CMMediaType) throws -> Track {
        let reader = try MovieFileReader(url: url)
        guard let index = reader.tracks.firstIndex(where: { $0.mediaType == mediaType }) else {
            throw ReaderTestFailure("no track of type \(mediaType) in \(url.lastPathComponent)")
        }
        return Track(backing: ContainerTrackBacking(reader: reader, index: index, fileURL: url))
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
