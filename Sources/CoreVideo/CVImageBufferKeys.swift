// Image buffer attachment keys and values (CVImageBuffer.h). Apple's headers declare these as opaque
// `CFStringRef`s; the values are the strings Apple's CoreVideo binary holds (as exported by iOS 10.3's CoreVideo,
// and as CMFormatDescription extensions print them: `CVImageBufferColorPrimaries = ITU_R_709_2`,
// `CVCleanAperture = {Height, HorizontalOffset, VerticalOffset, Width}`). Keys added after iOS 10
// (PQ, HLG, linear and sRGB transfer functions, HDR metadata) come from the same binary's string table of later
// releases. CoreMedia's `kCMFormatDescriptionExtension_…` keys share these values.

// MARK: Colour space

/// The `CGColorSpace` of the image.
nonisolated(unsafe) public let kCVImageBufferCGColorSpaceKey: CFString = "CGColorSpace"

/// The ICC profile of the image, as data.
nonisolated(unsafe) public let kCVImageBufferICCProfileKey: CFString = "CVImageBufferICCProfile"

/// The gamma level, when the transfer function is `kCVImageBufferTransferFunction_UseGamma`.
nonisolated(unsafe) public let kCVImageBufferGammaLevelKey: CFString = "CVImageBufferGammaLevel"

// MARK: Geometry

/// The clean aperture: a dictionary of width, height and offsets from the centre, in pixels.
nonisolated(unsafe) public let kCVImageBufferCleanApertureKey: CFString = "CVCleanAperture"

/// The clean aperture's width.
nonisolated(unsafe) public let kCVImageBufferCleanApertureWidthKey: CFString = "Width"

/// The clean aperture's height.
nonisolated(unsafe) public let kCVImageBufferCleanApertureHeightKey: CFString = "Height"

/// The clean aperture's horizontal offset of its centre from the image centre.
nonisolated(unsafe) public let kCVImageBufferCleanApertureHorizontalOffsetKey: CFString = "HorizontalOffset"

/// The clean aperture's vertical offset of its centre from the image centre.
nonisolated(unsafe) public let kCVImageBufferCleanApertureVerticalOffsetKey: CFString = "VerticalOffset"

/// The preferred clean aperture (same subkeys as `kCVImageBufferCleanApertureKey`).
nonisolated(unsafe) public let kCVImageBufferPreferredCleanApertureKey: CFString = "CVPreferredCleanAperture"

/// The pixel aspect ratio: a dictionary of horizontal and vertical spacing.
nonisolated(unsafe) public let kCVImageBufferPixelAspectRatioKey: CFString = "CVPixelAspectRatio"

/// The horizontal spacing of a pixel aspect ratio.
nonisolated(unsafe) public let kCVImageBufferPixelAspectRatioHorizontalSpacingKey: CFString = "HorizontalSpacing"

/// The vertical spacing of a pixel aspect ratio.
nonisolated(unsafe) public let kCVImageBufferPixelAspectRatioVerticalSpacingKey: CFString = "VerticalSpacing"

/// The display dimensions: a dictionary of width and height in square pixels.
nonisolated(unsafe) public let kCVImageBufferDisplayDimensionsKey: CFString = "CVDisplayDimensions"

/// The display width.
nonisolated(unsafe) public let kCVImageBufferDisplayWidthKey: CFString = "Width"

/// The display height.
nonisolated(unsafe) public let kCVImageBufferDisplayHeightKey: CFString = "Height"

// MARK: Fields

/// The number of fields: 1 for progressive, 2 for interlaced.
nonisolated(unsafe) public let kCVImageBufferFieldCountKey: CFString = "CVFieldCount"

/// The field order and layout of interlaced images.
nonisolated(unsafe) public let kCVImageBufferFieldDetailKey: CFString = "CVFieldDetail"

/// Fields are stored separately, the top field first in time.
nonisolated(unsafe) public let kCVImageBufferFieldDetailTemporalTopFirst: CFString = "TemporalTopFirst"

/// Fields are stored separately, the bottom field first in time.
nonisolated(unsafe) public let kCVImageBufferFieldDetailTemporalBottomFirst: CFString = "TemporalBottomFirst"

