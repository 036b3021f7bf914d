import CoreMedia
import CoreVideo
import FFmpegBridge

/// A picture's colour as Core Video names it (the strings of `kCVImageBufferColorPrimariesKey`,
/// `…TransferFunctionKey`, `…YCbCrMatrixKey`, `…ChromaLocationTopFieldKey`), converted to and from the ITU-T H.273
/// code points codecs use. `nil` means "not tagged".
package struct VideoColorDescription: Hashable, Sendable {
    /// Colour primaries (`kCVImageBufferColorPrimaries_…`).
    package var primaries: String?
    /// Transfer function (`kCVImageBufferTransferFunction_…`).
    package var transferFunction: String?
    /// Y'CbCr matrix (`kCVImageBufferYCbCrMatrix_…`).
    package var yCbCrMatrix: String?
    /// Chroma siting (`kCVImageBufferChromaLocation_…`).
    package var chromaLocation: String?

    /// Describes a colour.
    package init(primaries: String? = nil, transferFunction: String? = nil, yCbCrMatrix: String? = nil,
                 chromaLocation: String? = nil) {
        self.primaries = primaries
        self.transferFunction = transferFunction
        self.yCbCrMatrix = yCbCrMatrix
        self.chromaLocation = chromaLocation
    }

    /// The matrix to tag an untagged YCbCr picture's scaled copy with, when scaling would change how it is read.
    ///
    /// Players read an untagged YCbCr picture as BT.709 from 720 lines up and BT.601 below. Scaling an untagged
    /// picture across that line (HD to 540 lines, SD up to 1080) would otherwise convert its samples from one
    /// matrix to the other (through RGB, the slow path) and leave the copy untagged, for each player to guess again
    /// (ffmpeg reads every untagged picture as BT.601, so it showed the colours shifted). Instead the samples keep
    /// their values and the copy says which matrix the source was read with. `nil` when both heights read alike.
    package static func assumedMatrix(sourceHeight: Int, outputHeight: Int) -> String? {
        let assumed = FFImageConverterConfiguration.assumedMatrix(height: sourceHeight)
        guard assumed != FFImageConverterConfiguration.assumedMatrix(height: outputHeight) else { return nil }
        return assumed == .bt709 ? kCVImageBufferYCbCrMatrix_ITU_R_709_2 : kCVImageBufferYCbCrMatrix_ITU_R_601_4
    }

    /// Whether nothing is tagged.
    package var isEmpty: Bool { primaries == nil && transferFunction == nil && yCbCrMatrix == nil && chromaLocation == nil }

    // MARK: Code points (ITU-T H.273 Tables 2–4)

    private static let primariesTable: [(String, Int)] = [
        (kCVImageBufferColorPrimaries_ITU_R_709_2, 1), (kCVImageBufferColorPrimaries_EBU_3213, 5),
        (kCVImageBufferColorPrimaries_SMPTE_C, 6), (kCVImageBufferColorPrimaries_ITU_R_2020, 9),
        (kCVImageBufferColorPrimaries_DCI_P3, 11), (kCVImageBufferColorPrimaries_P3_D65, 12),
        (kCVImageBufferColorPrimaries_P22, 22),
    ]
    // BT.601 (6) and BT.2020 (14, 15) use the BT.709 curve; Core Video names it ITU_R_709_2 for all three.
    private static let transferTable: [(String, [Int])] = [
        (kCVImageBufferTransferFunction_ITU_R_709_2, [1, 6, 14, 15]),
        (kCVImageBufferTransferFunction_SMPTE_240M_1995, [7]), (kCVImageBufferTransferFunction_Linear, [8]),
        (kCVImageBufferTransferFunction_sRGB, [13]), (kCVImageBufferTransferFunction_SMPTE_ST_2084_PQ, [16]),
        (kCVImageBufferTransferFunction_SMPTE_ST_428_1, [17]), (kCVImageBufferTransferFunction_ITU_R_2100_HLG, [18]),
        (kCVImageBufferTransferFunction_ITU_R_2020, [14]),
    ]
    private static let matrixTable: [(String, [Int])] = [
        (kCVImageBufferYCbCrMatrix_ITU_R_709_2, [1]), (kCVImageBufferYCbCrMatrix_ITU_R_601_4, [6, 5]),
        (kCVImageBufferYCbCrMatrix_SMPTE_240M_1995, [7]), (kCVImageBufferYCbCrMatrix_ITU_R_2020, [9, 10]),
    ]
    private static let chromaTable: [(String, FFChromaLocation)] = [
        (kCVImageBufferChromaLocation_Left, .left), (kCVImageBufferChromaLocation_Center, .center),
        (kCVImageBufferChromaLocation_TopLeft, .topLeft), (kCVImageBufferChromaLocation_Top, .top),
        (kCVImageBufferChromaLocation_BottomLeft, .bottomLeft), (kCVImageBufferChromaLocation_Bottom, .bottom),
    ]

    /// The description of what a stream or frame signals (code points Core Video has no name for are left out).
    package init(_ properties: FFColorProperties) {
        primaries = Self.primariesTable.first { $0.1 == properties.primaries.rawValue }?.0
        transferFunction = Self.transferTable.first { $0.1.contains(properties.transfer.rawValue) }?.0
        yCbCrMatrix = Self.matrixTable.first { $0.1.contains(properties.matrix.rawValue) }?.0
        chromaLocation = properties.chromaLocation.flatMap { location in Self.chromaTable.first { $0.1 == location }?.0 }
    }

    /// The code points to tag a stream with, and the range.
    package func ffProperties(range: FFColorRange) -> FFColorProperties {
        var result = FFColorProperties(range: range)
        if let primaries, let code = Self.primariesTable.first(where: { $0.0 == primaries })?.1 {
            result.primaries = FFColorPrimaries(rawValue: code)
        }
        if let transferFunction, let code = Self.transferTable.first(where: { $0.0 == transferFunction })?.1.first {
            result.transfer = FFTransferCharacteristic(rawValue: code)
        }
        if let yCbCrMatrix, let code = Self.matrixTable.first(where: { $0.0 == yCbCrMatrix })?.1.first {
            result.matrix = FFMatrixCoefficients(rawValue: code)
        }
        if let chromaLocation { result.chromaLocation = Self.chromaTable.first { $0.0 == chromaLocation }?.1 }
        return result
    }

    /// Whether Core Video's string has an H.273 code point, so it can be written into a bitstream.
    package static func isEncodable(primaries value: String) -> Bool { primariesTable.contains { $0.0 == value } }
    /// Whether a transfer function string has a code point.
    package static func isEncodable(transferFunction value: String) -> Bool { transferTable.contains { $0.0 == value } }
    /// Whether a matrix string has a code point.
    package static func isEncodable(yCbCrMatrix value: String) -> Bool { matrixTable.contains { $0.0 == value } }

    // MARK: Attachments and extensions

    /// The colour attachments of an image buffer.
    package init(attachmentsOf buffer: CVBuffer) {
        func string(_ key: String) -> String? { buffer.attachment(key).flatMap { AttributeValue.string($0.value) } }
        primaries = string(kCVImageBufferColorPrimariesKey)
        transferFunction = string(kCVImageBufferTransferFunctionKey)
        yCbCrMatrix = string(kCVImageBufferYCbCrMatrixKey)
        chromaLocation = string(kCVImageBufferChromaLocationTopFieldKey)
    }

    /// The colour extensions of a format description (which use the same keys and strings).
    package init(extensionsOf description: CMFormatDescription) {
        func string(_ key: String) -> String? {
            CMFormatDescriptionGetExtension(description, extensionKey: key).flatMap { AttributeValue.string($0) }
        }
        primaries = string(kCMFormatDescriptionExtension_ColorPrimaries)
        transferFunction = string(kCMFormatDescriptionExtension_TransferFunction)
        yCbCrMatrix = string(kCMFormatDescriptionExtension_YCbCrMatrix)
        chromaLocation = string(kCMFormatDescriptionExtension_ChromaLocationTopField)
    }

    /// Fills what this description leaves untagged from `other`.
    package func filling(from other: VideoColorDescription) -> VideoColorDescription {
        VideoColorDescription(primaries: primaries ?? other.primaries,
                              transferFunction: transferFunction ?? other.transferFunction,
                              yCbCrMatrix: yCbCrMatrix ?? other.yCbCrMatrix,
                              chromaLocation: chromaLocation ?? other.chromaLocation)
    }

    /// Tags an image buffer (propagated attachments, as Core Video's decoders set them).
    package func attach(to buffer: CVBuffer) {
        for (key, value) in [(kCVImageBufferColorPrimariesKey, primaries),
                             (kCVImageBufferTransferFunctionKey, transferFunction),
                             (kCVImageBufferYCbCrMatrixKey, yCbCrMatrix),
                             (kCVImageBufferChromaLocationTopFieldKey, chromaLocation),
                             (kCVImageBufferChromaLocationBottomFieldKey, chromaLocation)] {
            if let value { buffer.setAttachment(key, value, mode: .shouldPropagate) } else { buffer.removeAttachment(key) }
        }
    }

    /// The format-description extensions for this colour.
    package var formatDescriptionExtensions: [String: Any] {
        var result: [String: Any] = [:]
        if let primaries { result[kCMFormatDescriptionExtension_ColorPrimaries] = primaries }
        if let transferFunction { result[kCMFormatDescriptionExtension_TransferFunction] = transferFunction }
        if let yCbCrMatrix { result[kCMFormatDescriptionExtension_YCbCrMatrix] = yCbCrMatrix }
        if let chromaLocation {
            result[kCMFormatDescriptionExtension_ChromaLocationTopField] = chromaLocation
            result[kCMFormatDescriptionExtension_ChromaLocationBottomField] = chromaLocation
        }
        return result
    }

    /// The matrix as the converter takes it (the range comes from the pixel format).
    package func converterProperties(range: FFColorRange) -> FFColorProperties {
        var properties = ffProperties(range: range)
        // The converter only needs the matrix and range; primaries and transfer are never converted here.
        properties.primaries = .unspecified
        properties.transfer = .unspecified
        return properties
    }
}
