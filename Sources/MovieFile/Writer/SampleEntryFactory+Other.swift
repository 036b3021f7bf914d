import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer

extension SampleEntryFactory {
    /// A text entry: 3GPP `tx3g` (3GPP TS 26.245 §5.16) with a one-font `ftab`, or QuickTime `text` in movies,
    /// with the entries' usual defaults (centred white text at the bottom). Styling the description does not carry
    /// is left at those defaults; a description read from a file carries its verbatim entry instead.
    static func textEntry(_ description: CMFormatDescription, context: SampleEntryContext)
        throws(ContainerWriterError) -> any Box {
        switch subtype(description) {
        case "tx3g":
            // Font table: one font, ID 1, "Sans-Serif" (the generic family TS 26.245 §5.16 suggests).
            var ftab: [UInt8] = [0, 1, 0, 1]
            let name = Array("Sans-Serif".utf8)
            ftab.append(UInt8(name.count))
            ftab += name
            return TextSampleEntry(dataReferenceIndex: context.dataReferenceIndex,
                                   children: [UnknownBox(type: "ftab", payload: ftab)])
        case "text":
            return QuickTimeTextSampleEntry(dataReferenceIndex: context.dataReferenceIndex)
        case let other:
            throw ContainerWriterError(.unsupportedFormat, "text format '\(other)' has no sample entry this writer can build")
        }
    }

    /// A QuickTime timecode entry (`tmcd`) from a timecode description: flags, the frame duration's timescale and
    /// value, frames per second, and the source reference name (`name`) when the description has one.
    static func timecodeEntry(_ description: CMFormatDescription, context: SampleEntryContext)
        throws(ContainerWriterError) -> TimecodeSampleEntry {
        let frameDuration = CMTimeCodeFormatDescriptionGetFrameDuration(description)
        guard frameDuration.isNumeric, frameDuration.value > 0, frameDuration.timescale > 0,
              let duration = UInt32(exactly: frameDuration.value) else {
            throw ContainerWriterError(.invalidArgument, "a timecode description needs a positive frame duration")
        }
        let quanta = CMTimeCodeFormatDescriptionGetFrameQuanta(description)
        guard let frames = UInt8(exactly: quanta), frames > 0 else {
            throw ContainerWriterError(.invalidArgument, "a timecode description's frame quanta \(quanta) must be 1…255")
        }
        var children = BoxList()
        if let source = AttributeValue.dictionary(CMFormatDescriptionGetExtension(
            description, extensionKey: kCMTimeCodeFormatDescriptionExtension_SourceReferenceName)),
           let name = AttributeValue.string(source[kCMTimeCodeFormatDescriptionKey_Value as String]) {
            let language = AttributeValue.int(source[kCMTimeCodeFormatDescriptionKey_LangCode as String])
                .flatMap { UInt16(exactly: $0) }.map(PackedLanguageCode.init(macintoshCode:)) ?? .undetermined
            children.append(UserDataTextBox(type: "name", strings: [.init(name, language: language)]))
        }
        return TimecodeSampleEntry(
            dataReferenceIndex: context.dataReferenceIndex,
            flags: TimecodeSampleEntry.Flags(rawValue: CMTimeCodeFormatDescriptionGetTimeCodeFlags(description)),
            timescale: UInt32(frameDuration.timescale), frameDuration: duration, numberOfFrames: frames,
            children: children)
    }

    /// A boxed metadata entry (`mebx`, ISO/IEC 14496-12 §12.3.3.2) from the description's key table: per local
    /// key ID a `keyd` (namespace and key), a `dtyp` (a well-known type number, or the type's name) and a `loca`
    /// when the key has a language tag.
    static func metadataEntry(_ description: CMFormatDescription, context: SampleEntryContext)
        throws(ContainerWriterError) -> BoxedMetadataSampleEntry {
        guard let table = AttributeValue.dictionary(CMFormatDescriptionGetExtension(
            description, extensionKey: kCMFormatDescriptionExtensionKey_MetadataKeyTable)), !table.isEmpty else {
            throw ContainerWriterError(.invalidArgument, "a 'mebx' metadata description needs a key table")
        }
        var keys: [(UInt32, BoxList)] = []
        for (localIDText, value) in table {
            guard let localID = UInt32(localIDText), localID != 0, let key = AttributeValue.dictionary(value),
                  let namespace = AttributeValue.osType(key[kCMMetadataFormatDescriptionKey_Namespace as String]),
                  let keyValue = key[kCMMetadataFormatDescriptionKey_Value as String] as? Data else {
                throw ContainerWriterError(.invalidArgument, "metadata key '\(localIDText)' lacks a namespace or value")
            }
            var declaration = MetadataKeyDeclarationBox(keyNamespace: FourCC(rawValue: namespace), keyValue: "")
            declaration.keyValue = [UInt8](keyValue)
            var children = BoxList([declaration])
            if let dataType = AttributeValue.string(key[kCMMetadataFormatDescriptionKey_DataType as String]) {
                if let wellKnown = MetadataDataType.wellKnownType(dataType) {
                    children.append(MetadataDatatypeDefinitionBox(
                        datatypeNamespace: 0, datatypeValue: withUnsafeBytes(of: wellKnown.bigEndian, Array.init)))
                } else {
                    children.append(MetadataDatatypeDefinitionBox(datatypeNamespace: 1,
                                                                  datatypeValue: Array(dataType.utf8)))
                }
            }
            if let language = AttributeValue.string(key[kCMMetadataFormatDescriptionKey_LanguageTag as String]) {
                children.append(MetadataLocaleBox(locale: CStringField(language)))
            }
            keys.append((localID, children))
        }
        keys.sort { $0.0 < $1.0 }
        let keyTable = MetadataKeyTableBox(children: BoxList(keys.map { MetadataKeyBox(localKeyID: $0.0, children: $0.1) }))
        return BoxedMetadataSampleEntry(dataReferenceIndex: context.dataReferenceIndex, children: [keyTable])
    }
}
