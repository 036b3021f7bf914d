import Foundation
import Testing
@testable import ISOBMFF
import TestSupport

/// The box tree we read (types, offsets, sizes) equals the one an independent parser walks: mediainfo's
/// `--Details=1` trace, which prints every box it visits with its absolute offset, size and name.
@Suite("Box tree agrees with mediainfo")
struct MediaInfoOracleTests {
    struct Located: Hashable, CustomStringConvertible {
        var offset: Int64
        var type: FourCC?   // nil: mediainfo printed no printable name (type 0, or a numeric ilst key)
        var size: UInt64
        var description: String { "\(type?.description ?? "????")@\(offset)+\(size)" }
    }

    /// Boxes from `mediainfo --Details=1`: a "Header (N bytes)" line followed by "Size:" and "Name:" lines.
    static func mediainfoBoxes(_ url: URL) throws -> [Located] {
        let lines = try ExternalTool.check("mediainfo", ["--Details=1", url.path]).output.components(separatedBy: "\n")
        var boxes: [Located] = []
        for (index, line) in lines.enumerated() where line.contains(" Header (") && index + 2 < lines.count {
            let offsetText = line.prefix { $0 != " " }
            guard let offset = Int64(offsetText, radix: 16),
                  let sizeRange = lines[index + 1].range(of: "Size:"), let nameRange = lines[index + 2].range(of: "Name:")
            else { continue }
            let sizeField = lines[index + 1][sizeRange.upperBound...].trimmingCharacters(in: .whitespaces)
            guard var size = UInt64(sizeField.prefix { $0.isNumber }) else { continue }
            if size == 1, index + 3 < lines.count, let large = lines[index + 3].range(of: "Size (64-bit):") {
                size = UInt64(lines[index + 3][large.upperBound...].trimmingCharacters(in: .whitespaces).prefix { $0.isNumber }) ?? size
            }
            // The name column starts after the padding that follows "Name:"; keep trailing spaces ('url ').
            let afterLabel = lines[index + 2][nameRange.upperBound...]
            let name = String(afterLabel.drop { $0 == " " }.prefix(4))
            let type = name.trimmingCharacters(in: .whitespaces).isEmpty ? nil
                : FourCC(name.padding(toLength: 4, withPad: " ", startingAt: 0))
            boxes.append(Located(offset: offset, type: type, size: size))
        }
        return boxes
    }

    /// Our boxes, with the index of each one's parent.
    static func ourBoxes(_ result: ScanResult) -> [(box: Located, parent: Int?, loaded: Bool)] {
        var boxes: [(Located, Int?, Bool)] = []
        func add(_ list: BoxList, parent: Int) {
            for node in list {
                guard let header = node.header else { continue }
                boxes.append((Located(offset: header.offset, type: node.type, size: header.size), parent, true))
                let index = boxes.count - 1
                if let container = node.box as? any BoxContainer { add(container.children, parent: index) }
            }
        }
        for top in result.boxes {
            boxes.append((Located(offset: top.header.offset, type: top.header.type, size: top.header.size), nil, top.node != nil))
            if let container = top.node?.box as? any BoxContainer { add(container.children, parent: boxes.count - 1) }
        }
        return boxes
    }

    @Test("offsets, types and sizes", arguments: MediaFile.all)
    func agreesWithMediaInfo(_ file: MediaFile) throws {
        let url = try file.url
        let result = try FileScanner.scan(MemorySource(try file.bytes))
        let ours = Self.ourBoxes(result)
        let end = result.truncatedBox?.offset ?? result.fileSize
        // mediainfo also parses what is not boxes to us: codec data inside 'mdat' (ProRes frames start with an
        // 'icpf' atom) and the key records of QuickTime 'keys'. Those ranges are left out.
        var opaque = result.mediaData.map { ($0.offset, $0.endOffset) }
        for top in result.boxes {
            guard let container = top.node?.box as? any BoxContainer else { continue }
            for (_, node) in container.descendants() where node.box is MetadataKeysBox {
                if let header = node.header { opaque.append((header.offset, header.endOffset)) }
            }
        }
        let theirs = try Self.mediainfoBoxes(url).filter { box in
            box.offset < end && !opaque.contains { box.offset > $0.0 && box.offset < $0.1 }
        }
        if ours.isEmpty {
            #expect(theirs.isEmpty, "\(file.name): mediainfo found \(theirs) where we found no complete box")
            return
        }
        try #require(theirs.count >= 3, "mediainfo listed too few boxes to judge: \(theirs)")

        func matches(_ mine: Located, _ other: Located) -> Bool {
            mine.offset == other.offset && mine.size == other.size && (other.type == nil || other.type == mine.type)
        }
        // Everything mediainfo walked, we found with the same type and size.
        for box in theirs {
            #expect(ours.contains { matches($0.box, box) }, "\(file.name): mediainfo has \(box), we do not")
        }
        // Everything we found, mediainfo found too, except below a box mediainfo did not descend into at all.
        let seen = ours.map { mine in theirs.contains { matches(mine.box, $0) } }
        for (index, mine) in ours.enumerated() where !seen[index] {
            let parent = mine.parent
            let mediainfoSkippedParent = parent.map { parent in
                !ours.enumerated().contains { $0.element.parent == parent && seen[$0.offset] }
            } ?? false
            #expect(mediainfoSkippedParent, "\(file.name): we have \(mine.box), mediainfo does not")
        }
    }
}
