import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// Counts calls from any thread.
final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}

/// Runs `session.exportAsynchronously` and returns once its handler ran, with how often it ran (checked again a
/// little later, so that a second call would be seen).
func exportCountingHandlers(_ session: AVAssetExportSession) async -> Int {
    let counter = CallCounter()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        session.exportAsynchronously {
            counter.increment()
            if counter.count == 1 { continuation.resume() }
        }
    }
    try? await Task.sleep(for: .milliseconds(200))
    return counter.count
}

/// A small tmpfs mounted for one test (root only), removed by `unmount`.
struct SmallDisk {
    let url: URL

    /// A tmpfs of `size` ("256k"), read-only when asked; nil when mounting is not possible here.
    init?(size: String, readOnly: Bool = false) {
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("lavf-export-disk-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let options = "size=\(size)" + (readOnly ? ",ro" : "")
        guard let result = try? ExternalTool.run("mount", ["-t", "tmpfs", "-o", options, "tmpfs", mountPoint.path]),
              result.status == 0 else {
            try? FileManager.default.removeItem(at: mountPoint)
            return nil
        }
        url = mountPoint
    }

    func unmount() {
        _ = try? ExternalTool.run("umount", [url.path])
        try? FileManager.default.removeItem(at: url)
    }

    /// The names of everything in the mount.
    var contents: [String] { (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] }
}

/// Failures, cancellation, the completion handler's single call, the waiting queue, and what is left on disk.
@Suite("Export behaviour")
struct ExportBehaviourTests {
    static func source() throws -> URL { try ExportMedia.url("h264-bframes-aac-320x240-25fps.mov") }
    /// A source long enough to be cancelled mid-way (HEVC at its highest quality takes seconds per second of it).
    static func longSource() throws -> URL { try ExportMedia.url("h264-aac-640x360-30fps-48k.mp4") }

    static func session(_ preset: String = AVAssetExportPreset640x480, source: URL? = nil) throws -> AVAssetExportSession {
        try #require(AVAssetExportSession(asset: AVURLAsset(url: source ?? Self.source()), presetName: preset))
    }

