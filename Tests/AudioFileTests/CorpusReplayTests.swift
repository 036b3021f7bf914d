import Foundation
import Testing
@testable import AudioFile
import TestSupport

/// Replays the fuzz corpus: the seeds (the first 2 KiB of each generated file, CAF chunks reordered so the packet
/// table comes before the data), every input that once crashed or misbehaved in the fuzz target (`crashes/`), and
/// hand-made inputs for edge cases (`regressions/`). Each must open or fail with an `AudioFileError`.
@Suite("Fuzz corpus replay")
struct CorpusReplayTests {
    static let corpus = TestFiles.repositoryRoot.appendingPathComponent("Tests/AudioFileTests/Corpus")

    static func files(_ folder: String) -> [String] {
        let directory = corpus.appendingPathComponent(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted().map { "\(folder)/\($0)" }
    }

    static let inputs = files("seeds") + files("crashes") + files("regressions") + files("campaign")

    @Test("corpus input", arguments: inputs)
    func replay(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
        MalformedInputTests.check(bytes, name)
    }

    @Test("the corpus is present: a seed for every generated file, and the regressions")
    func present() {
        #expect(Self.files("seeds").count >= GeneratedAudio.names.count)
        #expect(!Self.files("regressions").isEmpty)
    }

    @Test("seeds open with the reader of their format (the first 2 KiB of each file are enough for its header)")
    func seedsOpen() throws {
        var opened = 0
        for name in Self.files("seeds") {
            let bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
            let data = AudioFileData(copying: bytes)
            guard let format = AudioFileOpener.format(of: data) else {
                Issue.record("\(name) is not recognized")
                continue
            }
            if (try? AudioFileOpener.parse(data, as: format)) != nil { opened += 1 }
        }
        // Files whose essential chunks lie past 2 KiB (or whose few frames need more) may not open; most do.
        #expect(opened >= Self.files("seeds").count * 3 / 4)
    }
}
