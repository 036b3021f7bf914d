import Foundation
import Testing
@testable import CoreMedia

/// A reader streaming through a mapped file must not keep every page it has read resident: memory would grow with the
/// file's length. Judged by the kernel's own count of the mapping's resident pages (its `Rss` in /proc/self/smaps),
/// not by our bookkeeping, and not by the whole process's count, which tests running alongside change.
@Suite("Mapped file residency")
struct MappedFileResidencyTests {
    /// The resident bytes of `file`'s mapping, as the kernel counts them.
    static func residentBytes(of file: MappedFile) throws -> Int {
        let buffer = try file.makeBlockBuffer(range: 0..<1)
        var pointer: UnsafeMutablePointer<CChar>?
        _ = CMBlockBufferGetDataPointer(buffer, atOffset: 0, lengthAtOffsetOut: nil, totalLengthOut: nil,
                                        dataPointerOut: &pointer)
        let start = String(UInt(bitPattern: pointer), radix: 16)
        // Read to the end (a /proc file reports a size of 0, which whole-file readers may take at its word).
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/smaps") else { throw CocoaError(.fileReadUnknown) }
        defer { try? handle.close() }
        let smaps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        var inMapping = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), !line.hasPrefix(" "), line[..<dash].allSatisfy(\.isHexDigit) {
                inMapping = line[..<dash] == start
            } else if inMapping, line.hasPrefix("Rss:") {
                return (Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0) * 1024
            }
        }
        throw CocoaError(.fileReadUnknown)
    }

    static func makeFile(megabytes: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("residency-\(UUID().uuidString)")
        var bytes = [UInt8](repeating: 0, count: 1 << 20)
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let handle = try FileHandle(forWritingTo: url)
        for megabyte in 0..<megabytes {
            for i in stride(from: 0, to: bytes.count, by: 4096) { bytes[i] = UInt8(truncatingIfNeeded: megabyte + i) }
            handle.write(Data(bytes))
        }
        try handle.close()
        return url
    }

    /// Touches every page of the file through block buffers, 1 MiB at a time, as a reader does; returns the sum so
    /// the reads cannot be optimised away, and the largest growth of resident file memory seen on the way.
    static func stream(_ file: MappedFile, reporting: Bool, naming pieces: Bool = false) throws -> (checksum: Int, growth: Int) {
        let slot = file.residency.addReader()
        defer { file.residency.remove(slot) }
        let before = try residentBytes(of: file)
        var checksum = 0, growth = 0
        for start in stride(from: 0, to: file.length, by: 1 << 20) {
            let buffer = try file.makeBlockBuffer(range: start..<min(start + (1 << 20), file.length))
            var pointer: UnsafeMutablePointer<CChar>?
            var length = 0
            _ = CMBlockBufferGetDataPointer(buffer, atOffset: 0, lengthAtOffsetOut: &length, totalLengthOut: nil,
                                            dataPointerOut: &pointer)
            for i in stride(from: 0, to: length, by: 4096) { checksum &+= Int(pointer![i]) }
            if reporting && pieces {
                // As a track reports: the samples it read, and where its next one starts.
                let end = min(start + (1 << 20), file.length)
                file.residency.update(slot, read: start..<end, position: end)
            } else if reporting {
                file.residency.update(slot, position: start)
            }
            growth = max(growth, try residentBytes(of: file) - before)
        }
        return (checksum, growth)
    }

    @Test("pages far behind the slowest reader are given back; without reports they all stay")
    func bounded() throws {
        let url = try Self.makeFile(megabytes: 64)
        defer { try? FileManager.default.removeItem(at: url) }
        let reported = try Self.stream(try MappedFile(url: url), reporting: true)
        let unreported = try Self.stream(try MappedFile(url: url), reporting: false)
        #expect(reported.checksum == unreported.checksum, "giving pages back never changes what is read")
        // Without reports every page stays (≈ 64 MiB); with them, the margin plus a release step (12 MiB) and slack.
        #expect(unreported.growth > 48 << 20, "the control run keeps what it read (\(unreported.growth >> 20) MiB)")
        #expect(reported.growth < 24 << 20, "resident growth \(reported.growth >> 20) MiB while streaming 64 MiB")
    }

    /// A reader still at offset 0 (a track read in bursts, as a transcode's audio) holds back the pages behind
    /// another reader's position, but not those of the other reader's own samples once it names them.
    @Test("a laggard holds pages back for everyone, except the pages of another reader's own samples",
          arguments: [false, true])
    func laggard(namingSamples: Bool) throws {
        let url = try Self.makeFile(megabytes: 48)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try MappedFile(url: url)
        let laggard = file.residency.addReader()
        defer { file.residency.remove(laggard) }
        file.residency.update(laggard, position: 0)
        let result = try Self.stream(file, reporting: true, naming: namingSamples)
        if namingSamples {
            #expect(result.growth < 12 << 20, "resident growth \(result.growth >> 20) MiB while streaming 48 MiB past a laggard")
        } else {
            #expect(result.growth > 40 << 20, "a reader still at offset 0 keeps the pages resident (\(result.growth >> 20) MiB)")
        }
    }

    @Test("samples that share pages with another track's bytes: their whole pages go back, and every byte still reads right")
    func sharedPagesStay() throws {
        let url = try Self.makeFile(megabytes: 16)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try MappedFile(url: url)
        let slot = file.residency.addReader(), laggard = file.residency.addReader()
        defer { file.residency.remove(slot); file.residency.remove(laggard) }
        file.residency.update(laggard, position: 0)
        let before = try Self.residentBytes(of: file)
        let buffer = try file.makeBlockBuffer(range: 0..<file.length)
        var pointer: UnsafeMutablePointer<CChar>?
        _ = CMBlockBufferGetDataPointer(buffer, atOffset: 0, lengthAtOffsetOut: nil, totalLengthOut: nil, dataPointerOut: &pointer)
        let bytes = UnsafeRawPointer(pointer!).assumingMemoryBound(to: UInt8.self)
        // Samples of 9,000 bytes (unaligned), each followed by 1,000 bytes of another track's.
        let stride = 10_000, own = 9_000
        var offset = 0
        while offset + stride <= file.length {
            for i in Swift.stride(from: offset, to: offset + own, by: 512) { _ = bytes[i] }
            file.residency.update(slot, read: offset..<offset + own, position: offset + stride)
            offset += stride
        }
        let growth = try Self.residentBytes(of: file) - before
        #expect(growth < 12 << 20, "pages wholly inside the samples went back (\(growth >> 20) of 16 MiB resident)")
        // Every byte reads as the file has it, given back or not.
        let contents = try Data(contentsOf: url)
        #expect(contents.withUnsafeBytes { memcmp($0.baseAddress!, bytes, contents.count) } == 0)
    }

    /// Positions come from what a file declares: a chunk offset of 0xFFFFFFF0 in a 4 MiB file once made the last
    /// reader's removal build a backwards range and trap ("Range requires lowerBound <= upperBound"), killing an
    /// export that should have failed cleanly. Every position and range a reader reports is now taken within the
    /// mapping, whatever the reader says.
    @Test("positions and ranges past the end of the mapping, or negative, are taken within it",
          arguments: [0xFFFF_FFF0, Int.max, -1, Int.min])
    func positionsPastTheMapping(position: Int) throws {
        let url = try Self.makeFile(megabytes: 4)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try MappedFile(url: url)
        let first = file.residency.addReader(), second = file.residency.addReader()
        file.residency.update(first, read: 0..<(1 << 20), position: position)
        file.residency.update(second, read: position >= 0 ? (file.length - 1)..<position : Int.min..<0,
                              position: position)
        // The last reader's removal gave back everything up to the furthest position reported.
        file.residency.remove(first)
        file.residency.remove(second)
        // The mapping still reads as the file has it, and a new reader starts from a clean slate.
        let buffer = try file.makeBlockBuffer(range: 0..<file.length)
        #expect(CMBlockBufferGetDataLength(buffer) == file.length)
        let third = file.residency.addReader()
        file.residency.update(third, read: 0..<(1 << 20), position: 1 << 20)
        file.residency.remove(third)
    }
}
