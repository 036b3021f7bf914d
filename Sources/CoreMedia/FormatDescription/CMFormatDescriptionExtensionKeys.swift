// Format description extension keys and values (CMFormatDescription.h). Where the header defines a key as the
// matching CVImageBuffer attachment key (`#define kCMFormatDescriptionExtension_ColorPrimaries
// kCVImageBufferColorPrimariesKey`), it is Core Video's constant; the others are the strings of Apple's SDK, which
// the documentation does not print, as I know them from the SDK (the metadata key-table keys least surely).

// MARK: Keys for every media type

/// A dictionary of the settings used to compress the media ("OriginalCompressionSettings").
nonisolated(unsafe) public let kCMFormatDescriptionExtension_OriginalCompressionSettings: CFString = "OriginalCompressionSettings"
/// Sample description extension atoms not translated into other extensions: four-character atom type → `Data`
/// payload (or an array of them) ("SampleDescriptionExtensionAtoms").
nonisolated(unsafe) public let kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms: CFString = "SampleDescriptionExtensionAtoms"
/// The original QuickTime sample description, byte for byte ("VerbatimSampleDescription").
nonisolated(unsafe) public let kCMFormatDescriptionExtension_VerbatimSampleDescription: CFString = "VerbatimSampleDescription"
/// The original ISO sample entry, byte for byte ("VerbatimISOSampleEntry").
nonisolated(unsafe) public let kCMFormatDescriptionExtension_VerbatimISOSampleEntry: CFString = "VerbatimISOSampleEntry"
/// The same key as `kCMFormatDescriptionExtension_VerbatimSampleDescription`.
nonisolated(unsafe) public let kCMFormatDescriptionExtension_VerbatimImageDescription: CFString =
    kCMFormatDescriptionExtension_VerbatimSampleDescription

// MARK: Video keys

/// The compressor's name, as in a QuickTime image description ("FormatName").
nonisolated(unsafe) public let kCMFormatDescriptionExtension_FormatName: CFString = "FormatName"
/// The pixel depth, as in a QuickTime image description ("Depth").
nonisolated(unsafe) public let kCMFormatDescriptionExtension_Depth: CFString = "Depth"
/// The clean aperture: a dictionary of width, height and offsets (`kCVImageBufferCleanApertureKey`).
nonisolated(unsafe) public let kCMFormatDescriptionExtension_CleanAperture: CFString = kCVImageBufferCleanApertureKey
/// The clean aperture's width (`kCVImageBufferCleanApertureWidthKey`).
nonisolated(unsafe) public let kCMFormatDescriptionKey_CleanApertureWidth: CFString = kCVImageBufferCleanApertureWidthKey
/// The clean aperture's height (`kCVImageBufferCleanApertureHeightKey`).
nonisolated(unsafe) public let kCMFormatDescriptionKey_CleanApertureHeight: CFString = kCVImageBufferCleanApertureHeightKey
/// The clean aperture's horizontal offset from the centre (`kCVImageBufferCleanApertureHorizontalOffsetKey`).
nonisolated(unsafe) public let kCMFormatDescriptionKey_CleanApertureHorizontalOffset: CFString = kCVImageBufferCleanApertureHorizontalOffsetKey
/// The clean aperture's vertical offset from the centre (`kCVImageBufferCleanApertureVerticalOffsetKey`).
nonisolated(unsafe) public let kCMFormatDescriptionKey_CleanApertureVerticalOffset: CFString = kCVImageBufferCleanApertureVerticalOffsetKey
/// The clean aperture's exact width as [numerator, denominator].
nonisolated(unsafe) public let kCMFormatDescriptionKey_CleanApertureWidthRational: CFString = "CleanApertureWidthRational"
/// The clean aperture's exact height as [numerator, denominator].
nonisolated(unsafe) public let kCMFormatDescriptionKey_CleanApertureHeightRational: CFString = "CleanApertureHeightRational"
/// The clean aperture's exact horizontal offset as [numerator, denominator].
nonisolated(unsafe) public let kCMFormatDescriptionKey_CleanApertureHorizontalOffsetRational: CFString =
    "CleanApertureHorizontalOffsetRational"
/// The clean aperture's exact vertical offset as [numerator, denominator].
nonisolated(unsafe) public let kCMFormatDescriptionKey_CleanApertureVerticalOffsetRational: CFString =
    "CleanApertureVerticalOffsetRational"
