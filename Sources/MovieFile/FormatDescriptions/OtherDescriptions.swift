import CoreMedia
import Foundation
import ISOBMFF

/// Timecode, text and timed-metadata sample entries → format descriptions.
enum OtherDescriptions {
    /// A QuickTime timecode entry (`tmcd`, QuickTime File Format "Timecode sample description") as a timecode
    /// format description: frame duration (`frameDuration`/`timescale`), frame quanta (frames per second), the
    /// drop-frame / 24-hour / negative-times flags, and the source reference name from the `name` item.
    static func timecode(_ entry: TimecodeSampleEntry, extensions base: [String: Any]) -> CMFormatDescription? {
        guard entry.frameDuration > 0, let timescale = CMTimeScale(exactly: entry.timescale), timescale > 0 else {
            return nil
        }
        var extensions = base
        if let name = entry.children.first(UserDataTextBox.self), case .strings(let items) = name.content,
           let item = items.first {
            extensions[kCMTimeCodeFormatDescriptionExtension_SourceReferenceName as String] = [
                kCMTimeCodeFormatDescriptionKey_Value: item.text,
                kCMTimeCodeFormatDescriptionKey_LangCode: Int(item.language.rawValue),
            ] as [String: Any]
        }
        let flags = entry.flags.rawValue & (kCMTimeCodeFlag_DropFrame | kCMTimeCodeFlag_24HourMax | kCMTimeCodeFlag_NegTimesOK)
        var description: CMFormatDescription?
        CMTimeCodeFormatDescriptionCreate(
            allocator: nil, timeCodeFormatType: kCMTimeCodeFormatType_TimeCode32,
            frameDuration: CMTime(value: CMTimeValue(entry.frameDuration), timescale: timescale),
            frameQuanta: UInt32(entry.numberOfFrames), flags: flags, extensions: extensions as CFDictionary,
            formatDescriptionOut: &description)
        return description
    }

    /// A boxed timed-metadata entry (`mebx`, ISO/IEC 14496-12 §12.3.3) as a metadata format description whose
    /// key table comes from the entry's `keys`: each local ID with its namespace and value (`keyd`), data type
    /// (`dtyp`, a well-known type mapped to Apple's base data type name) and locale (`loca`).
    static func boxedMetadata(_ entry: BoxedMetadataSampleEntry, extensions base: [String: Any]) -> CMFormatDescription? {
        guard let table = entry.keyTable else { return nil }
        var keys: [Any] = []
        for key in table.keys {
            guard key.localKeyID != 0, let declaration = key.declaration else { continue }
            var dictionary: [String: Any] = [
                kCMMetadataFormatDescriptionKey_Namespace as String: Int(declaration.keyNamespace.rawValue),
                kCMMetadataFormatDescriptionKey_Value as String: Data(declaration.keyValue),
                kCMMetadataFormatDescriptionKey_LocalID as String: Int(key.localKeyID),
            ]
            if let dtyp = key.dataType {
                if let wellKnown = dtyp.wellKnownType, let name = MetadataDataType.name(forWellKnownType: wellKnown) {
                    dictionary[kCMMetadataFormatDescriptionKey_DataType as String] = name
                } else if dtyp.datatypeNamespace != 0 {
                    dictionary[kCMMetadataFormatDescriptionKey_DataType as String] = String(decoding: dtyp.datatypeValue, as: UTF8.self)
                }
            }
            if let locale = key.locale { dictionary[kCMMetadataFormatDescriptionKey_LanguageTag as String] = locale.locale.text }
            keys.append(dictionary)
        }
        guard !keys.isEmpty else { return nil }
        var description: CMFormatDescription?
        CMMetadataFormatDescriptionCreateWithKeys(allocator: nil, metadataType: kCMMetadataFormatType_Boxed,
                                                  keys: CFObjectArray(bridging: keys), formatDescriptionOut: &description)
        guard let made = description else { return nil }
        // The key table is the description; the verbatim entry is added so a remux can write it back.
        var extensions = CMFormatDescriptionGetExtensions(made) as? [String: Any] ?? [:]
        for (key, value) in base { extensions[key] = value }
        var withVerbatim: CMFormatDescription?
        CMFormatDescriptionCreate(allocator: nil, mediaType: kCMMediaType_Metadata, mediaSubType: kCMMetadataFormatType_Boxed,
                                  extensions: extensions as CFDictionary, formatDescriptionOut: &withVerbatim)
        return withVerbatim ?? made
    }

    /// A text entry (3GPP `tx3g`, QuickTime `text`) as a plain description of the track's media type (text or
    /// subtitle) with the entry verbatim: the display settings stay in the entry, where a subtitle renderer or a
    /// remux reads them.
    static func text(type: FourCC, extensions: [String: Any], context: SampleDescriptionContext) -> CMFormatDescription? {
        let mediaType: CMMediaType
        switch context.handler {
        case "sbtl", "subt": mediaType = kCMMediaType_Subtitle
        case "clcp": mediaType = kCMMediaType_ClosedCaption
        default: mediaType = kCMMediaType_Text
        }
        var description: CMFormatDescription?
        CMFormatDescriptionCreate(allocator: nil, mediaType: mediaType, mediaSubType: type.fourCharCode,
                                  extensions: extensions as CFDictionary, formatDescriptionOut: &description)
        return description
    }
}
