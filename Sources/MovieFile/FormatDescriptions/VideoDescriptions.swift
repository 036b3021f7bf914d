import CoreMedia
import Foundation
import ISOBMFF
import MediaFormats

/// Video sample entries → video format descriptions. Codec configuration boxes (`avcC`, `hvcC`, `av1C`, `esds`,
/// `vpcC`…) and anything not translated go to `SampleDescriptionExtensionAtoms` as their payloads; picture
/// properties become Apple's extensions: `colr` → colour primaries, transfer function, matrix and full range (or an
/// ICC profile), `pasp` → pixel aspect ratio, `clap` → clean aperture, `fiel` → field count and detail, `mdcv` and
/// `clli` → mastering display colour volume and content light level, the compressor name → `FormatName`, the depth
/// → `Depth`; in QuickTime movies also the image description's version, revision, vendor and qualities.
enum VideoDescriptions {
    /// Boxes turned into extensions of their own rather than kept as atoms.
    private static let converted: Set<FourCC> = ["colr", "pasp", "clap", "fiel", "mdcv", "clli", "free", "skip", "wide"]

    /// A description for `entry`.
    static func make(_ entry: VisualSampleEntry, node: BoxNode, extensions base: [String: Any],
                     context: SampleDescriptionContext) -> CMFormatDescription? {
        var extensions = base
        let atoms = FormatDescriptionFactory.extensionAtoms(entry.children, excluding: converted)
        if !atoms.isEmpty { extensions[kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms as String] = atoms }
        let name = entry.compressorName.text.trimmingCharacters(in: .controlCharacters)
        if let formatName = name.isEmpty ? defaultFormatNames[entry.boxType] : name {
            extensions[kCMFormatDescriptionExtension_FormatName as String] = formatName
        }
        extensions[kCMFormatDescriptionExtension_Depth as String] = Int(entry.depth)
        if context.isQuickTime {
            extensions[kCMFormatDescriptionExtension_Version as String] = Int(entry.version)
            extensions[kCMFormatDescriptionExtension_RevisionLevel as String] = Int(entry.revisionLevel)
            if entry.vendor.rawValue != 0, let vendor = entry.vendor.printableString {
                extensions[kCMFormatDescriptionExtension_Vendor as String] = vendor
            }
            extensions[kCMFormatDescriptionExtension_TemporalQuality as String] = Int(entry.temporalQuality)
            extensions[kCMFormatDescriptionExtension_SpatialQuality as String] = Int(entry.spatialQuality)
        }
        if let colr = entry.colourInformation { addColour(colr, to: &extensions) }
        if let pasp = entry.pixelAspectRatio, pasp.hSpacing > 0, pasp.vSpacing > 0 {
            extensions[kCMFormatDescriptionExtension_PixelAspectRatio as String] = [
                kCMFormatDescriptionKey_PixelAspectRatioHorizontalSpacing: Int(pasp.hSpacing),
                kCMFormatDescriptionKey_PixelAspectRatioVerticalSpacing: Int(pasp.vSpacing),
            ] as [String: Any]
        }
        if let clap = entry.cleanAperture, let aperture = cleanAperture(clap) {
            extensions[kCMFormatDescriptionExtension_CleanAperture as String] = aperture
        }
        if let fiel = entry.fieldHandling, fiel.fieldCount == 1 || fiel.fieldCount == 2 {
            extensions[kCMFormatDescriptionExtension_FieldCount as String] = Int(fiel.fieldCount)
            // QuickTime "Field handling": 1 and 6 are separated fields (temporal order), 9 and 14 interleaved
            // (spatial order).
            let details: [UInt8: String] = [
                1: kCMFormatDescriptionFieldDetail_TemporalTopFirst as String, 6: kCMFormatDescriptionFieldDetail_TemporalBottomFirst as String,
                9: kCMFormatDescriptionFieldDetail_SpatialFirstLineEarly as String, 14: kCMFormatDescriptionFieldDetail_SpatialFirstLineLate as String,
            ]
            if fiel.fieldCount == 2, let detail = details[fiel.fieldOrdering] {
                extensions[kCMFormatDescriptionExtension_FieldDetail as String] = detail
            }
        }
        // mdcv and clli hold the SEI payloads' fields in the SEI's own order and width: Apple's extensions are
        // those 24 and 4 bytes, big-endian.
        if let node = entry.children.first(ofType: "mdcv"), let payload = payloadBytes(of: node), payload.count == 24 {
            extensions[kCMFormatDescriptionExtension_MasteringDisplayColorVolume as String] = Data(payload)
        }
        if let node = entry.children.first(ofType: "clli"), let payload = payloadBytes(of: node), payload.count == 4 {
            extensions[kCMFormatDescriptionExtension_ContentLightLevelInfo as String] = Data(payload)
        }
        if entry.boxType == "encv" || entry.boxType == "drmi",
           let original = entry.children.first(ProtectionSchemeInfoBox.self)?.originalFormat?.dataFormat {
            extensions[kCMFormatDescriptionExtension_ProtectedContentOriginalFormat as String] = Int(original.rawValue)
        }
        var description: CMFormatDescription?
        CMVideoFormatDescriptionCreate(allocator: nil, codecType: entry.boxType.fourCharCode,
                                       width: Int32(entry.width), height: Int32(entry.height),
                                       extensions: extensions as CFDictionary, formatDescriptionOut: &description)
        return description
    }

