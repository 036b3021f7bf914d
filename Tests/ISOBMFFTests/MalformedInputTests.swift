import Foundation
import Testing
@testable import ISOBMFF
import TestSupport

/// Truncated, shrunk and mutated copies of every real file: each either parses (and then re-serialises byte for
/// byte) or throws a `BoxParseError` with a path and offset. None traps; counts that the data cannot hold are
/// refused before anything is allocated.
@Suite("Malformed input")
struct MalformedInputTests {
    /// Scans `bytes`; a success must re-serialise exactly, a failure must be a located `BoxParseError`.
    static func check(_ bytes: [UInt8], _ label: @autoclosure () -> String) {
        do {
            let result = try FileScanner.scan(MemorySource(bytes))
            for top in result.boxes {
                guard let node = top.node else { continue }
                let written = try Helpers.serialise(node)
                #expect(written == Helpers.slice(bytes, top.header), "\(label()): \(top.path) re-serialises differently")
            }
        } catch let error as BoxParseError {
            #expect(error.offset >= 0 && error.offset <= Int64(bytes.count), "\(label()): offset \(error.offset) outside the file")
            #expect(!error.message.isEmpty)
        } catch {
            Issue.record("\(label()): unexpected error \(error)")
        }
    }

    /// Byte ranges worth damaging: the loaded (structural) top-level boxes.
    static func structuralRanges(_ bytes: [UInt8]) throws -> [Range<Int>] {
        try FileScanner.scan(MemorySource(bytes)).boxes.filter { $0.node != nil }
            .map { Int($0.header.offset)..<Int($0.header.endOffset) }
    }

    @Test("truncated at many offsets", arguments: MediaFile.all)
    func truncated(_ file: MediaFile) throws {
        let bytes = try file.bytes
        var offsets = Set(stride(from: 0, to: bytes.count, by: max(1, bytes.count / 64)))
        for range in try Self.structuralRanges(bytes) {
            for delta in [0, 1, 4, 7, 8, 9, 15, 16, 17] where range.lowerBound + delta < bytes.count {
                offsets.insert(range.lowerBound + delta)
            }
        }
        for cut in offsets.sorted() {
            let prefix = Array(bytes[..<cut])
            Self.check(prefix, "\(file.name) cut at \(cut)")
            // A cut file is never an error: the scan ends at the cut box.
            if let result = try? FileScanner.scan(MemorySource(prefix)), cut < bytes.count, result.truncatedBox == nil {
                #expect(result.boxes.last.map { $0.header.endOffset == Int64(cut) } ?? (cut == 0),
                        "\(file.name) cut at \(cut): no truncation reported")
            }
        }
    }

    @Test("boxes shrunk so that their children run past them", arguments: MediaFile.all)
    func shrunk(_ file: MediaFile) throws {
        let bytes = try file.bytes
        for range in try Self.structuralRanges(bytes) where range.count > 16 {
            var seed = UInt64(range.lowerBound)
            var generator = SplitMix64(seed: seed)
            for _ in 0..<24 {
                let newSize = Int.random(in: 8..<range.count, using: &generator)
                seed &+= 1
                // Keep the original 32-bit size form; rewrite the size and drop the rest of the box.
                guard bytes[range.lowerBound..<range.lowerBound + 4] != [0, 0, 0, 1] else { continue }
                var copy = Array(bytes[range.lowerBound..<range.lowerBound + newSize])
                copy.replaceSubrange(0..<4, with: [UInt8(newSize >> 24), UInt8((newSize >> 16) & 0xFF),
                                                   UInt8((newSize >> 8) & 0xFF), UInt8(newSize & 0xFF)])
                Self.check(copy, "\(file.name) box at \(range.lowerBound) shrunk to \(newSize)")
            }
        }
    }

    @Test("seeded byte mutations of the structure", arguments: MediaFile.all)
    func mutated(_ file: MediaFile) throws {
        let bytes = try file.bytes
        let ranges = try Self.structuralRanges(bytes)
        guard !ranges.isEmpty else { return }
        let seed = Helpers.seed("mutations of \(file.name)")
        var generator = SplitMix64(seed: seed)
        for round in 0..<150 {
            var copy = bytes
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let range = ranges.randomElement(using: &generator)!
                let index = Int.random(in: range, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: copy[index] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
                case 1: copy[index] = [0x00, 0xFF, 0x7F, 0x80, 0x01].randomElement(using: &generator)!
                default: copy[index] = UInt8.random(in: 0...255, using: &generator)
                }
            }
            Self.check(copy, "\(file.name) mutation round \(round) (seed \(seed))")
        }
    }
}

