import Foundation
import Testing
@testable import ISOBMFF
import TestSupport

/// write(parse(bytes)) == bytes for every box loaded from real files.
@Suite("Real files re-serialise byte for byte")
struct RealFileRoundTripTests {
    @Test("fixture", arguments: Helpers.fixtureNames)
    func fixture(_ name: String) throws {
        let bytes = try Helpers.fixtureBytes(name)
        let result: ScanResult
        do {
            result = try FileScanner.scan(MemorySource(bytes))
        } catch let error as BoxParseError {
            // Only the deliberately broken fixture may fail, and with a located error.
            #expect(name == "mp-clusterfuzz-minimized.mp4", "\(name): \(error)")
            return
        }
        for top in result.boxes {
            guard let node = top.node else { continue }
            let original = Helpers.slice(bytes, top.header)
            let written = try Helpers.serialise(node)
            #expect(written == original, "\(name): \(top.path) differs after re-serialisation (\(written.count) vs \(original.count) bytes)")
        }
        for warning in result.warnings { print("\(name): \(warning)") }
    }
}
