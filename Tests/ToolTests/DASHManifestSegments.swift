import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport

/// What a DASH client fetches for each representation of an MPD avsegment wrote, read with Foundation's
/// `XMLParser` (libxml2, so the manifest must also be well-formed XML): the MIME type with its codecs, the
/// initialization segment and the media segments its `SegmentTemplate` (`$RepresentationID$`, `$Number$` from
/// `startNumber`) and `SegmentTimeline` (`S@r` repeats) name, and `mediaPresentationDuration` in seconds.
/// Only the forms avsegment writes are read (`PT…S` durations; `$$` and width tags are not expanded).
final class DASHManifestSegments: NSObject, XMLParserDelegate {
    private(set) var tracks: [String: BrowserJudge.Track] = [:]
    private(set) var duration: Double?
    private var mimeType = ""
    private var representation: [String: String] = [:]
    private var template: [String: String] = [:]
    private var segmentCount = 0

    /// Reads `url`; nil when the XML does not parse.
    static func read(_ url: URL) throws -> DASHManifestSegments? {
        let reader = DASHManifestSegments()
        let parser = XMLParser(data: try Data(contentsOf: url))
        parser.delegate = reader
        return parser.parse() ? reader : nil
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "MPD":
            if let text = attributes["mediaPresentationDuration"], text.hasPrefix("PT"), text.hasSuffix("S") {
                duration = Double(text.dropFirst(2).dropLast())
            }
        case "AdaptationSet": mimeType = attributes["mimeType"] ?? ""
        case "Representation":
            representation = attributes
            segmentCount = 0
        case "SegmentTemplate": template = attributes
        case "S": segmentCount += 1 + (Int(attributes["r"] ?? "0") ?? 0)
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard name == "Representation", let id = representation["id"] else { return }
        func expand(_ text: String, number: Int? = nil) -> String {
            var result = text.replacingOccurrences(of: "$RepresentationID$", with: id)
            if let number { result = result.replacingOccurrences(of: "$Number$", with: String(number)) }
            return result
        }
        let first = Int(template["startNumber"] ?? "1") ?? 1
        tracks[id] = BrowserJudge.Track(
            mime: "\(mimeType); codecs=\"\(representation["codecs"] ?? "")\"",
            initialization: expand(template["initialization"] ?? ""),
            segments: (0..<segmentCount).map { expand(template["media"] ?? "", number: first + $0) })
    }
}
