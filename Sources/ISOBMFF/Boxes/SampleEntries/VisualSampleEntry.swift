/// A video sample entry (ISO/IEC 14496-12 §12.1.3 VisualSampleEntry; QuickTime "Video sample description"):
/// `avc1`, `hvc1`, `av01`, `mp4v`, `apcn`, `jpeg`… The fields ISO reserves carry QuickTime's image description
/// values, so both are kept as stored; codec configuration and picture properties follow as child boxes.
package struct VisualSampleEntry: SampleEntry, BoxContainer {
    package var boxType: FourCC
    package var header: SampleEntryHeader
    /// QuickTime image description version (ISO: `pre_defined`, 0).
    package var version: UInt16 = 0
    /// QuickTime revision level (ISO: reserved, 0).
    package var revisionLevel: UInt16 = 0
    /// QuickTime vendor (`appl`, `FFMP`; ISO: 0).
    package var vendor: FourCC = FourCC(rawValue: 0)
    /// QuickTime temporal quality 0…1023 (ISO: 0).
    package var temporalQuality: UInt32 = 0
    /// QuickTime spatial quality 0…1024 (ISO: 0).
    package var spatialQuality: UInt32 = 0
    /// Coded width in pixels.
    package var width: UInt16
    /// Coded height in pixels.
    package var height: UInt16
    /// Pixels per inch, 72 by convention.
    package var horizontalResolution = UnsignedFixed16x16(rawValue: 0x48_0000)
    /// Pixels per inch, 72 by convention.
    package var verticalResolution = UnsignedFixed16x16(rawValue: 0x48_0000)
    /// QuickTime data size (ISO: reserved, 0).
    package var dataSize: UInt32 = 0
    /// Frames per sample, 1.
    package var frameCount: UInt16 = 1
    /// The 32-byte compressor name (a Pascal string, padded).
    package var compressorName = PascalStringField("", size: 32)
    /// Bits per pixel: 24 for colour without alpha (ISO's 0x0018), 32 with alpha.
    package var depth: UInt16 = 0x18
    /// QuickTime colour table ID: -1 for none; 0 when a colour table follows (palettised depths).
    package var colorTableID: Int16 = -1
    /// The colour table that follows when `colorTableID` is 0 with a palettised depth, as stored.
    package var colorTable: [UInt8]?
    /// Codec configuration (`avcC`, `hvcC`, `av1C`, `esds`…), `colr`, `pasp`, `clap`, `fiel`, `mdcv`, `clli`,
    /// `btrt` and anything else.
    package var children: BoxList

    /// An entry of coding name `type`.
    package init(type: FourCC, dataReferenceIndex: UInt16 = 1, width: UInt16, height: UInt16,
                 compressorName: String = "", children: BoxList = []) {
        boxType = type
        header = SampleEntryHeader(dataReferenceIndex: dataReferenceIndex)
        self.width = width
        self.height = height
        self.compressorName = PascalStringField(compressorName, size: 32)
        self.children = children
    }

    /// AVC configuration.
    package var avcConfiguration: AVCConfigurationBox? { children.first(AVCConfigurationBox.self) }
    /// HEVC configuration.
    package var hevcConfiguration: HEVCConfigurationBox? { children.first(HEVCConfigurationBox.self) }
    /// AV1 configuration.
    package var av1Configuration: AV1CodecConfigurationBox? { children.first(AV1CodecConfigurationBox.self) }
    /// MPEG-4 elementary stream descriptor (`mp4v`).
    package var elementaryStreamDescriptor: ESDBox? { children.first(ESDBox.self) }
    /// Colour information.
    package var colourInformation: ColourInformationBox? { children.first(ColourInformationBox.self) }
    /// Pixel aspect ratio.
    package var pixelAspectRatio: PixelAspectRatioBox? { children.first(PixelAspectRatioBox.self) }
    /// Clean aperture.
    package var cleanAperture: CleanApertureBox? { children.first(CleanApertureBox.self) }
    /// Field order.
    package var fieldHandling: FieldHandlingBox? { children.first(FieldHandlingBox.self) }
    /// HDR mastering display.
    package var masteringDisplayColourVolume: MasteringDisplayColourVolumeBox? {
        children.first(MasteringDisplayColourVolumeBox.self)
    }
    /// HDR content light level.
    package var contentLightLevel: ContentLightLevelBox? { children.first(ContentLightLevelBox.self) }
    /// Bit rates.
    package var bitRate: BitRateBox? { children.first(BitRateBox.self) }

    /// Depths (QuickTime "Video sample description" depth field) whose colour table is stored inline when the
    /// colour table ID is 0: 1, 2, 4, 8 bits colour and 34, 36, 40 bits greyscale (33 and 1-bit grey need none).
    private static let palettisedDepths: Set<UInt16> = [1, 2, 4, 8, 34, 36, 40]

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        boxType = reader.path.lastType ?? FourCC(rawValue: 0)
        header = try reader.readSampleEntryHeader()
        version = try reader.readUInt16()
        revisionLevel = try reader.readUInt16()
        vendor = try reader.readFourCC()
        temporalQuality = try reader.readUInt32()
        spatialQuality = try reader.readUInt32()
        width = try reader.readUInt16()
        height = try reader.readUInt16()
        horizontalResolution = try reader.readUnsignedFixed16x16()
        verticalResolution = try reader.readUnsignedFixed16x16()
        dataSize = try reader.readUInt32()
        frameCount = try reader.readUInt16()
        compressorName = try reader.readPascalStringField(size: 32)
        depth = try reader.readUInt16()
        colorTableID = try reader.readInt16()
        if colorTableID == 0, Self.palettisedDepths.contains(depth), reader.readableBytes >= 8 {
            // seed (4), flags (2), size (2) = number of entries - 1; each entry is 8 bytes.
            guard let size = reader.getUInt16(at: reader.readerIndex + 6) else { throw reader.error(.unexpectedEnd, "colour table") }
            let count = try reader.checkCount(Int(size) + 1, elementSize: 8, "colour table entry")
            colorTable = try reader.readBytes(count: 8 + count * 8)
        }
        children = try BoxList.parse(&reader, scope: .standard)
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        guard compressorName.rawBytes.count == 32 else {
            throw BoxWriteError(boxType, "the compressor name field must be 32 bytes")
        }
        try writer.writeSampleEntryHeader(header)
        writer.writeUInt16(version)
        writer.writeUInt16(revisionLevel)
        writer.writeFourCC(vendor)
        writer.writeUInt32(temporalQuality)
        writer.writeUInt32(spatialQuality)
        writer.writeUInt16(width)
        writer.writeUInt16(height)
        writer.writeFixed(horizontalResolution)
        writer.writeFixed(verticalResolution)
        writer.writeUInt32(dataSize)
        writer.writeUInt16(frameCount)
        writer.writeBytes(compressorName.rawBytes)
        writer.writeUInt16(depth)
        writer.writeInt16(colorTableID)
        if let colorTable { writer.writeBytes(colorTable) }
        try children.write(to: &writer)
    }
}