/// Fields are interleaved, the first line from the earlier field.
nonisolated(unsafe) public let kCVImageBufferFieldDetailSpatialFirstLineEarly: CFString = "SpatialFirstLineEarly"

/// Fields are interleaved, the first line from the later field.
nonisolated(unsafe) public let kCVImageBufferFieldDetailSpatialFirstLineLate: CFString = "SpatialFirstLineLate"

// MARK: Y'CbCr matrix

/// The Y'CbCr to RGB conversion matrix.
nonisolated(unsafe) public let kCVImageBufferYCbCrMatrixKey: CFString = "CVImageBufferYCbCrMatrix"

/// ITU-R BT.709 matrix.
nonisolated(unsafe) public let kCVImageBufferYCbCrMatrix_ITU_R_709_2: CFString = "ITU_R_709_2"

/// ITU-R BT.601 matrix.
nonisolated(unsafe) public let kCVImageBufferYCbCrMatrix_ITU_R_601_4: CFString = "ITU_R_601_4"

/// SMPTE 240M-1995 matrix.
nonisolated(unsafe) public let kCVImageBufferYCbCrMatrix_SMPTE_240M_1995: CFString = "SMPTE_240M_1995"

/// DCI-P3 matrix.
nonisolated(unsafe) public let kCVImageBufferYCbCrMatrix_DCI_P3: CFString = "DCI_P3"

/// P3 D65 matrix.
nonisolated(unsafe) public let kCVImageBufferYCbCrMatrix_P3_D65: CFString = "P3_D65"

/// ITU-R BT.2020 non-constant-luminance matrix.
nonisolated(unsafe) public let kCVImageBufferYCbCrMatrix_ITU_R_2020: CFString = "ITU_R_2020"

// MARK: Colour primaries

/// The colour primaries.
nonisolated(unsafe) public let kCVImageBufferColorPrimariesKey: CFString = "CVImageBufferColorPrimaries"

/// ITU-R BT.709 primaries (also sRGB).
nonisolated(unsafe) public let kCVImageBufferColorPrimaries_ITU_R_709_2: CFString = "ITU_R_709_2"

/// EBU Tech. 3213 primaries (PAL).
nonisolated(unsafe) public let kCVImageBufferColorPrimaries_EBU_3213: CFString = "EBU_3213"

/// SMPTE C primaries (NTSC).
nonisolated(unsafe) public let kCVImageBufferColorPrimaries_SMPTE_C: CFString = "SMPTE_C"

/// P22 phosphor primaries.
nonisolated(unsafe) public let kCVImageBufferColorPrimaries_P22: CFString = "P22"

/// DCI-P3 primaries (DCI white point).
nonisolated(unsafe) public let kCVImageBufferColorPrimaries_DCI_P3: CFString = "DCI_P3"

/// P3 primaries with a D65 white point (Display P3).
nonisolated(unsafe) public let kCVImageBufferColorPrimaries_P3_D65: CFString = "P3_D65"

/// ITU-R BT.2020 primaries.
nonisolated(unsafe) public let kCVImageBufferColorPrimaries_ITU_R_2020: CFString = "ITU_R_2020"

// MARK: Transfer function

/// The transfer function.
nonisolated(unsafe) public let kCVImageBufferTransferFunctionKey: CFString = "CVImageBufferTransferFunction"

/// ITU-R BT.709 transfer function.
nonisolated(unsafe) public let kCVImageBufferTransferFunction_ITU_R_709_2: CFString = "ITU_R_709_2"

/// SMPTE 240M-1995 transfer function.
nonisolated(unsafe) public let kCVImageBufferTransferFunction_SMPTE_240M_1995: CFString = "SMPTE_240M_1995"

/// A pure power curve whose exponent is `kCVImageBufferGammaLevelKey`.
nonisolated(unsafe) public let kCVImageBufferTransferFunction_UseGamma: CFString = "UseGamma"

/// ITU-R BT.2020 transfer function (same curve as BT.709).
nonisolated(unsafe) public let kCVImageBufferTransferFunction_ITU_R_2020: CFString = "ITU_R_2020"

