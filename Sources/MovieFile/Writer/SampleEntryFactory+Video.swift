import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer
import MediaFormats

extension SampleEntryFactory {
    /// A visual sample entry: the image description fields (QuickTime's as Apple fills them, zero in ISO files),
    /// the codec configuration atoms the description carries (`avcC`, `hvcC`, `av1C`, `esds`…), then `colr` (QuickTime
    /// `nclc` in movies, `nclx` in ISO files), `pasp`, `clap`, `fiel`, `mdcv`, `clli` when the description says so,
    /// and `btrt`.
    static func videoEntry(_ description: CMFormatDescription, context: SampleEntryContext)
        throws(ContainerWriterError) -> VisualSampleEntry {
        let type = subtype(description)
        let dimensions = CMVideoFormatDescriptionGetDimensions(description)
        guard let width = UInt16(exactly: dimensions.width), let height = UInt16(exactly: dimensions.height),
              width > 0, height > 0 else {
            throw ContainerWriterError(.invalidArgument, "video '\(type)' has dimensions \(dimensions.width)x"
                                   + "\(dimensions.height); a sample entry holds 1…65535 pixels each way")
        }
        let quickTime = context.fileType.isQuickTime
        var entry = VisualSampleEntry(type: type, dataReferenceIndex: context.dataReferenceIndex, width: width,
                                      height: height,
                                      compressorName: string(description, kCMFormatDescriptionExtension_FormatName as String)
                                          ?? defaultCompressorName(type))
        if quickTime {
            // QuickTime image description fields. Apple's codecs put their own values in the description's
            // extensions; otherwise ProRes and JPEG get Apple's vendor and codecNormalQuality (512) spatial quality,
            // as Apple's compressors report them.
            let apple = type.isProRes || type == "jpeg"
            entry.version = UInt16(clamping: int(description, kCMFormatDescriptionExtension_Version as String) ?? 0)
            entry.revisionLevel = UInt16(clamping: int(description, kCMFormatDescriptionExtension_RevisionLevel as String) ?? 0)
            entry.vendor = fourCC(description, kCMFormatDescriptionExtension_Vendor as String) ?? (apple ? "appl" : FourCC(rawValue: 0))
            entry.temporalQuality = UInt32(clamping: int(description, kCMFormatDescriptionExtension_TemporalQuality as String)
                                           ?? 0)
            entry.spatialQuality = UInt32(clamping: int(description, kCMFormatDescriptionExtension_SpatialQuality as String)
                                          ?? (apple ? 512 : 0))
        }
        let alpha = AttributeValue.bool(CMFormatDescriptionGetExtension(
            description, extensionKey: kCMFormatDescriptionExtension_ContainsAlphaChannel)) ?? false
        entry.depth = UInt16(clamping: int(description, kCMFormatDescriptionExtension_Depth as String) ?? (alpha ? 32 : 24))

        var generated: [BoxNode] = []
        if let colour = colourBox(description, quickTime: quickTime) { generated.append(BoxNode(colour)) }
        if let pasp = pixelAspectRatioBox(description) { generated.append(BoxNode(pasp)) }
        if let clap = cleanApertureBox(description) { generated.append(BoxNode(clap)) }
        if let fiel = fieldBox(description) { generated.append(BoxNode(fiel)) }
        // HDR metadata goes out through the boxes the reader parses, so a malformed payload is refused here.
        if let data = CMFormatDescriptionGetExtension(
            description, extensionKey: kCMFormatDescriptionExtension_MasteringDisplayColorVolume) as? Data {
            generated.append(try configurationBox(MasteringDisplayColourVolumeBox.self, payload: [UInt8](data),
                                                  codec: "\(type) mastering display colour volume"))
        }
        if let data = CMFormatDescriptionGetExtension(
            description, extensionKey: kCMFormatDescriptionExtension_ContentLightLevelInfo) as? Data {
            generated.append(try configurationBox(ContentLightLevelBox.self, payload: [UInt8](data),
                                                  codec: "\(type) content light level"))
        }
        if let bitRate = context.bitRate { generated.append(BoxNode(bitRate)) }
        let generatedTypes = Set(generated.map(\.type))
        let atoms = extensionAtoms(description)
        var children = BoxList()
        for atom in atoms where !generatedTypes.contains(atom.type) {
            children.append(try videoConfigurationNode(atom.type, payload: atom.payload, codec: type))
        }
        children.append(contentsOf: generated)
        entry.children = children
        return entry
    }

