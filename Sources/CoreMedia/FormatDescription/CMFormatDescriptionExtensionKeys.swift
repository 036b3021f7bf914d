// Format description extension keys and values (CMFormatDescription.h). Where the header defines a key as the
// matching CVImageBuffer attachment key (`#define kCMFormatDescriptionExtension_ColorPrimaries
// kCVImageBufferColorPrimariesKey`), it is Core Video's constant; the others are the strings of Apple's SDK, which
// the documentation does not print, as I know them from the SDK (the metadata key-table keys least surely).

// MARK: Keys for every media type

/// A dictionary of the settings used to compress the media ("OriginalCompressionSettings").
public let kCMFormatDescriptionExtension_OriginalCompressionSettings: CFString = "OriginalCompressionSettings"
/// Sample description extension atoms not translated into other extensions: four-character atom type → `Data`
/// payload (or an array of them) ("SampleDescriptionExtensionAtoms").
public let kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms: CFString = "SampleDescriptionExtensionAtoms"
/// The original QuickTime sample description, byte for byte ("VerbatimSampleDescription").
public let kCMFormatDescriptionExtension_VerbatimSampleDescription: CFString = "VerbatimSampleDescription"
/// The original ISO sample entry, byte for byte ("VerbatimISOSampleEntry").
public let kCMFormatDescriptionExtension_VerbatimISOSampleEntry: CFString = "VerbatimISOSampleEntry"
/// The same key as `kCMFormatDescriptionExtension_VerbatimSampleDescription`.
public let kCMFormatDescriptionExtension_VerbatimImageDescription: CFString =
    kCMFormatDescriptionExtension_VerbatimSampleDescription

// MARK: Video keys

/// The compressor's name, as in a QuickTime image description ("FormatName").
public let kCMFormatDescriptionExtension_FormatName: CFString = "FormatName"
/// The pixel depth, as in a QuickTime image description ("Depth").
public let kCMFormatDescriptionExtension_Depth: CFString = "Depth"
/// The clean aperture: a dictionary of width, height and offsets (`kCVImageBufferCleanApertureKey`).
public let kCMFormatDescriptionExtension_CleanAperture: CFString = kCVImageBufferCleanApertureKey
/// The clean aperture's width (`kCVImageBufferCleanApertureWidthKey`).
public let kCMFormatDescriptionKey_CleanApertureWidth: CFString = kCVImageBufferCleanApertureWidthKey
/// The clean aperture's height (`kCVImageBufferCleanApertureHeightKey`).
public let kCMFormatDescriptionKey_CleanApertureHeight: CFString = kCVImageBufferCleanApertureHeightKey
/// The clean aperture's horizontal offset from the centre (`kCVImageBufferCleanApertureHorizontalOffsetKey`).
public let kCMFormatDescriptionKey_CleanApertureHorizontalOffset: CFString = kCVImageBufferCleanApertureHorizontalOffsetKey
/// The clean aperture's vertical offset from the centre (`kCVImageBufferCleanApertureVerticalOffsetKey`).
public let kCMFormatDescriptionKey_CleanApertureVerticalOffset: CFString = kCVImageBufferCleanApertureVerticalOffsetKey
/// The clean aperture's exact width as [numerator, denominator].
public let kCMFormatDescriptionKey_CleanApertureWidthRational: CFString = "CleanApertureWidthRational"
/// The clean aperture's exact height as [numerator, denominator].
public let kCMFormatDescriptionKey_CleanApertureHeightRational: CFString = "CleanApertureHeightRational"
/// The clean aperture's exact horizontal offset as [numerator, denominator].
public let kCMFormatDescriptionKey_CleanApertureHorizontalOffsetRational: CFString =
    "CleanApertureHorizontalOffsetRational"
/// The clean aperture's exact vertical offset as [numerator, denominator].
public let kCMFormatDescriptionKey_CleanApertureVerticalOffsetRational: CFString =
    "CleanApertureVerticalOffsetRational"
