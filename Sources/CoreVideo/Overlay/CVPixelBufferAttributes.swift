import Foundation

/// A partial set of pixel buffer creation attributes (iOS 26): every attribute of
/// `CVPixelBufferCreationAttributes` is optional, several pixel formats may be offered, and keys those attributes
/// do not model travel in `rawAttributes`. Read and set the modelled attributes by their creation-attribute names
/// (`attributes.size`, `attributes.planeAlignment`).
@dynamicMemberLookup
public struct CVPixelBufferAttributes: Sendable {
    /// The acceptable pixel formats, most preferred first; nil when any will do.
    public var pixelFormatTypes: [CVPixelFormatType]?
    /// The modelled attributes other than the formats; the format and size placeholders mean nothing.
    private var fields: CVPixelBufferCreationAttributes
    /// Whether a size was given (the size in `fields` is a placeholder otherwise).
    private var hasSize: Bool
    /// Attribute keys these attributes do not model, kept as given.
    private var otherAttributes: [String: any Sendable]

    /// Attributes with the formats, size and layout given; nil for what does not matter.
    public init(pixelFormatTypes: [CVPixelFormatType]? = nil, size: CVImageSize? = nil,
                compatibility: CVPixelFormatDescription.Compatibility = [], bytesPerRowAlignment: Int? = nil,
                planeAlignment: Int? = nil, extendedPixels: CVPixelBufferPadding? = nil) {
        self.pixelFormatTypes = pixelFormatTypes
        fields = CVPixelBufferCreationAttributes(
            pixelFormatType: CVPixelFormatType(rawValue: 0), size: size ?? .zero, compatibility: compatibility,
            bytesPerRowAlignment: bytesPerRowAlignment, planeAlignment: planeAlignment, extendedPixels: extendedPixels)
        hasSize = size != nil
        otherAttributes = [:]
    }

    /// The same requirements as the complete `attributes`.
    public init(_ attributes: CVPixelBufferCreationAttributes) {
        pixelFormatTypes = [attributes.pixelFormatType]
        fields = attributes
        hasSize = true
        otherAttributes = [:]
    }

    /// Attributes read from a `CVPixelBufferCreate`-style dictionary: the keys these attributes model become their
    /// properties (a key whose value has the wrong type is kept as given instead), the rest stay in `rawAttributes`.
    public init(rawAttributes: [String: any Sendable]) {
        self.init()
        fields.backing = .memory  // without kCVPixelBufferIOSurfacePropertiesKey, a dictionary asks for plain memory
        var rest = rawAttributes
        if let raw = rest[kCVPixelBufferPixelFormatTypeKey as String] {
            if let single = AttributeValue.osType(raw) {
                pixelFormatTypes = [CVPixelFormatType(rawValue: single)]
                rest[kCVPixelBufferPixelFormatTypeKey as String] = nil
            } else if let list = raw as? [Any] {
                let codes = list.compactMap(AttributeValue.osType)
                if codes.count == list.count {
                    pixelFormatTypes = codes.map(CVPixelFormatType.init(rawValue:))
                    rest[kCVPixelBufferPixelFormatTypeKey as String] = nil
                }
            }
        }
        let widthKey = kCVPixelBufferWidthKey as String, heightKey = kCVPixelBufferHeightKey as String
        if let width = AttributeValue.int(rest[widthKey]), let height = AttributeValue.int(rest[heightKey]) {
            fields.size = CVImageSize(width: width, height: height)
            hasSize = true
            rest[widthKey] = nil
            rest[heightKey] = nil
        }
        // The remaining modelled keys go through the creation attributes' own reading, with a placeholder format
        // and size, one key at a time so that one unreadable value does not take the others with it.
        let placeholder: [String: Any] = [kCVPixelBufferPixelFormatTypeKey as String: 0, widthKey: 0, heightKey: 0]
        var padding: [String: Any] = [:]
        for (key, value) in rest where CVPixelBufferCreationAttributes.representableKeys.contains(key) {
            if CVPixelBufferCreationAttributes.paddingKeySet.contains(key) {
                padding[key] = value
                continue
            }
            guard let parsed = CVPixelBufferCreationAttributes(dictionary: placeholder.merging([key: value as Any]) { $1 })
            else { continue }
            absorb(parsed, key: key)
            rest[key] = nil
        }
        if !padding.isEmpty,
           let parsed = CVPixelBufferCreationAttributes(dictionary: placeholder.merging(padding) { $1 }) {
            fields.extendedPixels = parsed.extendedPixels
            for key in padding.keys { rest[key] = nil }
        }
        otherAttributes = rest
    }