    /// The configuration box each of these sample entries must hold (ISO/IEC 14496-15 §5.4.2.1, §8.4.1.1; AV1 Codec
    /// ISO Media File Format Binding §2.3.1): a file written without it opens in no player, ffprobe included.
    static let requiredConfiguration: [FourCC: FourCC] = [
        "avc1": AVCConfigurationBox.type, "avc2": AVCConfigurationBox.type, "avc3": AVCConfigurationBox.type,
        "avc4": AVCConfigurationBox.type, "hvc1": HEVCConfigurationBox.type, "hev1": HEVCConfigurationBox.type,
        "av01": AV1CodecConfigurationBox.type,
    ]

    /// Refuses a video description whose codec needs a configuration record it does not carry (an `avc1` without
    /// `avcC`, as a damaged file gives): written, verbatim or not, it would make a file no player opens.
    static func checkConfiguration(_ description: CMFormatDescription) throws(ContainerWriterError) {
        let type = subtype(description)
        guard let required = requiredConfiguration[type],
              !extensionAtoms(description).contains(where: { $0.type == required }) else { return }
        throw ContainerWriterError(.invalidArgument, "video '\(type)' has no '\(required)' configuration record; "
                                   + "every '\(type)' sample entry must carry one, or no decoder can read the samples "
                                   + "(ISO/IEC 14496-15 for H.264 and HEVC, AV1-ISOBMFF for AV1)")
    }

    /// A configuration atom of the description as a box: `avcC`, `hvcC` and `av1C` through the typed boxes the
    /// reader parses (what is written is what it reads back, and a malformed record is refused here, naming the
    /// codec), any other (`vpcC`, `dvcC`, `esds`…) as its bytes.
    static func videoConfigurationNode(_ type: FourCC, payload: [UInt8], codec: FourCC) throws(ContainerWriterError)
        -> BoxNode {
        switch type {
        case AVCConfigurationBox.type:
            try configurationBox(AVCConfigurationBox.self, payload: payload, codec: "\(codec) configuration")
        case HEVCConfigurationBox.type:
            try configurationBox(HEVCConfigurationBox.self, payload: payload, codec: "\(codec) configuration")
        case AV1CodecConfigurationBox.type:
            try configurationBox(AV1CodecConfigurationBox.self, payload: payload, codec: "\(codec) configuration")
        default:
            BoxNode(UnknownBox(type: type, payload: payload))
        }
    }

    /// The compressor name Apple's encoders give each codec.
    static func defaultCompressorName(_ type: FourCC) -> String {
        switch type {
        case "avc1", "avc3": "H.264"
        case "hvc1", "hev1": "HEVC"
        case "ap4x": "Apple ProRes 4444 XQ"
        case "ap4h": "Apple ProRes 4444"
        case "apch": "Apple ProRes 422 HQ"
        case "apcn": "Apple ProRes 422"
        case "apcs": "Apple ProRes 422 LT"
        case "apco": "Apple ProRes 422 Proxy"
        case "jpeg": "Photo - JPEG"
        case "mp4v": "MPEG-4 Video"
        case "av01": "AV1"
        default: ""
        }
    }

    // MARK: Picture properties

    /// `colr` from the colour extensions: `nclc` in QuickTime movies, `nclx` (with the range flag) in ISO files;
    /// `nil` when the description names no primaries, transfer function or matrix.
    static func colourBox(_ description: CMFormatDescription, quickTime: Bool) -> ColourInformationBox? {
        let primaries = string(description, kCMFormatDescriptionExtension_ColorPrimaries as String)
        let transfer = string(description, kCMFormatDescriptionExtension_TransferFunction as String)
        let matrix = string(description, kCMFormatDescriptionExtension_YCbCrMatrix as String)
        guard primaries != nil || transfer != nil || matrix != nil else { return nil }
        // ITU-T H.273 code points through the package's one table; 2 (unspecified) for what it cannot name.
        let p = UInt16(ColourCodePoints.codePoint(forPrimaries: primaries))
        let t = UInt16(ColourCodePoints.codePoint(forTransferFunction: transfer))
        let m = UInt16(ColourCodePoints.codePoint(forYCbCrMatrix: matrix))
        if quickTime { return ColourInformationBox(content: .nclc(primaries: p, transfer: t, matrix: m)) }
        let fullRange = AttributeValue.bool(CMFormatDescriptionGetExtension(
            description, extensionKey: kCMFormatDescriptionExtension_FullRangeVideo)) ?? false
        return .nclx(primaries: p, transfer: t, matrix: m, fullRange: fullRange)
    }

