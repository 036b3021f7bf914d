import Foundation
import MediaContainer
import Testing
@testable import AudioFile
import TestSupport

/// Broken inputs: every generated file cut at many offsets and mutated with a seeded generator. Each must open or
/// throw an `AudioFileError`; never trap, hang or build tables out of proportion to its bytes. Failures print the
/// seed; `LAVF_SEED=…` re-runs with it.
@Suite("Malformed input")
struct MalformedInputTests {
    static let formats: [ContainerFormat] = [.wave, .aiff, .caf, .amr, .mp3, .adts]

    /// Parses `bytes` with every reader, and checks what parses: a usable track, a table whose entries lie in the
    /// input and are no more numerous than its bytes, packets that add up.
    static func check(_ bytes: [UInt8], _ label: String) {
        let data = AudioFileData(copying: bytes)
        _ = AudioFileOpener.format(of: data, pathExtension: "mp3")
        for format in formats {
            let contents: AudioFileContents
            do {
                contents = try AudioFileOpener.parse(data, as: format)
            } catch is AudioFileError {
                continue
            } catch {
                Issue.record("\(label) as \(format): an error that is not an AudioFileError: \(error)")
                continue
            }
            guard let track = try? contents.makeTrack() else { continue }
            let table: SampleTable
            do {
                table = try track.samples.table()
            } catch {
                #expect(error is AudioFileError, "\(label) as \(format): \(error)")
                continue
            }
            #expect(table.count <= max(1, bytes.count), "\(label) as \(format): \(table.count) entries for \(bytes.count) bytes")
            let step = max(1, table.count / 500)
            for index in stride(from: 0, to: table.count, by: step) {
                let end = table.offset(at: index) + UInt64(table.size(at: index))
                if end > UInt64(bytes.count) {
                    Issue.record("\(label) as \(format): packet \(index) ends at \(end), past \(bytes.count)")
                    break
                }
            }
            #expect(contents.priming >= 0 && contents.remainder >= 0 && contents.validFrames >= 0, "\(label)")
            #expect(contents.metadata.count <= 2 * AudioFileLimits.maximumMetadataItems, "\(label)")
        }
    }

    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["LAVF_SEED"].flatMap { UInt64($0) } ?? 0xA0D1_0F11_E5EE_D001
    }

    @Test("truncated at many offsets", arguments: GeneratedAudio.names)
    func truncations(_ name: String) throws {
        let bytes = try GeneratedAudio.bytes(name)
        // Every offset through the headers, a spread through the data, and the last bytes (tags, final packets).
        var offsets = Set(0..<min(bytes.count, 160))
        offsets.formUnion(stride(from: 0, to: bytes.count, by: max(1, bytes.count / 32)))
        offsets.formUnion(max(0, bytes.count - 16)..<bytes.count)
        for offset in offsets.sorted() { Self.check(Array(bytes[..<offset]), "\(name) cut at \(offset)") }
    }

    @Test("seeded mutations", arguments: GeneratedAudio.names)
    func mutations(_ name: String) throws {
        let original = try GeneratedAudio.bytes(name)
        // The headers are where the structure is: most mutations land in the first kilobyte.
        var generator = SplitMix64(seed: Self.seed ^ UInt64(truncatingIfNeeded: name.hashValue & 0))
        let rounds = original.count > 100_000 ? 30 : 80
        for round in 0..<rounds {
            var bytes = original
            let edits = Int.random(in: 1...4, using: &generator)
            for _ in 0..<edits {
                let limit = Bool.random(using: &generator) ? min(bytes.count, 1024) : bytes.count
                guard limit > 0 else { break }
                let index = Int.random(in: 0..<limit, using: &generator)
                switch Int.random(in: 0..<5, using: &generator) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes[index] = 0xFF
                case 2: bytes[index] = 0
                case 3:
                    // A size field set to something huge.
                    for offset in index..<min(bytes.count, index + 4) { bytes[offset] = 0xFF }
                    if index + 3 < bytes.count { bytes[index] = 0x7F }
                default:
                    bytes.insert(contentsOf: [UInt8](repeating: 0xAA, count: Int.random(in: 1...9, using: &generator)), at: index)
                }
            }
            Self.check(bytes, "\(name) mutation \(round) (LAVF_SEED=\(Self.seed))")
        }
    }

    /// The error `body` throws, if it is an `AudioFileError`.
    static func audioFileError(_ body: () throws -> Void) -> AudioFileError? {
        do {
            try body()
            return nil
        } catch {
            return error as? AudioFileError
        }
    }

    @Test("errors name the format, the chunk and the offset")
    func errorsAreLocated() throws {
        var bytes = try GeneratedAudio.bytes("wav-s16le-mono-list-info.wav")
        bytes[22] = 0
        bytes[23] = 0  // channel count 0
        let channels = Self.audioFileError { _ = try WAVEReader.parse(AudioFileData(copying: bytes)) }
        #expect(channels?.kind == .malformed)
        #expect(channels?.description == "WAVE: RIFF/fmt  at 22: channel count 0")

        let short = Array("caff".utf8) + [0, 1, 0, 0] + Array("desc".utf8) + [0, 0, 0, 0, 0, 0, 0, 32]
            + [UInt8](repeating: 0, count: 10)
        let desc = Self.audioFileError { _ = try CAFReader.parse(AudioFileData(copying: short)) }
        #expect(desc?.kind == .malformed)
        #expect(desc?.description == "CAF: caff/desc at 8: declares 32 bytes, 10 remain")

        let other = Self.audioFileError { _ = try WAVEReader.parse(AudioFileData(copying: Array("hello, world".utf8))) }
        #expect(other?.kind == .notRecognized && other?.isNotRecognized == true)
    }

    @Test("an AIFC compression type without a known packet layout is listed but undecodable, with the reason")
    func undecodableAIFC() throws {
        var bytes = try GeneratedAudio.bytes("aifc-sowt-s16le.aifc")
        let comm = try #require((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("COMM".utf8) })
        bytes.replaceSubrange(comm + 8 + 18..<comm + 8 + 22, with: Array("QDM2".utf8))
        let contents = try AIFFReader.parse(AudioFileData(copying: bytes))
        let track = try contents.makeTrack()
        #expect(track.formatDescriptions.first?.audioStreamBasicDescription?.mFormatID == FourCharacterCode.make("QDM2"))
        let error = Self.audioFileError { _ = try track.samples.table() }
        #expect(error?.kind == .undecodable)
        #expect(error?.description.contains("'QDM2'") == true)
    }
}

