import Foundation

/// A Core Video status other than `kCVReturnSuccess` as a Swift error (the iOS 26 overlay's `CVError`). Every error
/// the package's Core Video code throws is one of these, carrying a sentence that says what was wrong; `==` (the
/// standard library's, for raw-representable types) compares the status alone.
@frozen
public struct CVError: Error, RawRepresentable, CustomStringConvertible, LocalizedError, Sendable {
    /// The `kCVReturn…` code.
    public var rawValue: CVReturn
    /// What went wrong, for a person; empty when the error was made from a bare status.
    package let message: String

    /// The error for a failing status; nil for `kCVReturnSuccess`.
    public init?(rawValue: CVReturn) {
        guard rawValue != kCVReturnSuccess else { return nil }
        self.rawValue = rawValue
        self.message = ""
    }

    /// The package's form: a failing status and the reason.
    package init(_ status: CVReturn, _ message: String) {
        self.rawValue = status
        self.message = message
    }

    /// The `kCVReturn…` code (the package's older spelling of `rawValue`).
    package var status: CVReturn { rawValue }

    /// The status and, when known, the reason.
    public var description: String {
        message.isEmpty ? "CVReturn \(rawValue) (\(Self.name(of: rawValue)))" : "CVReturn \(rawValue): \(message)"
    }

    /// The reason when known, else the status's meaning.
    public var errorDescription: String? {
        message.isEmpty ? "Core Video error \(rawValue) (\(Self.name(of: rawValue)))" : message
    }

    /// The status constant's name without its prefix, for messages.
    private static func name(of status: CVReturn) -> String {
        switch status {
        case kCVReturnError: return "internal error"
        case kCVReturnInvalidArgument: return "invalid argument"
        case kCVReturnAllocationFailed: return "allocation failed"
        case kCVReturnUnsupported: return "unsupported"
        case kCVReturnInvalidPixelFormat: return "invalid pixel format"
        case kCVReturnInvalidSize: return "invalid size"
        case kCVReturnInvalidPixelBufferAttributes: return "invalid pixel buffer attributes"
        case kCVReturnPixelBufferNotOpenGLCompatible: return "pixel buffer not OpenGL compatible"
        case kCVReturnPixelBufferNotMetalCompatible: return "pixel buffer not Metal compatible"
        case kCVReturnWouldExceedAllocationThreshold: return "would exceed allocation threshold"
        case kCVReturnPoolAllocationFailed: return "pool allocation failed"
        case kCVReturnInvalidPoolAttributes: return "invalid pool attributes"
        case kCVReturnRetry: return "retry"
        default: return "unknown status"
        }
    }

    /// `kCVReturnError`.
    public static let internalError = CVError(kCVReturnError, "")
    /// `kCVReturnInvalidArgument`.
    public static let invalidArgument = CVError(kCVReturnInvalidArgument, "")
    /// `kCVReturnAllocationFailed`.
    public static let allocationFailed = CVError(kCVReturnAllocationFailed, "")
    /// `kCVReturnUnsupported`.
    public static let unsupported = CVError(kCVReturnUnsupported, "")
    /// `kCVReturnInvalidPixelFormat`.
    public static let invalidPixelFormat = CVError(kCVReturnInvalidPixelFormat, "")
    /// `kCVReturnInvalidSize`.
    public static let invalidSize = CVError(kCVReturnInvalidSize, "")
    /// `kCVReturnInvalidPixelBufferAttributes`.
    public static let invalidPixelBufferAttributes = CVError(kCVReturnInvalidPixelBufferAttributes, "")
    /// `kCVReturnPixelBufferNotOpenGLCompatible`.
    public static let pixelBufferNotOpenGLCompatible = CVError(kCVReturnPixelBufferNotOpenGLCompatible, "")
    /// `kCVReturnPixelBufferNotMetalCompatible`.
    public static let pixelBufferNotMetalCompatible = CVError(kCVReturnPixelBufferNotMetalCompatible, "")
    /// `kCVReturnWouldExceedAllocationThreshold`.
    public static let wouldExceedAllocationThreshold = CVError(kCVReturnWouldExceedAllocationThreshold, "")
    /// `kCVReturnPoolAllocationFailed`.
    public static let poolAllocationFailed = CVError(kCVReturnPoolAllocationFailed, "")
    /// `kCVReturnInvalidPoolAttributes`.
    public static let invalidPoolAttributes = CVError(kCVReturnInvalidPoolAttributes, "")
    /// `kCVReturnRetry`.
    public static let retry = CVError(kCVReturnRetry, "")
}
