import CoreMedia
import Foundation
import ISOBMFF
@testable import MovieFile
import Testing
import TestSupport

/// A fragmented file cut anywhere after its movie box opens and exposes exactly the samples of its complete
/// fragments (a `moof` and the media data after it, every sample's bytes present).
///
/// The judge is ffprobe's packet count on the same file cut at the end of its last complete fragment. On the file
/// cut mid-fragment, FFmpeg goes further: it also returns the samples of the incomplete fragment whose bytes
/// happen to be there, and one cut short; this reader leaves the incomplete fragment out whole, so that a cut
/// download never ends with part of a GOP or a damaged sample.
@Suite("Truncated fragmented files")
struct TruncatedFragmentTests {
    static let files = [
        MovieFile(name: "fragmented-two-seconds.mp4", origin: .generated),
        MovieFile(name: "fragmented-empty-moov-default-base-moof.mp4", origin: .generated),
        MovieFile(name: "fragmented-cmaf-sidx.mp4", origin: .generated),
        MovieFile(name: "fragmented-nonempty-moov.mp4", origin: .generated),
        MovieFile(name: "gm-sample-fragmented.mp4", origin: .fixture),
        MovieFile(name: "mb-rotate-fragmented.mp4", origin: .fixture),
        MovieFile(name: "b4-video-h264-002.mp4", origin: .fixture),
    ]

    /// Where each fragment (a moof and the mdat boxes up to the next moof) ends, and where the first one starts.
    static func fragmentLayout(_ bytes: [UInt8]) throws -> (firstStart: Int, ends: [Int]) {
        let boxes = try FileScanner.scan(MemorySource(bytes)).boxes
        var ends: [Int] = []
        var firstStart: Int?
        for (index, box) in boxes.enumerated() where box.header.type == "moof" {
            if firstStart == nil { firstStart = Int(box.header.offset) }
            var end = Int(box.header.endOffset)
            for next in boxes[(index + 1)...] {
                guard next.header.type == "mdat" else { break }
                end = Int(next.header.endOffset)
            }
            ends.append(end)
        }
        return (try #require(firstStart), ends)
    }

    @Test("samples of complete fragments only, as many as ffprobe reads up to the last complete fragment",
          arguments: files)
    func completeFragmentsOnly(_ file: MovieFile) throws {
        let bytes = try file.bytes
        let (firstStart, ends) = try Self.fragmentLayout(bytes)
        let directory = try TestFiles.makeTemporaryDirectory()
        var cuts = Set<Int>()
        var previousEnd = firstStart
        for end in ends {
            cuts.formUnion([previousEnd + 8, (previousEnd + end) / 2, end - 1, end])
            previousEnd = end
        }
        var oracle: [Int: [Int32: Int]] = [:]  // complete prefix length → packets per track
        for cut in cuts.sorted() where cut > firstStart && cut <= bytes.count {
            let complete = ends.last { $0 <= cut } ?? firstStart
            if oracle[complete] == nil {
                let url = directory.file("complete-\(complete).mp4")
                try Data(bytes[..<complete]).write(to: url)
                let streams = try FFprobe.streams(url)
                var counts: [Int32: Int] = [:]
                for stream in streams {
                    guard let id = (stream["id"] as? String).flatMap({ Int32($0.dropFirst(2), radix: 16) }),
                          let index = stream["index"] as? Int else { continue }
                    counts[id] = try FFprobe.packets(url, stream: index).count
                }
                oracle[complete] = counts
            }
            let reader = try MovieFileReader(bytes: Array(bytes[..<cut]))
            for track in reader.tracks {
                guard let expected = oracle[complete]?[track.trackID] else { continue }
                let table = try track.samples.table()
                let label = "\(file.name) cut at \(cut) (complete up to \(complete)): track \(track.trackID)"
                #expect(table.count == expected, "\(label) has \(table.count) samples, ffprobe read \(expected)")
                for index in 0..<table.count {
                    #expect(try reader.isSampleInFile(index, of: track), "\(file.name) cut at \(cut): sample \(index)")
                }
            }
            if cut < bytes.count, complete < cut {
                #expect(reader.warnings.contains { $0.contains("incomplete") || $0.contains("the file is cut") },
                        "\(file.name) cut at \(cut): no warning about the cut")
            }
        }
    }
}
