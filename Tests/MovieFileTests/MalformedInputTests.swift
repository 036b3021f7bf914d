import Foundation
import ISOBMFF
import MediaContainer
@testable import MovieFile
import Testing
import TestSupport

/// Truncated and byte-mutated copies of every fixture and generated file, and hand-made inputs that declare more
/// than they hold: each opens (and then every table builds or fails, and every sample reads or fails, with a
/// `MovieFileError`) or is refused with a `MovieFileError` that says where. Nothing traps; nothing allocates more
/// than the limits in `MovieFileLimits` allow; every run ends (the test finishing is the bound).
@Suite("Malformed input")
struct MalformedInputTests {
    /// Opens `bytes` and touches everything (the fuzz harness); anything but success or a located
    /// `MovieFileError` is recorded.
    static func check(_ bytes: [UInt8], _ label: @autoclosure () -> String) {
        do {
            let reader = try MovieFileReader(bytes: bytes)
            for track in reader.tracks {
                do {
                    let table = try track.samples.table()
                    for index in Set([0, table.count / 2, table.count - 1]) where index >= 0 && index < table.count {
                        do {
                            _ = try reader.blockBuffer(forSample: index, of: track)
                        } catch let error as MovieFileError {
                            #expect(error.kind == .sampleOutsideFile && error.sampleIndex == index, "\(label()): \(error)")
                        }
                    }
                } catch let error as MovieFileError {
                    #expect(error.trackID == track.trackID && error.path != nil, "\(label()): table error \(error)")
                }
            }
            _ = MovieFuzzHarness.run(bytes)
        } catch let error as MovieFileError {
            #expect(!error.message.isEmpty, "\(label())")
            if error.kind == .malformed || error.kind == .truncated {
                #expect(error.path != nil || error.offset != nil, "\(label()): '\(error)' has no location")
                if let offset = error.offset { #expect(offset >= 0 && offset <= Int64(bytes.count), "\(label()): \(error)") }
            }
        } catch {
            Issue.record("\(label()): \(type(of: error)) is not a MovieFileError: \(error)")
        }
    }

    /// The structural (loaded) top-level boxes: where damage matters.
    static func structuralRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var options = FileScanner.Options()
        options.stopsAtMalformedBox = true
        guard let scan = try? FileScanner.scan(MemorySource(bytes), options: options) else { return [] }
        return scan.boxes.filter { $0.node != nil }.map { Int($0.header.offset)..<Int($0.header.endOffset) }
    }

    @Test("truncated at many offsets", arguments: MovieFile.all)
    func truncated(_ file: MovieFile) throws {
        let bytes = try file.bytes
        var offsets = Set(stride(from: 0, to: bytes.count, by: max(1, bytes.count / 48)))
        for range in Self.structuralRanges(bytes) {
            for delta in [0, 1, 7, 8, 9, 16, range.count / 2, range.count - 1] where range.lowerBound + delta < bytes.count {
                offsets.insert(range.lowerBound + max(0, delta))
            }
        }
        for cut in offsets.sorted() { Self.check(Array(bytes[..<cut]), "\(file.name) cut at \(cut)") }
    }

    @Test("seeded byte mutations of the structure", arguments: MovieFile.all)
    func mutated(_ file: MovieFile) throws {
        let bytes = try file.bytes
        let ranges = Self.structuralRanges(bytes)
        guard !ranges.isEmpty else { return }
        let seed = Seeds.seed("mutations of \(file.name)")
        var generator = SplitMix64(seed: seed)
        for round in 0..<60 {
            var copy = bytes
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let range = ranges.randomElement(using: &generator)!
                let index = Int.random(in: range, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: copy[index] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
                case 1: copy[index] = [0x00, 0xFF, 0x7F, 0x80, 0x01].randomElement(using: &generator)!
                case 2:
                    // A 32-bit field set to an extreme: counts, sizes, offsets, timescales.
                    let value: UInt32 = [0, 1, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF].randomElement(using: &generator)!
                    for byte in 0..<4 where index + byte < range.upperBound { copy[index + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * byte)) }
                default: copy[index] = UInt8.random(in: 0...255, using: &generator)
                }
            }
            Self.check(copy, "\(file.name) mutation round \(round) (LAVF_SEED=\(seed))")
        }
    }

    /// The error opening `bytes` gives, or `nil` if they open.
    static func openingError(_ bytes: [UInt8]) -> MovieFileError? {
        do {
            _ = try MovieFileReader(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("files that are not movies are told apart from broken movies")
    func notMovies() throws {
        for (bytes, label) in [([UInt8](), "empty"), (Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8), "a WAV header"),
                               (Array("ID3\u{3}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}".utf8), "an ID3 tag"), ([0, 0, 0], "three bytes")] {
            let error = Self.openingError(bytes)
            #expect(error?.kind == .notAMovieFile && error?.isRecognizedMovie == false, "\(label): \(String(describing: error))")
        }
        // A movie cut inside its movie box is a broken movie, not another format.
        let movie = try MovieFile(name: "h264-bframes-aac-faststart.mp4", origin: .generated).bytes
        let cut = Self.openingError(Array(movie.prefix(200)))
        #expect(cut?.kind == .truncated && cut?.isRecognizedMovie == true && cut?.path?.description == "moov")
        // The fixtures broken on purpose.
        for name in MovieFiles.refusedFixtures.sorted() {
            let bytes = Array(try Data(contentsOf: MovieFiles.fixturesDirectory.appendingPathComponent(name)))
            #expect(Self.openingError(bytes)?.isRecognizedMovie == true, "\(name)")
        }
    }

    @Test("an unreadable path is reported as such")
    func missingFile() {
        var kind: MovieFileError.Kind?
        do {
            _ = try MovieFileReader(url: URL(fileURLWithPath: "/nonexistent/movie.mov"))
        } catch {
            kind = error.kind
        }
        #expect(kind == .unreadable)
    }
}

/// Seeds that print, and that `LAVF_SEED` overrides for a re-run.
enum Seeds {
    static func seed(_ label: String) -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["LAVF_SEED"], let value = UInt64(text) { return value }
        // FNV-1a of the label: stable across runs and platforms.
        return label.utf8.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}