/// 1 for progressive video, 2 for interlaced (`kCVImageBufferFieldCountKey`).
public let kCMFormatDescriptionExtension_FieldCount: CFString = kCVImageBufferFieldCountKey
/// How the two fields are ordered (`kCVImageBufferFieldDetailKey`).
public let kCMFormatDescriptionExtension_FieldDetail: CFString = kCVImageBufferFieldDetailKey
/// Fields are temporal, top field first.
public let kCMFormatDescriptionFieldDetail_TemporalTopFirst: CFString = kCVImageBufferFieldDetailTemporalTopFirst
/// Fields are temporal, bottom field first.
public let kCMFormatDescriptionFieldDetail_TemporalBottomFirst: CFString = kCVImageBufferFieldDetailTemporalBottomFirst
/// Fields are spatial, first line early.
public let kCMFormatDescriptionFieldDetail_SpatialFirstLineEarly: CFString = kCVImageBufferFieldDetailSpatialFirstLineEarly
/// Fields are spatial, first line late.
public let kCMFormatDescriptionFieldDetail_SpatialFirstLineLate: CFString = kCVImageBufferFieldDetailSpatialFirstLineLate
/// The pixel aspect ratio: a dictionary of horizontal and vertical spacing (`kCVImageBufferPixelAspectRatioKey`).
public let kCMFormatDescriptionExtension_PixelAspectRatio: CFString = kCVImageBufferPixelAspectRatioKey
/// The pixel aspect ratio's horizontal spacing.
public let kCMFormatDescriptionKey_PixelAspectRatioHorizontalSpacing: CFString = kCVImageBufferPixelAspectRatioHorizontalSpacingKey
/// The pixel aspect ratio's vertical spacing.
public let kCMFormatDescriptionKey_PixelAspectRatioVerticalSpacing: CFString = kCVImageBufferPixelAspectRatioVerticalSpacingKey
/// The colour primaries (`kCVImageBufferColorPrimariesKey`).
public let kCMFormatDescriptionExtension_ColorPrimaries: CFString = kCVImageBufferColorPrimariesKey
/// ITU-R BT.709 primaries.
public let kCMFormatDescriptionColorPrimaries_ITU_R_709_2: CFString = kCVImageBufferColorPrimaries_ITU_R_709_2
/// EBU Tech. 3213 (PAL) primaries.
public let kCMFormatDescriptionColorPrimaries_EBU_3213: CFString = kCVImageBufferColorPrimaries_EBU_3213
/// SMPTE C (NTSC) primaries.
public let kCMFormatDescriptionColorPrimaries_SMPTE_C: CFString = kCVImageBufferColorPrimaries_SMPTE_C
/// DCI P3 primaries.
public let kCMFormatDescriptionColorPrimaries_DCI_P3: CFString = kCVImageBufferColorPrimaries_DCI_P3
/// P3 primaries with a D65 white point.
public let kCMFormatDescriptionColorPrimaries_P3_D65: CFString = kCVImageBufferColorPrimaries_P3_D65
/// ITU-R BT.2020 primaries.
public let kCMFormatDescriptionColorPrimaries_ITU_R_2020: CFString = kCVImageBufferColorPrimaries_ITU_R_2020
/// P22 phosphor primaries.
public let kCMFormatDescriptionColorPrimaries_P22: CFString = kCVImageBufferColorPrimaries_P22
/// The transfer function (`kCVImageBufferTransferFunctionKey`).
public let kCMFormatDescriptionExtension_TransferFunction: CFString = kCVImageBufferTransferFunctionKey
/// ITU-R BT.709 transfer function.
public let kCMFormatDescriptionTransferFunction_ITU_R_709_2: CFString = kCVImageBufferTransferFunction_ITU_R_709_2
/// SMPTE 240M transfer function.
public let kCMFormatDescriptionTransferFunction_SMPTE_240M_1995: CFString = kCVImageBufferTransferFunction_SMPTE_240M_1995
/// A pure gamma curve given by `kCMFormatDescriptionExtension_GammaLevel`.
public let kCMFormatDescriptionTransferFunction_UseGamma: CFString = kCVImageBufferTransferFunction_UseGamma
/// ITU-R BT.2020 transfer function (the same curve as BT.709, which is preferred).
public let kCMFormatDescriptionTransferFunction_ITU_R_2020: CFString = kCVImageBufferTransferFunction_ITU_R_2020
/// SMPTE ST 428-1 transfer function.
public let kCMFormatDescriptionTransferFunction_SMPTE_ST_428_1: CFString = kCVImageBufferTransferFunction_SMPTE_ST_428_1
/// SMPTE ST 2084 (PQ) transfer function.
public let kCMFormatDescriptionTransferFunction_SMPTE_ST_2084_PQ: CFString = kCVImageBufferTransferFunction_SMPTE_ST_2084_PQ
/// ITU-R BT.2100 hybrid log-gamma transfer function.
public let kCMFormatDescriptionTransferFunction_ITU_R_2100_HLG: CFString = kCVImageBufferTransferFunction_ITU_R_2100_HLG
/// Linear transfer function.
public let kCMFormatDescriptionTransferFunction_Linear: CFString = kCVImageBufferTransferFunction_Linear
/// IEC 61966-2-1 (sRGB) transfer function.
public let kCMFormatDescriptionTransferFunction_sRGB: CFString = kCVImageBufferTransferFunction_sRGB
/// The gamma of a `UseGamma` transfer function (`kCVImageBufferGammaLevelKey`).
public let kCMFormatDescriptionExtension_GammaLevel: CFString = kCVImageBufferGammaLevelKey
/// The Y'CbCr to R'G'B' matrix (`kCVImageBufferYCbCrMatrixKey`).
public let kCMFormatDescriptionExtension_YCbCrMatrix: CFString = kCVImageBufferYCbCrMatrixKey
/// ITU-R BT.709 matrix.
public let kCMFormatDescriptionYCbCrMatrix_ITU_R_709_2: CFString = kCVImageBufferYCbCrMatrix_ITU_R_709_2
/// ITU-R BT.601 matrix.
public let kCMFormatDescriptionYCbCrMatrix_ITU_R_601_4: CFString = kCVImageBufferYCbCrMatrix_ITU_R_601_4
/// SMPTE 240M matrix.
public let kCMFormatDescriptionYCbCrMatrix_SMPTE_240M_1995: CFString = kCVImageBufferYCbCrMatrix_SMPTE_240M_1995
/// ITU-R BT.2020 non-constant-luminance matrix.
public let kCMFormatDescriptionYCbCrMatrix_ITU_R_2020: CFString = kCVImageBufferYCbCrMatrix_ITU_R_2020
/// Whether Y'CbCr values use the full range rather than video range ("FullRangeVideo").
public let kCMFormatDescriptionExtension_FullRangeVideo: CFString = "FullRangeVideo"
/// An ICC profile as `Data` (`kCVImageBufferICCProfileKey`).
public let kCMFormatDescriptionExtension_ICCProfile: CFString = kCVImageBufferICCProfileKey
/// The bytes per row of uncompressed raster data ("CVBytesPerRow").
public let kCMFormatDescriptionExtension_BytesPerRow: CFString = "CVBytesPerRow"
/// Chroma siting of the top (or only) field (`kCVImageBufferChromaLocationTopFieldKey`).
public let kCMFormatDescriptionExtension_ChromaLocationTopField: CFString = kCVImageBufferChromaLocationTopFieldKey
/// Chroma siting of the bottom field (`kCVImageBufferChromaLocationBottomFieldKey`).
public let kCMFormatDescriptionExtension_ChromaLocationBottomField: CFString = kCVImageBufferChromaLocationBottomFieldKey
/// Chroma co-sited with the left luma column, centred vertically.
public let kCMFormatDescriptionChromaLocation_Left: CFString = kCVImageBufferChromaLocation_Left
/// Chroma fully centred.
public let kCMFormatDescriptionChromaLocation_Center: CFString = kCVImageBufferChromaLocation_Center
/// Chroma co-sited with the top-left luma sample.
public let kCMFormatDescriptionChromaLocation_TopLeft: CFString = kCVImageBufferChromaLocation_TopLeft
/// Chroma centred horizontally on the top luma row.
public let kCMFormatDescriptionChromaLocation_Top: CFString = kCVImageBufferChromaLocation_Top
/// Chroma co-sited with the bottom-left luma sample.
public let kCMFormatDescriptionChromaLocation_BottomLeft: CFString = kCVImageBufferChromaLocation_BottomLeft
/// Chroma centred horizontally on the bottom luma row.
public let kCMFormatDescriptionChromaLocation_Bottom: CFString = kCVImageBufferChromaLocation_Bottom
/// DV 4:2:0 siting.
public let kCMFormatDescriptionChromaLocation_DV420: CFString = kCVImageBufferChromaLocation_DV420
/// An MPEG-2 profile the stream conforms to (a `kCMMPEG2VideoProfile_…` value).
public let kCMFormatDescriptionConformsToMPEG2VideoProfile: CFString = "ConformsToMPEG2VideoProfile"
/// The temporal quality, as in a QuickTime image description.
public let kCMFormatDescriptionExtension_TemporalQuality: CFString = "TemporalQuality"
/// The spatial quality, as in a QuickTime image description.
public let kCMFormatDescriptionExtension_SpatialQuality: CFString = "SpatialQuality"
/// The version, as in a QuickTime sample description.
public let kCMFormatDescriptionExtension_Version: CFString = "Version"
/// The revision level, as in a QuickTime sample description.
public let kCMFormatDescriptionExtension_RevisionLevel: CFString = "RevisionLevel"
/// The vendor's four-character code as a string.
public let kCMFormatDescriptionExtension_Vendor: CFString = "Vendor"
/// Apple's vendor code.
public let kCMFormatDescriptionVendor_Apple: CFString = "appl"
/// 24 bytes of mastering display colour volume (H.265 §D.2.28), big-endian.
public let kCMFormatDescriptionExtension_MasteringDisplayColorVolume: CFString = kCVImageBufferMasteringDisplayColorVolumeKey
/// 4 bytes of content light level information, big-endian.
public let kCMFormatDescriptionExtension_ContentLightLevelInfo: CFString = kCVImageBufferContentLightLevelInfoKey
/// An alternative transfer function (H.265 §D.2.38), usually HLG.
public let kCMFormatDescriptionExtension_AlternativeTransferCharacteristics: CFString =
    "AlternativeTransferCharacteristics"
