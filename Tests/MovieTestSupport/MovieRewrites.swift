import Foundation
import ISOBMFF

/// Rewrites of real movie files through the box model, for tests that need a quirk ffmpeg does not write.
package enum MovieRewrites {
    /// A rewrite that cannot be made: the input is not laid out as expected.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// `bytes` (a movie whose movie box follows the media, ffmpeg's default layout, so no chunk offset moves) with
    /// every track's edit list removed and a freeform com.apple.iTunes/iTunSMPB item added: how iTunes states
    /// encoder delay and padding of gapless AAC, without an edit list.
    package static func withITunSMPB(_ smpb: String, _ bytes: [UInt8]) throws -> [UInt8] {
        let scan = try FileScanner.scan(MemorySource(bytes))
        guard let top = scan.boxes.first(where: { $0.header.type == "moov" }), var moov = top.node?.box as? MovieBox
        else { throw Failure(description: "no movie box") }
        guard scan.mediaData.allSatisfy({ $0.offset < top.header.offset }) else {
            throw Failure(description: "the movie box does not follow the media data")
        }
        for index in moov.children.indices where moov.children[index].type == "trak" {
            guard var trak = moov.children[index].box as? TrackBox else { continue }
            trak.children.nodes.removeAll { $0.type == "edts" }
            moov.children[index].box = trak
        }
        let item = MetadataItemBox(key: .code("----"), children: [
            MetadataItemMeaningBox("com.apple.iTunes"), MetadataItemNameBox("iTunSMPB"), MetadataDataBox(text: smpb),
        ])
        guard let udtaIndex = moov.children.firstIndex(where: { $0.type == "udta" }),
              var udta = moov.children[udtaIndex].box as? UserDataBox,
              let metaIndex = udta.children.firstIndex(where: { $0.type == "meta" }),
              var meta = udta.children[metaIndex].box as? MetaBox,
              let ilstIndex = meta.children.firstIndex(where: { $0.type == "ilst" }),
              var ilst = meta.children[ilstIndex].box as? MetadataItemListBox
        else { throw Failure(description: "no udta/meta/ilst to add the item to") }
        ilst.children.append(item)
        meta.children[ilstIndex] = BoxNode(ilst)
        udta.children[metaIndex] = BoxNode(meta)
        moov.children[udtaIndex] = BoxNode(udta)
        var writer = BoxWriter()
        try writer.writeBox(moov)
        return Array(bytes[..<Int(top.header.offset)]) + writer.bytes + Array(bytes[Int(top.header.endOffset)...])
    }
}
