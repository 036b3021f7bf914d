// The overlay's typed view of format description extensions (Apple's CoreMedia overlay, macOS 10.15+).

extension CMFormatDescription {
    /// A format description's extensions, readable and writable by typed key and value.
    public struct Extensions {
        /// An extension key.
        public struct Key: RawRepresentable, Hashable, Sendable {
            /// The raw value.
            public var rawValue: CFString { name as CFString }
            /// A value from its raw value.
            public init(rawValue: CFString) { name = rawValue as String }
            /// The raw value as a Swift string, which keeps the key Sendable (an `NSString` is not).
            private let name: String

            /// `kCMFormatDescriptionExtension_OriginalCompressionSettings`.
            public static let originalCompressionSettings = Key(rawValue: kCMFormatDescriptionExtension_OriginalCompressionSettings)
            /// `kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms`.
            public static let sampleDescriptionExtensionAtoms = Key(rawValue: kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms)
            /// `kCMFormatDescriptionExtension_VerbatimSampleDescription`.
            public static let verbatimSampleDescription = Key(rawValue: kCMFormatDescriptionExtension_VerbatimSampleDescription)
            /// `kCMFormatDescriptionExtension_VerbatimISOSampleEntry`.
            public static let verbatimISOSampleEntry = Key(rawValue: kCMFormatDescriptionExtension_VerbatimISOSampleEntry)
            /// `kCMFormatDescriptionExtension_FormatName`.
            public static let formatName = Key(rawValue: kCMFormatDescriptionExtension_FormatName)
            /// `kCMFormatDescriptionExtension_Depth`.
            public static let depth = Key(rawValue: kCMFormatDescriptionExtension_Depth)
            /// `kCMFormatDescriptionExtension_CleanAperture`.
            public static let cleanAperture = Key(rawValue: kCMFormatDescriptionExtension_CleanAperture)
            /// `kCMFormatDescriptionExtension_FieldCount`.
            public static let fieldCount = Key(rawValue: kCMFormatDescriptionExtension_FieldCount)
            /// `kCMFormatDescriptionExtension_FieldDetail`.
            public static let fieldDetail = Key(rawValue: kCMFormatDescriptionExtension_FieldDetail)
            /// `kCMFormatDescriptionExtension_PixelAspectRatio`.
            public static let pixelAspectRatio = Key(rawValue: kCMFormatDescriptionExtension_PixelAspectRatio)
            /// `kCMFormatDescriptionExtension_ColorPrimaries`.
            public static let colorPrimaries = Key(rawValue: kCMFormatDescriptionExtension_ColorPrimaries)
            /// `kCMFormatDescriptionExtension_TransferFunction`.
            public static let transferFunction = Key(rawValue: kCMFormatDescriptionExtension_TransferFunction)
            /// `kCMFormatDescriptionExtension_GammaLevel`.
            public static let gammaLevel = Key(rawValue: kCMFormatDescriptionExtension_GammaLevel)
            /// `kCMFormatDescriptionExtension_YCbCrMatrix`.
            public static let yCbCrMatrix = Key(rawValue: kCMFormatDescriptionExtension_YCbCrMatrix)
            /// `kCMFormatDescriptionExtension_FullRangeVideo`.
            public static let fullRangeVideo = Key(rawValue: kCMFormatDescriptionExtension_FullRangeVideo)
            /// `kCMFormatDescriptionExtension_ICCProfile`.
            public static let iccProfile = Key(rawValue: kCMFormatDescriptionExtension_ICCProfile)
            /// `kCMFormatDescriptionExtension_BytesPerRow`.
            public static let bytesPerRow = Key(rawValue: kCMFormatDescriptionExtension_BytesPerRow)
            /// `kCMFormatDescriptionExtension_ChromaLocationTopField`.
            public static let chromaLocationTopField = Key(rawValue: kCMFormatDescriptionExtension_ChromaLocationTopField)
            /// `kCMFormatDescriptionExtension_ChromaLocationBottomField`.
            public static let chromaLocationBottomField = Key(rawValue: kCMFormatDescriptionExtension_ChromaLocationBottomField)
            /// `kCMFormatDescriptionConformsToMPEG2VideoProfile`.
            public static let conformsToMPEG2VideoProfile = Key(rawValue: kCMFormatDescriptionConformsToMPEG2VideoProfile)
            /// `kCMFormatDescriptionExtension_TemporalQuality`.
            public static let temporalQuality = Key(rawValue: kCMFormatDescriptionExtension_TemporalQuality)
            /// `kCMFormatDescriptionExtension_SpatialQuality`.
            public static let spatialQuality = Key(rawValue: kCMFormatDescriptionExtension_SpatialQuality)
            /// `kCMFormatDescriptionExtension_Version`.
            public static let version = Key(rawValue: kCMFormatDescriptionExtension_Version)
            /// `kCMFormatDescriptionExtension_RevisionLevel`.
            public static let revisionLevel = Key(rawValue: kCMFormatDescriptionExtension_RevisionLevel)
            /// `kCMFormatDescriptionExtension_Vendor`.
            public static let vendor = Key(rawValue: kCMFormatDescriptionExtension_Vendor)
            /// `kCMFormatDescriptionExtension_MasteringDisplayColorVolume`.
            public static let masteringDisplayColorVolume = Key(rawValue: kCMFormatDescriptionExtension_MasteringDisplayColorVolume)
            /// `kCMFormatDescriptionExtension_ContentLightLevelInfo`.
            public static let contentLightLevelInfo = Key(rawValue: kCMFormatDescriptionExtension_ContentLightLevelInfo)
            /// `kCMFormatDescriptionExtension_AlternativeTransferCharacteristics`.
            public static let alternativeTransferCharacteristics = Key(rawValue: kCMFormatDescriptionExtension_AlternativeTransferCharacteristics)
            /// `kCMFormatDescriptionExtension_AuxiliaryTypeInfo`.
            public static let auxiliaryTypeInfo = Key(rawValue: kCMFormatDescriptionExtension_AuxiliaryTypeInfo)
            /// `kCMFormatDescriptionExtension_AlphaChannelMode`.
            public static let alphaChannelMode = Key(rawValue: kCMFormatDescriptionExtension_AlphaChannelMode)
            /// `kCMFormatDescriptionExtension_ContainsAlphaChannel`.
            public static let containsAlphaChannel = Key(rawValue: kCMFormatDescriptionExtension_ContainsAlphaChannel)
            /// `kCMTimeCodeFormatDescriptionExtension_SourceReferenceName`.
            public static let sourceReferenceName = Key(rawValue: kCMTimeCodeFormatDescriptionExtension_SourceReferenceName)
            /// `kCMFormatDescriptionExtensionKey_MetadataKeyTable`.
            public static let metadataKeyTable = Key(rawValue: kCMFormatDescriptionExtensionKey_MetadataKeyTable)
        }

