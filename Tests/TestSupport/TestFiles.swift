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
