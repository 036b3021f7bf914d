/// What the system knows about one type: its identifier, the types it conforms to directly, and its tags (the
/// first of each class is the preferred one).
struct UTTypeDeclaration: Sendable {
    /// The identifier as declared.
    let identifier: String
    /// The identifiers of the types this one conforms to directly.
    let conformsTo: [String]
    /// Filename extensions, preferred first.
    let filenameExtensions: [String]
    /// MIME types, preferred first.
    let mimeTypes: [String]
    /// A description in English (the only localisation here).
    let description: String?

    init(_ identifier: String, conformsTo: [String] = [], extensions: [String] = [], mimeTypes: [String] = [],
         description: String? = nil) {
        self.identifier = identifier
        self.conformsTo = conformsTo
        self.filenameExtensions = extensions
        self.mimeTypes = mimeTypes
        self.description = description
    }

    /// The tags of `tagClass`.
    func tags(_ tagClass: UTTagClass) -> [String] {
        switch tagClass {
        case .filenameExtension: filenameExtensions
        case .mimeType: mimeTypes
        default: []
        }
    }
}