        /// An extension value: a property list.
        public struct Value {
            /// The property-list value stored in the extensions dictionary.
            public var propertyListRepresentation: CFPropertyList
            /// A value wrapping `plist`.
            public init(_ plist: CFPropertyList) { propertyListRepresentation = plist }

            /// A number.
            public static func number<T: Numeric>(_ value: T) -> Value { Value(value) }
            /// A string.
            public static func string(_ value: String) -> Value { Value(value) }

            /// A clean aperture from its width, height and centre offsets.
            public static func cleanAperture<Width: Numeric, Height: Numeric, Horizontal: Numeric, Vertical: Numeric>(
                width: Width, height: Height, horizontalOffet: Horizontal, verticalOffset: Vertical
            ) -> Value {
                Value([kCMFormatDescriptionKey_CleanApertureWidth: width,
                       kCMFormatDescriptionKey_CleanApertureHeight: height,
                       kCMFormatDescriptionKey_CleanApertureHorizontalOffset: horizontalOffet,
                       kCMFormatDescriptionKey_CleanApertureVerticalOffset: verticalOffset] as [String: Any])
            }

            /// A clean aperture from exact fractions (the rational keys, plus the floating-point ones some readers
            /// need, as CMFormatDescription.h advises).
            public static func cleanAperture(
                width: (numerator: Int, denominator: Int), height: (numerator: Int, denominator: Int),
                horizontalOffet: (numerator: Int, denominator: Int), verticalOffset: (numerator: Int, denominator: Int)
            ) -> Value {
                func real(_ fraction: (numerator: Int, denominator: Int)) -> Double {
                    fraction.denominator == 0 ? 0 : Double(fraction.numerator) / Double(fraction.denominator)
                }
                return Value([
                    kCMFormatDescriptionKey_CleanApertureWidth: real(width),
                    kCMFormatDescriptionKey_CleanApertureHeight: real(height),
                    kCMFormatDescriptionKey_CleanApertureHorizontalOffset: real(horizontalOffet),
                    kCMFormatDescriptionKey_CleanApertureVerticalOffset: real(verticalOffset),
                    kCMFormatDescriptionKey_CleanApertureWidthRational: [width.numerator, width.denominator],
                    kCMFormatDescriptionKey_CleanApertureHeightRational: [height.numerator, height.denominator],
                    kCMFormatDescriptionKey_CleanApertureHorizontalOffsetRational:
                        [horizontalOffet.numerator, horizontalOffet.denominator],
                    kCMFormatDescriptionKey_CleanApertureVerticalOffsetRational:
                        [verticalOffset.numerator, verticalOffset.denominator],
                ] as [String: Any])
            }