    /// Names Apple's decoders give their formats, for entries whose compressor name field is empty (ISO writers
    /// leave it so).
    private static let defaultFormatNames: [FourCC: String] = [
        "avc1": "H.264", "avc3": "H.264", "hvc1": "HEVC", "hev1": "HEVC", "dvh1": "Dolby Vision", "av01": "AV1",
        "vp09": "VP9", "mp4v": "MPEG-4 Video", "jpeg": "Photo - JPEG", "mjpa": "Motion JPEG A", "mjpb": "Motion JPEG B",
        "apcn": "Apple ProRes 422", "apch": "Apple ProRes 422 HQ", "apcs": "Apple ProRes 422 LT",
        "apco": "Apple ProRes 422 Proxy", "ap4h": "Apple ProRes 4444", "ap4x": "Apple ProRes 4444 XQ",
        "s263": "H.263",
    ]

    /// Colour code points (`nclx`, `nclc`) as Core Video's strings, or an ICC profile.
    private static func addColour(_ colr: ColourInformationBox, to extensions: inout [String: Any]) {
        let codes: (primaries: UInt16, transfer: UInt16, matrix: UInt16, fullRange: Bool?)
        switch colr.content {
        case .nclx(let primaries, let transfer, let matrix, let fullRangeByte):
            codes = (primaries, transfer, matrix, fullRangeByte & 0x80 != 0)
        case .nclc(let primaries, let transfer, let matrix):
            codes = (primaries, transfer, matrix, nil)
        case .iccProfile(_, let profile):
            extensions[kCMFormatDescriptionExtension_ICCProfile as String] = Data(profile)
            return
        case .other:
            return
        }
        if let primaries = ColourCodePoints.primaries(forCodePoint: Int(codes.primaries)) {
            extensions[kCMFormatDescriptionExtension_ColorPrimaries as String] = primaries
        }
        if let transfer = ColourCodePoints.transferFunction(forCodePoint: Int(codes.transfer)) {
            extensions[kCMFormatDescriptionExtension_TransferFunction as String] = transfer
            if let gamma = ColourCodePoints.gammaLevel(forTransferCodePoint: Int(codes.transfer)) {
                extensions[kCMFormatDescriptionExtension_GammaLevel as String] = gamma
            }
        }
        if let matrix = ColourCodePoints.yCbCrMatrix(forCodePoint: Int(codes.matrix)) {
            extensions[kCMFormatDescriptionExtension_YCbCrMatrix as String] = matrix
        }
        if codes.fullRange == true { extensions[kCMFormatDescriptionExtension_FullRangeVideo as String] = true }
    }

    /// The clean aperture as Apple states it: width, height and centre offsets as numbers, and each also as an
    /// exact [numerator, denominator] pair. `nil` when a denominator is 0.
    private static func cleanAperture(_ clap: CleanApertureBox) -> [String: Any]? {
        guard clap.widthD > 0, clap.heightD > 0, clap.horizontalOffsetD > 0, clap.verticalOffsetD > 0 else { return nil }
        return [
            kCMFormatDescriptionKey_CleanApertureWidth as String: Double(clap.widthN) / Double(clap.widthD),
            kCMFormatDescriptionKey_CleanApertureHeight as String: Double(clap.heightN) / Double(clap.heightD),
            kCMFormatDescriptionKey_CleanApertureHorizontalOffset as String: Double(clap.horizontalOffsetN) / Double(clap.horizontalOffsetD),
            kCMFormatDescriptionKey_CleanApertureVerticalOffset as String: Double(clap.verticalOffsetN) / Double(clap.verticalOffsetD),
            kCMFormatDescriptionKey_CleanApertureWidthRational as String: [Int(clap.widthN), Int(clap.widthD)],
            kCMFormatDescriptionKey_CleanApertureHeightRational as String: [Int(clap.heightN), Int(clap.heightD)],
            kCMFormatDescriptionKey_CleanApertureHorizontalOffsetRational as String: [Int(clap.horizontalOffsetN),
                                                                              Int(clap.horizontalOffsetD)],
            kCMFormatDescriptionKey_CleanApertureVerticalOffsetRational as String: [Int(clap.verticalOffsetN),
                                                                            Int(clap.verticalOffsetD)],
        ]
    }
}
