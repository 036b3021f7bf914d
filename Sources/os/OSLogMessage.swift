import Foundation

/// A message for `Logger` written as a string literal with interpolations, each of which may carry a `privacy:`.
///
/// Values are formatted when the message is written, not when it is made, so a message that a level filter drops
/// costs no formatting (Apple's logging defers it too).
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    public let interpolation: OSLogInterpolation

    public init(stringLiteral value: String) {
        var interpolation = OSLogInterpolation(literalCapacity: value.count, interpolationCount: 0)
        interpolation.appendLiteral(value)
        self.interpolation = interpolation
    }

    public init(stringInterpolation: OSLogInterpolation) {
        interpolation = stringInterpolation
    }

    /// The text as it is written to the log, private values redacted.
    func rendered() -> String {
        interpolation.segments.map { $0() }.joined()
    }
}

/// How an interpolated string is padded (Apple's `align:` argument).
public struct OSLogStringAlignment: Sendable {
    let width: Int
    let leftAligned: Bool

    /// No padding.
    public static let none = OSLogStringAlignment(width: 0, leftAligned: false)
    /// Padded on the left to `columns` characters.
    public static func right(columns: Int) -> OSLogStringAlignment { OSLogStringAlignment(width: columns, leftAligned: false) }
    /// Padded on the right to `columns` characters.
    public static func left(columns: Int) -> OSLogStringAlignment { OSLogStringAlignment(width: columns, leftAligned: true) }

    func apply(_ text: String) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return leftAligned ? text + padding : padding + text
    }
}

/// How an interpolated integer is written (Apple's `format:` argument).
public struct OSLogIntegerFormatting: Sendable {
    let radix: Int
    let prefix: String
    var uppercase = false
    var explicitPositiveSign = false

    /// Base 10.
    public static let decimal = OSLogIntegerFormatting(radix: 10, prefix: "")
    /// Base 16 without a prefix.
    public static let hex = OSLogIntegerFormatting(radix: 16, prefix: "")
    /// Base 8 without a prefix.
    public static let octal = OSLogIntegerFormatting(radix: 8, prefix: "")

    /// Base 10, `+` before positive numbers if `explicitPositiveSign`.
    public static func decimal(explicitPositiveSign: Bool = false) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(radix: 10, prefix: "", explicitPositiveSign: explicitPositiveSign)
    }

    /// Base 16: `0x` first if `includePrefix`, digits above 9 in upper case if `uppercase`.
    public static func hex(explicitPositiveSign: Bool = false, includePrefix: Bool = false,
                           uppercase: Bool = false) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(radix: 16, prefix: includePrefix ? "0x" : "", uppercase: uppercase,
                               explicitPositiveSign: explicitPositiveSign)
    }

    /// Base 8: `0o` first if `includePrefix`.
    public static func octal(explicitPositiveSign: Bool = false, includePrefix: Bool = false,
                             uppercase: Bool = false) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(radix: 8, prefix: includePrefix ? "0o" : "", uppercase: uppercase,
                               explicitPositiveSign: explicitPositiveSign)
    }

    /// `number` written in this format: sign, prefix, then the digits.
    func text<T: BinaryInteger>(_ number: T) -> String {
        let digits = String(number.magnitude, radix: radix, uppercase: uppercase)
        let sign = number < 0 ? "-" : (explicitPositiveSign && number > 0 ? "+" : "")
        return sign + prefix + digits
    }
}

/// The pieces of an `OSLogMessage`: literal text, and values with their privacy, formatted when written.
public struct OSLogInterpolation: StringInterpolationProtocol {
    typealias Segment = () -> String
    var segments: [Segment] = []

    public init(literalCapacity: Int, interpolationCount: Int) {
        segments.reserveCapacity(2 * interpolationCount + 1)
    }

    public mutating func appendLiteral(_ literal: String) {
        segments.append { literal }
    }

    private mutating func append(privacy: OSLogPrivacy, isScalar: Bool, _ text: @escaping () -> String) {
        segments.append { LogRedaction.render(text(), privacy: privacy, isScalar: isScalar) }
    }

    /// A string.
    public mutating func appendInterpolation(_ value: @autoclosure @escaping () -> String,
                                             align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        append(privacy: privacy, isScalar: false) { align.apply(value()) }
    }

    /// Any value that describes itself. Numbers and Booleans that reach this overload stay public under `.auto`.
    public mutating func appendInterpolation<T: CustomStringConvertible>(
        _ value: @autoclosure @escaping () -> T, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {
        let isScalar = T.self is any BinaryInteger.Type || T.self is any BinaryFloatingPoint.Type || T.self == Bool.self
        append(privacy: privacy, isScalar: isScalar) { align.apply(value().description) }
    }

    /// An object, by its `description`.
    public mutating func appendInterpolation(_ value: @autoclosure @escaping () -> NSObject, privacy: OSLogPrivacy = .auto) {
        append(privacy: privacy, isScalar: false) { value().description }
    }

    /// An error, by its description.
    public mutating func appendInterpolation(_ value: @autoclosure @escaping () -> any Error, privacy: OSLogPrivacy = .auto) {
        append(privacy: privacy, isScalar: false) { String(describing: value()) }
    }

    /// A type's name.
    public mutating func appendInterpolation(_ value: @autoclosure @escaping () -> Any.Type, privacy: OSLogPrivacy = .auto) {
        append(privacy: privacy, isScalar: false) { String(describing: value()) }
    }

    /// An integer: public under `.auto`.
    public mutating func appendInterpolation<T: FixedWidthInteger>(
        _ value: @autoclosure @escaping () -> T, format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {
        append(privacy: privacy, isScalar: true) {
            let number = value()
            return align.apply(format.text(number))
        }
    }

    /// A floating-point number: public under `.auto`.
    public mutating func appendInterpolation<T: BinaryFloatingPoint & CustomStringConvertible>(
        _ value: @autoclosure @escaping () -> T, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {
        append(privacy: privacy, isScalar: true) { align.apply(value().description) }
    }

    /// A Boolean, as `true` or `false`: public under `.auto`.
    public mutating func appendInterpolation(_ value: @autoclosure @escaping () -> Bool, privacy: OSLogPrivacy = .auto) {
        append(privacy: privacy, isScalar: true) { value() ? "true" : "false" }
    }
}