    /// `pasp` from the pixel aspect ratio extension.
    static func pixelAspectRatioBox(_ description: CMFormatDescription) -> PixelAspectRatioBox? {
        guard let pasp = AttributeValue.dictionary(CMFormatDescriptionGetExtension(
                  description, extensionKey: kCMFormatDescriptionExtension_PixelAspectRatio)),
              let h = AttributeValue.double(pasp[kCMFormatDescriptionKey_PixelAspectRatioHorizontalSpacing as String]),
              let v = AttributeValue.double(pasp[kCMFormatDescriptionKey_PixelAspectRatioVerticalSpacing as String]),
              h > 0, v > 0, let ratio = Rational.approximating(h / v) else { return nil }
        if let hi = UInt32(exactly: h), let vi = UInt32(exactly: v) { return PixelAspectRatioBox(hSpacing: hi, vSpacing: vi) }
        return PixelAspectRatioBox(hSpacing: UInt32(ratio.numerator), vSpacing: UInt32(ratio.denominator))
    }

    /// `clap` from the clean aperture extension (its rational keys when present, else the real ones).
    static func cleanApertureBox(_ description: CMFormatDescription) -> CleanApertureBox? {
        guard let clap = AttributeValue.dictionary(CMFormatDescriptionGetExtension(
            description, extensionKey: kCMFormatDescriptionExtension_CleanAperture)) else { return nil }
        func value(_ key: String, _ rationalKey: String) -> (numerator: Int64, denominator: Int64)? {
            if let pair = clap[rationalKey] as? [Any], pair.count == 2, let n = AttributeValue.int(pair[0]),
               let d = AttributeValue.int(pair[1]), d > 0 {
                return (Int64(n), Int64(d))
            }
            return AttributeValue.double(clap[key]).flatMap { Rational.approximating($0) }.map { ($0.numerator, $0.denominator) }
        }
        guard let width = value(kCMFormatDescriptionKey_CleanApertureWidth as String,
                                kCMFormatDescriptionKey_CleanApertureWidthRational as String),
              let height = value(kCMFormatDescriptionKey_CleanApertureHeight as String,
                                 kCMFormatDescriptionKey_CleanApertureHeightRational as String),
              width.numerator > 0, height.numerator > 0,
              let wn = UInt32(exactly: width.numerator), let wd = UInt32(exactly: width.denominator),
              let hn = UInt32(exactly: height.numerator), let hd = UInt32(exactly: height.denominator) else { return nil }
        let horizontal = value(kCMFormatDescriptionKey_CleanApertureHorizontalOffset as String,
                               kCMFormatDescriptionKey_CleanApertureHorizontalOffsetRational as String) ?? (0, 1)
        let vertical = value(kCMFormatDescriptionKey_CleanApertureVerticalOffset as String,
                             kCMFormatDescriptionKey_CleanApertureVerticalOffsetRational as String) ?? (0, 1)
        var box = CleanApertureBox(width: wn, height: hn)
        box.widthD = wd
        box.heightD = hd
        box.horizontalOffsetN = Int32(clamping: horizontal.numerator)
        box.horizontalOffsetD = UInt32(clamping: horizontal.denominator)
        box.verticalOffsetN = Int32(clamping: vertical.numerator)
        box.verticalOffsetD = UInt32(clamping: vertical.denominator)
        return box
    }

    /// `fiel` from the field count and detail (QuickTime File Format, "Field handling": detail 1 temporal top
    /// first, 6 temporal bottom first, 9 spatial first line early, 14 spatial first line late).
    static func fieldBox(_ description: CMFormatDescription) -> FieldHandlingBox? {
        guard let count = int(description, kCMFormatDescriptionExtension_FieldCount as String), count == 1 || count == 2
        else { return nil }
        let detail: UInt8
        switch string(description, kCMFormatDescriptionExtension_FieldDetail as String) {
        case String(kCMFormatDescriptionFieldDetail_TemporalTopFirst): detail = 1
        case String(kCMFormatDescriptionFieldDetail_TemporalBottomFirst): detail = 6
        case String(kCMFormatDescriptionFieldDetail_SpatialFirstLineEarly): detail = 9
        case String(kCMFormatDescriptionFieldDetail_SpatialFirstLineLate): detail = 14
        default: detail = 0
        }
        return FieldHandlingBox(fieldCount: UInt8(count), fieldOrdering: count == 1 ? 0 : detail)
    }
}
