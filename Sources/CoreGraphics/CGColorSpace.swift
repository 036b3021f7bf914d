import CoreFoundationShims

/// The kind of colour a colour space describes (CGColorSpace.h).
public enum CGColorSpaceModel: Int32, Sendable {
    /// Unknown.
    case unknown = -1
    /// Grey levels.
    case monochrome = 0
    /// Red, green, blue.
    case rgb = 1
    /// Cyan, magenta, yellow, black.
    case cmyk = 2
    /// CIE L*a*b*.
    case lab = 3
    /// Several named inks.
    case deviceN = 4
    /// Indexes into a palette.
    case indexed = 5
    /// A pattern.
    case pattern = 6
    /// CIE XYZ.
    case XYZ = 7
}

/// A colour space, identified by one of Apple's standard names. It describes what component values mean; no
/// colour management is done here, so spaces are known by name, model and component count.
public final class CGColorSpace: Hashable, Sendable {
    /// The standard name, such as `CGColorSpace.sRGB`.
    public var name: CFString? { standardName.map { $0 as CFString } }
    /// The name, kept as a Swift string so that the colour space is Sendable (an `NSString` is not).
    private let standardName: String?
    /// Colour components, not counting alpha.
    public let numberOfComponents: Int
    /// The kind of colour.
    public let model: CGColorSpaceModel

    private init(name: CFString, model: CGColorSpaceModel) {
        self.standardName = name as String
        self.model = model
        switch model {
        case .monochrome: numberOfComponents = 1
        case .cmyk: numberOfComponents = 4
        default: numberOfComponents = 3
        }
    }

    /// The colour space with a standard name, or `nil` for a name this platform does not know.
    public convenience init?(name: CFString) {
        guard let model = Self.models[name as String] else { return nil }
        self.init(name: name, model: model)
    }

