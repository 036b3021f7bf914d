// The C functions of UTType.h (LaunchServices, in CoreServices and MobileCoreServices) that code written before
// iOS 14/macOS 11 uses to turn filename extensions and MIME types into type identifiers and back, as thin wrappers
// over the UniformTypeIdentifiers module. Apple deprecated them for `UTType`; they still compile there, so here too.
@_exported import CoreFoundationShims
import UniformTypeIdentifiers

/// The type `identifier` names: a declared or dynamic type, or an undeclared one that conforms to nothing else.
private func type(_ identifier: CFString) -> UTType {
    let text = identifier as String
    return UTType(text) ?? UTType(importedAs: text)
}

/// A retained string for a function whose name says Create or Copy (the caller balances it with
/// `takeRetainedValue()`).
private func retained(_ text: String?) -> Unmanaged<CFString>? {
    text.map { Unmanaged.passRetained(CFString(string: $0)) }
}

private func retained(_ texts: [String]) -> Unmanaged<CFArray>? {
    texts.isEmpty ? nil : Unmanaged.passRetained(texts.map { CFString(string: $0) } as NSArray)
}

/// The preferred identifier for a tag (a filename extension or MIME type, by `inTagClass`) among the types that
/// conform to `inConformingToUTI` (any type when `nil`); a dynamic identifier when no declared type has the tag;
/// `nil` for an empty tag or a tag class other than the filename-extension and MIME-type classes.
public func UTTypeCreatePreferredIdentifierForTag(_ inTagClass: CFString, _ inTag: CFString,
                                                  _ inConformingToUTI: CFString?) -> Unmanaged<CFString>? {
    retained(UTType(tag: inTag as String, tagClass: UTTagClass(rawValue: inTagClass as String),
                    conformingTo: inConformingToUTI.map(type))?.identifier)
}

/// Every identifier with the tag, most specific first (see `UTTypeCreatePreferredIdentifierForTag`).
public func UTTypeCreateAllIdentifiersForTag(_ inTagClass: CFString, _ inTag: CFString,
                                             _ inConformingToUTI: CFString?) -> Unmanaged<CFArray>? {
    retained(UTType.types(tag: inTag as String, tagClass: UTTagClass(rawValue: inTagClass as String),
                          conformingTo: inConformingToUTI.map(type)).map(\.identifier))
}

/// The type's preferred tag of a class: `kUTTagClassFilenameExtension` gives the extension without the dot,
/// `kUTTagClassMIMEType` the MIME type; `nil` when the type has none.
public func UTTypeCopyPreferredTagWithClass(_ inUTI: CFString, _ inTagClass: CFString) -> Unmanaged<CFString>? {
    retained(type(inUTI).tags[UTTagClass(rawValue: inTagClass as String)]?.first)
}

/// Every tag of a class the type has, preferred first; `nil` when it has none.
public func UTTypeCopyAllTagsWithClass(_ inUTI: CFString, _ inTagClass: CFString) -> Unmanaged<CFArray>? {
    retained(type(inUTI).tags[UTTagClass(rawValue: inTagClass as String)] ?? [])
}

/// Whether two identifiers name the same type (identifiers compare without regard to case).
public func UTTypeEqual(_ inUTI1: CFString, _ inUTI2: CFString) -> Bool {
    type(inUTI1) == type(inUTI2)
}

/// Whether the first type is the second or conforms to it, directly or through others.
public func UTTypeConformsTo(_ inUTI: CFString, _ inConformsToUTI: CFString) -> Bool {
    type(inUTI).conforms(to: type(inConformsToUTI))
}

/// A description of the type for people, or `nil` (dynamic and undeclared types have none).
public func UTTypeCopyDescription(_ inUTI: CFString) -> Unmanaged<CFString>? {
    retained(type(inUTI).localizedDescription)
}

/// Whether the system declares the type.
public func UTTypeIsDeclared(_ inUTI: CFString) -> Bool { type(inUTI).isDeclared }

/// Whether the identifier is a dynamic one, made for a tag no declared type has.
public func UTTypeIsDynamic(_ inUTI: CFString) -> Bool { type(inUTI).isDynamic }
