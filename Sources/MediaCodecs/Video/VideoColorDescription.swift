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
        return (assumed == .bt709 ? kCVImageBufferYCbCrMatrix_ITU_R_709_2 : kCVImageBufferYCbCrMatrix_ITU_R_601_4) as String
    }

    /// Whether nothing is tagged.
    package var isEmpty: Bool { primaries == nil && transferFunction == nil && yCbCrMatrix == nil && chromaLocation == nil }

    // MARK: Code points (ITU-T H.273 Tables 2–4, through Core Video's functions over the package's one table)

    private static let chromaTable: [(String, FFChromaLocation)] = [
        (kCVImageBufferChromaLocation_Left as String, .left), (kCVImageBufferChromaLocation_Center as String, .center),
        (kCVImageBufferChromaLocation_TopLeft as String, .topLeft), (kCVImageBufferChromaLocation_Top as String, .top),
        (kCVImageBufferChromaLocation_BottomLeft as String, .bottomLeft), (kCVImageBufferChromaLocation_Bottom as String, .bottom),
    ]

    /// The description of what a stream or frame signals (code points Core Video has no name for are left out).
    package init(_ properties: FFColorProperties) {
        primaries = CVColorPrimariesGetStringForIntegerCodePoint(Int32(clamping: properties.primaries.rawValue))?
            .takeUnretainedValue() as String?
        transferFunction = CVTransferFunctionGetStringForIntegerCodePoint(Int32(clamping: properties.transfer.rawValue))?
            .takeUnretainedValue() as String?
        yCbCrMatrix = CVYCbCrMatrixGetStringForIntegerCodePoint(Int32(clamping: properties.matrix.rawValue))?
            .takeUnretainedValue() as String?
        chromaLocation = properties.chromaLocation.flatMap { location in Self.chromaTable.first { $0.1 == location }?.0 }
    }

    /// The code points to tag a stream with, and the range.
    package func ffProperties(range: FFColorRange) -> FFColorProperties {
        var result = FFColorProperties(range: range)
        if let code = Self.codePoint(CVColorPrimariesGetIntegerCodePointForString(primaries as CFString?)) {
            result.primaries = FFColorPrimaries(rawValue: code)
        }
        if let code = Self.codePoint(CVTransferFunctionGetIntegerCodePointForString(transferFunction as CFString?)) {
            result.transfer = FFTransferCharacteristic(rawValue: code)
        }
        if let code = Self.codePoint(CVYCbCrMatrixGetIntegerCodePointForString(yCbCrMatrix as CFString?)) {
            result.matrix = FFMatrixCoefficients(rawValue: code)
        }
        if let chromaLocation { result.chromaLocation = Self.chromaTable.first { $0.0 == chromaLocation }?.1 }
        return result
    }

    /// A code point Core Video's functions returned, or `nil` for 2 (unspecified: the string has none).
    private static func codePoint(_ value: Int32) -> Int? { value == 2 ? nil : Int(value) }

    /// Whether Core Video's string has an H.273 code point, so it can be written into a bitstream.
    package static func isEncodable(primaries value: String) -> Bool {
        codePoint(CVColorPrimariesGetIntegerCodePointForString(value as CFString)) != nil
    }
    /// Whether a transfer function string has a code point.
    package static func isEncodable(transferFunction value: String) -> Bool {
        codePoint(CVTransferFunctionGetIntegerCodePointForString(value as CFString)) != nil
    }
    /// Whether a matrix string has a code point.
    package static func isEncodable(yCbCrMatrix value: String) -> Bool {
        codePoint(CVYCbCrMatrixGetIntegerCodePointForString(value as CFString)) != nil
    }

    // MARK: Attachments and extensions

    /// The colour attachments of an image buffer.
    package init(attachmentsOf buffer: CVBuffer) {
        func string(_ key: String) -> String? { buffer.attachment(key).flatMap { AttributeValue.string($0.value) } }
        primaries = string(kCVImageBufferColorPrimariesKey as String)
        transferFunction = string(kCVImageBufferTransferFunctionKey as String)
        yCbCrMatrix = string(kCVImageBufferYCbCrMatrixKey as String)
        chromaLocation = string(kCVImageBufferChromaLocationTopFieldKey as String)
    }

    /// The colour extensions of a format description (which use the same keys and strings).
    package init(extensionsOf description: CMFormatDescription) {
        func string(_ key: String) -> String? {
            CMFormatDescriptionGetExtension(description, extensionKey: key as CFString).flatMap { AttributeValue.string($0) }
        }
        primaries = string(kCMFormatDescriptionExtension_ColorPrimaries as String)
        transferFunction = string(kCMFormatDescriptionExtension_TransferFunction as String)
        yCbCrMatrix = string(kCMFormatDescriptionExtension_YCbCrMatrix as String)
        chromaLocation = string(kCMFormatDescriptionExtension_ChromaLocationTopField as String)
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
            if let value { buffer.setAttachment(key as String, value, mode: .shouldPropagate) } else { buffer.removeAttachment(key as String) }
        }
    }

    /// The format-description extensions for this colour.
    package var formatDescriptionExtensions: [String: Any] {
        var result: [String: Any] = [:]
        if let primaries { result[kCMFormatDescriptionExtension_ColorPrimaries as String] = primaries }
        if let transferFunction { result[kCMFormatDescriptionExtension_TransferFunction as String] = transferFunction }
        if let yCbCrMatrix { result[kCMFormatDescriptionExtension_YCbCrMatrix as String] = yCbCrMatrix }
        if let chromaLocation {
            result[kCMFormatDescriptionExtension_ChromaLocationTopField as String] = chromaLocation
            result[kCMFormatDescriptionExtension_ChromaLocationBottomField as String] = chromaLocation
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
