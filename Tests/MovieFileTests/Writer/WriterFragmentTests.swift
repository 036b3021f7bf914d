import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer
import Testing
@testable import MovieFile
import TestSupport

@Suite("Writer: fragmented movies")
struct WriterFragmentTests {
    static func sources() throws -> [TrackSource] {
        [try ElementarySources.annexBVideo(MuxerTestMedia.url("h264-bframes-annexb.ts"), hevc: false),
         try ElementarySources.adts(MuxerTestMedia.url("aac-lc-44100-stereo.adts"))]
    }

    static func fragmentedOptions(_ seconds: Double = 0.25) -> MovieWriterOptions {
        var options = MovieWriterOptions()
        options.movieFragmentInterval = CMTime(seconds: seconds, preferredTimescale: 1000)
        options.initialFragmentSequenceNumber = 7
        return options
    }

    @Test("moov with mvex, then moof+mdat pairs, then mfra; ffprobe reads every sample", arguments: [
        MovieFileType.mpeg4, .quickTimeMovie,
    ])
    func writesFragments(_ fileType: MovieFileType) throws {
        let sources = try Self.sources()
        let directory = try TestFiles.makeTemporaryDirectory("fragments")
        let output = directory.file("fragmented" + fileType.description)
        try MuxerHarness.write(sources, to: output, fileType: fileType, options: Self.fragmentedOptions())
        for (index, source) in sources.enumerated() {
            try MuxerHarness.expectPackets(output, stream: index, match: source)
        }
        #expect(try ExternalTool.ffmpegDecodeErrors(output).isEmpty)

        let scan = try FileScanner.scan(FileSource(url: output))
        let types = scan.boxes.map(\.header.type)
        #expect(types.first == "ftyp")
        #expect(types.dropFirst().first == "moov")
        #expect(types.last == "mfra")
        let fragments = scan.fragments
        #expect(fragments.count >= 4, "one fragment per 0.25 s of a 1 s movie, found \(fragments.count)")
        #expect(fragments.first?.box.header?.sequenceNumber == 7, "initial sequence number")
        let sequence = fragments.compactMap { $0.box.header?.sequenceNumber }
        #expect(sequence == Array(7..<7 + UInt32(sequence.count)), "sequence numbers increase by one")
        #expect(scan.movie?.movieExtends?.header?.fragmentDuration ?? 0 > 0, "mehd duration patched at the end")
        // Every fragment is followed by its mdat.
        for (index, box) in scan.boxes.enumerated() where box.header.type == "moof" {
            #expect(scan.boxes[index + 1].header.type == "mdat")
        }
        // mfra: a tfra per track with one entry per fragment holding the track, each pointing at its moof; mfro
        // gives the mfra's size.
        let mfraHeader = try #require(scan.boxes.last?.header)
        let mfra = try #require(scan.first(MovieFragmentRandomAccessBox.self))
        #expect(mfra.offsetBox?.mfraSize == UInt32(mfraHeader.size))
        let moofOffsets = Set(fragments.map { UInt64($0.header.offset) })
        /// True when a track fragment holds a sync sample (flags from trun, its first-sample flags, or tfhd).
        func hasSyncSample(_ traf: TrackFragmentBox) -> Bool {
            traf.runs.contains { run in
                (0..<Int(run.sampleCount)).contains { index in
                    let flags = run.sampleFlags?[index] ?? (index == 0 ? run.firstSampleFlags?.rawValue : nil)
                        ?? traf.header?.defaultSampleFlags?.rawValue ?? 0
                    return flags & 0x1_0000 == 0
                }
            }
        }
        for table in mfra.trackTables {
            let holding = fragments.filter {
                $0.box.trackFragments.contains { $0.header?.trackID == table.trackID && hasSyncSample($0) }
            }
            #expect(table.entries.count == holding.count, "track \(table.trackID): one entry per fragment with a sync sample")
            #expect(table.entries.allSatisfy { moofOffsets.contains($0.moofOffset) })
        }
        // The final edit lists are in the rewritten movie box: B-frame delay and AAC priming.
        #expect(scan.movie?.tracks.first?.editList?.entries.first?.mediaTime == 7200)
        #expect(scan.movie?.tracks.last?.editList?.entries.first?.mediaTime == 1024)
    }
}

/// The layout of a fragmented file: each fragment's end offset and its sample count per track ID.
struct FragmentLayout {
    struct Fragment {
        var end: Int64
        var samples: [UInt32: Int]
    }