            /// A pixel aspect ratio from its horizontal and vertical spacing.
            public static func pixelAspectRatio<Horizontal: Numeric, Vertical: Numeric>(
                horizontalSpacing: Horizontal, verticalSpacing: Vertical
            ) -> Value {
                Value([kCMFormatDescriptionKey_PixelAspectRatioHorizontalSpacing: horizontalSpacing,
                       kCMFormatDescriptionKey_PixelAspectRatioVerticalSpacing: verticalSpacing] as [String: Any])
            }

            /// Field ordering values.
            public struct FieldDetail: RawRepresentable, Hashable, Sendable {
                /// The raw value.
                public var rawValue: CFString { name as CFString }
                /// A value from its raw value.
                public init(rawValue: CFString) { name = rawValue as String }
                /// The raw value as a Swift string, which keeps the key Sendable (an `NSString` is not).
                private let name: String
                /// `kCMFormatDescriptionFieldDetail_TemporalTopFirst`.
                public static let temporalTopFirst = FieldDetail(rawValue: kCMFormatDescriptionFieldDetail_TemporalTopFirst)
                /// `kCMFormatDescriptionFieldDetail_TemporalBottomFirst`.
                public static let temporalBottomFirst = FieldDetail(rawValue: kCMFormatDescriptionFieldDetail_TemporalBottomFirst)
                /// `kCMFormatDescriptionFieldDetail_SpatialFirstLineEarly`.
                public static let spatialFirstLineEarly = FieldDetail(rawValue: kCMFormatDescriptionFieldDetail_SpatialFirstLineEarly)
                /// `kCMFormatDescriptionFieldDetail_SpatialFirstLineLate`.
                public static let spatialFirstLineLate = FieldDetail(rawValue: kCMFormatDescriptionFieldDetail_SpatialFirstLineLate)
            }
            /// A field detail.
            public static func fieldDetail(_ fieldDetail: FieldDetail) -> Value { Value(fieldDetail.rawValue) }

            /// Colour primaries values.
            public struct ColorPrimaries: RawRepresentable, Hashable, Sendable {
                /// The raw value.
                public var rawValue: CFString { name as CFString }
                /// A value from its raw value.
                public init(rawValue: CFString) { name = rawValue as String }
                /// The raw value as a Swift string, which keeps the key Sendable (an `NSString` is not).
                private let name: String
                /// `kCMFormatDescriptionColorPrimaries_ITU_R_709_2`.
                public static let itu_R_709_2 = ColorPrimaries(rawValue: kCMFormatDescriptionColorPrimaries_ITU_R_709_2)
                /// `kCMFormatDescriptionColorPrimaries_EBU_3213`.
                public static let ebu_3213 = ColorPrimaries(rawValue: kCMFormatDescriptionColorPrimaries_EBU_3213)
                /// `kCMFormatDescriptionColorPrimaries_SMPTE_C`.
                public static let smpte_C = ColorPrimaries(rawValue: kCMFormatDescriptionColorPrimaries_SMPTE_C)
                /// `kCMFormatDescriptionColorPrimaries_DCI_P3`.
                public static let dci_P3 = ColorPrimaries(rawValue: kCMFormatDescriptionColorPrimaries_DCI_P3)
                /// `kCMFormatDescriptionColorPrimaries_P3_D65`.
                public static let p3_D65 = ColorPrimaries(rawValue: kCMFormatDescriptionColorPrimaries_P3_D65)
                /// `kCMFormatDescriptionColorPrimaries_ITU_R_2020`.
                public static let itu_R_2020 = ColorPrimaries(rawValue: kCMFormatDescriptionColorPrimaries_ITU_R_2020)
                /// `kCMFormatDescriptionColorPrimaries_P22`.
                public static let p22 = ColorPrimaries(rawValue: kCMFormatDescriptionColorPrimaries_P22)
            }
            /// Colour primaries.
            public static func colorPrimaries(_ colorPrimaries: ColorPrimaries) -> Value { Value(colorPrimaries.rawValue) }

