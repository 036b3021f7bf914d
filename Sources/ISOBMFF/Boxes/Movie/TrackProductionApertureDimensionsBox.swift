/// Production aperture dimensions: the whole picture in square pixels (`prof` in `tapt`, QuickTime "Track aperture mode dimensions atom").
package struct TrackProductionApertureDimensionsBox: ApertureDimensionsBox {
    package static let type: FourCC = "prof"
    package var fullBoxHeader = FullBoxHeader()
    package var width: UnsignedFixed16x16
    package var height: UnsignedFixed16x16
    package init(width: UnsignedFixed16x16, height: UnsignedFixed16x16) {
        self.width = width
        self.height = height
    }
}