/// SMPTE ST 428-1 transfer function.
nonisolated(unsafe) public let kCVImageBufferTransferFunction_SMPTE_ST_428_1: CFString = "SMPTE_ST_428_1"

/// SMPTE ST 2084 perceptual quantizer (HDR10, Dolby Vision).
nonisolated(unsafe) public let kCVImageBufferTransferFunction_SMPTE_ST_2084_PQ: CFString = "SMPTE_ST_2084_PQ"

/// ITU-R BT.2100 hybrid log-gamma.
nonisolated(unsafe) public let kCVImageBufferTransferFunction_ITU_R_2100_HLG: CFString = "ITU_R_2100_HLG"

/// Linear light.
nonisolated(unsafe) public let kCVImageBufferTransferFunction_Linear: CFString = "Linear"

/// IEC 61966-2-1 sRGB transfer function.
nonisolated(unsafe) public let kCVImageBufferTransferFunction_sRGB: CFString = "IEC_sRGB"

// MARK: Chroma

/// Where chroma samples sit relative to luma in the top field (or the frame, when progressive).
nonisolated(unsafe) public let kCVImageBufferChromaLocationTopFieldKey: CFString = "CVImageBufferChromaLocationTopField"

/// Where chroma samples sit relative to luma in the bottom field.
nonisolated(unsafe) public let kCVImageBufferChromaLocationBottomFieldKey: CFString = "CVImageBufferChromaLocationBottomField"

/// Chroma sited at the left of the luma pair, vertically centred (MPEG-2, H.264 default).
nonisolated(unsafe) public let kCVImageBufferChromaLocation_Left: CFString = "Left"

/// Chroma centred between the luma samples (MPEG-1, JPEG).
nonisolated(unsafe) public let kCVImageBufferChromaLocation_Center: CFString = "Center"

/// Chroma co-sited with the top-left luma sample (BT.2020 4:2:0).
nonisolated(unsafe) public let kCVImageBufferChromaLocation_TopLeft: CFString = "TopLeft"

/// Chroma at the top, horizontally centred.
nonisolated(unsafe) public let kCVImageBufferChromaLocation_Top: CFString = "Top"

/// Chroma co-sited with the bottom-left luma sample.
nonisolated(unsafe) public let kCVImageBufferChromaLocation_BottomLeft: CFString = "BottomLeft"

/// Chroma at the bottom, horizontally centred.
nonisolated(unsafe) public let kCVImageBufferChromaLocation_Bottom: CFString = "Bottom"

/// DV 4:2:0 chroma siting (Cr and Cb on alternate lines).
nonisolated(unsafe) public let kCVImageBufferChromaLocation_DV420: CFString = "DV 4:2:0"

/// The chroma subsampling of the image's source.
nonisolated(unsafe) public let kCVImageBufferChromaSubsamplingKey: CFString = "CVImageBufferChromaSubsampling"

/// 4:2:0 subsampling.
nonisolated(unsafe) public let kCVImageBufferChromaSubsampling_420: CFString = "4:2:0"

/// 4:2:2 subsampling.
nonisolated(unsafe) public let kCVImageBufferChromaSubsampling_422: CFString = "4:2:2"

/// 4:1:1 subsampling.
nonisolated(unsafe) public let kCVImageBufferChromaSubsampling_411: CFString = "4:1:1"

// MARK: Alpha and HDR metadata

/// Whether the alpha channel is known to be fully opaque.
nonisolated(unsafe) public let kCVImageBufferAlphaChannelIsOpaque: CFString = "AlphaChannelIsOpaque"

/// SMPTE ST 2086 mastering display colour volume, as 24 bytes of big-endian data.
nonisolated(unsafe) public let kCVImageBufferMasteringDisplayColorVolumeKey: CFString = "MasteringDisplayColorVolume"

/// CTA-861.3 content light level information, as 4 bytes of big-endian data.
nonisolated(unsafe) public let kCVImageBufferContentLightLevelInfoKey: CFString = "ContentLightLevelInfo"
