/// An immutable description of a stream's media: its type and subtype, extensions, and the details of its kind
/// (audio stream description, video dimensions, timecode settings, metadata keys) (Apple's `CMFormatDescriptionRef`).
///
/// Thread safety: every stored property is set in `init` and never changes, so instances may be shared freely.
/// Extension values are stored as given (property-list values: strings, numbers, Booleans, `Data`, arrays and
/// dictionaries), which are values in Swift.
// Safe because every stored property is set in `init` and never changes.
public final class CMFormatDescription: @unchecked Sendable {
    /// What a format description of a particular kind carries besides its extensions.
    enum Details {
        case none
        case video(CMVideoDimensions, ParameterSetStorage?)
        case audio(AudioDetails)
        case timeCode(TimeCodeDetails)
    }

    let mediaTypeCode: CMMediaType
    let mediaSubTypeCode: FourCharCode
    /// The extensions, keyed by string; empty when there are none.
    let extensionStorage: [String: Any]
    let details: Details
    /// The extensions as the dictionary `CMFormatDescriptionGetExtensions` returns, made once.
    private let extensionDictionary = CFKeptObject<NSDictionary>()

    init(mediaType: CMMediaType, mediaSubType: FourCharCode, extensions: [String: Any], details: Details) {
        mediaTypeCode = mediaType
        mediaSubTypeCode = mediaSubType
        extensionStorage = extensions
        self.details = details
    }

    /// The extensions as a `CFDictionary`, the same object on every call.
    var extensionsDictionary: CFDictionary { extensionDictionary.object { extensionStorage as NSDictionary } }

    /// The extensions of a caller's dictionary with string keys, or nil when a key is not a string.
    static func extensions(from dictionary: CFDictionary?) -> [String: Any]? {
        guard let dictionary else { return [:] }
        // CMFormatDescription.h: extension keys are always strings; a dictionary with another key is rejected.
        guard dictionary.allKeys.allSatisfy({ AttributeValue.string($0) != nil }) else { return nil }
        return AttributeValue.normalized(dictionary)
    }
}

extension CMFormatDescription: Hashable {
    /// Whether two format descriptions describe the same media (CFEqual on Apple platforms).
    public static func == (lhs: CMFormatDescription, rhs: CMFormatDescription) -> Bool {
        lhs.isEqual(to: rhs, ignoringExtensionKeys: [], ignoringAtomKeys: [])
    }

    /// Hashes the media type and subtype (equal descriptions share them).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(mediaTypeCode)
        hasher.combine(mediaSubTypeCode)
    }

    /// A description for people, for our own messages. Apple's CMFormatDescription is not
    /// CustomStringConvertible (code declares that conformance for itself), so this is not public.
    package var descriptionText: String {
        var text = "<CMFormatDescription mediaType:'\(fourCharString(mediaTypeCode))' "
            + "mediaSubType:'\(fourCharString(mediaSubTypeCode))'"
        if case .video(let dimensions, _) = details {
            text += " dimensions:\(dimensions.width)x\(dimensions.height)"
        }
        if !extensionStorage.isEmpty { text += " extensions:\(extensionStorage.keys.sorted())" }
        return text + ">"
    }

    /// Equality with some extension keys, and some sample description extension atoms, left out.
    func isEqual(to other: CMFormatDescription, ignoringExtensionKeys keys: Set<String>,
                 ignoringAtomKeys atomKeys: Set<String>) -> Bool {
        if self === other { return true }
        guard mediaTypeCode == other.mediaTypeCode, mediaSubTypeCode == other.mediaSubTypeCode,
              detailsEqual(other) else { return false }
        var ignored = keys
        if !keys.isEmpty || !atomKeys.isEmpty {
            // CMFormatDescription.h: when any keys are ignored, the verbatim sample descriptions are ignored too.
            ignored.insert(kCMFormatDescriptionExtension_VerbatimSampleDescription as String)
            ignored.insert(kCMFormatDescriptionExtension_VerbatimISOSampleEntry as String)
        }
        func filtered(_ extensions: [String: Any]) -> [String: Any] {
            var result = extensions.filter { !ignored.contains($0.key) }
            let atomsKey = kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms
            if !atomKeys.isEmpty, let atoms = AttributeValue.dictionary(result[atomsKey as String]) {
                let kept = atoms.filter { !atomKeys.contains($0.key) }
                result[atomsKey as String] = kept.isEmpty ? nil : kept
            }
            return result
        }
        return PropertyListEquality.isEqual(filtered(extensionStorage), filtered(other.extensionStorage))
    }

    private func detailsEqual(_ other: CMFormatDescription) -> Bool {
        switch (details, other.details) {
        case (.none, .none):
            return true
        case let (.video(a, _), .video(b, _)):
            return a.width == b.width && a.height == b.height
        case let (.timeCode(a), .timeCode(b)):
            return a.frameDuration == b.frameDuration && a.frameQuanta == b.frameQuanta && a.flags == b.flags
        case let (.audio(a), .audio(b)):
            let parts = kCMAudioFormatDescriptionMask_StreamBasicDescription | kCMAudioFormatDescriptionMask_MagicCookie
                | kCMAudioFormatDescriptionMask_ChannelLayout
            return a.equalParts(b, mask: parts) == parts
        default:
            return false
        }
    }
}