            /// Transfer function values.
            public struct TransferFunction: RawRepresentable, Hashable, Sendable {
                /// The raw value.
                public var rawValue: CFString { name as CFString }
                /// A value from its raw value.
                public init(rawValue: CFString) { name = rawValue as String }
                /// The raw value as a Swift string, which keeps the key Sendable (an `NSString` is not).
                private let name: String
                /// `kCMFormatDescriptionTransferFunction_ITU_R_709_2`.
                public static let itu_R_709_2 = TransferFunction(rawValue: kCMFormatDescriptionTransferFunction_ITU_R_709_2)
                /// `kCMFormatDescriptionTransferFunction_SMPTE_240M_1995`.
                public static let smpte_240M_1995 = TransferFunction(rawValue: kCMFormatDescriptionTransferFunction_SMPTE_240M_1995)
                /// `kCMFormatDescriptionTransferFunction_UseGamma`.
                public static let useGamma = TransferFunction(rawValue: kCMFormatDescriptionTransferFunction_UseGamma)
                /// `kCMFormatDescriptionTransferFunction_ITU_R_2020`.
                public static let itu_R_2020 = TransferFunction(rawValue: kCMFormatDescriptionTransferFunction_ITU_R_2020)
                /// `kCMFormatDescriptionTransferFunction_SMPTE_ST_428_1`.
                public static let smpte_ST_428_1 = TransferFunction(rawValue: kCMFormatDescriptionTransferFunction_SMPTE_ST_428_1)
                /// `kCMFormatDescriptionTransferFunction_SMPTE_ST_2084_PQ`.
                public static let smpte_ST_2084_PQ = TransferFunction(rawValue: kCMFormatDescriptionTransferFunction_SMPTE_ST_2084_PQ)
                /// `kCMFormatDescriptionTransferFunction_ITU_R_2100_HLG`.
                public static let itu_R_2100_HLG = TransferFunction(rawValue: kCMFormatDescriptionTransferFunction_ITU_R_2100_HLG)
                /// `kCMFormatDescriptionTransferFunction_Linear`.
                public static let linear = TransferFunction(rawValue: kCMFormatDescriptionTransferFunction_Linear)
                /// `kCMFormatDescriptionTransferFunction_sRGB`.
                public static let sRGB = TransferFunction(rawValue: kCMFormatDescriptionTransferFunction_sRGB)
            }
            /// A transfer function.
            public static func transferFunction(_ transferFunction: TransferFunction) -> Value {
                Value(transferFunction.rawValue)
            }

            /// Y'CbCr matrix values.
            public struct YCbCrMatrix: RawRepresentable, Hashable, Sendable {
                /// The raw value.
                public var rawValue: CFString { name as CFString }
                /// A value from its raw value.
                public init(rawValue: CFString) { name = rawValue as String }
                /// The raw value as a Swift string, which keeps the key Sendable (an `NSString` is not).
                private let name: String
                /// `kCMFormatDescriptionYCbCrMatrix_ITU_R_709_2`.
                public static let itu_R_709_2 = YCbCrMatrix(rawValue: kCMFormatDescriptionYCbCrMatrix_ITU_R_709_2)
                /// `kCMFormatDescriptionYCbCrMatrix_ITU_R_601_4`.
                public static let itu_R_601_4 = YCbCrMatrix(rawValue: kCMFormatDescriptionYCbCrMatrix_ITU_R_601_4)
                /// `kCMFormatDescriptionYCbCrMatrix_SMPTE_240M_1995`.
                public static let smpted_240M_1995 = YCbCrMatrix(rawValue: kCMFormatDescriptionYCbCrMatrix_SMPTE_240M_1995)
                /// `kCMFormatDescriptionYCbCrMatrix_ITU_R_2020`.
                public static let itu_R_2020 = YCbCrMatrix(rawValue: kCMFormatDescriptionYCbCrMatrix_ITU_R_2020)
            }
            /// A Y'CbCr matrix.
            public static func yCbCrMatrix(_ yCbCrMatrix: YCbCrMatrix) -> Value { Value(yCbCrMatrix.rawValue) }

