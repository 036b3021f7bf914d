import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer
import Testing
@testable import MovieFile
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A fragmented movie written to an append-only stream (a pipe, read at the other end while it is written), judged
/// by ffprobe and ffmpeg reading the pipe; the layouts a stream cannot carry are refused when the writer is made,
/// and a reader that goes away is an error, never the end of the process.
@Suite("Writer: fragmented movie to an append-only stream", .serialized)
struct WriterStreamTests {
    /// A pipe whose ends are closed on exec, so that a tool given the read end sees the end when the writer closes
    /// the write end.
    static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        // Glibc's Swift module has no pipe2: close-on-exec is set just after.
        guard pipe(&ends) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Runs `tool` reading a pipe as its standard input while `write` writes the other end (and closes it); returns
    /// the tool's exit status, standard output and standard error. Output goes to files, so a talkative tool never
    /// stops reading because its own pipe is full.
    static func runReadingPipe(_ tool: String, _ arguments: [String], directory: TemporaryDirectory,
                               write: (Int32) throws -> Void) throws -> (status: Int32, output: Data, error: String) {
        let (readEnd, writeEnd) = try makePipe()
        let outputURL = directory.file("\(tool).out"), errorURL = directory.file("\(tool).err")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardInput = FileHandle(fileDescriptor: readEnd, closeOnDealloc: false)
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        do {
            try process.run()
        } catch {
            close(readEnd)
            close(writeEnd)
            throw error
        }
        close(readEnd)
        defer { process.waitUntilExit() }
        try write(writeEnd)
        process.waitUntilExit()
        return (process.terminationStatus, try Data(contentsOf: outputURL),
                String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }

    @Test("video and audio fragments to a pipe: ffprobe reads every packet from it, ffmpeg decodes it cleanly")
    func fragmentsToPipe() throws {
        let sources = try WriterFragmentTests.sources()
        let directory = try TestFiles.makeTemporaryDirectory("stream")
        let options = WriterFragmentTests.fragmentedOptions()
        let write = { (descriptor: Int32) throws in
            let writer = try MovieWriter(appendingTo: descriptor, name: "pipe", fileType: .mpeg4, options: options)
            #expect(writer.capabilities.editLists == false, "the movie box goes out before the timeline is known")
            try MuxerHarness.feed(sources, into: writer)
        }
        let probe = try Self.runReadingPipe("ffprobe", [
            "-v", "error", "-show_entries", "packet=stream_index,size,flags", "-of", "json", "pipe:0",
        ], directory: directory, write: write)
        #expect(probe.status == 0, "\(probe.error)")
        #expect(probe.error.isEmpty, "\(probe.error)")
        let json = try JSONSerialization.jsonObject(with: probe.output) as? [String: Any]
        let packets = json?["packets"] as? [[String: Any]] ?? []
        for (index, source) in sources.enumerated() {
            let stream = packets.filter { ($0["stream_index"] as? Int) == index }
            let written = source.samples.count
            #expect(stream.count == written, "\(source.name): ffprobe read \(stream.count) packets, \(written) written")
            let sizes = stream.map { Int(FFprobe.int64($0["size"]) ?? -1) }
            #expect(sizes == source.samples.map(\.data.count), "\(source.name): packet sizes")
            let keys = stream.map { ($0["flags"] as? String)?.hasPrefix("K") ?? false }
            #expect(keys == source.samples.map(\.isSync), "\(source.name): key flags")
        }

        let decode = try Self.runReadingPipe("ffmpeg", ["-nostdin", "-v", "error", "-i", "pipe:0", "-f", "null", "-"],
                                             directory: directory, write: write)
        #expect(decode.status == 0 && decode.error.isEmpty, "ffmpeg: exit \(decode.status): \(decode.error)")
    }

    @Test("the bytes to a pipe are the boxes of a fragmented file, written once: ftyp, moov, moof+mdat pairs, mfra")
    func streamBoxes() throws {
        let sources = try WriterFragmentTests.sources()
        let directory = try TestFiles.makeTemporaryDirectory("stream-boxes")
        let output = directory.file("captured.mp4")
        // `cat` copies the pipe into a file, so the box scanner can look at exactly what went down it.
        let capture = try Self.runReadingPipe("sh", ["-c", "cat > '\(output.path)'"], directory: directory) { fd in
            let writer = try MovieWriter(appendingTo: fd, name: "pipe", fileType: .mpeg4,
                                         options: WriterFragmentTests.fragmentedOptions())
            try MuxerHarness.feed(sources, into: writer)
        }
        #expect(capture.status == 0)
        let scan = try FileScanner.scan(FileSource(url: output))
        let types = scan.boxes.map(\.header.type)
        #expect(Array(types.prefix(2)) == ["ftyp", "moov"], "no room left after the movie box: \(types.prefix(3))")
        #expect(types.last == "mfra")
        #expect(!types.contains("free"), "nothing to commit or rewrite on a stream")
        #expect(scan.fragments.count >= 4)
        let mfra = try #require(scan.first(MovieFragmentRandomAccessBox.self))
        let moofOffsets = Set(scan.fragments.map { UInt64($0.header.offset) })
        #expect(mfra.trackTables.allSatisfy { $0.entries.allSatisfy { moofOffsets.contains($0.moofOffset) } },
                "tfra offsets count the stream's bytes from its start")
    }

    @Test("progressive and fast start are refused on a pipe when the writer is made", arguments: [false, true])
    func refusesPatchingLayouts(fastStart: Bool) throws {
        let (readEnd, writeEnd) = try Self.makePipe()
        defer { close(readEnd) }
        var options = MovieWriterOptions()
        options.shouldOptimizeForNetworkUse = fastStart
        let error = #expect(throws: ContainerWriterError.self) {
            _ = try MovieWriter(appendingTo: writeEnd, name: "pipe", fileType: .mpeg4, options: options)
        }
        #expect(error?.code == .unsupportedFormat)
        #expect(error?.message.contains("only appends") == true, "\(String(describing: error))")
        // The writer owned the write end: the reader sees the end of the stream at once.
        var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&poller, 1, 5_000) == 1)
        var byte: UInt8 = 0
        #expect(read(readEnd, &byte, 1) == 0)
    }

    @Test("a reader that closes early fails the writer with EPIPE, named as such; the process lives")
    func readerClosesEarly() throws {
        let sources = try WriterFragmentTests.sources()
        let (readEnd, writeEnd) = try Self.makePipe()
        close(readEnd)
        let writer = try MovieWriter(appendingTo: writeEnd, name: "pipe", fileType: .mpeg4,
                                     options: WriterFragmentTests.fragmentedOptions())
        // SIGPIPE's default action ends the process, as in a program that never set it.
        let previous = signal(SIGPIPE, SIG_DFL)
        defer { signal(SIGPIPE, previous) }
        let error = #expect(throws: ContainerWriterError.self) { try MuxerHarness.feed(sources, into: writer) }
        #expect(error?.code == .fileSystem)
        #expect(error?.posixErrorCode == EPIPE)
        #expect(error?.message.contains("the reader closed its end") == true, "\(String(describing: error))")
        // The failure sticks.
        #expect(throws: ContainerWriterError.self) { try writer.finish() }
    }
}
