/// Clean aperture dimensions: the picture after cropping to the clean aperture, in square pixels (`clef` in `tapt`, QuickTime "Track aperture mode dimensions atom").
package struct TrackCleanApertureDimensionsBox: ApertureDimensionsBox {
    package static let type: FourCC = "clef"
    package var fullBoxHeader = FullBoxHeader()
    package var width: UnsignedFixed16x16
    package var height: UnsignedFixed16x16
    package init(width: UnsignedFixed16x16, height: UnsignedFixed16x16) {
        self.width = width
        self.height = height
    }
}
