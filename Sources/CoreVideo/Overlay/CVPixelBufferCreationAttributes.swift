import Foundation

/// Everything needed to create a pixel buffer (iOS 26): format, size and layout requests. Converts to and from the
/// classic `kCVPixelBuffer…Key` dictionary that `CVPixelBufferCreate` and `CVPixelBufferPoolCreate` take.
public struct CVPixelBufferCreationAttributes: Equatable, Sendable {
    /// Where a buffer's memory comes from.
    ///
    /// Linux has no IOSurface: every buffer here is plain memory that any consumer on the machine can read. The
    /// IOSurface cases are kept, and written to the dictionary as `kCVPixelBufferIOSurfacePropertiesKey` as on
    /// Apple platforms, because Core Video on this platform accepts that key (see CVPixelBufferAttributeKeys.swift);
    /// what they promise beyond the buffer being shareable CPU memory cannot be had here.
    public enum Backing: Sendable {
        /// IOSurface memory with default surface properties (the default).
        case ioSurface
        /// IOSurface memory with the given surface properties.
        case ioSurfaceWithProperties([String: any Sendable])
        /// Ordinary memory.
        case memory

        /// Whether two backings are the same: the same case, and surface properties equal as property lists.
        func isSame(as other: Backing) -> Bool {
            switch (self, other) {
            case (.ioSurface, .ioSurface), (.memory, .memory): return true
            case (.ioSurfaceWithProperties(let a), .ioSurfaceWithProperties(let b)):
                return NSDictionary(dictionary: a.mapValues { $0 as Any }).isEqual(to: b.mapValues { $0 as Any })
            default: return false
            }
        }
    }

    /// The layout of the pixels.
    public var pixelFormatType: CVPixelFormatType
    /// The image size in pixels.
    public var size: CVImageSize
    /// Which frameworks the buffer must work with.
    public var compatibility: CVPixelFormatDescription.Compatibility
    /// Every row's length in bytes is a multiple of this (rows are 64-byte aligned here at least).
    public var bytesPerRowAlignment: Int?
    /// Every plane starts at a multiple of this many bytes (64 at least here).
    public var planeAlignment: Int?
    /// Extra pixels allocated around the image.
    public var extendedPixels: CVPixelBufferPadding?
    /// Where the memory comes from.
    public var backing: Backing = .ioSurface

    /// Attributes for a `size` buffer of `pixelFormatType`.
    public init(pixelFormatType: CVPixelFormatType, size: CVImageSize,
                compatibility: CVPixelFormatDescription.Compatibility = [], bytesPerRowAlignment: Int? = nil,
                planeAlignment: Int? = nil, extendedPixels: CVPixelBufferPadding? = nil) {
        self.pixelFormatType = pixelFormatType
        self.size = size
        self.compatibility = compatibility
        self.bytesPerRowAlignment = bytesPerRowAlignment
        self.planeAlignment = planeAlignment
        self.extendedPixels = extendedPixels
    }

    /// The complete attributes `attributes` describe; nil unless they name a size and exactly one pixel format (the
    /// first of several is not taken, as the choice would be ours, not the caller's).
    public init?(_ attributes: CVPixelBufferAttributes) {
        guard let formats = attributes.pixelFormatTypes, formats.count == 1, let size = attributes.size else { return nil }
        self.init(pixelFormatType: formats[0], size: size, compatibility: attributes.compatibility,
                  bytesPerRowAlignment: attributes.bytesPerRowAlignment, planeAlignment: attributes.planeAlignment,
                  extendedPixels: attributes.extendedPixels)
        backing = attributes.backing
    }

    /// Equal when every attribute is.
    public static func == (lhs: CVPixelBufferCreationAttributes, rhs: CVPixelBufferCreationAttributes) -> Bool {
        lhs.pixelFormatType == rhs.pixelFormatType && lhs.size == rhs.size && lhs.compatibility == rhs.compatibility
            && lhs.bytesPerRowAlignment == rhs.bytesPerRowAlignment && lhs.planeAlignment == rhs.planeAlignment
            && lhs.extendedPixels == rhs.extendedPixels && lhs.backing.isSame(as: rhs.backing)
    }
}

// MARK: The classic dictionary

/// Apple's `kCVPixelBufferIOSurfaceCoreAnimationCompatibilityKey`, which this platform does not declare (there is
/// no Core Animation compositor to be compatible with); it carries `Compatibility.ioSurfaceCoreAnimation` through
/// attribute dictionaries.
package let ioSurfaceCoreAnimationCompatibilityKey = "IOSurfaceCoreAnimationCompatibility"

extension CVPixelBufferCreationAttributes {
    /// The compatibility options and the keys that carry them.
    private static let compatibilityKeys: [(CVPixelFormatDescription.Compatibility, String)] = [
        (.cgImage, kCVPixelBufferCGImageCompatibilityKey as String),
        (.cgBitmapContext, kCVPixelBufferCGBitmapContextCompatibilityKey as String),
        (.metalTexture, kCVPixelBufferMetalCompatibilityKey as String),
        (.ioSurfaceCoreAnimation, ioSurfaceCoreAnimationCompatibilityKey),
    ]