// MARK: Functions for every media type

/// Creates a format description made only of a media type, subtype and extensions.
@discardableResult
public func CMFormatDescriptionCreate(
    allocator: CFAllocator?, mediaType: CMMediaType, mediaSubType: FourCharCode, extensions: CFDictionary?,
    formatDescriptionOut: UnsafeMutablePointer<CMFormatDescription?>
) -> OSStatus {
    formatDescriptionOut.pointee = nil
    guard let extensions = CMFormatDescription.extensions(from: extensions) else {
        return kCMFormatDescriptionError_InvalidParameter
    }
    let details: CMFormatDescription.Details
    if mediaType == kCMMediaType_Video {
        details = .video(CMVideoDimensions(width: 0, height: 0), ParameterSetStorage(videoExtensions: extensions))
    } else {
        details = .none
    }
    formatDescriptionOut.pointee = CMFormatDescription(mediaType: mediaType, mediaSubType: mediaSubType,
                                                      extensions: extensions, details: details)
    return noErr
}

/// The media type, such as `kCMMediaType_Audio`.
public func CMFormatDescriptionGetMediaType(_ desc: CMFormatDescription) -> CMMediaType {
    desc.mediaTypeCode
}

/// The media subtype: the codec for audio and video ('aac ', 'avc1'), the stream format for muxed media.
public func CMFormatDescriptionGetMediaSubType(_ desc: CMFormatDescription) -> FourCharCode {
    desc.mediaSubTypeCode
}

/// All the extensions, or nil when there are none.
public func CMFormatDescriptionGetExtensions(_ desc: CMFormatDescription) -> CFDictionary? {
    desc.extensionStorage.isEmpty ? nil : desc.extensionsDictionary
}

/// One extension, or nil when it is absent.
public func CMFormatDescriptionGetExtension(_ desc: CMFormatDescription, extensionKey: CFString) -> CFPropertyList? {
    desc.extensionStorage[extensionKey as String]
}

/// Whether two format descriptions are equal (false when either is nil).
public func CMFormatDescriptionEqual(
    _ formatDescription: CMFormatDescription?, otherFormatDescription: CMFormatDescription?
) -> Bool {
    guard let formatDescription, let otherFormatDescription else { return false }
    return formatDescription == otherFormatDescription
}

/// Whether two format descriptions are equal apart from the given extension keys and sample description extension
/// atoms (each a single string or an array of strings); ignoring any key also ignores the verbatim sample
/// descriptions.
public func CMFormatDescriptionEqualIgnoringExtensionKeys(
    _ formatDescription: CMFormatDescription?, otherFormatDescription: CMFormatDescription?,
    extensionKeysToIgnore formatDescriptionExtensionKeysToIgnore: CFTypeRef?,
    sampleDescriptionExtensionAtomKeysToIgnore: CFTypeRef?
) -> Bool {
    guard let formatDescription, let otherFormatDescription else { return false }
    func keys(_ value: CFTypeRef?) -> Set<String> {
        if let single = AttributeValue.string(value) { return [single] }
        if let list = value as? [Any] { return Set(list.compactMap(AttributeValue.string)) }
        return []
    }
    return formatDescription.isEqual(to: otherFormatDescription,
                                     ignoringExtensionKeys: keys(formatDescriptionExtensionKeysToIgnore),
                                     ignoringAtomKeys: keys(sampleDescriptionExtensionAtomKeysToIgnore))
}

/// Typealiases Apple defines for format descriptions of particular media.
public typealias CMAudioFormatDescription = CMFormatDescription
/// A video format description.
public typealias CMVideoFormatDescription = CMFormatDescription
/// A muxed-stream format description.
public typealias CMMuxedFormatDescription = CMFormatDescription
/// A closed-caption format description.
public typealias CMClosedCaptionFormatDescription = CMFormatDescription
/// A text format description.
public typealias CMTextFormatDescription = CMFormatDescription
/// A timecode format description.
public typealias CMTimeCodeFormatDescription = CMFormatDescription
/// A timed-metadata format description.
public typealias CMMetadataFormatDescription = CMFormatDescription

/// Creates a format description for a muxed stream (its subtype is the stream format, such as MPEG-2 transport).
@discardableResult
public func CMMuxedFormatDescriptionCreate(
    allocator: CFAllocator?, muxType: CMMuxedStreamType, extensions: CFDictionary?,
    formatDescriptionOut: UnsafeMutablePointer<CMMuxedFormatDescription?>
) -> OSStatus {
    CMFormatDescriptionCreate(allocator: allocator, mediaType: kCMMediaType_Muxed, mediaSubType: muxType,
                              extensions: extensions, formatDescriptionOut: formatDescriptionOut)
}

extension CMFormatDescription {
    /// Creates a format description for a muxed stream.
    public convenience init(muxedStreamType: CMFormatDescription.MediaSubType,
                            extensions: CMFormatDescription.Extensions? = nil) throws {
        self.init(copying: try Self.created {
            CMMuxedFormatDescriptionCreate(allocator: nil, muxType: muxedStreamType.rawValue,
                                           extensions: extensions?.dictionary, formatDescriptionOut: $0)
        })
    }
}