    /// A device-dependent space (`CGColorSpaceCreateDevice…`).
    fileprivate convenience init(device name: CFString, model: CGColorSpaceModel) {
        self.init(name: name, model: model)
    }

    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs.standardName == rhs.standardName && lhs.model == rhs.model
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(standardName)
    }

    /// Text for our own logs and messages (not public: Apple's CGColorSpace is not CustomStringConvertible).
    package var descriptionText: String { "<CGColorSpace \(standardName ?? "unnamed") (\(model))>" }

    // Standard names (CGColorSpace.h). Each constant's value is its own C name, as Apple's CoreGraphics defines
    // them (`kCGColorSpaceSRGB` is the string "kCGColorSpaceSRGB").

    /// Generic grey with gamma 2.2.
    nonisolated(unsafe) public static let genericGrayGamma2_2: CFString = "kCGColorSpaceGenericGrayGamma2_2"
    /// Generic grey.
    nonisolated(unsafe) package static let genericGray: CFString = "kCGColorSpaceGenericGray"
    /// Linear grey.
    nonisolated(unsafe) public static let linearGray: CFString = "kCGColorSpaceLinearGray"
    /// Extended-range grey.
    nonisolated(unsafe) public static let extendedGray: CFString = "kCGColorSpaceExtendedGray"
    /// Extended-range linear grey.
    nonisolated(unsafe) public static let extendedLinearGray: CFString = "kCGColorSpaceExtendedLinearGray"
    /// Generic RGB.
    nonisolated(unsafe) package static let genericRGB: CFString = "kCGColorSpaceGenericRGB"
    /// Generic linear RGB.
    nonisolated(unsafe) public static let genericRGBLinear: CFString = "kCGColorSpaceGenericRGBLinear"
    /// sRGB (IEC 61966-2-1).
    nonisolated(unsafe) public static let sRGB: CFString = "kCGColorSpaceSRGB"
    /// Linear sRGB.
    nonisolated(unsafe) public static let linearSRGB: CFString = "kCGColorSpaceLinearSRGB"
    /// Extended-range sRGB.
    nonisolated(unsafe) public static let extendedSRGB: CFString = "kCGColorSpaceExtendedSRGB"
    /// Extended-range linear sRGB.
    nonisolated(unsafe) public static let extendedLinearSRGB: CFString = "kCGColorSpaceExtendedLinearSRGB"
    /// Display P3.
    nonisolated(unsafe) public static let displayP3: CFString = "kCGColorSpaceDisplayP3"
    /// Display P3 with the HLG transfer function.
    nonisolated(unsafe) public static let displayP3_HLG: CFString = "kCGColorSpaceDisplayP3_HLG"
    /// Display P3 with the PQ transfer function.
    nonisolated(unsafe) public static let displayP3_PQ: CFString = "kCGColorSpaceDisplayP3_PQ"
    /// Extended-range linear Display P3.
    nonisolated(unsafe) public static let extendedLinearDisplayP3: CFString = "kCGColorSpaceExtendedLinearDisplayP3"
    /// DCI-P3.
    nonisolated(unsafe) public static let dcip3: CFString = "kCGColorSpaceDCIP3"
    /// ITU-R BT.709.
    nonisolated(unsafe) public static let itur_709: CFString = "kCGColorSpaceITUR_709"
    /// ITU-R BT.2020.
    nonisolated(unsafe) public static let itur_2020: CFString = "kCGColorSpaceITUR_2020"
    /// Extended-range linear ITU-R BT.2020.
    nonisolated(unsafe) public static let extendedLinearITUR_2020: CFString = "kCGColorSpaceExtendedLinearITUR_2020"
    /// ITU-R BT.2100 with HLG.
    nonisolated(unsafe) public static let itur_2100_HLG: CFString = "kCGColorSpaceITUR_2100_HLG"
    /// ITU-R BT.2100 with PQ.
    nonisolated(unsafe) public static let itur_2100_PQ: CFString = "kCGColorSpaceITUR_2100_PQ"
    /// Adobe RGB (1998).
    nonisolated(unsafe) public static let adobeRGB1998: CFString = "kCGColorSpaceAdobeRGB1998"
    /// ROMM RGB (ProPhoto).
    nonisolated(unsafe) public static let rommrgb: CFString = "kCGColorSpaceROMMRGB"
    /// ACEScg, linear.
    nonisolated(unsafe) public static let acescgLinear: CFString = "kCGColorSpaceACESCGLinear"
    /// Generic CMYK.
    nonisolated(unsafe) public static let genericCMYK: CFString = "kCGColorSpaceGenericCMYK"
    /// Generic CIE XYZ.
    nonisolated(unsafe) public static let genericXYZ: CFString = "kCGColorSpaceGenericXYZ"
    /// Generic CIE L*a*b*.
    nonisolated(unsafe) public static let genericLab: CFString = "kCGColorSpaceGenericLab"

    /// The model of each standard name, keyed by the name as a Swift string.
    private static let models: [String: CGColorSpaceModel] = Dictionary(uniqueKeysWithValues: ([
        (genericGrayGamma2_2, .monochrome), (genericGray, .monochrome), (linearGray, .monochrome),
        (extendedGray, .monochrome), (extendedLinearGray, .monochrome), (genericRGB, .rgb), (genericRGBLinear, .rgb),
        (sRGB, .rgb), (linearSRGB, .rgb), (extendedSRGB, .rgb), (extendedLinearSRGB, .rgb), (displayP3, .rgb),
        (displayP3_HLG, .rgb), (displayP3_PQ, .rgb), (extendedLinearDisplayP3, .rgb), (dcip3, .rgb), (itur_709, .rgb),
        (itur_2020, .rgb), (extendedLinearITUR_2020, .rgb), (itur_2100_HLG, .rgb), (itur_2100_PQ, .rgb),
        (adobeRGB1998, .rgb), (rommrgb, .rgb), (acescgLinear, .rgb), (genericCMYK, .cmyk), (genericXYZ, .XYZ),
        (genericLab, .lab),
    ] as [(CFString, CGColorSpaceModel)]).map { ($0.0 as String, $0.1) })
}

/// The device RGB colour space.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace {
    CGColorSpace(device: "kCGColorSpaceDeviceRGB", model: .rgb)
}

/// The device grey colour space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace {
    CGColorSpace(device: "kCGColorSpaceDeviceGray", model: .monochrome)
}

/// The device CMYK colour space.
public func CGColorSpaceCreateDeviceCMYK() -> CGColorSpace {
    CGColorSpace(device: "kCGColorSpaceDeviceCMYK", model: .cmyk)
}