    /// The extended-pixel keys, left, right, top, bottom.
    private static let paddingKeys = [kCVPixelBufferExtendedPixelsLeftKey as String,
                                      kCVPixelBufferExtendedPixelsRightKey as String,
                                      kCVPixelBufferExtendedPixelsTopKey as String,
                                      kCVPixelBufferExtendedPixelsBottomKey as String]

    /// The extended-pixel keys as a set.
    package static let paddingKeySet = Set(paddingKeys)

    /// Every key `dictionaryRepresentation` can write.
    package static let representableKeys: Set<String> = Set(
        [kCVPixelBufferPixelFormatTypeKey as String, kCVPixelBufferWidthKey as String,
         kCVPixelBufferHeightKey as String, kCVPixelBufferBytesPerRowAlignmentKey as String,
         kCVPixelBufferPlaneAlignmentKey as String, kCVPixelBufferIOSurfacePropertiesKey as String]
            + paddingKeys + compatibilityKeys.map(\.1))

    /// The attributes as the `kCVPixelBuffer…Key` dictionary `CVPixelBufferCreate` and pools take.
    package var dictionaryRepresentation: [String: Any] {
        var result: [String: Any] = [
            kCVPixelBufferPixelFormatTypeKey as String: Int(pixelFormatType.rawValue),
            kCVPixelBufferWidthKey as String: size.width,
            kCVPixelBufferHeightKey as String: size.height,
        ]
        for (option, key) in Self.compatibilityKeys where compatibility.contains(option) { result[key] = true }
        if let bytesPerRowAlignment { result[kCVPixelBufferBytesPerRowAlignmentKey as String] = bytesPerRowAlignment }
        if let planeAlignment { result[kCVPixelBufferPlaneAlignmentKey as String] = planeAlignment }
        if let extendedPixels {
            let sides = [extendedPixels.left, extendedPixels.right, extendedPixels.top, extendedPixels.bottom]
            for (key, value) in zip(Self.paddingKeys, sides) { result[key] = value }
        }
        switch backing {
        case .ioSurface: result[kCVPixelBufferIOSurfacePropertiesKey as String] = [String: Any]()
        case .ioSurfaceWithProperties(let properties):
            result[kCVPixelBufferIOSurfacePropertiesKey as String] = properties as [String: Any]
        case .memory: break
        }
        return result
    }

    /// The attributes a classic dictionary describes. Nil when it lacks a single pixel format (a number, or an array
    /// of one), a width or a height, when a value has the wrong type, or when it holds a key these attributes
    /// cannot express (such as the OpenGL compatibility keys or buffer attachments), so that nothing the caller
    /// asked for is dropped on the way.
    package init?(dictionary: [String: Any]) {
        guard Set(dictionary.keys).isSubset(of: Self.representableKeys) else { return nil }
        let formatValue = dictionary[kCVPixelBufferPixelFormatTypeKey as String]
        let format: OSType
        if let single = AttributeValue.osType(formatValue) {
            format = single
        } else if let list = formatValue as? [Any], list.count == 1, let only = AttributeValue.osType(list[0]) {
            format = only
        } else {
            return nil
        }
        guard let width = AttributeValue.int(dictionary[kCVPixelBufferWidthKey as String]),
              let height = AttributeValue.int(dictionary[kCVPixelBufferHeightKey as String]) else { return nil }
        self.init(pixelFormatType: CVPixelFormatType(rawValue: format), size: CVImageSize(width: width, height: height))
        for (option, key) in Self.compatibilityKeys {
            guard let raw = dictionary[key] else { continue }
            guard let flag = AttributeValue.bool(raw) else { return nil }
            if flag { compatibility.insert(option) }
        }
        func optionalInt(_ key: String) -> Int?? {
            guard let raw = dictionary[key] else { return .some(nil) }
            return AttributeValue.int(raw).map { .some($0) } ?? nil
        }
        guard let rowAlignment = optionalInt(kCVPixelBufferBytesPerRowAlignmentKey as String),
              let planeAlignment = optionalInt(kCVPixelBufferPlaneAlignmentKey as String) else { return nil }
        bytesPerRowAlignment = rowAlignment
        self.planeAlignment = planeAlignment
        if Self.paddingKeys.contains(where: { dictionary[$0] != nil }) {
            var sides: [Int] = []
            for key in Self.paddingKeys {
                guard let side = optionalInt(key) else { return nil }
                sides.append(side ?? 0)
            }
            extendedPixels = CVPixelBufferPadding(left: sides[0], right: sides[1], top: sides[2], bottom: sides[3])
        }
        if let raw = dictionary[kCVPixelBufferIOSurfacePropertiesKey as String] {
            guard let properties = AttributeValue.dictionary(raw), let sendable = PropertyListValue.dictionary(properties)
            else { return nil }
            backing = sendable.isEmpty ? .ioSurface : .ioSurfaceWithProperties(sendable)
        } else {
            backing = .memory
        }
    }

}
