import CoreMedia
import Foundation
import MediaCodecs
import MediaContainer

/// How the writing engine's lower-layer errors become `AVError`s: the code Apple's writer reports for that kind of
/// failure, a sentence saying what failed, and the lower layer's error kept as the underlying error.
enum WriterFailure {
    /// A container writer's error (the movie writer's, an audio-file writer's, or their output file's). `context`
    /// names what was being done ("appending to track 1").
    static func container(_ error: ContainerWriterError, _ context: String) -> AVError {
        let code: AVError.Code
        switch error.code {
        case .outputExists: code = .fileAlreadyExists
        case .diskFull: code = .diskFull
        case .unsupportedFormat: code = .formatUnsupported
        case .metadataNotRepresentable: code = .unsupportedOutputSettings
        case .invalidArgument, .invalidState: code = .operationNotAllowed
        case .fileSystem: code = .unknown
        case .cancelled: code = .operationCancelled
        }
        return AVError(code, "\(context): \(error.message)", underlying: error)
    }

    /// A codec session error.
    static func codec(_ error: CodecError, _ context: String) -> AVError {
        let code: AVError.Code
        switch error.kind {
        case .invalidSettings: code = error.settingsError?.kind == .unsupported ? .encoderNotFound : .unsupportedOutputSettings
        case .unsupportedFormat: code = .formatUnsupported
        case .invalidInput: code = .operationNotAllowed
        case .corruptSample, .codecFailed: code = .encodeFailed
        }
        return AVError(code, "\(context): \(error.description)", underlying: error)
    }

    /// An output-settings error found when an input is made or added.
    static func settings(_ error: CodecSettingsError, mediaType: AVMediaType) -> AVError {
        let code: AVError.Code = error.kind == .unsupported ? .encoderNotFound : .unsupportedOutputSettings
        return AVError(code, "output settings for \(mediaType.rawValue) cannot be used: \(error.description)",
                       underlying: error, extra: [AVErrorMediaTypeKey: mediaType.rawValue])
    }

    /// A caller mistake (a call in the wrong state, a sample that breaks the input's contract).
    static func misuse(_ message: String, time: CMTime? = nil) -> AVError {
        var extra: [String: Any] = [:]
        if let time, time.isValid { extra[AVErrorPresentationTimeStampKey] = time }
        return AVError(.operationNotAllowed, message, extra: extra)
    }
}