/// The URN of an auxiliary picture type.
public let kCMFormatDescriptionExtension_AuxiliaryTypeInfo: CFString = "AuxiliaryTypeInfo"
/// Whether alpha is straight or premultiplied.
public let kCMFormatDescriptionExtension_AlphaChannelMode: CFString = "AlphaChannelMode"
/// Straight (unpremultiplied) alpha.
public let kCMFormatDescriptionAlphaChannelMode_StraightAlpha: CFString = "Straight"
/// Premultiplied alpha.
public let kCMFormatDescriptionAlphaChannelMode_PremultipliedAlpha: CFString = "Premultiplied"
/// Whether the bitstream carries an alpha channel.
public let kCMFormatDescriptionExtension_ContainsAlphaChannel: CFString = "ContainsAlphaChannel"
/// The bits per colour component of the decoded picture ("BitsPerComponent", macOS 13+).
public let kCMFormatDescriptionExtension_BitsPerComponent: CFString = "BitsPerComponent"
/// The horizontal field of view in thousandths of a degree ("HorizontalFieldOfView", macOS 14+).
public let kCMFormatDescriptionExtension_HorizontalFieldOfView: CFString = "HorizontalFieldOfView"
/// The four-character code of the format a protected stream had before protection.
public let kCMFormatDescriptionExtension_ProtectedContentOriginalFormat: CFString = "CommonEncryptionOriginalFormat"

