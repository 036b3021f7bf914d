import CoreMedia
import Foundation
import MediaContainer
import Testing
@testable import MovieFile
import TestSupport

/// Writes sources into a movie the way a real caller does: tracks added, samples appended in decode-time order
/// across tracks, encoder delays set, finished.
enum MuxerHarness {
    /// Writes `sources` into `url` and returns the track handles.
    @discardableResult
    static func write(_ sources: [TrackSource], to url: URL, fileType: MovieFileType,
                      options: MovieWriterOptions = MovieWriterOptions(),
                      configure: (inout OutputTrackConfiguration, Int) -> Void = { _, _ in },
                      beforeFinish: (MovieWriter, [OutputTrack]) throws -> Void = { _, _ in }) throws
        -> [OutputTrack] {
        let writer = try MovieWriter(url: url, fileType: fileType, options: options)
        let handles = try feed(sources, into: writer, configure: configure, beforeFinish: beforeFinish)
        keepForInspection(url)
        return handles
    }

    /// Adds `sources` to `writer` as tracks, appends their samples merged by decode time, and finishes it.
    @discardableResult
    static func feed(_ sources: [TrackSource], into writer: MovieWriter,
                     configure: (inout OutputTrackConfiguration, Int) -> Void = { _, _ in },
                     beforeFinish: (MovieWriter, [OutputTrack]) throws -> Void = { _, _ in }) throws
        -> [OutputTrack] {
        var handles: [OutputTrack] = []
        for (index, source) in sources.enumerated() {
            var configuration = source.configuration
            configure(&configuration, index)
            handles.append(try writer.addTrack(configuration))
        }
        for (index, source) in sources.enumerated() where source.encoderDelay > 0 {
            try writer.setEncoderDelay(source.encoderDelay, padding: 0, for: handles[index])
        }
        // Merge by decode time in seconds, as an interleaving caller would feed the writer.
        var cursors = Array(repeating: 0, count: sources.count)
        let samples = sources.map { $0.movieSamples() }
        while true {
            var next: Int?
            for index in sources.indices where cursors[index] < samples[index].count {
                let time = Double(sources[index].samples[cursors[index]].decodeTime) / Double(sources[index].timescale)
                if let best = next {
                    let bestTime = Double(sources[best].samples[cursors[best]].decodeTime) / Double(sources[best].timescale)
                    if time < bestTime { next = index }
                } else {
                    next = index
                }
            }
            guard let index = next else { break }
            try writer.append(samples[index][cursors[index]], to: handles[index])
            cursors[index] += 1
            if cursors[index] == samples[index].count { try writer.markFinished(handles[index]) }
        }
        try beforeFinish(writer, handles)
        try writer.finish()
        return handles
    }

    /// Checks that ffprobe's packets of stream `index` in `url` are the source's samples: count, sizes, key flags,
    /// decode deltas and composition offsets.
    static func expectPackets(_ url: URL, stream index: Int, match source: TrackSource,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let packets = try PacketProbe.packets(url, stream: String(index))
        let expected = source.samples
        #expect(packets.count == expected.count, "\(source.name): \(packets.count) packets, expected \(expected.count)",
                sourceLocation: sourceLocation)
        guard packets.count == expected.count, let firstDTS = packets.first?.dts else { return }
        for (index, (packet, sample)) in zip(packets, expected).enumerated() {
            #expect(packet.size == sample.data.count, sourceLocation: sourceLocation)
            #expect(packet.isKey == sample.isSync, sourceLocation: sourceLocation)
            // The last packet's duration is the reader's to clip to the edit list (FFmpeg fits it to the edit's end
            // in the movie timescale).
            if index < packets.count - 1 {
                #expect(packet.duration == sample.duration, "\(source.name): duration", sourceLocation: sourceLocation)
            }
            if let dts = packet.dts, let pts = packet.pts {
                #expect(dts - firstDTS == sample.decodeTime - expected[0].decodeTime, "\(source.name): decode time",
                        sourceLocation: sourceLocation)
                #expect(pts - dts == sample.presentationTime - sample.decodeTime, "\(source.name): composition offset",
                        sourceLocation: sourceLocation)
            } else {
                Issue.record("\(source.name): packet without timestamps", sourceLocation: sourceLocation)
            }
        }
    }

    /// Copies `url` into `$LAVF_KEEP_OUTPUT` when that is set, to look at what a test wrote.
    static func keepForInspection(_ url: URL) {
        guard let folder = ProcessInfo.processInfo.environment["LAVF_KEEP_OUTPUT"] else { return }
        let destination = URL(fileURLWithPath: folder)
            .appendingPathComponent(url.deletingLastPathComponent().lastPathComponent + "-" + url.lastPathComponent)
        try? FileManager.default.removeItem(at: destination)
        try? FileManager.default.copyItem(at: url, to: destination)
    }

    /// A fresh output path in `directory`.
    static func output(_ directory: TemporaryDirectory, _ name: String) -> URL { directory.file(name) }
}