    /// A passthrough export knows its sample count from the source, so with fast start the writer leaves room for
    /// the movie box before the media data: the file reads ftyp, moov, free (the room left over), then the media
    /// data, which was written once and never moved. A low-rate source, where the worst-case room would be more than
    /// 1 % of the file, gets no room: its media data moves up at the end (ftyp, moov, mdat). Either way its frames
    /// are the source's.
    @Test("fast-start passthrough writes the movie box into room left before the media data when that is worth it",
          arguments: [("h264-aac-1280x720-crf8.mp4", true), ("h264-bframes-aac-320x240-25fps.mov", false)])
    func fastStartPassthroughReservesRoom(_ name: String, reserves: Bool) async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let source = try ExportMedia.url(name)
        let session = try Self.session(AVAssetExportPresetPassthrough, source: source)
        let output = folder.file("fast.mp4")
        session.outputURL = output
        session.outputFileType = .mp4
        session.shouldOptimizeForNetworkUse = true
        #expect(await exportCountingHandlers(session) == 1)
        #expect(session.status == .completed, "\(String(describing: session.error))")
        let types = try Self.topLevelBoxTypes(output).filter { $0 != "wide" }
        #expect(types == (reserves ? ["ftyp", "moov", "free", "mdat"] : ["ftyp", "moov", "mdat"]), "\(types)")
        #expect(try ExportProbe.framemd5(output, stream: "v").map(\.hash)
                == ExportProbe.framemd5(source, stream: "v").map(\.hash))
        #expect(try ExternalTool.ffmpegDecodeErrors(output) == "")
    }

    /// A source whose B-frames are stored with negative composition offsets reads with each decode time moved down
    /// by the most negative offset (Core Media's timing has decode ≤ presentation), so the writer takes every sample
    /// and the copy keeps each packet and its presentation time (it failed with "presentation time before decode
    /// time" before).
    @Test("passthrough of negative composition offsets keeps every packet and presentation time",
          arguments: [AVFileType.mp4, .mov])
    func negativeCompositionOffsets(_ fileType: AVFileType) async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let source = try ExportMedia.url("h264-bframes-negative-cts.mp4")
        let session = try Self.session(AVAssetExportPresetPassthrough, source: source)
        let output = folder.file(fileType == .mp4 ? "copy.mp4" : "copy.mov")
        session.outputURL = output
        session.outputFileType = fileType
        await session.export()
        #expect(session.status == .completed, "\(String(describing: session.error))")
        let copied = try ExportProbe.framemd5(output, stream: "v", outputOptions: ["-c", "copy"])
        let original = try ExportProbe.framemd5(source, stream: "v", outputOptions: ["-c", "copy"])
        #expect(copied.map(\.hash) == original.map(\.hash))
        #expect(copied.map(\.pts) == original.map(\.pts), "presentation times as ffmpeg reads the source's")
        #expect(try ExportProbe.framemd5(output, stream: "v").map(\.hash) == ExportProbe.framemd5(source, stream: "v").map(\.hash))
        #expect(try ExternalTool.ffmpegDecodeErrors(output) == "")
    }

    /// A FAAC-written M4A (`../shared/fixtures` mg-has-tags.m4a, cut to a seed of the demuxer's corpus) gives its first
    /// AAC packet a composition offset of one packet, so its first two packets share a presentation time. Each
    /// audio buffer now covers packets presented back to back and keeps the file's decode time; before, the first
    /// buffer was timed as if the packets ran on from its first, and the writer refused the next buffer's overlap.
    @Test("passthrough of AAC whose packets carry composition offsets keeps every packet")
    func audioCompositionOffsets() async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let source = folder.file("has-tags.m4a")
        try FileManager.default.copyItem(at: TestFiles.repositoryRoot.appendingPathComponent(
            "Tests/MovieFileTests/Corpus/seeds/fixture-mg-has-tags-m4a.seed"), to: source)
        let session = try Self.session(AVAssetExportPresetPassthrough, source: source)
        let output = folder.file("copy.mov")
        session.outputURL = output
        session.outputFileType = .mov
        await session.export()
        #expect(session.status == .completed, "\(String(describing: session.error))")
        let copied = try ExportProbe.framemd5(output, stream: "a", outputOptions: ["-c", "copy"])
        let original = try ExportProbe.framemd5(source, stream: "a", outputOptions: ["-c", "copy"])
        #expect(copied.count == 160)
        #expect(copied.map(\.hash) == original.map(\.hash))
        #expect(try ExternalTool.ffmpegDecodeErrors(output) == "")
    }

    /// With a file length limit the export may stop long before its planned sample count, and room left for the
    /// samples never written would count against the limit: no room is reserved, the media data moves instead.
    @Test("fast-start passthrough with a fileLengthLimit reserves no room for the movie box")
    func fastStartWithLimitReservesNothing() async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let session = try Self.session(AVAssetExportPresetPassthrough, source: try ExportMedia.url("h264-aac-1280x720-crf8.mp4"))
        let output = folder.file("limited.mp4")
        session.outputURL = output
        session.outputFileType = .mp4
        session.shouldOptimizeForNetworkUse = true
        session.fileLengthLimit = 400_000
        #expect(await exportCountingHandlers(session) == 1)
        #expect(session.status == .completed, "\(String(describing: session.error))")
        #expect(try Self.topLevelBoxTypes(output).filter { $0 != "wide" } == ["ftyp", "moov", "mdat"])
        let size = try FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int ?? .max
        #expect(size <= 400_000)
        #expect(try ExternalTool.ffmpegDecodeErrors(output) == "")
    }

    /// The types of the file's top-level boxes, in order.
    static func topLevelBoxTypes(_ url: URL) throws -> [String] {
        let data = try Data(contentsOf: url)
        var types: [String] = [], offset = 0
        while offset + 8 <= data.count {
            var size = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: data[offset + 4..<offset + 8], as: UTF8.self))
            if size == 1, offset + 16 <= data.count { size = data[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) } }
            guard size >= 8 else { break }
            offset += size
        }
        return types
    }

    @Test("a completed export calls its handler once, and a second exportAsynchronously gets its own call")
    func handlerOnceOnSuccess() async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let session = try Self.session()
        session.outputURL = folder.file("out.mp4")
        session.outputFileType = .mp4
        #expect(await exportCountingHandlers(session) == 1)
        #expect(session.status == .completed && session.error == nil && session.progress == 1)
        // After the end a new call does not export again; its handler still runs, once.
        #expect(await exportCountingHandlers(session) == 1)
        #expect(session.status == .completed)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["out.mp4"], "no temporary files")
    }

    @Test("an existing file is never overwritten: fileAlreadyExists, the handler runs before the call returns")
    func existingFile() async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let output = folder.file("taken.mp4")
        try Data("keep me".utf8).write(to: output)
        let session = try Self.session()
        session.outputURL = output
        session.outputFileType = .mp4
        let counter = CallCounter()
        session.exportAsynchronously { counter.increment() }
        #expect(counter.count == 1, "a configuration failure calls the handler synchronously, as Apple documents")
        #expect(session.status == .failed)
        #expect((session.error as? AVError)?.code == .fileAlreadyExists)
        #expect(try Data(contentsOf: output) == Data("keep me".utf8), "the file is untouched")
        // export(to:as:) throws the same error.
        let again = try Self.session()
        await #expect(throws: AVError.self) { try await again.export(to: output, as: .mp4) }
        #expect(try Data(contentsOf: output) == Data("keep me".utf8))
    }

    @Test("misconfiguration fails with a clear AVError: no URL, no file type, a type the preset does not write, an empty video composition")
    func misconfiguration() async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let noURL = try Self.session()
        noURL.outputFileType = .mp4
        #expect(await exportCountingHandlers(noURL) == 1)
        #expect((noURL.error as? AVError)?.code == .operationNotAllowed)

        let noType = try Self.session()
        noType.outputURL = folder.file("a.mp4")
        #expect(await exportCountingHandlers(noType) == 1)
        #expect((noType.error as? AVError)?.code == .operationNotAllowed)

        let wrongType = try Self.session()
        await #expect { try await wrongType.export(to: folder.file("b.m4a"), as: .m4a) } throws: { error in
            (error as? AVError)?.code == .formatUnsupported
        }

        let composed = try Self.session()
        composed.videoComposition = AVMutableVideoComposition()
        await #expect { try await composed.export(to: folder.file("c.mp4"), as: .mp4) } throws: { error in
            // An empty composition (zero render size, no instructions) is refused before anything is written.
            (error as? AVError)?.code == .invalidVideoComposition
                && (error as NSError).localizedDescription.contains("renderSize")
        }
        // Passthrough ignores a video composition, as Apple documents.
        let passthrough = try Self.session(AVAssetExportPresetPassthrough)
        passthrough.videoComposition = AVMutableVideoComposition()
        try await passthrough.export(to: folder.file("d.mov"), as: .mov)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["d.mov"])
    }

    @Test("passthrough to a file type that cannot hold the codec fails with formatUnsupported naming it")
    func passthroughIncompatibleFileType() async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let session = try Self.session(AVAssetExportPresetPassthrough, source: try ExportMedia.url("prores4444-alpha-320x240.mov"))
        #expect(await session.compatibleFileTypes == [.mov])
        await #expect { try await session.export(to: folder.file("p.mp4"), as: .mp4) } throws: { error in
            let text = (error as NSError).localizedDescription
            return (error as? AVError)?.code == .formatUnsupported && text.contains("ap4h") && text.contains("QuickTime")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test("an asset that cannot be opened: a session, and an export that fails with the asset's error")
    func unreadableAsset() async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let bogus = folder.file("not-media.mov")
        try Data(repeating: 7, count: 4096).write(to: bogus)
        let session = try #require(AVAssetExportSession(asset: AVURLAsset(url: bogus), presetName: AVAssetExportPreset640x480))
        #expect(await exportCountingHandlers(session) == 0 + 1)
        #expect(session.status == .failed)
        #expect(session.error != nil)
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.mp4").path))
    }

    @Test("cancelling before the export starts: cancelled at once, and a later export ends at once")
    func cancelBeforeStart() async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let session = try Self.session()
        session.cancelExport()
        #expect(session.status == .cancelled)
        session.outputURL = folder.file("never.mp4")
        session.outputFileType = .mp4
        #expect(await exportCountingHandlers(session) == 1)
        #expect(session.status == .cancelled)
        #expect(!FileManager.default.fileExists(atPath: folder.file("never.mp4").path))
    }

    @Test("an unwritable directory (read-only file system) fails, leaving nothing")
    func unwritableDirectory() async throws {
        guard let disk = SmallDisk(size: "1m", readOnly: true) else {
            print("unwritableDirectory: skipped, tmpfs cannot be mounted here")
            return
        }
        defer { disk.unmount() }
        let session = try Self.session()
        session.outputURL = disk.url.appendingPathComponent("out.mp4")
        session.outputFileType = .mp4
        #expect(await exportCountingHandlers(session) == 1)
        #expect(session.status == .failed)
        let error = try #require(session.error as? AVError)
        #expect((error as NSError).localizedDescription.contains("out.mp4"), "the error names the file: \(error)")
        #expect(disk.contents.isEmpty)
    }

    @Test("a full disk fails with diskFull and removes the partial output", arguments: [AVAssetExportPresetAppleProRes422LPCM,
                                                                                      AVAssetExportPresetPassthrough])
    func diskFull(preset: String) async throws {
        guard let disk = SmallDisk(size: "96k") else {
            print("diskFull: skipped, tmpfs cannot be mounted here")
            return
        }
        defer { disk.unmount() }
        let session = try Self.session(preset)
        session.outputURL = disk.url.appendingPathComponent("full.mov")
        session.outputFileType = .mov
        session.shouldOptimizeForNetworkUse = true
        #expect(await exportCountingHandlers(session) == 1)
        #expect(session.status == .failed)
        #expect((session.error as? AVError)?.code == .diskFull, "\(String(describing: session.error))")
        #expect(disk.contents.isEmpty, "no partial output, no temporary files: \(disk.contents)")
    }
}