    var movieEnd: Int64
    var fragments: [Fragment]
    /// Byte ranges of the `moof` boxes.
    var movieFragments: [Range<Int64>] = []

    /// Scans `url` with the ISOBMFF scanner (structure only; ffprobe judges the content).
    init(_ url: URL) throws {
        let scan = try FileScanner.scan(FileSource(url: url))
        movieEnd = 0
        fragments = []
        var pending: [UInt32: Int]?
        for box in scan.boxes {
            switch box.header.type {
            case "moov", "free":
                movieEnd = max(movieEnd, box.header.offset + Int64(box.header.size))
            case "moof":
                movieFragments.append(box.header.offset..<box.header.offset + Int64(box.header.size))
                var counts: [UInt32: Int] = [:]
                for traf in (box.node?.box as? MovieFragmentBox)?.trackFragments ?? [] {
                    guard let trackID = traf.header?.trackID else { continue }
                    counts[trackID, default: 0] += traf.runs.reduce(0) { $0 + Int($1.sampleCount) }
                }
                pending = counts
            case "mdat":
                if let counts = pending {
                    fragments.append(Fragment(end: box.header.offset + Int64(box.header.size), samples: counts))
                    pending = nil
                }
            default:
                break
            }
        }
    }

    /// Samples per track ID in the fragments that end at or before `offset`.
    func completeSamples(before offset: Int64) -> [UInt32: Int] {
        var total: [UInt32: Int] = [:]
        for fragment in fragments where fragment.end <= offset {
            for (track, count) in fragment.samples { total[track, default: 0] += count }
        }
        return total
    }
}

/// Packets per stream as ffprobe counts them (`-count_packets`; a stream without packets counts 0); nil when ffprobe
/// cannot open the file. `sequential` reads it as a stream through a pipe, as a reader of a file still being written
/// (or a network stream) does.
func ffprobePacketCounts(_ url: URL, sequential: Bool = false) -> [Int]? {
    let arguments = ["-v", "error", "-of", "json", "-count_packets", "-show_entries", "stream=nb_read_packets"]
    let result: ExternalTool.Result?
    if sequential {
        result = try? ExternalTool.run("sh", ["-c", "ffprobe " + arguments.joined(separator: " ") + " - < '\(url.path)'"])
    } else {
        result = try? ExternalTool.run("ffprobe", arguments + [url.path])
    }
    guard let result, result.status == 0,
          let json = try? JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any],
          let streams = json["streams"] as? [[String: Any]] else { return nil }
    return streams.map { Int(PacketProbe.int64($0["nb_read_packets"]) ?? 0) }
}

@Suite("Writer: fragmented movies survive being cut short")
struct WriterFragmentTruncationTests {
    @Test("a file cut at every fragment boundary plays exactly its complete fragments")
    func cutAtBoundaries() throws {
        let sources = try WriterFragmentTests.sources()
        let directory = try TestFiles.makeTemporaryDirectory("fragment-cuts")
        let output = directory.file("fragmented.mp4")
        try MuxerHarness.write(sources, to: output, fileType: .mpeg4, options: WriterFragmentTests.fragmentedOptions(0.2))
        let layout = try FragmentLayout(output)
        let bytes = try Data(contentsOf: output)
        try #require(layout.fragments.count >= 5)
        for fragment in layout.fragments {
            let cut = directory.file("cut-\(fragment.end).mp4")
            try bytes.prefix(Int(fragment.end)).write(to: cut)
            let expected = layout.completeSamples(before: fragment.end)
            let counts = try #require(ffprobePacketCounts(cut), "ffprobe opens the cut at \(fragment.end)")
            #expect(counts == [expected[1] ?? 0, expected[2] ?? 0], "cut at \(fragment.end)")
            #expect(try ExternalTool.ffmpegDecodeErrors(cut).isEmpty, "cut at \(fragment.end) decodes cleanly")
        }
    }

