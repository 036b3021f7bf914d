internal import CFFmpeg

/// Colour primaries as the ISO/IEC 23091-2 (H.273) `ColourPrimaries` code point.
package struct FFColorPrimaries: RawRepresentable, Hashable, Sendable {
    package var rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// ITU-R BT.709.
    package static let bt709 = FFColorPrimaries(rawValue: 1)
    /// Not specified.
    package static let unspecified = FFColorPrimaries(rawValue: 2)
    /// ITU-R BT.470 System M.
    package static let bt470M = FFColorPrimaries(rawValue: 4)
    /// ITU-R BT.470 System B, G; BT.601 625-line (EBU).
    package static let bt470BG = FFColorPrimaries(rawValue: 5)
    /// SMPTE 170M; BT.601 525-line.
    package static let smpte170M = FFColorPrimaries(rawValue: 6)
    /// SMPTE 240M.
    package static let smpte240M = FFColorPrimaries(rawValue: 7)
    /// Generic film (illuminant C).
    package static let film = FFColorPrimaries(rawValue: 8)
    /// ITU-R BT.2020 and BT.2100.
    package static let bt2020 = FFColorPrimaries(rawValue: 9)
    /// SMPTE ST 428-1 (CIE 1931 XYZ).
    package static let smpte428 = FFColorPrimaries(rawValue: 10)
    /// SMPTE RP 431-2 (DCI-P3).
    package static let dciP3 = FFColorPrimaries(rawValue: 11)
    /// SMPTE EG 432-1 (Display P3, P3 D65).
    package static let displayP3 = FFColorPrimaries(rawValue: 12)
    /// EBU Tech. 3213-E.
    package static let ebu3213 = FFColorPrimaries(rawValue: 22)
}

/// Transfer characteristics as the ISO/IEC 23091-2 `TransferCharacteristics` code point.
package struct FFTransferCharacteristic: RawRepresentable, Hashable, Sendable {
    package var rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// ITU-R BT.709.
    package static let bt709 = FFTransferCharacteristic(rawValue: 1)
    /// Not specified.
    package static let unspecified = FFTransferCharacteristic(rawValue: 2)
    /// Gamma 2.2 (BT.470 System M).
    package static let gamma22 = FFTransferCharacteristic(rawValue: 4)
    /// Gamma 2.8 (BT.470 System B, G).
    package static let gamma28 = FFTransferCharacteristic(rawValue: 5)
    /// SMPTE 170M; BT.601.
    package static let smpte170M = FFTransferCharacteristic(rawValue: 6)
    /// SMPTE 240M.
    package static let smpte240M = FFTransferCharacteristic(rawValue: 7)
    /// Linear.
    package static let linear = FFTransferCharacteristic(rawValue: 8)
    /// IEC 61966-2-4 (xvYCC).
    package static let iec61966_2_4 = FFTransferCharacteristic(rawValue: 11)
    /// IEC 61966-2-1 (sRGB).
    package static let sRGB = FFTransferCharacteristic(rawValue: 13)
    /// ITU-R BT.2020, 10-bit.
    package static let bt2020_10 = FFTransferCharacteristic(rawValue: 14)
    /// ITU-R BT.2020, 12-bit.
    package static let bt2020_12 = FFTransferCharacteristic(rawValue: 15)
    /// SMPTE ST 2084 (PQ).
    package static let smpte2084 = FFTransferCharacteristic(rawValue: 16)
    /// SMPTE ST 428-1.
    package static let smpte428 = FFTransferCharacteristic(rawValue: 17)
    /// ARIB STD-B67 (HLG).
    package static let hlg = FFTransferCharacteristic(rawValue: 18)
}

/// Matrix coefficients as the ISO/IEC 23091-2 `MatrixCoefficients` code point.
package struct FFMatrixCoefficients: RawRepresentable, Hashable, Sendable {
    package var rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Identity (the samples are G, B, R).
    package static let identity = FFMatrixCoefficients(rawValue: 0)
    /// ITU-R BT.709.
    package static let bt709 = FFMatrixCoefficients(rawValue: 1)
    /// Not specified.
    package static let unspecified = FFMatrixCoefficients(rawValue: 2)
    /// FCC 73.682.
    package static let fcc = FFMatrixCoefficients(rawValue: 4)
    /// ITU-R BT.470 System B, G; BT.601 625-line.
    package static let bt470BG = FFMatrixCoefficients(rawValue: 5)
    /// SMPTE 170M; BT.601 525-line (same coefficients as `bt470BG`).
    package static let smpte170M = FFMatrixCoefficients(rawValue: 6)
    /// SMPTE 240M.
    package static let smpte240M = FFMatrixCoefficients(rawValue: 7)
    /// YCgCo.
    package static let ycgco = FFMatrixCoefficients(rawValue: 8)
    /// ITU-R BT.2020 non-constant luminance.
    package static let bt2020NonConstantLuminance = FFMatrixCoefficients(rawValue: 9)
    /// ITU-R BT.2020 constant luminance.
    package static let bt2020ConstantLuminance = FFMatrixCoefficients(rawValue: 10)
    /// ICtCp (BT.2100).
    package static let ictcp = FFMatrixCoefficients(rawValue: 14)

    /// Which of the three standard YCbCr matrices these coefficients use (`nil` when none: identity, YCgCo …).
    package var standardMatrix: FFYCbCrMatrix? {
        switch self {
        case .bt709: return .bt709
        case .bt470BG, .smpte170M, .fcc: return .bt601
        case .bt2020NonConstantLuminance, .bt2020ConstantLuminance: return .bt2020
        case .smpte240M: return .smpte240M
        default: return nil
        }
    }
}

