/// A type of data: a file format (`public.png`), an abstract kind (`public.image`), or a dynamic type made for a
/// tag no declared type has. Types form a conformance graph (`public.png` conforms to `public.image`, which
/// conforms to `public.data`), and carry tags: filename extensions and MIME types.
///
/// The declared types are the system's own for data, text, images, audio and movies (`UTTypeRegistry`); Linux has
/// no app bundles to declare more, so `init(exportedAs:conformingTo:)` gives an undeclared type with the conformance
/// it is told.
public struct UTType: Sendable {
    /// The identifier, such as `public.jpeg`.
    public let identifier: String
    /// The declaration of a declared type; for a dynamic or undeclared type, the one made for it.
    private let declaration: UTTypeDeclaration
    /// For a dynamic or undeclared type, the types it conforms to directly (declared types use the registry).
    private let parents: [UTType]

    /// A declared type.
    init(declaration: UTTypeDeclaration) {
        identifier = declaration.identifier
        self.declaration = declaration
        parents = []
    }

    /// A dynamic or undeclared type.
    private init(identifier: String, parents: [UTType], tags: [UTTagClass: [String]] = [:]) {
        self.identifier = identifier
        declaration = UTTypeDeclaration(identifier, conformsTo: parents.map(\.identifier),
                                        extensions: tags[.filenameExtension] ?? [], mimeTypes: tags[.mimeType] ?? [])
        self.parents = parents
    }

    /// A declared type known to exist (the static members).
    static func declared(_ identifier: String) -> UTType {
        guard let declaration = UTTypeRegistry.declaration(identifier) else {
            preconditionFailure("invariant: \(identifier) is in UTTypeRegistry.declarations")
        }
        return UTType(declaration: declaration)
    }

    /// The type with `identifier`, or `nil` if it is neither declared nor a dynamic identifier made here.
    public init?(_ identifier: String) {
        if let declaration = UTTypeRegistry.declaration(identifier) {
            self.init(declaration: declaration)
        } else if let dynamic = DynamicIdentifier(decoding: identifier),
                  let made = UTType(tag: dynamic.tag, tagClass: dynamic.tagClass, conformingTo: dynamic.supertype),
                  made.isDynamic {
            self = made
        } else {
            return nil
        }
    }

