/// Where a box sits in a file: `moov/trak[1]/mdia/minf/stbl/stsz`.
///
/// Each component is a box type and its 1-based position among the siblings of that type, so `trak[2]` is the
/// second track whatever boxes sit between the tracks. The text form prints the index for types that repeat in
/// real files (tracks, fragments, runs, sample groups…) and for any component past the first of its type, so paths
/// read the way people write them and stay unambiguous.
package struct BoxPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// One step of a path.
    package struct Component: Hashable, Sendable {
        /// The box type.
        package var type: FourCC
        /// 1-based position among siblings of the same type.
        package var index: Int

        /// A step to the `index`-th (1-based) child of type `type`.
        package init(_ type: FourCC, index: Int = 1) {
            self.type = type
            self.index = index
        }
    }

    /// The steps from the file (or the buffer parsed) down to the box.
    package var components: [Component]

    /// The root: no box.
    package static let root = BoxPath(components: [])

    /// A path made of the given steps.
    package init(components: [Component]) { self.components = components }

    /// A path from text such as `moov/trak[2]/mdia`; an absent index means 1. Crashes on malformed literals only.
    package init(stringLiteral value: String) {
        guard let path = BoxPath(parsing: value) else { preconditionFailure("malformed box path literal: \(value)") }
        self = path
    }

    /// A path from text such as `moov/trak[2]/mdia`, or `nil` if the text is not one.
    package init?(parsing text: String) {
        if text.isEmpty { self = .root; return }
        var components: [Component] = []
        for part in text.split(separator: "/", omittingEmptySubsequences: false) {
            var name = Substring(part)
            var index = 1
            if let open = part.firstIndex(of: "["), part.hasSuffix("]") {
                name = part[..<open]
                guard let value = Int(part[part.index(after: open)..<part.index(before: part.endIndex)]), value >= 1
                else { return nil }
                index = value
            }
            guard let type = FourCC(String(name)) else { return nil }
            components.append(Component(type, index: index))
        }
        self.components = components
    }

    /// This path with one more step.
    package func appending(_ type: FourCC, index: Int = 1) -> BoxPath {
        var copy = self
        copy.components.append(Component(type, index: index))
        return copy
    }

    /// The type of the innermost box, or `nil` for the root.
    package var lastType: FourCC? { components.last?.type }

    /// Number of steps.
    package var depth: Int { components.count }

    /// Types whose index is always printed, because files hold several of them side by side.
    private static let repeatingTypes: Set<FourCC> = [
        "trak", "traf", "moof", "mdat", "trun", "sidx", "sgpd", "sbgp", "uuid", "free", "skip", "tfra",
    ]

    package var description: String {
        if components.isEmpty { return "/" }
        return components.map { component in
            component.index > 1 || Self.repeatingTypes.contains(component.type)
                ? "\(component.type)[\(component.index)]" : component.type.description
        }.joined(separator: "/")
    }
}
