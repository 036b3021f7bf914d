import Foundation
import MediaContainer
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The one output file every container writer writes through: never over an existing file, bytes in call order
/// whether buffered, patched or gathered, a full disk reported with its errno, and nothing left behind on discard.
@Suite("Output file")
struct OutputFileTests {
    private static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("output-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return url
    }

    @Test("an existing file is never opened: .outputExists, and its bytes are untouched")
    func neverOverwrites() throws {
        let url = try Self.directory().appendingPathComponent("exists.bin")
        try Data("precious".utf8).write(to: url)
        let error = #expect(throws: ContainerWriterError.self) { _ = try OutputFile(creating: url) }
        #expect(error?.code == .outputExists)
        #expect(error?.posixErrorCode == EEXIST)
        #expect(try Data(contentsOf: url) == Data("precious".utf8))
    }

    @Test("appends, a patch and a read-back land where they were asked; close keeps the file, discard removes it")
    func writesInOrder() throws {
        let directory = try Self.directory()
        let url = directory.appendingPathComponent("out.bin")
        let file = try OutputFile(creating: url, bufferSize: 4096)
        try file.write([1, 2, 3, 4])
        // Larger than the buffer: goes straight to the kernel after what is buffered.
        try file.write([UInt8](repeating: 9, count: 10_000))
        try file.overwrite([7, 7], at: 1)
        #expect(file.position == 10_004)
        var back = [UInt8](repeating: 0, count: 4)
        try back.withUnsafeMutableBytes { try file.read(into: $0, at: 0) }
        #expect(back == [1, 7, 7, 4])
        try file.close()
        let written = [UInt8](try Data(contentsOf: url))
        #expect(written.count == 10_004)
        #expect(Array(written[0..<5]) == [1, 7, 7, 4, 9])

        let other = directory.appendingPathComponent("discarded.bin")
        let discarded = try OutputFile(creating: other)
        try discarded.write([1, 2, 3])
        discarded.discard()
        #expect(!FileManager.default.fileExists(atPath: other.path))
    }

    @Test("a full disk takes what fits, then refuses with the errno, as .diskFull")
    func fullDisk() throws {
        let url = try Self.directory().appendingPathComponent("full.bin")
        let file = try OutputFile(creating: url, bufferSize: 4096, simulatedFailure: .init(limit: 6_000, errno: ENOSPC))
        let error = #expect(throws: ContainerWriterError.self) {
            try file.write([UInt8](repeating: 1, count: 5_000))
            try file.write([UInt8](repeating: 2, count: 5_000))
            try file.flush()
        }
        #expect(error?.code == .diskFull)
        #expect(error?.posixErrorCode == ENOSPC)
        #expect(error?.description.contains("No space left on device") == true)
        file.discard()
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("temporary files are hidden, named after their output and purpose, and never the same twice")
    func temporaryNames() throws {
        let output = URL(fileURLWithPath: "/data/out/movie.mov")
        let first = TemporaryFileName.url(for: output, purpose: "mediadata")
        let second = TemporaryFileName.url(for: output, purpose: "mediadata")
        #expect(first.deletingLastPathComponent().path == "/data/out")
        #expect(first.lastPathComponent.hasPrefix(".movie.mov."))
        #expect(first.lastPathComponent.hasSuffix(".mediadata"))
        #expect(first != second)
        let elsewhere = TemporaryFileName.url(for: output, purpose: "passes", in: URL(fileURLWithPath: "/tmp/work"))
        #expect(elsewhere.deletingLastPathComponent().path == "/tmp/work")
    }
}
