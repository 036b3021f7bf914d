import Foundation
import Testing
import TestSupport

/// The AVAssetWriter fuzz target's committed corpus (seeds, and every input a campaign found failing), replayed
/// through the same harness by the target's normal build: each program runs to its end without a crash or hang,
/// and each file the writer completes is read by ffprobe without error.
@Suite("avassetwriter-fuzz corpus")
struct WriterFuzzCorpusTests {
    static var tool: URL {
        AVInfoTests.avinfo.deletingLastPathComponent().appendingPathComponent("avassetwriter-fuzz")
    }

    @Test("every committed writer program replays cleanly", .timeLimit(.minutes(10)))
    func replay() throws {
        let corpus = TestFiles.repositoryRoot.appendingPathComponent("Tests/ToolTests/Corpus/avassetwriter-fuzz")
        let files = (FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { !$0.hasDirectoryPath && $0.pathExtension != "md" }.map(\.path).sorted()
        #expect(files.count >= 12)
        let result = try ExternalTool.run(Self.tool.path, files)
        #expect(result.status == 0, "\(result.output)\(result.standardError)")
        #expect(result.output.split(separator: "\n").count == files.count)
    }
}
