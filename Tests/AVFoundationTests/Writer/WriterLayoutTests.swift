import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

#if canImport(Glibc)
import Glibc
#endif

/// File layout: fast start, fragments that survive truncation and SIGKILL, interleaving.
@Suite("AVAssetWriter file layout", .serialized)
struct WriterLayoutTests {
    /// Top-level boxes: (type, offset, size).
    static func boxes(_ data: Data) -> [(type: String, offset: Int, size: Int)] {
        var result: [(String, Int, Int)] = []
        var offset = 0
        let bytes = [UInt8](data)
        while offset + 8 <= bytes.count {
            var size = Int(bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if size == 1, offset + 16 <= bytes.count {
                size = Int(bytes[offset + 8..<offset + 16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
            } else if size == 0 {
                size = bytes.count - offset
            }
            guard size >= 8 else { break }
            result.append((type, offset, size))
            offset += size
        }
        return result
    }

    /// Writes `seconds` of 30 fps H.264 (key frame every 15) and AAC with the given writer settings.
    static func writeMovie(to url: URL, seconds: Int, configure: (AVAssetWriter) -> Void) async throws {
        let writer = try AVAssetWriter(outputURL: url, fileType: .mp4)
        configure(writer)
        let video = AVAssetWriterInput(mediaType: .video, outputSettings: [
            AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 128, AVVideoHeightKey: 96,
            AVVideoCompressionPropertiesKey: [AVVideoMaxKeyFrameIntervalKey: 15, AVVideoAverageBitRateKey: 300_000,
                                              AVVideoExpectedSourceFrameRateKey: 30]])
        let audio = AVAssetWriterInput(mediaType: .audio, outputSettings: [AVFormatIDKey: kAudioFormatMPEG4AAC,
                                                                          AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2])
        writer.add(video)
        writer.add(audio)
        #expect(writer.startWriting(), "\(String(describing: writer.error))")
        writer.startSession(atSourceTime: .zero)
        var frame = 0, audioFrame = 0
        WriterMedia.feed([video, audio]) { index in
            if index == 0 {
                guard frame < 30 * seconds else { return nil }
                defer { frame += 1 }
                return WriterMedia.imageSample(WriterMedia.pixelBuffer(width: 128, height: 96, frame: frame),
                                               at: CMTime(value: CMTimeValue(frame), timescale: 30), duration: CMTime(value: 1, timescale: 30))
            }
            guard audioFrame < 44_100 * seconds else { return nil }
            defer { audioFrame += 1024 }
            return WriterMedia.tone(frames: 1024, start: audioFrame)
        }
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
    }

    @Test("fast start puts the movie box before the media data; without it, after")
    func fastStart() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("faststart")
        for optimize in [true, false] {
            let url = directory.file("fast-\(optimize).mp4")
            try await Self.writeMovie(to: url, seconds: 1) { $0.shouldOptimizeForNetworkUse = optimize }
            let layout = Self.boxes(try Data(contentsOf: url))
            let moov = try #require(layout.first { $0.type == "moov" }).offset
            let mdat = try #require(layout.first { $0.type == "mdat" }).offset
            #expect((moov < mdat) == optimize, "\(layout.map(\.type))")
            #expect(try WriterProbe(url: url).decodeErrors() == "")
        }
    }

    @Test("the media data is interleaved in chunks of about half a second")
    func interleaving() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("interleave")
        let url = directory.file("interleaved.mp4")
        try await Self.writeMovie(to: url, seconds: 3) { _ in }
        // Packets in file order (ffprobe's pos): the stream changes every chunk, so more than a handful of runs.
        let json = try ExternalTool.ffprobeJSON(["-show_entries", "packet=stream_index,pos", url.path])
        let packets = (json["packets"] as? [[String: Any]] ?? []).sorted {
            Int($0["pos"] as? String ?? "") ?? 0 < Int($1["pos"] as? String ?? "") ?? 0
        }
        var runs = 0
        var last = -1
        for packet in packets where packet["stream_index"] as? Int != last {
            runs += 1
            last = packet["stream_index"] as? Int ?? -1
        }
        #expect(runs >= 10, "3 s in ~0.5 s chunks of two tracks: \(runs) runs")
    }

    @Test("initialMovieFragmentInterval: the first fragment covers 0.25 s, the others the 1 s interval")
    func initialFragmentInterval() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("initial-fragment")
        let url = directory.file("initial.mp4")
        try await Self.writeMovie(to: url, seconds: 3) {
            $0.movieFragmentInterval = CMTime(value: 1, timescale: 1)
            $0.initialMovieFragmentInterval = CMTime(value: 1, timescale: 4)
        }
        let data = try Data(contentsOf: url)
        let counts = Self.boxes(data).filter { $0.type == "moof" }.map { Self.videoSamples(inMoof: data, $0.offset, $0.size) }
        #expect(counts.first.map { (7...8).contains($0) } == true, "\(counts)")
        #expect(counts.dropFirst().dropLast().allSatisfy { (29...31).contains($0) }, "\(counts)")
        #expect(counts.reduce(0, +) == 90)
        #expect(try WriterProbe(url: url).frameCount(stream: 0) == 90)
    }

    @Test("a fragmented movie cut at 20 random offsets plays up to its last complete fragment")
    func fragmentsSurviveTruncation() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("fragments")
        let url = directory.file("fragmented.mp4")
        try await Self.writeMovie(to: url, seconds: 3) { $0.movieFragmentInterval = CMTime(value: 1, timescale: 2) }
        let data = try Data(contentsOf: url)
        let layout = Self.boxes(data)
        let moofs = layout.filter { $0.type == "moof" }
        #expect(moofs.count >= 5, "\(layout.map(\.type))")
        #expect(try WriterProbe(url: url).frameCount(stream: 0) == 90)

