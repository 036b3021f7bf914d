import Foundation
import Synchronization
import Testing
@testable import AVFoundation

/// Loading a value an object already holds stays on the caller's thread (issue 28.4): `avinfo --json` on 40,000
/// comments took 3.8 s of CPU against ffprobe's 0.21 s, most of it each item's `load(...)` going to the loading
/// queue and back. Counted, not timed: the computations sent to the loading queue (`queuedComputations`).
@Suite("Loading values an object holds")
struct HeldValueLoadingTests {
    static func items(_ count: Int) -> [AVMetadataItem] {
        (0..<count).map { index in
            let item = AVMutableMetadataItem()
            item.identifier = .quickTimeUserDataComment
            item.value = "comment \(index)" as NSString
            return item
        }
    }

    @Test("2,000 metadata items' values load without a trip to the loading queue, and load the same values")
    func metadataValues() async throws {
        let items = Self.items(2_000)
        let before = KeyValueLoader.queuedComputations.load(ordering: .relaxed)
        var strings: [String] = []
        for item in items {
            #expect(try await item.load(.numberValue) == nil)
            #expect(try await item.load(.dateValue) == nil)
            if let string = try await item.load(.stringValue) { strings.append(string) }
            _ = try await item.load(.dataValue)
            #expect(item.status(of: .stringValue) == .loaded("comment \(strings.count - 1)"))
        }
        let queued = KeyValueLoader.queuedComputations.load(ordering: .relaxed) - before
        #expect(strings == (0..<2_000).map { "comment \($0)" })
        // The count is process-wide and other tests load at the same time: a few of theirs may be counted, but not
        // one per item (before, four per item: 8,000).
        #expect(queued < 100, "\(queued) computations queued for \(items.count) items")
    }

    @Test("text is trimmed for number coercion as Foundation trims CharacterSet.whitespaces",
          arguments: [" 42 ", "\t-7\u{00A0}", "\u{3000}3.5\u{2009}", "\n12\n", "  ", "", "x 1", "\u{200B}9",
                      "\u{0B}5\u{0C}"])
    func trimming(text: String) {
        #expect(MetadataValueCoercion.trimmingWhitespace(text) == text.trimmingCharacters(in: .whitespaces))
    }

    @Test("a value made by a value loading handler still loads on the loading queue")
    func handlerValues() async throws {
        let source = Self.items(1)[0]
        let item = AVMetadataItem(propertiesOf: source) { request in request.respond(value: "late" as NSString) }
        let before = KeyValueLoader.queuedComputations.load(ordering: .relaxed)
        #expect(try await item.load(.stringValue) == "late")
        #expect(KeyValueLoader.queuedComputations.load(ordering: .relaxed) - before >= 1)
    }
}
