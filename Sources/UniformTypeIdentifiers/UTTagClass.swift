/// A kind of tag that names a type outside the identifier system: a filename extension or a MIME type.
public struct UTTagClass: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The tag class's identifier, such as `public.filename-extension`.
    public let rawValue: String

    /// The tag class with `rawValue` as its identifier.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Filename extensions, without the leading dot (`jpg`).
    public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")

    /// MIME types (`image/jpeg`).
    public static let mimeType = UTTagClass(rawValue: "public.mime-type")

    public var description: String { rawValue }
}
