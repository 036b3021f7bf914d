import Foundation

/// Where test inputs live and where test outputs go.
public enum TestFiles {
    /// The repository root (this file is Tests/TestSupport/TestFiles.swift).
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The project's shared material (`fixtures/`, `compat/`, `tools/`): `$SHARED_DIR` if set, otherwise the first
    /// `shared` folder found beside the repository or beside one of its ancestors (so that a checkout in a
    /// worktree folder such as `/work/wt/name` finds `/work/shared`).
    public static var sharedDirectory: URL {
        if let path = ProcessInfo.processInfo.environment["SHARED_DIR"] { return URL(fileURLWithPath: path) }
        var folder = repositoryRoot
        while folder.path != "/" {
            let candidate = folder.deletingLastPathComponent().appendingPathComponent("shared")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("fixtures").path) {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }

    /// A file from `../shared/fixtures` (real-world media with provenance in its MANIFEST.md).
    public static func fixture(_ name: String) -> URL {
        sharedDirectory.appendingPathComponent("fixtures").appendingPathComponent(name)
    }

    /// A cache for generated media that outlives one test run (`.build-cache/test-media`), so that files made by
    /// ffmpeg in set-up are made once.
    public static var generatedMediaCache: URL {
        let url = repositoryRoot.appendingPathComponent(".build-cache/test-media")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The file `name` in `folder` (nil: the cache's top level) of the generated-media cache, made by `make` if it
    /// is not there yet. `make` writes the file at the URL it is given, a name of its own in the same folder that
    /// ends like `name` (so ffmpeg infers the same format); the finished file then takes its name with rename(2).
    /// So a file is never seen half written, nor taken for finished when `make` failed, by tests running in
    /// parallel: two that miss at once both make it, and the later rename replaces the earlier, identical file.
    public static func cachedMedia(_ name: String, folder: String? = nil, make: (URL) throws -> Void) throws -> URL {
        var directory = generatedMediaCache
        if let folder { directory.appendPathComponent(folder) }
        let url = directory.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: url.path) { return url }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let partial = directory.appendingPathComponent(".partial-\(UUID().uuidString.prefix(8))-" + name)
        defer { try? FileManager.default.removeItem(at: partial) }
        try make(partial)
        guard rename(partial.path, url.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        return url
    }

    /// The file `name` in `folder` of the generated-media cache, made by ffmpeg from `recipe` (its arguments before
    /// the output path) if it is not there yet; `finish` runs on the new file before it takes its name, so a file
    /// cut short by a failure is never taken for a finished one. Safe from tests running in parallel.
    public static func ffmpegMedia(_ name: String, folder: String? = nil, recipe: [String]?,
                                   finish: (URL) throws -> Void = { _ in }) throws -> URL {
        try cachedMedia(name, folder: folder) { partial in
            guard let recipe else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name]) }
            try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-y"] + recipe + [partial.path])
            try finish(partial)
        }
    }

    /// Two SubRip cues ("Hello" for 0–0.5 s, "World" for 0.5–1 s), the input of recipes that carry a text track.
    public static func twoCuesSubtitles() throws -> URL {
        try cachedMedia("two-cues.srt") { partial in
            try Data("1\n00:00:00,000 --> 00:00:00,500\nHello\n\n2\n00:00:00,500 --> 00:00:01,000\nWorld\n".utf8)
                .write(to: partial)
        }
    }

    /// A new empty directory, removed when the returned object is deinitialised.
    public static func makeTemporaryDirectory(_ label: String = #function) throws -> TemporaryDirectory {
        try TemporaryDirectory(label: label)
    }
}

/// A scratch directory that removes itself.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    init(label: String) throws {
        let safe = label.filter { $0.isLetter || $0.isNumber }
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("lavf-\(safe.prefix(40))-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the directory (the file is not created).
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
