/// QuickTime aperture-mode dimensions (`tapt`, QuickTime "Track aperture mode dimensions atom"): the clean,
/// production and encoded sizes of a video track.
package struct TrackApertureModeDimensionsBox: ContainerBox {
    package static let type: FourCC = "tapt"
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// Clean aperture size.
    package var cleanAperture: TrackCleanApertureDimensionsBox? { children.first(TrackCleanApertureDimensionsBox.self) }
    /// Production aperture size.
    package var productionAperture: TrackProductionApertureDimensionsBox? {
        children.first(TrackProductionApertureDimensionsBox.self)
    }
    /// Encoded pixels size.
    package var encodedPixels: TrackEncodedPixelsDimensionsBox? { children.first(TrackEncodedPixelsDimensionsBox.self) }
}

/// The layout shared by `clef`, `prof` and `enof`: a full box with a 16.16 width and height.
package protocol ApertureDimensionsBox: SingleTypeBox {
    /// Version and flags (zero).
    var fullBoxHeader: FullBoxHeader { get set }
    /// Width in pixels.
    var width: UnsignedFixed16x16 { get set }
    /// Height in pixels.
    var height: UnsignedFixed16x16 { get set }
    /// A box with the given size.
    init(width: UnsignedFixed16x16, height: UnsignedFixed16x16)
}

extension ApertureDimensionsBox {
    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let header = try reader.readFullBoxHeader()
        self.init(width: try reader.readUnsignedFixed16x16(), height: try reader.readUnsignedFixed16x16())
        fullBoxHeader = header
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        writer.writeFixed(width)
        writer.writeFixed(height)
    }
}
