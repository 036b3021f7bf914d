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

    /// The file `name` in `folder` of the generated-media cache, made by ffmpeg from `recipe` (its arguments before
    /// the output path) if it is not there yet; `finish` runs on the new file before it takes its name, so a file
    /// cut short by a failure is never taken for a finished one. Safe from tests running in parallel.
    public static func ffmpegMedia(_ name: String, folder: String, recipe: [String]?,
                                   finish: (URL) throws -> Void = { _ in }) throws -> URL {
        let directory = generatedMediaCache.appendingPathComponent(folder)
        let url = directory.appendingPathComponent(name)
        return try generatedMediaLock.withLock {
            if FileManager.default.fileExists(atPath: url.path) { return url }
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            guard let recipe else { throw CocoaError(.fileNoSuchFile) }
            let partial = directory.appendingPathComponent("partial-" + name)
            try? FileManager.default.removeItem(at: partial)
            try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-y"] + recipe + [partial.path])
            try finish(partial)
            try FileManager.default.moveItem(at: partial, to: url)
            return url
        }
    }

    private static let generatedMediaLock = NSLock()

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
