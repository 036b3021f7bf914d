import CoreMedia
import Foundation
import ISOBMFF

/// What turning one sample entry into a format description needs to know about its track and file.
struct SampleDescriptionContext: Sendable {
    /// True for QuickTime movies: the verbatim entry goes under `VerbatimSampleDescription` and QuickTime's image
    /// description fields (version, vendor, quality) become extensions, as Apple's QuickTime importer does.
    var isQuickTime: Bool
    /// The track's media handler (`vide`, `soun`, `text`, `sbtl`…).
    var handler: FourCC
    /// The track's media timescale.
    var mediaTimescale: UInt32
    /// The decode duration of every sample when the track's `stts` is one run, else `nil`: the packet duration of
    /// audio codecs whose configuration does not state it (Opus, FLAC with variable block sizes).
    var constantSampleDuration: UInt32?
    /// The first bytes of the track's first sample, when they are in the file (to tell MPEG audio layers apart).
    var firstSampleBytes: [UInt8]?

    /// The extension key the verbatim sample entry is stored under.
    var verbatimKey: String {
        (isQuickTime ? kCMFormatDescriptionExtension_VerbatimSampleDescription
            : kCMFormatDescriptionExtension_VerbatimISOSampleEntry) as String
    }
}

/// Turns a track's sample entries into Core Media format descriptions, one per entry, in `stsd` order.
enum FormatDescriptionFactory {
    /// The format description for the sample entry `node` (a child of `stsd`). Never fails: an entry whose fields
    /// cannot make a typed description (a zero channel count, an unknown codec) gets a generic description with its
    /// four-character code and the verbatim entry, so a remux still has it.
    static func makeDescription(for node: BoxNode, context: SampleDescriptionContext) -> CMFormatDescription {
        let verbatim = boxBytes(of: node).map { Data($0) }
        var base: [String: Any] = [:]
        if let verbatim { base[context.verbatimKey] = verbatim }
        let made: CMFormatDescription?
        switch node.box {
        case let entry as VisualSampleEntry:
            made = VideoDescriptions.make(entry, node: node, extensions: base, context: context)
        case let entry as AudioSampleEntry:
            made = AudioDescriptions.make(entry, extensions: base, context: context)
        case let entry as TimecodeSampleEntry:
            made = OtherDescriptions.timecode(entry, extensions: base)
        case let entry as BoxedMetadataSampleEntry:
            made = OtherDescriptions.boxedMetadata(entry, extensions: base)
        case is TextSampleEntry, is QuickTimeTextSampleEntry:
            made = OtherDescriptions.text(type: node.type, extensions: base, context: context)
        default:
            made = nil
        }
        return made ?? generic(type: node.type, extensions: base, context: context)
    }

    /// A description made only of a media type (from the handler), the entry's code and extensions.
    static func generic(type: FourCC, extensions: [String: Any], context: SampleDescriptionContext) -> CMFormatDescription {
        var description: CMFormatDescription?
        CMFormatDescriptionCreate(allocator: nil, mediaType: mediaType(forHandler: context.handler),
                                  mediaSubType: type.fourCharCode, extensions: extensions as CFDictionary,
                                  formatDescriptionOut: &description)
        if let description { return description }
        // Extensions of the kinds above always have string keys, so creation cannot fail; this is the last resort.
        CMFormatDescriptionCreate(allocator: nil, mediaType: mediaType(forHandler: context.handler),
                                  mediaSubType: type.fourCharCode, extensions: nil, formatDescriptionOut: &description)
        guard let description else { preconditionFailure("CMFormatDescriptionCreate refused a plain description") }
        return description
    }

    /// Core Media's media type for a handler type: the handler itself, except ISO's subtitle handler `subt`, which
    /// Core Media calls `sbtl`.
    static func mediaType(forHandler handler: FourCC) -> CMMediaType {
        handler == "subt" ? kCMMediaType_Subtitle : handler.fourCharCode
    }

    /// The payloads of `children` other than `excluded` types, keyed by type, for
    /// `SampleDescriptionExtensionAtoms` (a type appearing twice gets an array).
    static func extensionAtoms(_ children: BoxList, excluding excluded: Set<FourCC>) -> [String: Any] {
        var atoms: [String: [Data]] = [:]
        for node in children where !excluded.contains(node.type) {
            guard let key = node.type.printableString, let payload = payloadBytes(of: node) else { continue }
            atoms[key, default: []].append(Data(payload))
        }
        return atoms.mapValues { values -> Any in values.count == 1 ? values[0] : values }
    }
}