        let seed = ProcessInfo.processInfo.environment["LAVF_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("fragment truncation seed: LAVF_SEED=\(seed)")
        var generator = SplitMix64(seed: seed)
        let firstFragment = try #require(moofs.first).offset
        for round in 0..<20 {
            let cut = firstFragment + Int(generator.next() % UInt64(data.count - firstFragment))
            let prefix = directory.file("cut-\(round).mp4")
            try data.prefix(cut).write(to: prefix)
            // Expected: the video samples of every moof whose mdat is complete within the prefix.
            var expected = 0
            for (index, box) in layout.enumerated() where box.type == "moof" && index + 1 < layout.count {
                let mdat = layout[index + 1]
                guard mdat.offset + mdat.size <= cut else { continue }
                expected += Self.videoSamples(inMoof: data, box.offset, box.size)
            }
            // Read as a stream (as a player reads a file being written): always. Read as a seekable file: when the
            // cut is not inside a `moof` (FFmpeg 5.1 refuses to open a seekable file that ends inside one, "corrupted
            // TRUN atom", its own fragmented output too; the writer never leaves one, as the SIGKILL test shows).
            let insideMovieFragment = layout.contains { $0.type == "moof" && $0.offset < cut && cut < $0.offset + $0.size }
            for sequential in insideMovieFragment ? [true] : [true, false] {
                guard let probed = try? WriterProbe(url: prefix).frameCount(stream: 0, sequential: sequential) else {
                    #expect(expected == 0, "cut at \(cut) (sequential \(sequential)): ffprobe cannot read a prefix holding \(expected) complete frames")
                    continue
                }
                #expect(max(probed, 0) >= expected, "cut at \(cut) (sequential \(sequential)): ffprobe decodes \(probed), complete fragments hold \(expected)")
            }
            let asset = AVURLAsset(url: prefix)
            if let track = try? await asset.loadTracks(withMediaType: .video).first {
                let cursorCount = try await Self.sampleCount(track)
                #expect(cursorCount == expected, "cut at \(cut): our reader sees \(cursorCount), complete fragments hold \(expected)")
            } else {
                Issue.record("cut at \(cut): our reader could not open the prefix")
            }
            try? FileManager.default.removeItem(at: prefix)
        }
    }

    /// The sample count of the first traf (track 1, video) of a `moof`: its `trun` sample counts.
    static func videoSamples(inMoof data: Data, _ offset: Int, _ size: Int) -> Int {
        let bytes = [UInt8](data[offset..<offset + size])
        func u32(_ at: Int) -> Int { Int(bytes[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }) }
        var count = 0
        var position = 8
        while position + 8 <= bytes.count {
            let boxSize = u32(position), type = String(decoding: bytes[position + 4..<position + 8], as: UTF8.self)
            if type == "traf" {
                var inner = position + 8
                var trackID = 0
                while inner + 8 <= position + boxSize {
                    let innerSize = u32(inner), innerType = String(decoding: bytes[inner + 4..<inner + 8], as: UTF8.self)
                    if innerType == "tfhd" { trackID = u32(inner + 12) }
                    if innerType == "trun", trackID == 1 { count += u32(inner + 12) }
                    inner += max(8, innerSize)
                }
            }
            position += max(8, boxSize)
        }
        return count
    }

    /// Samples our reader finds in a track (through its sample table).
    static func sampleCount(_ track: AVAssetTrack) async throws -> Int {
        try #require(track.containerBacking).sampleTable().count
    }

    /// Set in the child process of `killNine`: where it writes.
    static let childOutputVariable = "LAVF_WRITER_KILL_CHILD_OUTPUT"

    @Test("a writer killed with SIGKILL leaves a fragmented file that plays up to its last complete fragment")
    func killNine() async throws {
        if let path = ProcessInfo.processInfo.environment[Self.childOutputVariable] {
            // The child: write a long fragmented movie; the parent kills it part way.
            try await Self.writeMovie(to: URL(fileURLWithPath: path), seconds: 60) { $0.movieFragmentInterval = CMTime(value: 1, timescale: 2) }
            return
        }
        let directory = try TestFiles.makeTemporaryDirectory("kill")
        let output = directory.file("killed.mp4")
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--testing-library", "swift-testing", "--filter", "WriterLayoutTests/killNine"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childOutputVariable] = output.path
        child.environment = environment
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        // Wait until several fragments are on disk, then kill without warning.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let data = try? Data(contentsOf: output), Self.boxes(data).filter({ $0.type == "moof" }).count >= 4 { break }
            usleep(50_000)
        }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        let data = try Data(contentsOf: output)
        let layout = Self.boxes(data)
        var expected = 0
        for (index, box) in layout.enumerated() where box.type == "moof" && index + 1 < layout.count
            && layout[index + 1].offset + layout[index + 1].size <= data.count {
            expected += Self.videoSamples(inMoof: data, box.offset, box.size)
        }
        #expect(expected >= 45, "at least three fragments of video survived: \(expected) samples")
        #expect(try WriterProbe(url: output).frameCount(stream: 0) >= expected)
        let track = try #require(try await AVURLAsset(url: output).loadTracks(withMediaType: .video).first)
        #expect(try await Self.sampleCount(track) == expected)
    }
}
