import Foundation
import Testing
@testable import ISOBMFF
import TestSupport

/// Replays the fuzz corpus: the seeds (structure of the generated media, without media data) and every input that
/// once crashed the fuzz target. Each must parse and re-serialise exactly, or fail with a located `BoxParseError`.
@Suite("Fuzz corpus replay")
struct CorpusReplayTests {
    static let corpus = TestFiles.repositoryRoot.appendingPathComponent("Tests/ISOBMFFTests/Corpus")

    static func files(_ folder: String) -> [String] {
        let directory = corpus.appendingPathComponent(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted().map { "\(folder)/\($0)" }
    }

    static let inputs = files("seeds") + files("crashes") + files("campaign")

    @Test("corpus input", arguments: inputs)
    func replay(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
        MalformedInputTests.check(bytes, name)
        if name.hasPrefix("seeds/") {
            // Seeds are well-formed: they must parse.
            #expect(throws: Never.self) { try FileScanner.scan(MemorySource(bytes)) }
        }
    }

    @Test("the corpus is present")
    func present() {
        #expect(Self.files("seeds").count >= 20)
        #expect(!Self.files("crashes").isEmpty)
    }
}