    /// The type whose filename extension is `filenameExtension` (without the dot, any case) and which conforms to
    /// `supertype`: a declared one when there is one, otherwise a dynamic type. `nil` for an empty extension.
    public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
        self.init(tag: filenameExtension, tagClass: .filenameExtension, conformingTo: supertype)
    }

    /// The type whose MIME type is `mimeType` and which conforms to `supertype`: a declared one when there is one,
    /// otherwise a dynamic type. `nil` for an empty MIME type.
    public init?(mimeType: String, conformingTo supertype: UTType = .data) {
        self.init(tag: mimeType, tagClass: .mimeType, conformingTo: supertype)
    }

    /// The preferred type with `tag` of `tagClass` conforming to `supertype` (any type when `nil`), or a dynamic
    /// type for it; `nil` for an empty tag or a tag class other than filename extensions and MIME types.
    public init?(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
        guard let first = UTType.types(tag: tag, tagClass: tagClass, conformingTo: supertype).first else { return nil }
        self = first
    }

    /// Every declared type with `tag` of `tagClass` that conforms to `supertype` (any type when `nil`), most
    /// specific first; a single dynamic type when none is declared; empty for an empty tag or unknown tag class.
    public static func types(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> [UTType] {
        guard !tag.isEmpty, tagClass == .filenameExtension || tagClass == .mimeType else { return [] }
        let declared = UTTypeRegistry.declarations(tag: tag, tagClass: tagClass).map(UTType.init(declaration:))
            .filter { supertype.map($0.conforms(to:)) ?? true }
        if !declared.isEmpty { return declared }
        let dynamic = DynamicIdentifier(tag: tag, tagClass: tagClass, supertype: supertype)
        return [UTType(identifier: dynamic.encoded, parents: supertype.map { [$0] } ?? [],
                       tags: [tagClass: [tag.lowercased()]])]
    }

    /// A type this program declares: the declared one if the system knows `identifier`, otherwise an undeclared type
    /// conforming to `parentType`.
    public init(exportedAs identifier: String, conformingTo parentType: UTType? = nil) {
        if let declaration = UTTypeRegistry.declaration(identifier) {
            self.init(declaration: declaration)
        } else {
            self.init(identifier: identifier, parents: parentType.map { [$0] } ?? [])
        }
    }

    /// A type another program declares: as `init(exportedAs:conformingTo:)`.
    public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self.init(exportedAs: identifier, conformingTo: parentType)
    }

    /// The preferred filename extension, without the dot.
    public var preferredFilenameExtension: String? { declaration.filenameExtensions.first }

    /// The preferred MIME type.
    public var preferredMIMEType: String? { declaration.mimeTypes.first }

    /// Every tag, by class (classes with no tag are left out).
    public var tags: [UTTagClass: [String]] {
        var tags: [UTTagClass: [String]] = [:]
        if !declaration.filenameExtensions.isEmpty { tags[.filenameExtension] = declaration.filenameExtensions }
        if !declaration.mimeTypes.isEmpty { tags[.mimeType] = declaration.mimeTypes }
        return tags
    }

    /// A description for people (in English), or `nil` for a dynamic type.
    public var localizedDescription: String? { declaration.description }

    /// The declared version of the type (system types have none).
    public var version: NSNumber? { nil }

    /// A URL describing the type (system types have none).
    public var referenceURL: URL? { nil }

    /// Whether the type was made for a tag no declared type has.
    public var isDynamic: Bool { identifier.lowercased().hasPrefix(DynamicIdentifier.prefix) }

    /// Whether the system declares the type.
    public var isDeclared: Bool { UTTypeRegistry.declaration(identifier) != nil }

    /// Whether the type is one of the public types (identifiers starting `public.`).
    public var isPublic: Bool { identifier.lowercased().hasPrefix("public.") }

    /// The types this one conforms to directly.
    private var directSupertypes: [UTType] {
        if let declared = UTTypeRegistry.declaration(identifier) {
            return declared.conformsTo.compactMap(UTTypeRegistry.declaration).map(UTType.init(declaration:))
        }
        return parents
    }

    /// Every type this one conforms to, directly or through others (not the type itself).
    public var supertypes: Set<UTType> {
        var found = Set<UTType>()
        var pending = directSupertypes
        while let next = pending.popLast() {
            if found.insert(next).inserted { pending.append(contentsOf: next.directSupertypes) }
        }
        return found
    }

    /// Whether this type is `type` or conforms to it, directly or through others.
    public func conforms(to type: UTType) -> Bool {
        self == type || supertypes.contains(type)
    }

    /// Whether `type` conforms to this type and is not it.
    public func isSupertype(of type: UTType) -> Bool {
        self != type && type.conforms(to: self)
    }

    /// Whether this type conforms to `type` and is not it.
    public func isSubtype(of type: UTType) -> Bool {
        self != type && conforms(to: type)
    }
}

extension UTType: Hashable {
    /// Types are equal when their identifiers are, ignoring case.
    public static func == (lhs: UTType, rhs: UTType) -> Bool {
        lhs.identifier.lowercased() == rhs.identifier.lowercased()
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier.lowercased())
    }
}

extension UTType: Codable {
    /// Decodes a type from its identifier; an identifier the system does not know gives an undeclared type.
    public init(from decoder: any Decoder) throws {
        let identifier = try decoder.singleValueContainer().decode(String.self)
        self = UTType(identifier) ?? UTType(importedAs: identifier)
    }

    /// Encodes the type as its identifier.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}

extension UTType: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { identifier }
    public var debugDescription: String { identifier }
}