            /// Chroma siting values.
            public struct ChromaLocation: RawRepresentable, Hashable, Sendable {
                /// The raw value.
                public var rawValue: CFString { name as CFString }
                /// A value from its raw value.
                public init(rawValue: CFString) { name = rawValue as String }
                /// The raw value as a Swift string, which keeps the key Sendable (an `NSString` is not).
                private let name: String
                /// `kCMFormatDescriptionChromaLocation_Left`.
                public static let left = ChromaLocation(rawValue: kCMFormatDescriptionChromaLocation_Left)
                /// `kCMFormatDescriptionChromaLocation_Center`.
                public static let center = ChromaLocation(rawValue: kCMFormatDescriptionChromaLocation_Center)
                /// `kCMFormatDescriptionChromaLocation_TopLeft`.
                public static let topLeft = ChromaLocation(rawValue: kCMFormatDescriptionChromaLocation_TopLeft)
                /// `kCMFormatDescriptionChromaLocation_Top`.
                public static let top = ChromaLocation(rawValue: kCMFormatDescriptionChromaLocation_Top)
                /// `kCMFormatDescriptionChromaLocation_BottomLeft`.
                public static let bottomLeft = ChromaLocation(rawValue: kCMFormatDescriptionChromaLocation_BottomLeft)
                /// `kCMFormatDescriptionChromaLocation_Bottom`.
                public static let bottom = ChromaLocation(rawValue: kCMFormatDescriptionChromaLocation_Bottom)
                /// `kCMFormatDescriptionChromaLocation_DV420`.
                public static let dv420 = ChromaLocation(rawValue: kCMFormatDescriptionChromaLocation_DV420)
            }
            /// A chroma location.
            public static func chromaLocation(_ chromaLocation: ChromaLocation) -> Value { Value(chromaLocation.rawValue) }

            /// Vendor values.
            public struct Vendor: RawRepresentable, Hashable, Sendable {
                /// The raw value.
                public var rawValue: CFString { name as CFString }
                /// A value from its raw value.
                public init(rawValue: CFString) { name = rawValue as String }
                /// The raw value as a Swift string, which keeps the key Sendable (an `NSString` is not).
                private let name: String
                /// `kCMFormatDescriptionVendor_Apple`.
                public static let apple = Vendor(rawValue: kCMFormatDescriptionVendor_Apple)
            }
            /// A vendor.
            public static func vendor(_ vendor: Vendor) -> Value { Value(vendor.rawValue) }
            /// A vendor given by its four-character code.
            public static func vendor(_ fourCC: String) -> Value { Value(fourCC) }

            /// Alpha channel modes.
            public struct AlphaChannelMode: RawRepresentable, Hashable, Sendable {
                /// The raw value.
                public var rawValue: CFString { name as CFString }
                /// A value from its raw value.
                public init(rawValue: CFString) { name = rawValue as String }
                /// The raw value as a Swift string, which keeps the key Sendable (an `NSString` is not).
                private let name: String
                /// `kCMFormatDescriptionAlphaChannelMode_StraightAlpha`.
                public static let straightAlpha = AlphaChannelMode(rawValue: kCMFormatDescriptionAlphaChannelMode_StraightAlpha)
                /// `kCMFormatDescriptionAlphaChannelMode_PremultipliedAlpha`.
                public static let premultipliedAlpha = AlphaChannelMode(rawValue: kCMFormatDescriptionAlphaChannelMode_PremultipliedAlpha)
            }
            /// An alpha channel mode.
            public static func alphaChannelMode(_ alphaChannelMode: AlphaChannelMode) -> Value {
                Value(alphaChannelMode.rawValue)
            }
        }

        /// The extensions as a dictionary.
        var storage: [String: Any]

        /// No extensions.
        public init() { storage = [:] }

        /// The extensions of `base` (entries whose keys are not strings are dropped).
        public init(base: [CFString: CFPropertyList]?) {
            storage = Dictionary((base ?? [:]).map { ($0.key as String, $0.value) }) { _, last in last }
        }

        init(storage: [String: Any]) { self.storage = storage }

        /// The extensions as the `CFDictionary` the C functions take.
        var dictionary: CFDictionary { storage as CFDictionary }

        /// The extension for a typed key.
        public subscript(key: Key) -> Value? {
            get { storage[key.rawValue as String].map(Value.init) }
            set { storage[key.rawValue as String] = newValue?.propertyListRepresentation }
        }

        /// The extension for a string key.
        public subscript(key: CFString) -> CFPropertyList? {
            get { storage[key as String] }
            set { storage[key as String] = newValue }
        }
    }
}