/// 1 for progressive video, 2 for interlaced (`kCVImageBufferFieldCountKey`).
nonisolated(unsafe) public let kCMFormatDescriptionExtension_FieldCount: CFString = kCVImageBufferFieldCountKey
/// How the two fields are ordered (`kCVImageBufferFieldDetailKey`).
nonisolated(unsafe) public let kCMFormatDescriptionExtension_FieldDetail: CFString = kCVImageBufferFieldDetailKey
/// Fields are temporal, top field first.
nonisolated(unsafe) public let kCMFormatDescriptionFieldDetail_TemporalTopFirst: CFString = kCVImageBufferFieldDetailTemporalTopFirst
/// Fields are temporal, bottom field first.
nonisolated(unsafe) public let kCMFormatDescriptionFieldDetail_TemporalBottomFirst: CFString = kCVImageBufferFieldDetailTemporalBottomFirst
/// Fields are spatial, first line early.
nonisolated(unsafe) public let kCMFormatDescriptionFieldDetail_SpatialFirstLineEarly: CFString = kCVImageBufferFieldDetailSpatialFirstLineEarly
/// Fields are spatial, first line late.
nonisolated(unsafe) public let kCMFormatDescriptionFieldDetail_SpatialFirstLineLate: CFString = kCVImageBufferFieldDetailSpatialFirstLineLate
/// The pixel aspect ratio: a dictionary of horizontal and vertical spacing (`kCVImageBufferPixelAspectRatioKey`).
nonisolated(unsafe) public let kCMFormatDescriptionExtension_PixelAspectRatio: CFString = kCVImageBufferPixelAspectRatioKey
/// The pixel aspect ratio's horizontal spacing.
nonisolated(unsafe) public let kCMFormatDescriptionKey_PixelAspectRatioHorizontalSpacing: CFString = kCVImageBufferPixelAspectRatioHorizontalSpacingKey
/// The pixel aspect ratio's vertical spacing.
nonisolated(unsafe) public let kCMFormatDescriptionKey_PixelAspectRatioVerticalSpacing: CFString = kCVImageBufferPixelAspectRatioVerticalSpacingKey
/// The colour primaries (`kCVImageBufferColorPrimariesKey`).
nonisolated(unsafe) public let kCMFormatDescriptionExtension_ColorPrimaries: CFString = kCVImageBufferColorPrimariesKey
/// ITU-R BT.709 primaries.
nonisolated(unsafe) public let kCMFormatDescriptionColorPrimaries_ITU_R_709_2: CFString = kCVImageBufferColorPrimaries_ITU_R_709_2
/// EBU Tech. 3213 (PAL) primaries.
nonisolated(unsafe) public let kCMFormatDescriptionColorPrimaries_EBU_3213: CFString = kCVImageBufferColorPrimaries_EBU_3213
/// SMPTE C (NTSC) primaries.
nonisolated(unsafe) public let kCMFormatDescriptionColorPrimaries_SMPTE_C: CFString = kCVImageBufferColorPrimaries_SMPTE_C
/// DCI P3 primaries.
nonisolated(unsafe) public let kCMFormatDescriptionColorPrimaries_DCI_P3: CFString = kCVImageBufferColorPrimaries_DCI_P3
/// P3 primaries with a D65 white point.
nonisolated(unsafe) public let kCMFormatDescriptionColorPrimaries_P3_D65: CFString = kCVImageBufferColorPrimaries_P3_D65
/// ITU-R BT.2020 primaries.
nonisolated(unsafe) public let kCMFormatDescriptionColorPrimaries_ITU_R_2020: CFString = kCVImageBufferColorPrimaries_ITU_R_2020
/// P22 phosphor primaries.
nonisolated(unsafe) public let kCMFormatDescriptionColorPrimaries_P22: CFString = kCVImageBufferColorPrimaries_P22
/// The transfer function (`kCVImageBufferTransferFunctionKey`).
nonisolated(unsafe) public let kCMFormatDescriptionExtension_TransferFunction: CFString = kCVImageBufferTransferFunctionKey
/// ITU-R BT.709 transfer function.
nonisolated(unsafe) public let kCMFormatDescriptionTransferFunction_ITU_R_709_2: CFString = kCVImageBufferTransferFunction_ITU_R_709_2
/// SMPTE 240M transfer function.
nonisolated(unsafe) public let kCMFormatDescriptionTransferFunction_SMPTE_240M_1995: CFString = kCVImageBufferTransferFunction_SMPTE_240M_1995
/// A pure gamma curve given by `kCMFormatDescriptionExtension_GammaLevel`.
nonisolated(unsafe) public let kCMFormatDescriptionTransferFunction_UseGamma: CFString = kCVImageBufferTransferFunction_UseGamma
/// ITU-R BT.2020 transfer function (the same curve as BT.709, which is preferred).
nonisolated(unsafe) public let kCMFormatDescriptionTransferFunction_ITU_R_2020: CFString = kCVImageBufferTransferFunction_ITU_R_2020
/// SMPTE ST 428-1 transfer function.
nonisolated(unsafe) public let kCMFormatDescriptionTransferFunction_SMPTE_ST_428_1: CFString = kCVImageBufferTransferFunction_SMPTE_ST_428_1
/// SMPTE ST 2084 (PQ) transfer function.
nonisolated(unsafe) public let kCMFormatDescriptionTransferFunction_SMPTE_ST_2084_PQ: CFString = kCVImageBufferTransferFunction_SMPTE_ST_2084_PQ
/// ITU-R BT.2100 hybrid log-gamma transfer function.
nonisolated(unsafe) public let kCMFormatDescriptionTransferFunction_ITU_R_2100_HLG: CFString = kCVImageBufferTransferFunction_ITU_R_2100_HLG
/// Linear transfer function.
nonisolated(unsafe) public let kCMFormatDescriptionTransferFunction_Linear: CFString = kCVImageBufferTransferFunction_Linear
/// IEC 61966-2-1 (sRGB) transfer function.
nonisolated(unsafe) public let kCMFormatDescriptionTransferFunction_sRGB: CFString = kCVImageBufferTransferFunction_sRGB
/// The gamma of a `UseGamma` transfer function (`kCVImageBufferGammaLevelKey`).
nonisolated(unsafe) public let kCMFormatDescriptionExtension_GammaLevel: CFString = kCVImageBufferGammaLevelKey
/// The Y'CbCr to R'G'B' matrix (`kCVImageBufferYCbCrMatrixKey`).
nonisolated(unsafe) public let kCMFormatDescriptionExtension_YCbCrMatrix: CFString = kCVImageBufferYCbCrMatrixKey
/// ITU-R BT.709 matrix.
nonisolated(unsafe) public let kCMFormatDescriptionYCbCrMatrix_ITU_R_709_2: CFString = kCVImageBufferYCbCrMatrix_ITU_R_709_2
/// ITU-R BT.601 matrix.
nonisolated(unsafe) public let kCMFormatDescriptionYCbCrMatrix_ITU_R_601_4: CFString = kCVImageBufferYCbCrMatrix_ITU_R_601_4
/// SMPTE 240M matrix.
nonisolated(unsafe) public let kCMFormatDescriptionYCbCrMatrix_SMPTE_240M_1995: CFString = kCVImageBufferYCbCrMatrix_SMPTE_240M_1995
/// ITU-R BT.2020 non-constant-luminance matrix.
nonisolated(unsafe) public let kCMFormatDescriptionYCbCrMatrix_ITU_R_2020: CFString = kCVImageBufferYCbCrMatrix_ITU_R_2020
/// Whether Y'CbCr values use the full range rather than video range ("FullRangeVideo").
nonisolated(unsafe) public let kCMFormatDescriptionExtension_FullRangeVideo: CFString = "FullRangeVideo"
/// An ICC profile as `Data` (`kCVImageBufferICCProfileKey`).
nonisolated(unsafe) public let kCMFormatDescriptionExtension_ICCProfile: CFString = kCVImageBufferICCProfileKey
/// The bytes per row of uncompressed raster data ("CVBytesPerRow").
nonisolated(unsafe) public let kCMFormatDescriptionExtension_BytesPerRow: CFString = "CVBytesPerRow"
/// Chroma siting of the top (or only) field (`kCVImageBufferChromaLocationTopFieldKey`).
nonisolated(unsafe) public let kCMFormatDescriptionExtension_ChromaLocationTopField: CFString = kCVImageBufferChromaLocationTopFieldKey
/// Chroma siting of the bottom field (`kCVImageBufferChromaLocationBottomFieldKey`).
nonisolated(unsafe) public let kCMFormatDescriptionExtension_ChromaLocationBottomField: CFString = kCVImageBufferChromaLocationBottomFieldKey
/// Chroma co-sited with the left luma column, centred vertically.
nonisolated(unsafe) public let kCMFormatDescriptionChromaLocation_Left: CFString = kCVImageBufferChromaLocation_Left
/// Chroma fully centred.
nonisolated(unsafe) public let kCMFormatDescriptionChromaLocation_Center: CFString = kCVImageBufferChromaLocation_Center
/// Chroma co-sited with the top-left luma sample.
nonisolated(unsafe) public let kCMFormatDescriptionChromaLocation_TopLeft: CFString = kCVImageBufferChromaLocation_TopLeft
/// Chroma centred horizontally on the top luma row.
nonisolated(unsafe) public let kCMFormatDescriptionChromaLocation_Top: CFString = kCVImageBufferChromaLocation_Top
/// Chroma co-sited with the bottom-left luma sample.
nonisolated(unsafe) public let kCMFormatDescriptionChromaLocation_BottomLeft: CFString = kCVImageBufferChromaLocation_BottomLeft
/// Chroma centred horizontally on the bottom luma row.
nonisolated(unsafe) public let kCMFormatDescriptionChromaLocation_Bottom: CFString = kCVImageBufferChromaLocation_Bottom
/// DV 4:2:0 siting.
nonisolated(unsafe) public let kCMFormatDescriptionChromaLocation_DV420: CFString = kCVImageBufferChromaLocation_DV420
/// An MPEG-2 profile the stream conforms to (a `kCMMPEG2VideoProfile_…` value).
nonisolated(unsafe) public let kCMFormatDescriptionConformsToMPEG2VideoProfile: CFString = "ConformsToMPEG2VideoProfile"
/// The temporal quality, as in a QuickTime image description.
nonisolated(unsafe) public let kCMFormatDescriptionExtension_TemporalQuality: CFString = "TemporalQuality"
/// The spatial quality, as in a QuickTime image description.
nonisolated(unsafe) public let kCMFormatDescriptionExtension_SpatialQuality: CFString = "SpatialQuality"
/// The version, as in a QuickTime sample description.
nonisolated(unsafe) public let kCMFormatDescriptionExtension_Version: CFString = "Version"
/// The revision level, as in a QuickTime sample description.
nonisolated(unsafe) public let kCMFormatDescriptionExtension_RevisionLevel: CFString = "RevisionLevel"
/// The vendor's four-character code as a string.
nonisolated(unsafe) public let kCMFormatDescriptionExtension_Vendor: CFString = "Vendor"
/// Apple's vendor code.
nonisolated(unsafe) public let kCMFormatDescriptionVendor_Apple: CFString = "appl"
/// 24 bytes of mastering display colour volume (H.265 §D.2.28), big-endian.
nonisolated(unsafe) public let kCMFormatDescriptionExtension_MasteringDisplayColorVolume: CFString = kCVImageBufferMasteringDisplayColorVolumeKey
/// 4 bytes of content light level information, big-endian.
nonisolated(unsafe) public let kCMFormatDescriptionExtension_ContentLightLevelInfo: CFString = kCVImageBufferContentLightLevelInfoKey
/// An alternative transfer function (H.265 §D.2.38), usually HLG.
nonisolated(unsafe) public let kCMFormatDescriptionExtension_AlternativeTransferCharacteristics: CFString =
    "AlternativeTransferCharacteristics"