/// The YCbCr ↔ RGB matrices the image converter implements.
package enum FFYCbCrMatrix: Sendable, Hashable, CaseIterable {
    case bt601, bt709, bt2020, smpte240M
}

/// Whether YCbCr samples use the limited ("video", 16–235) or the full (0–255) range.
package enum FFColorRange: Sendable, Hashable {
    case unspecified
    case limited
    case full
}

/// Where chroma samples sit relative to luma (ISO/IEC 23091-2 `Chroma420SampleLocType` as the raw value).
package enum FFChromaLocation: Int, Sendable, Hashable {
    case left = 0
    case center = 1
    case topLeft = 2
    case top = 3
    case bottomLeft = 4
    case bottom = 5
}

/// The colour description of a picture or a stream.
package struct FFColorProperties: Hashable, Sendable {
    /// The primaries.
    package var primaries: FFColorPrimaries
    /// The transfer function.
    package var transfer: FFTransferCharacteristic
    /// The YCbCr matrix.
    package var matrix: FFMatrixCoefficients
    /// Limited or full range.
    package var range: FFColorRange
    /// Chroma siting, when known.
    package var chromaLocation: FFChromaLocation?

    /// Describes a picture's colour.
    package init(primaries: FFColorPrimaries = .unspecified, transfer: FFTransferCharacteristic = .unspecified,
                 matrix: FFMatrixCoefficients = .unspecified, range: FFColorRange = .unspecified,
                 chromaLocation: FFChromaLocation? = nil) {
        self.primaries = primaries
        self.transfer = transfer
        self.matrix = matrix
        self.range = range
        self.chromaLocation = chromaLocation
    }

    /// Nothing specified.
    package static let unspecified = FFColorProperties()
    /// HD video: BT.709 everything, limited range, left chroma siting.
    package static let bt709 = FFColorProperties(primaries: .bt709, transfer: .bt709, matrix: .bt709, range: .limited,
                                                 chromaLocation: .left)
    /// SD video (525-line): SMPTE 170M, limited range.
    package static let bt601 = FFColorProperties(primaries: .smpte170M, transfer: .smpte170M, matrix: .smpte170M,
                                                 range: .limited, chromaLocation: .left)

    init(frame: UnsafePointer<AVFrame>) {
        primaries = FFColorPrimaries(rawValue: Int(frame.pointee.color_primaries.rawValue))
        transfer = FFTransferCharacteristic(rawValue: Int(frame.pointee.color_trc.rawValue))
        matrix = FFMatrixCoefficients(rawValue: Int(frame.pointee.colorspace.rawValue))
        range = FFColorRange(frame.pointee.color_range)
        chromaLocation = FFChromaLocation(frame.pointee.chroma_location)
    }

    /// Writes the properties into an encoder context, so the encoder tags them into the stream (VUI, colr).
    func apply(to context: UnsafeMutablePointer<AVCodecContext>) {
        context.pointee.color_primaries = AVColorPrimaries(rawValue: UInt32(clamping: primaries.rawValue))
        context.pointee.color_trc = AVColorTransferCharacteristic(rawValue: UInt32(clamping: transfer.rawValue))
        context.pointee.colorspace = AVColorSpace(rawValue: UInt32(clamping: matrix.rawValue))
        context.pointee.color_range = range.avValue
        context.pointee.chroma_sample_location = chromaLocation.avValue
    }

    /// Writes the properties into a frame.
    func apply(to frame: UnsafeMutablePointer<AVFrame>) {
        frame.pointee.color_primaries = AVColorPrimaries(rawValue: UInt32(clamping: primaries.rawValue))
        frame.pointee.color_trc = AVColorTransferCharacteristic(rawValue: UInt32(clamping: transfer.rawValue))
        frame.pointee.colorspace = AVColorSpace(rawValue: UInt32(clamping: matrix.rawValue))
        frame.pointee.color_range = range.avValue
        frame.pointee.chroma_location = chromaLocation.avValue
    }
}

extension FFColorRange {
    init(_ range: AVColorRange) {
        switch range {
        case AVCOL_RANGE_MPEG: self = .limited
        case AVCOL_RANGE_JPEG: self = .full
        default: self = .unspecified
        }
    }

    var avValue: AVColorRange {
        switch self {
        case .unspecified: return AVCOL_RANGE_UNSPECIFIED
        case .limited: return AVCOL_RANGE_MPEG
        case .full: return AVCOL_RANGE_JPEG
        }
    }
}

extension FFChromaLocation {
    /// FFmpeg numbers chroma locations as the ISO code point plus one, with 0 meaning unspecified.
    init?(_ location: AVChromaLocation) {
        let value = Int(location.rawValue)
        guard value > 0 else { return nil }
        self.init(rawValue: value - 1)
    }
}

extension Optional where Wrapped == FFChromaLocation {
    var avValue: AVChromaLocation {
        switch self {
        case .none: return AVCHROMA_LOC_UNSPECIFIED
        case .some(let location): return AVChromaLocation(rawValue: UInt32(location.rawValue + 1))
        }
    }
}