// MARK: Timecode keys

/// The timecode's source reference name: a dictionary of value and language code.
public let kCMTimeCodeFormatDescriptionExtension_SourceReferenceName: CFString = "SourceReferenceName"
/// The source reference name's string.
public let kCMTimeCodeFormatDescriptionKey_Value: CFString = "Value"
/// The source reference name's language code.
public let kCMTimeCodeFormatDescriptionKey_LangCode: CFString = "LangCode"

// MARK: Metadata keys

/// The key table of a boxed-metadata format description: local ID (as a string) → key properties.
public let kCMFormatDescriptionExtensionKey_MetadataKeyTable: CFString = "MetadataKeyTable"
/// A key's namespace: an `OSType` number such as 'mdta'.
public let kCMMetadataFormatDescriptionKey_Namespace: CFString = "KeyNamespace"
/// A key's value: `Data`.
public let kCMMetadataFormatDescriptionKey_Value: CFString = "KeyValue"
/// A key's local ID: an `OSType` number.
public let kCMMetadataFormatDescriptionKey_LocalID: CFString = "LocalID"
/// A key's data type, as `Data` or a string.
public let kCMMetadataFormatDescriptionKey_DataType: CFString = "DataType"
/// The namespace of a key's data type.
public let kCMMetadataFormatDescriptionKey_DataTypeNamespace: CFString = "DataTypeNamespace"
/// The data types a key's data type conforms to.
public let kCMMetadataFormatDescriptionKey_ConformingDataTypes: CFString = "ConformingDataTypes"
/// A key's language tag.
public let kCMMetadataFormatDescriptionKey_LanguageTag: CFString = "LanguageTag"
/// A key's structural dependency dictionary.
public let kCMMetadataFormatDescriptionKey_StructuralDependency: CFString = "StructuralDependency"
/// A key's setup data.
public let kCMMetadataFormatDescriptionKey_SetupData: CFString = "SetupData"
/// In a structural dependency: the dependency is invalid.
public let kCMMetadataFormatDescription_StructuralDependencyKey_DependencyIsInvalidFlag: CFString =
    "DependencyIsInvalidFlag"
/// In a metadata specification: the identifier (such as "mdta/com.example.key").
public let kCMMetadataFormatDescriptionMetadataSpecificationKey_Identifier: CFString = "Identifier"
/// In a metadata specification: the data type identifier.
public let kCMMetadataFormatDescriptionMetadataSpecificationKey_DataType: CFString = "DataType"
/// In a metadata specification: a BCP 47 extended language tag.
public let kCMMetadataFormatDescriptionMetadataSpecificationKey_ExtendedLanguageTag: CFString = "ExtendedLanguageTag"
/// In a metadata specification: a structural dependency dictionary.
public let kCMMetadataFormatDescriptionMetadataSpecificationKey_StructuralDependency: CFString =
    "StructuralDependency"
/// In a metadata specification: setup data.
public let kCMMetadataFormatDescriptionMetadataSpecificationKey_SetupData: CFString = "SetupData"
