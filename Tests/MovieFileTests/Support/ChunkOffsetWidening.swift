import Foundation
import ISOBMFF

/// Rewrites a movie's 32-bit chunk offsets (`stco`) as 64-bit ones (`co64`) with the same values, through the box
/// model, so that co64 handling is tested without a 4 GiB file. The movie box must come after the media data (its
/// growth then moves no sample).
enum ChunkOffsetWidening {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func widen(_ bytes: [UInt8]) throws -> [UInt8] {
        let scan = try FileScanner.scan(MemorySource(bytes))
        guard let top = scan.boxes.first(where: { $0.header.type == "moov" }), var node = top.node else {
            throw Failure(description: "no movie box")
        }
        guard scan.mediaData.allSatisfy({ $0.offset < top.header.offset }) else {
            throw Failure(description: "the movie box precedes media data; widening it would move samples")
        }
        guard var moov = node.box as? MovieBox else { throw Failure(description: "moov is not a MovieBox") }
        widen(&moov.children)
        node.box = moov
        var writer = BoxWriter()
        try writer.writeNode(node)
        return Array(bytes[..<Int(top.header.offset)]) + writer.bytes + Array(bytes[Int(top.header.endOffset)...])
    }

    private static func widen(_ list: inout BoxList) {
        for index in list.indices {
            if let stco = list[index].box as? ChunkOffsetBox {
                list[index] = BoxNode(ChunkLargeOffsetBox(offsets: stco.offsets.map(UInt64.init)))
            } else if var container = list[index].box as? any BoxContainer {
                widen(&container.children)
                if let box = container as? any Box { list[index].box = box }
            }
        }
    }
}