    /// Copies what `parsed` read from `key` into the fields.
    private mutating func absorb(_ parsed: CVPixelBufferCreationAttributes, key: String) {
        if key == kCVPixelBufferBytesPerRowAlignmentKey as String {
            fields.bytesPerRowAlignment = parsed.bytesPerRowAlignment
        } else if key == kCVPixelBufferPlaneAlignmentKey as String {
            fields.planeAlignment = parsed.planeAlignment
        } else if key == kCVPixelBufferIOSurfacePropertiesKey as String {
            fields.backing = parsed.backing
        } else {
            fields.compatibility.formUnion(parsed.compatibility)
        }
    }

    /// The attributes as a `CVPixelBufferCreate`-style dictionary, unmodelled keys included.
    public var rawAttributes: [String: any Sendable] {
        var result = otherAttributes
        if let pixelFormatTypes {
            let codes = pixelFormatTypes.map { Int($0.rawValue) }
            result[kCVPixelBufferPixelFormatTypeKey as String] = codes.count == 1 ? codes[0] : codes
        }
        if hasSize {
            result[kCVPixelBufferWidthKey as String] = fields.size.width
            result[kCVPixelBufferHeightKey as String] = fields.size.height
        }
        let skipped: Set<String> = [kCVPixelBufferPixelFormatTypeKey as String, kCVPixelBufferWidthKey as String,
                                    kCVPixelBufferHeightKey as String, kCVPixelBufferIOSurfacePropertiesKey as String]
        for (key, value) in fields.dictionaryRepresentation where !skipped.contains(key) {
            if let value = PropertyListValue.sendable(value) { result[key] = value }
        }
        switch fields.backing {
        case .ioSurface: result[kCVPixelBufferIOSurfacePropertiesKey as String] = [String: any Sendable]()
        case .ioSurfaceWithProperties(let properties): result[kCVPixelBufferIOSurfacePropertiesKey as String] = properties
        case .memory: break
        }
        return result
    }

    // MARK: The creation attributes' properties, optional

    /// The modelled attributes with the format and size placeholders filled in.
    private var template: CVPixelBufferCreationAttributes {
        var result = fields
        result.pixelFormatType = pixelFormatTypes?.first ?? CVPixelFormatType(rawValue: 0)
        return result
    }

    /// The pixel format (the first acceptable one), or nil when any will do; setting it makes it the only one.
    public subscript(dynamicMember keyPath: WritableKeyPath<CVPixelBufferCreationAttributes, CVPixelFormatType>)
        -> CVPixelFormatType? {
        get { pixelFormatTypes?.first }
        set { pixelFormatTypes = newValue.map { [$0] } }
    }

    /// The size, or nil when any will do.
    public subscript(dynamicMember keyPath: WritableKeyPath<CVPixelBufferCreationAttributes, CVImageSize>)
        -> CVImageSize? {
        get { hasSize ? fields.size : nil }
        set {
            hasSize = newValue != nil
            fields.size = newValue ?? .zero
        }
    }

    /// An optional integer attribute (alignments).
    public subscript(dynamicMember keyPath: WritableKeyPath<CVPixelBufferCreationAttributes, Int?>) -> Int? {
        get { template[keyPath: keyPath] }
        set { fields[keyPath: keyPath] = newValue }
    }

    /// The extended pixels, or nil for none requested.
    public subscript(dynamicMember keyPath: WritableKeyPath<CVPixelBufferCreationAttributes, CVPixelBufferPadding?>)
        -> CVPixelBufferPadding? {
        get { template[keyPath: keyPath] }
        set { fields[keyPath: keyPath] = newValue }
    }

    /// The compatibility requested (empty for none).
    public subscript(
        dynamicMember keyPath: WritableKeyPath<CVPixelBufferCreationAttributes, CVPixelFormatDescription.Compatibility>
    ) -> CVPixelFormatDescription.Compatibility {
        get { template[keyPath: keyPath] }
        set { fields[keyPath: keyPath] = newValue }
    }

