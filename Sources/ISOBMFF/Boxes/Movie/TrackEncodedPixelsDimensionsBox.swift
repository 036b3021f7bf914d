/// Encoded pixels dimensions: the stored picture, pixels as encoded (`enof` in `tapt`, QuickTime "Track aperture mode dimensions atom").
package struct TrackEncodedPixelsDimensionsBox: ApertureDimensionsBox {
    package static let type: FourCC = "enof"
    package var fullBoxHeader = FullBoxHeader()
    package var width: UnsignedFixed16x16
    package var height: UnsignedFixed16x16
    package init(width: UnsignedFixed16x16, height: UnsignedFixed16x16) {
        self.width = width
        self.height = height
    }
}
