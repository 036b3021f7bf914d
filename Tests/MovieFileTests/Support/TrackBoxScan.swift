import CoreMedia
import Foundation
import ISOBMFF

/// The parsed `trak` boxes of a movie file by track ID, scanned anew: `MovieFileReader` keeps no parsed boxes once
/// its tracks are made (a file of 20,000 tracks held their trees), so tests that look at a sample entry or a table
/// box as the file stores it read them here.
enum TrackBoxScan {
    static func scan(_ url: URL) throws -> [CMPersistentTrackID: TrackBox] {
        let scan = try FileScanner.scan(FileSource(url: url))
        var result: [CMPersistentTrackID: TrackBox] = [:]
        for trak in scan.movie?.children.all(TrackBox.self) ?? [] {
            guard let id = trak.header.flatMap({ CMPersistentTrackID(exactly: $0.trackID) }), result[id] == nil else { continue }
            result[id] = trak
        }
        return result
    }

    /// The first sample entry of track `trackID` of the file at `url`.
    static func firstSampleEntry(_ url: URL, trackID: CMPersistentTrackID) throws -> BoxNode? {
        try scan(url)[trackID]?.media?.sampleTable?.sampleDescriptions?.children.first
    }
}
