import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer

/// What building a sample entry needs besides the format description.
struct SampleEntryContext {
    var fileType: MovieFileType
    var kind: TrackKind
    /// 1-based index into the track's `dref`.
    var dataReferenceIndex: UInt16 = 1
    var mediaTimescale: Int32
    /// Bit rates measured over the track's samples (`btrt`), when known (not in fragmented movies).
    var bitRate: BitRateBox?
}

/// Turns Core Media format descriptions into sample entries (`stsd` children) as Apple's writers lay them out for
/// the file type. A description carrying a verbatim sample entry of the file's flavour
/// (`VerbatimSampleDescription` for QuickTime, `VerbatimISOSampleEntry` for ISO files) is written back byte for
/// byte, so a remux loses nothing.
enum SampleEntryFactory {
    /// The `stsd` entry for `description`.
    static func makeEntry(for description: CMFormatDescription, context: SampleEntryContext)
        throws(ContainerWriterError) -> any Box {
        let preferred = context.fileType.isQuickTime ? kCMFormatDescriptionExtension_VerbatimSampleDescription
            : kCMFormatDescriptionExtension_VerbatimISOSampleEntry
        let other = context.fileType.isQuickTime ? kCMFormatDescriptionExtension_VerbatimISOSampleEntry
            : kCMFormatDescriptionExtension_VerbatimSampleDescription
        if context.kind == .video { try checkConfiguration(description) }
        if let entry = try verbatimEntry(description, key: preferred as String, dataReferenceIndex: context.dataReferenceIndex) {
            return entry
        }
        do {
            switch context.kind {
            case .video: return try videoEntry(description, context: context)
            case .audio: return try audioEntry(description, context: context)
            case .text, .subtitle: return try textEntry(description, context: context)
            case .closedCaption: return UnknownSampleEntry(type: subtype(description), dataReferenceIndex:
                                                            context.dataReferenceIndex, payload: [])
            case .timecode: return try timecodeEntry(description, context: context)
            case .metadata: return try metadataEntry(description, context: context)
            }
        } catch {
            // A codec this writer cannot describe may still be written from the other flavour's verbatim entry.
            if let entry = try verbatimEntry(description, key: other as String, dataReferenceIndex: context.dataReferenceIndex) {
                return entry
            }
            throw error
        }
    }

    /// The description's media subtype as a four-character code.
    static func subtype(_ description: CMFormatDescription) -> FourCC {
        FourCC(rawValue: CMFormatDescriptionGetMediaSubType(description))
    }

    // MARK: Verbatim entries

    /// The verbatim entry under `key` (a whole box: size, type, payload), with its data reference index set.
    static func verbatimEntry(_ description: CMFormatDescription, key: String, dataReferenceIndex: UInt16)
        throws(ContainerWriterError) -> UnknownBox? {
        guard let data = CMFormatDescriptionGetExtension(description, extensionKey: key as CFString) as? Data else { return nil }
        let bytes = [UInt8](data)
        func bad(_ reason: String) -> ContainerWriterError {
            ContainerWriterError(.invalidArgument, "the format description's \(key) is not a sample entry: \(reason)")
        }
        guard bytes.count >= 16 else { throw bad("only \(bytes.count) bytes") }
        let size32 = UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3])
        var headerSize = 8
        var size = Int(size32)
        if size32 == 1 {
            headerSize = 16
            size = bytes[8..<16].reduce(0) { $0 << 8 | Int($1) }
        } else if size32 == 0 {
            size = bytes.count
        }
        guard size == bytes.count, size >= headerSize + 8 else {
            throw bad("its size field says \(size), it holds \(bytes.count) bytes")
        }
        var payload = Array(bytes[headerSize...])
        // SampleEntry (ISO/IEC 14496-12 §8.5.2.2): six reserved bytes, then the 16-bit data reference index.
        payload[6] = UInt8(dataReferenceIndex >> 8)
        payload[7] = UInt8(dataReferenceIndex & 0xFF)
        return UnknownBox(type: FourCC(bytes[4], bytes[5], bytes[6], bytes[7]), payload: payload)
    }

    // MARK: Extension atoms

    /// The description's `SampleDescriptionExtensionAtoms` (each a `Data` payload, or an array of them), codec
    /// configurations first and the rest by type, so that output does not depend on dictionary order.
    static func extensionAtoms(_ description: CMFormatDescription) -> [(type: FourCC, payload: [UInt8])] {
        guard let atoms = AttributeValue.dictionary(CMFormatDescriptionGetExtension(
            description, extensionKey: kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms)) else { return [] }
        let configurationOrder: [FourCC] = ["avcC", "hvcC", "av1C", "vpcC", "esds", "dvcC", "dvvC", "lhvC"]
        var result: [(FourCC, [UInt8])] = []
        for (key, value) in atoms {
            guard let type = FourCC(key) else { continue }
            if let data = value as? Data {
                result.append((type, [UInt8](data)))
            } else if let list = value as? [Any] {
                for case let data as Data in list { result.append((type, [UInt8](data))) }
            }
        }
        return result.sorted { a, b in
            let ia = configurationOrder.firstIndex(of: a.0) ?? configurationOrder.count
            let ib = configurationOrder.firstIndex(of: b.0) ?? configurationOrder.count
            return ia != ib ? ia < ib : a.0 < b.0
        }
    }

    // MARK: Reading extensions

    /// A string extension.
    static func string(_ description: CMFormatDescription, _ key: String) -> String? {
        AttributeValue.string(CMFormatDescriptionGetExtension(description, extensionKey: key as CFString))
    }

    /// An integer extension.
    static func int(_ description: CMFormatDescription, _ key: String) -> Int? {
        AttributeValue.int(CMFormatDescriptionGetExtension(description, extensionKey: key as CFString))
    }

    /// A four-character-code extension stored as a string (`"appl"`) or a number.
    static func fourCC(_ description: CMFormatDescription, _ key: String) -> FourCC? {
        let value = CMFormatDescriptionGetExtension(description, extensionKey: key as CFString)
        if let text = AttributeValue.string(value) { return FourCC(text) }
        return AttributeValue.osType(value).map(FourCC.init(rawValue:))
    }
}
