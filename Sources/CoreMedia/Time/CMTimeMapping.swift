// CMTimeMapping: one segment of a source timeline (a track's media) mapped onto a target timeline (the track),
// as movie edit lists use it. Semantics from CMTimeRange.h: an empty edit has an invalid source start; a mapping
// is valid when its target range is valid.

/// A segment of a source timeline mapped onto a target timeline; `source.start` is invalid for an empty edit.
public struct CMTimeMapping: Sendable {
    /// The range on the source timeline (for an edit list, the media).
    public var source: CMTimeRange
    /// The range on the target timeline (for an edit list, the track); when its duration differs from the
    /// source's, the source plays at rate `source.duration / target.duration`.
    public var target: CMTimeRange

    /// Creates a mapping with every field zero (both ranges invalid), as the C struct's zero initializer does.
    public init() {
        self.init(source: CMTimeRange(), target: CMTimeRange())
    }

    /// Creates a mapping from a source and a target range, as given.
    public init(source: CMTimeRange, target: CMTimeRange) {
        self.source = source
        self.target = target
    }

    /// An invalid mapping.
    public static let invalid = CMTimeMapping(source: .invalid, target: .invalid)
}

// Apple's CMTimeMapping has no members beyond the fields, `invalid` and the initializers, and its page lists no
// conformances (developer.apple.com/documentation/coremedia/cmtimemapping): code declares its own Equatable,
// Codable or description on it. These are the package's.
extension CMTimeMapping {
    /// Whether the target range is valid (the `CMTIMEMAPPING_IS_VALID` macro, which Swift does not import).
    package var isValid: Bool { target.isValid }

    /// Whether this is an empty edit: a valid target and a source start that is not numeric
    /// (the `CMTIMEMAPPING_IS_EMPTY` macro).
    package var isEmpty: Bool { !source.start.isNumeric && target.isValid }

    /// Whether both mappings have equal sources and equal targets.
    package func isEqual(to other: CMTimeMapping) -> Bool {
        source == other.source && target == other.target
    }

    /// "{source = {{…}, {…}}, target = {{…}, {…}}}". Apple does not document the CMTimeMappingCopyDescription
    /// format; this one names both ranges in the CMTimeRange format.
    package var descriptionText: String {
        "{source = \(source.descriptionText), target = \(target.descriptionText)}"
    }
}

/// A mapping of `source` onto `target`; invalid when either duration is outside epoch 0 (CMTimeRange.h).
@discardableResult
public func CMTimeMappingMake(source: CMTimeRange, target: CMTimeRange) -> CMTimeMapping {
    guard source.duration.epoch == 0, target.duration.epoch == 0 else { return .invalid }
    return CMTimeMapping(source: source, target: target)
}

/// An empty edit covering `target` (its source is `kCMTimeRangeInvalid`); invalid when the target's duration is
/// outside epoch 0.
@discardableResult
public func CMTimeMappingMakeEmpty(target: CMTimeRange) -> CMTimeMapping {
    guard target.duration.epoch == 0 else { return .invalid }
    return CMTimeMapping(source: .invalid, target: target)
}

/// Dictionary key for the source range of a CMTimeMapping (a CMTimeRange dictionary).
nonisolated(unsafe) public let kCMTimeMappingSourceKey: CFString = "source"
/// Dictionary key for the target range of a CMTimeMapping (a CMTimeRange dictionary).
nonisolated(unsafe) public let kCMTimeMappingTargetKey: CFString = "target"

/// A dictionary holding the source and target of `mapping` as CMTimeRange dictionaries.
@discardableResult
public func CMTimeMappingCopyAsDictionary(_ mapping: CMTimeMapping, allocator: CFAllocator?) -> CFDictionary? {
    [kCMTimeMappingSourceKey: mapping.source.dictionaryRepresentation,
     kCMTimeMappingTargetKey: mapping.target.dictionaryRepresentation]
}

/// The mapping a dictionary made by `CMTimeMappingCopyAsDictionary` describes, or `kCMTimeMappingInvalid` when an
/// entry is missing or malformed.
@discardableResult
public func CMTimeMappingMakeFromDictionary(_ dictionaryRepresentation: CFDictionary) -> CMTimeMapping {
    guard let source = CMTimeDictionaryNumber.dictionary(dictionaryRepresentation[kCMTimeMappingSourceKey])
              .flatMap(CMTimeRange.init(dictionary:)),
          let target = CMTimeDictionaryNumber.dictionary(dictionaryRepresentation[kCMTimeMappingTargetKey])
              .flatMap(CMTimeRange.init(dictionary:))
    else { return .invalid }
    return CMTimeMapping(source: source, target: target)
}

/// A description of `mapping` (the allocator is accepted and ignored).
@discardableResult
public func CMTimeMappingCopyDescription(allocator: CFAllocator?, mapping: CMTimeMapping) -> CFString? {
    mapping.descriptionText as CFString
}

/// Prints the description of `mapping` to standard error, as CFShow does.
public func CMTimeMappingShow(_ mapping: CMTimeMapping) {
    CMTimeDebugOutput.show(mapping.descriptionText)
}
