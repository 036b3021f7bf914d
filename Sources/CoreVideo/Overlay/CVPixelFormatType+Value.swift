/// A pixel format as a type of its own (iOS 26): the `kCVPixelFormatType_…` four-character code.
public struct CVPixelFormatType: RawRepresentable, Hashable, Sendable {
    /// The four-character code.
    public var rawValue: OSType

    /// The format with code `rawValue` (any code; whether buffers of it can be made is decided at creation).
    public init(rawValue: OSType) {
        self.rawValue = rawValue
    }

    /// Whether the format has compressed planes that hardware can handle. Always false here: no compressed pixel
    /// format can be allocated on this platform.
    public var isCompressionAvailable: Bool { false }
}
