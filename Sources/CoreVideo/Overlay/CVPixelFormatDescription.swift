/// Apple's description of a pixel format (iOS 26). Here it only carries `Compatibility`: registering custom pixel
/// formats is not supported on this platform, so the description's own members are not declared.
public struct CVPixelFormatDescription: Sendable {
    private init() {}

    /// Which other frameworks a pixel buffer must work with.
    public struct Compatibility: OptionSet, Hashable, Sendable {
        public let rawValue: Int

        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Usable as a Core Graphics image's memory.
        public static let cgImage = Compatibility(rawValue: 1 << 0)
        /// Usable as a Core Graphics bitmap context's memory.
        public static let cgBitmapContext = Compatibility(rawValue: 1 << 1)
        /// Usable as a Metal texture.
        public static let metalTexture = Compatibility(rawValue: 1 << 2)
        /// Its IOSurface usable by Core Animation layers.
        public static let ioSurfaceCoreAnimation = Compatibility(rawValue: 1 << 3)
    }
}