/// Counts a file declares are checked against the bytes that remain before anything is allocated.
@Suite("Allocation bounds")
struct AllocationBoundTests {
    struct Crafted: Sendable, CustomTestStringConvertible {
        let name: String
        let type: FourCC
        let payload: [UInt8]
        var scope: BoxScope = .standard
        var expected: BoxParseError.Code = .countExceedsData
        var testDescription: String { name }
    }

    static let huge: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF]
    static let fullBox: [UInt8] = [0, 0, 0, 0]
    static let entry: [UInt8] = [0, 0, 0, 1] + [0, 0, 0, 1] + [0, 0, 0, 1]

    static let cases: [Crafted] = [
        Crafted(name: "stts", type: "stts", payload: fullBox + huge + entry),
        Crafted(name: "ctts", type: "ctts", payload: fullBox + huge + entry),
        Crafted(name: "stsc", type: "stsc", payload: fullBox + huge + entry),
        Crafted(name: "stsz", type: "stsz", payload: fullBox + [0, 0, 0, 0] + huge + entry),
        Crafted(name: "stz2 4-bit", type: "stz2", payload: fullBox + [0, 0, 0, 4] + huge + entry),
        Crafted(name: "stz2 16-bit", type: "stz2", payload: fullBox + [0, 0, 0, 16] + huge + entry),
        Crafted(name: "stco", type: "stco", payload: fullBox + huge + entry),
        Crafted(name: "co64", type: "co64", payload: fullBox + huge + entry),
        Crafted(name: "stss", type: "stss", payload: fullBox + huge + entry),
        Crafted(name: "stps", type: "stps", payload: fullBox + huge + entry),
        Crafted(name: "elst", type: "elst", payload: fullBox + huge + entry),
        Crafted(name: "sbgp", type: "sbgp", payload: fullBox + Array("roll".utf8) + huge + entry),
        Crafted(name: "sgpd v1", type: "sgpd", payload: [1, 0, 0, 0] + Array("roll".utf8) + [0, 0, 0, 2] + huge + entry),
        Crafted(name: "sgpd v1 entry length", type: "sgpd", payload: [1, 0, 0, 0] + Array("seig".utf8) + [0, 0, 0, 0] + [0, 0, 0, 1] + huge),
        Crafted(name: "trun", type: "trun", payload: [0, 0, 0x0F, 0x00] + huge + entry),
        Crafted(name: "tfra", type: "tfra", payload: fullBox + [0, 0, 0, 1] + [0, 0, 0, 0x3F] + huge + entry),
        Crafted(name: "sidx", type: "sidx", payload: fullBox + entry + [0, 0, 0, 0] + [0, 0, 0xFF, 0xFF] + entry),
        Crafted(name: "dref", type: "dref", payload: fullBox + huge + entry),
        Crafted(name: "stsd", type: "stsd", payload: fullBox + huge + entry),
        Crafted(name: "keys", type: "keys", payload: fullBox + huge + entry),
        Crafted(name: "chan", type: "chan", payload: fullBox + [0, 0, 0, 0] + [0, 0, 0, 0] + huge + entry),
        Crafted(name: "avcC SPS", type: "avcC", payload: [1, 100, 0, 31, 0xFF, 0xFF, 0xFF, 0xFF]),
        Crafted(name: "hvcC arrays", type: "hvcC", payload: [1] + Array(repeating: 0, count: 21) + [0xFF, 0xA0, 0xFF, 0xFF]),
        Crafted(name: "elst v1", type: "elst", payload: [1, 0, 0, 0] + [0x10, 0, 0, 0] + entry),
        Crafted(name: "esds descriptor length", type: "esds", payload: fullBox + [3, 0xFF, 0xFF, 0xFF, 0x7F, 0],
                expected: .invalidBoxSize),
    ]

    @Test("a count the data cannot hold is refused", arguments: cases)
    func refused(_ crafted: Crafted) {
        let size = UInt32(8 + crafted.payload.count)
        let bytes = [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF)]
            + crafted.type.bytes + crafted.payload
        var reader = BoxReader(bytes)
        var counts: [FourCC: Int] = [:]
        do {
            guard let (header, payload) = try reader.readChild(counts: &counts) else { Issue.record("no box"); return }
            _ = try BoxNode.parse(header: header, payload: payload, scope: crafted.scope)
            Issue.record("\(crafted.name): parsed, expected a refusal")
        } catch {
            #expect(error.code == crafted.expected, "\(crafted.name): \(error)")
            #expect(error.path.lastType == crafted.type)
        }
    }
}
