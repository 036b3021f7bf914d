import Foundation
@testable import MovieFile
import Testing
import TestSupport

/// Replays the fuzz corpus through the fuzz target's own harness: the seeds (small generated movies and fixtures)
/// and every input that once made `moviefile-fuzz` fail. Each must open or be refused with a `MovieFileError`;
/// seeds must open.
@Suite("Fuzz corpus replay")
struct CorpusReplayTests {
    static let corpus = TestFiles.repositoryRoot.appendingPathComponent("Tests/MovieFileTests/Corpus")

    static func files(_ folder: String) -> [String] {
        let directory = corpus.appendingPathComponent(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
    }

    static let inputs = files("seeds") + files("crashes") + files("campaign")

    @Test("corpus input", arguments: inputs)
    func replay(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
        MalformedInputTests.check(bytes, name)
        let outcome = MovieFuzzHarness.run(bytes)
        if name.hasPrefix("seeds/"), !name.contains("clusterfuzz"), !name.contains("minimal-fragment") {
            #expect(outcome.hasPrefix("opened"), "\(name): \(outcome)")
        }
    }

    @Test("the corpus is present")
    func present() {
        #expect(Self.files("seeds").count >= 40)
    }
}
