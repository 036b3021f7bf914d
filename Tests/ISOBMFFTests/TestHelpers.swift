import Foundation
import Testing
@testable import ISOBMFF
import TestSupport

/// Shared helpers for the ISOBMFF tests.
enum Helpers {
    /// The shared fixtures directory: `TestFiles`' choice (`$SHARED_DIR` or `../shared`), or else the nearest
    /// `shared/fixtures` above the repository (worktrees live one level deeper than the main checkout).
    static let fixturesDirectory: URL = {
        let preferred = TestFiles.sharedDirectory.appendingPathComponent("fixtures")
        if FileManager.default.fileExists(atPath: preferred.path) { return preferred }
        var directory = TestFiles.repositoryRoot
        while directory.pathComponents.count > 1 {
            directory = directory.deletingLastPathComponent()
            let candidate = directory.appendingPathComponent("shared/fixtures")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return preferred
    }()

    /// Every fixture (MANIFEST.md gives provenance).
    static let fixtureNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixturesDirectory.path)) ?? []
        return names.filter { !$0.hasSuffix(".md") }.sorted()
    }()

    /// A fixture's URL.
    static func fixture(_ name: String) -> URL { fixturesDirectory.appendingPathComponent(name) }

    /// The bytes of a fixture.
    static func fixtureBytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixture(name)))
    }

    /// `box` framed with a compact header.
    static func framed(_ box: any Box) throws -> [UInt8] {
        var writer = BoxWriter()
        try writer.writeBox(box)
        return writer.bytes
    }

    /// Writes `box` framed, parses it back in `scope` with `context`, and returns the parsed node.
    static func reparse(_ box: any Box, scope: BoxScope = .standard,
                        context: ParseContext = ParseContext()) throws -> BoxNode {
        let bytes = try framed(box)
        var reader = BoxReader(bytes, context: context)
        var counts: [FourCC: Int] = [:]
        guard let (header, payload) = try reader.readChild(counts: &counts) else {
            throw BoxParseError(.unexpectedEnd, path: .root, offset: 0, "no box written")
        }
        #expect(reader.isAtEnd, "writing produced more than one box")
        return try BoxNode.parse(header: header, payload: payload, scope: scope)
    }

    /// Asserts parse(write(box)) == box, with no trailing bytes left.
    static func expectRoundTrip<B: Box>(_ box: B, scope: BoxScope = .standard, context: ParseContext = ParseContext(),
                                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let node = try reparse(box, scope: scope, context: context)
        #expect(node.trailingBytes.isEmpty, "parser left \(node.trailingBytes.count) bytes", sourceLocation: sourceLocation)
        let parsed = try #require(node.box as? B, "parsed as \(type(of: node.box))", sourceLocation: sourceLocation)
        #expect(parsed == box, sourceLocation: sourceLocation)
    }

    /// The bytes of the top-level box `header` in `bytes`.
    static func slice(_ bytes: [UInt8], _ header: BoxHeader) -> [UInt8] {
        Array(bytes[Int(header.offset)..<Int(header.endOffset)])
    }

    /// The node re-serialised on its own.
    static func serialise(_ node: BoxNode) throws -> [UInt8] {
        var writer = BoxWriter()
        try writer.writeNode(node)
        return writer.bytes
    }

    /// A seed from `LAVF_SEED` or a fresh one; printed so a failure can be re-run.
    static func seed(_ label: String) -> UInt64 {
        let seed = ProcessInfo.processInfo.environment["LAVF_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("\(label): seed \(seed) (re-run with LAVF_SEED=\(seed))")
        return seed
    }
}