/// The URN of an auxiliary picture type.
nonisolated(unsafe) public let kCMFormatDescriptionExtension_AuxiliaryTypeInfo: CFString = "AuxiliaryTypeInfo"
/// Whether alpha is straight or premultiplied.
nonisolated(unsafe) public let kCMFormatDescriptionExtension_AlphaChannelMode: CFString = "AlphaChannelMode"
/// Straight (unpremultiplied) alpha.
nonisolated(unsafe) public let kCMFormatDescriptionAlphaChannelMode_StraightAlpha: CFString = "Straight"
/// Premultiplied alpha.
nonisolated(unsafe) public let kCMFormatDescriptionAlphaChannelMode_PremultipliedAlpha: CFString = "Premultiplied"
/// Whether the bitstream carries an alpha channel.
nonisolated(unsafe) public let kCMFormatDescriptionExtension_ContainsAlphaChannel: CFString = "ContainsAlphaChannel"
/// The bits per colour component of the decoded picture ("BitsPerComponent", macOS 13+).
nonisolated(unsafe) public let kCMFormatDescriptionExtension_BitsPerComponent: CFString = "BitsPerComponent"
/// The horizontal field of view in thousandths of a degree ("HorizontalFieldOfView", macOS 14+).
nonisolated(unsafe) public let kCMFormatDescriptionExtension_HorizontalFieldOfView: CFString = "HorizontalFieldOfView"
/// The four-character code of the format a protected stream had before protection.
nonisolated(unsafe) public let kCMFormatDescriptionExtension_ProtectedContentOriginalFormat: CFString = "CommonEncryptionOriginalFormat"

