/// What a sample depends on, as ISO/IEC 14496-12 §8.6.4 (`sdtp`) and Core Media's sample attachments
/// (`DependsOnOthers`, `IsDependedOnByOthers`, `HasRedundantCoding`) say it; `nil` fields are unknown.
package struct SampleDependency: Sendable, Equatable {
    /// Whether the sample is a leading sample (decodable only with earlier samples in decode order), if known.
    package var isLeading: Bool?
    /// Whether the sample depends on others (false for I-frames).
    package var dependsOnOthers: Bool?
    /// Whether other samples depend on it (false for disposable B-frames).
    package var isDependedOnByOthers: Bool?
    /// Whether it has redundant coding.
    package var hasRedundantCoding: Bool?

    /// Dependency information.
    package init(isLeading: Bool? = nil, dependsOnOthers: Bool? = nil, isDependedOnByOthers: Bool? = nil,
                 hasRedundantCoding: Bool? = nil) {
        self.isLeading = isLeading
        self.dependsOnOthers = dependsOnOthers
        self.isDependedOnByOthers = isDependedOnByOthers
        self.hasRedundantCoding = hasRedundantCoding
    }

    /// The two-bit codes of `sdtp` (0 unknown, 1 yes, 2 no), in its field order.
    package var codes: (isLeading: UInt8, dependsOn: UInt8, isDependedOn: UInt8, hasRedundancy: UInt8) {
        func code(_ value: Bool?) -> UInt8 { value.map { $0 ? 1 : 2 } ?? 0 }
        return (code(isLeading), code(dependsOnOthers), code(isDependedOnByOthers), code(hasRedundantCoding))
    }

    /// The `sdtp` byte.
    package var sdtpByte: UInt8 {
        let c = codes
        return c.isLeading << 6 | c.dependsOn << 4 | c.isDependedOn << 2 | c.hasRedundancy
    }
}
