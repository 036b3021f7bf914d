import Foundation

/// How an export ended.
enum ExportOutcome: Sendable {
    case completed
    case failed(AVError)
    case cancelled
}

/// Turns whatever stopped an export into the `AVError` a caller sees.
enum ExportFailure {
    /// `error` as an `AVError`: an `AVError` stays as it is (the reader's and writer's codes are Apple's); anything
    /// else becomes `AVError.exportFailed` with it as the underlying error.
    static func avError(_ error: any Error) -> AVError {
        if let avError = error as? AVError { return avError }
        let nsError = error as NSError
        if nsError.domain == AVFoundationErrorDomain, let code = AVError.Code(rawValue: nsError.code) {
            return AVError(code, nsError.localizedDescription, underlying: nsError.userInfo[NSUnderlyingErrorKey] as? any Error)
        }
        return AVError(.exportFailed, "the export failed: \(error)", underlying: error)
    }

    /// An `AVError` for a stage of the pipeline: the code, what failed, and the cause underneath.
    static func stage(_ code: AVError.Code, _ what: String, underlying: (any Error)? = nil, trackID: Int32? = nil) -> AVError {
        var extra: [String: Any] = [:]
        if let trackID { extra[AVErrorPersistentTrackIDKey] = NSNumber(value: trackID) }
        return AVError(code, what + (underlying.map { ": \($0)" } ?? ""), underlying: underlying, extra: extra)
    }
}