    @Test("a file cut at 20 random offsets still plays every complete fragment")
    func cutAtRandomOffsets() throws {
        let sources = try WriterFragmentTests.sources()
        let directory = try TestFiles.makeTemporaryDirectory("fragment-random-cuts")
        let output = directory.file("fragmented.mp4")
        try MuxerHarness.write(sources, to: output, fileType: .mpeg4, options: WriterFragmentTests.fragmentedOptions(0.2))
        let layout = try FragmentLayout(output)
        let bytes = try Data(contentsOf: output)
        let seed = ProcessInfo.processInfo.environment["LAVF_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("WriterFragmentTruncationTests seed: \(seed) (rerun with LAVF_SEED=\(seed))")
        var generator = SplitMix64(seed: seed)
        for _ in 0..<20 {
            let offset = Int64.random(in: layout.movieEnd..<Int64(bytes.count), using: &generator)
            let cut = directory.file("cut-\(offset).mp4")
            try bytes.prefix(Int(offset)).write(to: cut)
            let expected = layout.completeSamples(before: offset)
            // Read as a stream (sequentially, as a player reads a file being written): always.
            // Read as a seekable file: whenever the cut is not inside a movie fragment box. FFmpeg 5.1 refuses to
            // open a seekable file that ends inside a `moof` (its own fragmented output too); the writer never
            // leaves one, because it commits each `moof` after its data (see `killNine`).
            let insideMovieFragment = layout.movieFragments.contains { $0.contains(offset) }
            for sequential in insideMovieFragment ? [true] : [true, false] {
                guard let counts = ffprobePacketCounts(cut, sequential: sequential) else {
                    // Nothing to play is allowed to be refused: a cut inside the very first fragment.
                    #expect(expected.values.allSatisfy { $0 == 0 },
                            "ffprobe (sequential: \(sequential)) opens the cut at \(offset) (seed \(seed))")
                    continue
                }
                #expect(counts.count == 2)
                #expect(counts.first ?? 0 >= expected[1] ?? 0, "video at \(offset), sequential \(sequential) (seed \(seed))")
                #expect(counts.last ?? 0 >= expected[2] ?? 0, "audio at \(offset), sequential \(sequential) (seed \(seed))")
            }
        }
    }

    /// Set in the child process of `killNine`: the path it writes to.
    static let childOutputVariable = "LAVF_MUXER_KILL_CHILD_OUTPUT"

    @Test("a writer killed with SIGKILL leaves a file that plays up to its last complete fragment")
    func killNine() throws {
        if let path = ProcessInfo.processInfo.environment[Self.childOutputVariable] {
            try Self.writeUntilKilled(to: URL(fileURLWithPath: path))
            return
        }
        let directory = try TestFiles.makeTemporaryDirectory("fragment-kill")
        let output = directory.file("killed.mp4")
        // The child is this test binary running only this test, told by the environment to be the writer.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--testing-library", "swift-testing", "--filter", "WriterFragmentTruncationTests/killNine"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childOutputVariable] = output.path
        child.environment = environment
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        // Wait until several fragments are on disk, then kill without warning.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let size = try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int, size > 40_000 { break }
            usleep(20_000)
        }
        usleep(UInt32.random(in: 0..<50_000))
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal, "the child was killed, not finished")
        try #require(FileManager.default.fileExists(atPath: output.path))
        let layout = try FragmentLayout(output)
        try #require(layout.fragments.count >= 2, "fragments written before the kill")
        let expected = layout.completeSamples(before: Int64.max)
        let counts = try #require(ffprobePacketCounts(output))
        #expect(counts.count == 1)
        #expect(counts.first ?? 0 >= expected[1] ?? 0, "every sample of every complete fragment plays")
        // The complete part decodes cleanly.
        let complete = directory.file("complete.mp4")
        try Data(contentsOf: output).prefix(Int(layout.fragments.last!.end)).write(to: complete)
        #expect(try ExternalTool.ffmpegDecodeErrors(complete).isEmpty)
    }

    /// The child's work: the H.264 clip looped into a fragmented movie, 0.1 s fragments, slowly, never finished.
    static func writeUntilKilled(to url: URL) throws {
        let source = try ElementarySources.annexBVideo(MuxerTestMedia.url("h264-bframes-annexb.ts"), hevc: false)
        var options = MovieWriterOptions()
        options.movieFragmentInterval = CMTime(value: 1, timescale: 10)
        let writer = try MovieWriter(url: url, fileType: .mpeg4, options: options)
        let track = try writer.addTrack(source.configuration)
        let span = source.duration
        for loop in 0..<60 {
            for sample in source.samples {
                try writer.append(OutputSample(payload: .data(Data(sample.data)),
                                              decodeTime: sample.decodeTime + Int64(loop) * span,
                                              presentationTime: sample.presentationTime + Int64(loop) * span,
                                              duration: sample.duration, isSync: sample.isSync), to: track)
                usleep(2_000)
            }
        }
        // Not reached in the test: the parent kills the process long before.
        try writer.finish()
    }
}