// MARK: Timecode keys

/// The timecode's source reference name: a dictionary of value and language code.
nonisolated(unsafe) public let kCMTimeCodeFormatDescriptionExtension_SourceReferenceName: CFString = "SourceReferenceName"
/// The source reference name's string.
nonisolated(unsafe) public let kCMTimeCodeFormatDescriptionKey_Value: CFString = "Value"
/// The source reference name's language code.
nonisolated(unsafe) public let kCMTimeCodeFormatDescriptionKey_LangCode: CFString = "LangCode"

// MARK: Metadata keys

/// The key table of a boxed-metadata format description: local ID (as a string) → key properties.
nonisolated(unsafe) public let kCMFormatDescriptionExtensionKey_MetadataKeyTable: CFString = "MetadataKeyTable"
/// A key's namespace: an `OSType` number such as 'mdta'.
nonisolated(unsafe) public let kCMMetadataFormatDescriptionKey_Namespace: CFString = "KeyNamespace"
/// A key's value: `Data`.
nonisolated(unsafe) public let kCMMetadataFormatDescriptionKey_Value: CFString = "KeyValue"
/// A key's local ID: an `OSType` number.
nonisolated(unsafe) public let kCMMetadataFormatDescriptionKey_LocalID: CFString = "LocalID"
/// A key's data type, as `Data` or a string.
nonisolated(unsafe) public let kCMMetadataFormatDescriptionKey_DataType: CFString = "DataType"
/// The namespace of a key's data type.
nonisolated(unsafe) public let kCMMetadataFormatDescriptionKey_DataTypeNamespace: CFString = "DataTypeNamespace"
/// The data types a key's data type conforms to.
nonisolated(unsafe) public let kCMMetadataFormatDescriptionKey_ConformingDataTypes: CFString = "ConformingDataTypes"
/// A key's language tag.
nonisolated(unsafe) public let kCMMetadataFormatDescriptionKey_LanguageTag: CFString = "LanguageTag"
/// A key's structural dependency dictionary.
nonisolated(unsafe) public let kCMMetadataFormatDescriptionKey_StructuralDependency: CFString = "StructuralDependency"
/// A key's setup data.
nonisolated(unsafe) public let kCMMetadataFormatDescriptionKey_SetupData: CFString = "SetupData"
/// In a structural dependency: the dependency is invalid.
nonisolated(unsafe) public let kCMMetadataFormatDescription_StructuralDependencyKey_DependencyIsInvalidFlag: CFString =
    "DependencyIsInvalidFlag"
/// In a metadata specification: the identifier (such as "mdta/com.example.key").
nonisolated(unsafe) public let kCMMetadataFormatDescriptionMetadataSpecificationKey_Identifier: CFString = "Identifier"
/// In a metadata specification: the data type identifier.
nonisolated(unsafe) public let kCMMetadataFormatDescriptionMetadataSpecificationKey_DataType: CFString = "DataType"
/// In a metadata specification: a BCP 47 extended language tag.
nonisolated(unsafe) public let kCMMetadataFormatDescriptionMetadataSpecificationKey_ExtendedLanguageTag: CFString = "ExtendedLanguageTag"
/// In a metadata specification: a structural dependency dictionary.
nonisolated(unsafe) public let kCMMetadataFormatDescriptionMetadataSpecificationKey_StructuralDependency: CFString =
    "StructuralDependency"
/// In a metadata specification: setup data.
nonisolated(unsafe) public let kCMMetadataFormatDescriptionMetadataSpecificationKey_SetupData: CFString = "SetupData"
