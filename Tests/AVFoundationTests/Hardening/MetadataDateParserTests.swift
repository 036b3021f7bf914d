import Foundation
import Testing
@testable import AVFoundation

/// The hand-written ISO 8601 parser behind `AVMetadataItem.dateValue` of text items: the forms media files use,
/// refusals, and its cost on many items (avinfo --json coerces every text item).
@Suite("Metadata date parsing")
struct MetadataDateParserTests {
    /// Expected values from Python's `datetime(..., tzinfo=timezone.utc).timestamp()`.
    @Test("ISO 8601 forms of media metadata", arguments: [
        ("2012-04-21T10:00:00Z", 1_335_002_400.0), ("2012-04-21T12:00:00+0200", 1_335_002_400),
        ("2012-04-21T03:00:00-07:00", 1_335_002_400), ("2012-04-21 10:00:00", 1_335_002_400),
        ("2012-04-21T10:00", 1_335_002_400), ("2012-04-21T10:00Z", 1_335_002_400), (" 2012-04-21T10:00:00Z\n", 1_335_002_400),
        ("2012-04-21T10:00:00.25Z", 1_335_002_400.25), ("2012-04-21", 1_334_966_400), ("2012-04", 1_333_238_400),
        ("2012", 1_325_376_000), ("2000-02-29", 951_782_400), ("1904-01-01T00:00:00Z", -2_082_844_800),
        ("2024-12-31T23:59:59+05", 1_735_671_599),
    ])
    func parses(text: String, seconds: Double) {
        #expect(MetadataDateParser.date(from: text) == Date(timeIntervalSince1970: seconds), "\(text)")
    }

    @Test("text that is not a date", arguments: [
        "", "Title", "12", "2012-4-21", "2012-13-01", "2011-02-29", "2012-04-31", "2012-04-21T25:00", "2012-04-21T10",
        "2012-04-21T10:00:00+2", "2012-04-21T10:00:00 PST", "2012 Remaster", "2012-04-21T10:00:00.Z", "２０１２",
    ])
    func refuses(text: String) {
        #expect(MetadataDateParser.date(from: text) == nil, "\(text)")
    }

    /// 10,000 iTunes text items took `avinfo --json` 14 s when each coercion made up to nine `DateFormatter`s.
    /// Counted, not timed (a time bound failed a parallel debug run): every formatter the module makes is counted
    /// (`DateFormattersMade`), and coercing must make none per item. `make bench` times the coercion, in its row
    /// of 40,000 comments through `avinfo --json`.
    @Test("10,000 text items are coerced to dates without making a date formatter for any of them")
    func manyItems() {
        let texts = (0..<10_000).map {
            $0 % 2 == 0 ? "Track title \($0)" : "2012-04-21T10:00:\(String(format: "%02d", $0 % 60))Z"
        }
        // The one formatter the module keeps (for dates given as strings) is made before counting.
        _ = MetadataValueCoercion.string(NSDate(), dataType: nil)
        var parsed = 0
        let before = DateFormattersMade.count.load(ordering: .relaxed)
        for text in texts where MetadataValueCoercion.date(text as NSString) != nil { parsed += 1 }
        let made = DateFormattersMade.count.load(ordering: .relaxed) - before
        #expect(parsed == 5_000)
        // The count is process-wide and other tests run at the same time: a few of theirs may be counted, but not
        // one per item (before, up to nine per item: 45,000 for the titles alone).
        #expect(made < 10, "\(made) date formatters made for \(texts.count) items")
    }
}
