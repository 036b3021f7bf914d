import CoreMedia
import Foundation
import MediaContainer
import Testing
@testable import MovieFile
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// True when this process may mount a tmpfs (it runs as root), for the disk-full test.
let canMountTmpfs = getuid() == 0

@Suite("Writer: nothing is lost, nothing is left behind")
struct WriterFailureTests {
    static func video() throws -> TrackSource {
        try ElementarySources.prores(MuxerTestMedia.url("prores-422-frames.prores"))
    }

    @Test("an existing output file is refused and left untouched")
    func outputExists() throws {
        let directory = try TestFiles.makeTemporaryDirectory("exists")
        let output = directory.file("existing.mov")
        try Data("precious".utf8).write(to: output)
        let error = #expect(throws: ContainerWriterError.self) { _ = try MovieWriter(url: output, fileType: .quickTimeMovie) }
        #expect(error?.code == .outputExists)
        #expect(try Data(contentsOf: output) == Data("precious".utf8))
    }

    @Test("cancel removes the output and the temporary spool, in any state")
    func cancelRemovesEverything() throws {
        let directory = try TestFiles.makeTemporaryDirectory("cancel")
        let output = directory.file("cancelled.mov")
        var options = MovieWriterOptions()
        options.temporaryDirectory = directory.url
        let writer = try MovieWriter(url: output, fileType: .quickTimeMovie, options: options)
        let source = try Self.video()
        var configuration = source.configuration
        configuration.mediaDataLocation = .beforeMainMediaDataNotInterleaved
        let track = try writer.addTrack(configuration)
        for sample in source.movieSamples() { try writer.append(sample, to: track) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).count == 2, "output and spool")
        writer.cancel()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
        let error = #expect(throws: ContainerWriterError.self) { try writer.finish() }
        #expect(error?.code == .cancelled)
    }

    @Test("a writer dropped without finishing removes its output")
    func droppedWriter() throws {
        let directory = try TestFiles.makeTemporaryDirectory("dropped")
        let output = directory.file("dropped.mov")
        do {
            let writer = try MovieWriter(url: output, fileType: .quickTimeMovie)
            let source = try Self.video()
            let track = try writer.addTrack(source.configuration)
            try writer.append(source.movieSamples()[0], to: track)
            #expect(FileManager.default.fileExists(atPath: output.path))
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("a bad sample is refused and the writer carries on")
    func badSample() throws {
        let directory = try TestFiles.makeTemporaryDirectory("bad-sample")
        let output = directory.file("carry-on.mov")
        let writer = try MovieWriter(url: output, fileType: .quickTimeMovie)
        let source = try Self.video()
        let track = try writer.addTrack(source.configuration)
        let samples = source.movieSamples()
        try writer.append(samples[1], to: track)
        let error = #expect(throws: ContainerWriterError.self) { try writer.append(samples[0], to: track) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("decode") == true)
        var wrongDescription = samples[2]
        wrongDescription.descriptionIndex = 2
        #expect(throws: ContainerWriterError.self) { try writer.append(wrongDescription, to: track) }
        for sample in samples.dropFirst(2) { try writer.append(sample, to: track) }
        try writer.finish()
        #expect(try PacketProbe.packets(output).count == samples.count - 1)
    }

    @Test("a full disk fails with ENOSPC (diskFull), removes the output and temporaries, and does not crash",
          .enabled(if: canMountTmpfs))
    func diskFull() throws {
        let directory = try TestFiles.makeTemporaryDirectory("disk-full")
        let mount = directory.file("tiny")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        try ExternalTool.check("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mount.path])
        defer { _ = try? ExternalTool.run("umount", [mount.path]) }
        let output = mount.appendingPathComponent("full.mov")
        var options = MovieWriterOptions()
        options.temporaryDirectory = mount
        let writer = try MovieWriter(url: output, fileType: .quickTimeMovie, options: options)
        let source = try Self.video()
        let track = try writer.addTrack(source.configuration)
        let frame = Data(source.samples[0].data)
        var failure: ContainerWriterError?
        for index in 0..<2_000 where failure == nil {
            do {
                try writer.append(OutputSample(payload: .data(frame), decodeTime: Int64(index) * 24, duration: 24), to: track)
            } catch {
                failure = error
            }
        }
        if failure == nil {
            do { try writer.finish() } catch { failure = error }
        }
        let error = try #require(failure, "writing 2000 frames to a 1 MiB disk fails")
        #expect(error.code == .diskFull)
        #expect(error.isDiskFull)
        #expect(error.posixErrorCode == ENOSPC)
        #expect(error.message.contains("No space left on device"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount.path).isEmpty, "nothing left on the disk")
        // Every later call reports the same failure.
        let later = #expect(throws: ContainerWriterError.self) { try writer.finish() }
        #expect(later == error)
    }

    /// Set in the child process of `fileSizeLimit`: the directory it writes into.
    static let limitChildVariable = "LAVF_MUXER_FSIZE_CHILD_DIRECTORY"

    @Test("past RLIMIT_FSIZE (SIGXFSZ ignored) writes fail with EFBIG, reported as a full disk; the output is removed")
    func fileSizeLimit() throws {
        if let path = ProcessInfo.processInfo.environment[Self.limitChildVariable] {
            // The child: a 256 KiB file-size limit for this process only.
            signal(SIGXFSZ, SIG_IGN)
            var limit = rlimit(rlim_cur: 256 << 10, rlim_max: 256 << 10)
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
            let output = URL(fileURLWithPath: path).appendingPathComponent("limited.mov")
            let writer = try MovieWriter(url: output, fileType: .quickTimeMovie)
            let source = try Self.video()
            let track = try writer.addTrack(source.configuration)
            let frame = Data(source.samples[0].data)
            var failure: ContainerWriterError?
            for index in 0..<2_000 where failure == nil {
                do {
                    try writer.append(OutputSample(payload: .data(frame), decodeTime: Int64(index) * 24, duration: 24),
                                      to: track)
                } catch {
                    failure = error
                }
            }
            let error = try #require(failure)
            #expect(error.code == .diskFull)
            #expect(error.posixErrorCode == EFBIG)
            #expect(!FileManager.default.fileExists(atPath: output.path))
            return
        }
        // The parent: the same test in a child process, so the limit does not touch the other tests.
        let directory = try TestFiles.makeTemporaryDirectory("fsize")
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--testing-library", "swift-testing", "--filter", "WriterFailureTests/fileSizeLimit"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.limitChildVariable] = directory.url.path
        child.environment = environment
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        child.waitUntilExit()
        #expect(child.terminationReason == .exit && child.terminationStatus == 0,
                "the child's expectations hold (status \(child.terminationStatus))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }
}