    /// The backing requested.
    public subscript(
        dynamicMember keyPath: WritableKeyPath<CVPixelBufferCreationAttributes, CVPixelBufferCreationAttributes.Backing>
    ) -> CVPixelBufferCreationAttributes.Backing {
        get { template[keyPath: keyPath] }
        set { fields[keyPath: keyPath] = newValue }
    }

    // MARK: Merging

    /// One set of attributes that satisfies all of `attributes`, or nil when they conflict: the pixel formats
    /// acceptable to every one (in the first one's order; nil if none is), a size they agree on, row and plane
    /// alignments that are multiples of every one asked for, the widest extended pixels on each side, every
    /// compatibility asked for, IOSurface backing if any asks for it (properties merged; a key given two different
    /// values conflicts), and the other keys of all of them (a key given two different values conflicts).
    public init?(merging attributes: [CVPixelBufferAttributes]) {
        self.init()
        fields.backing = .memory
        for next in attributes {
            if let formats = next.pixelFormatTypes {
                if let current = pixelFormatTypes {
                    let common = current.filter(formats.contains)
                    guard !common.isEmpty else { return nil }
                    pixelFormatTypes = common
                } else {
                    pixelFormatTypes = formats
                }
            }
            if next.hasSize {
                if hasSize {
                    guard fields.size == next.fields.size else { return nil }
                } else {
                    fields.size = next.fields.size
                    hasSize = true
                }
            }
            guard let rows = Self.commonMultiple(fields.bytesPerRowAlignment, next.fields.bytesPerRowAlignment),
                  let planes = Self.commonMultiple(fields.planeAlignment, next.fields.planeAlignment) else { return nil }
            fields.bytesPerRowAlignment = rows
            fields.planeAlignment = planes
            if let padding = next.fields.extendedPixels {
                let old = fields.extendedPixels ?? .zero
                fields.extendedPixels = CVPixelBufferPadding(
                    left: max(old.left, padding.left), right: max(old.right, padding.right),
                    top: max(old.top, padding.top), bottom: max(old.bottom, padding.bottom))
            }
            fields.compatibility.formUnion(next.fields.compatibility)
            guard let backing = Self.merged(fields.backing, next.fields.backing),
                  let others = Self.merged(otherAttributes, next.otherAttributes) else { return nil }
            fields.backing = backing
            otherAttributes = others
        }
        if attributes.isEmpty { fields.backing = .ioSurface }
    }

    /// The least common multiple of two optional alignments; nil (the outer optional) when it overflows or an
    /// alignment is not positive.
    private static func commonMultiple(_ a: Int?, _ b: Int?) -> Int?? {
        guard let a, let b else { return .some(a ?? b) }
        guard a > 0, b > 0 else { return nil }
        func gcd(_ x: Int, _ y: Int) -> Int { y == 0 ? x : gcd(y, x % y) }
        let (product, overflow) = (a / gcd(a, b)).multipliedReportingOverflow(by: b)
        return overflow ? nil : .some(product)
    }

    /// Two backings as one: memory only if both are, properties merged.
    private static func merged(_ a: CVPixelBufferCreationAttributes.Backing, _ b: CVPixelBufferCreationAttributes.Backing)
        -> CVPixelBufferCreationAttributes.Backing? {
        func properties(_ backing: CVPixelBufferCreationAttributes.Backing) -> [String: any Sendable]? {
            switch backing {
            case .memory: return nil
            case .ioSurface: return [:]
            case .ioSurfaceWithProperties(let properties): return properties
            }
        }
        switch (properties(a), properties(b)) {
        case (nil, nil): return .memory
        case (let one?, nil), (nil, let one?): return one.isEmpty ? .ioSurface : .ioSurfaceWithProperties(one)
        case (let one?, let two?):
            guard let both = merged(one, two) else { return nil }
            return both.isEmpty ? .ioSurface : .ioSurfaceWithProperties(both)
        }
    }

    /// Two dictionaries as one; nil when a key has different values in them.
    private static func merged(_ a: [String: any Sendable], _ b: [String: any Sendable]) -> [String: any Sendable]? {
        var result = a
        for (key, value) in b {
            if let existing = result[key] {
                guard NSDictionary(dictionary: [key: existing as Any]).isEqual(to: [key: value as Any]) else { return nil }
            } else {
                result[key] = value
            }
        }
        return result
    }
}
