import CoreMedia
import Foundation

extension AVError {
    /// An error with `code` whose description says what failed, keeping the real cause as the underlying error.
    ///
    /// Apple's errors carry a localized description and a failure reason; ours say what went wrong in plain words
    /// and where (file, track, time), and keep the lower layer's error (box path and byte offset, codec setting)
    /// under `NSUnderlyingErrorKey` so nothing is lost.
    ///
    /// On Linux, `error as NSError` of a Swift error keeps only its domain and code (Foundation there cannot bridge
    /// the value back), so the underlying `NSError` is made with the cause's description as its localized
    /// description, and the cause itself is kept under `AVError.underlyingSwiftErrorKey` for `underlyingError`.
    package init(_ code: Code, _ description: String, underlying: (any Error)? = nil,
                 extra: [String: Any] = [:]) {
        var info = extra
        info[NSLocalizedDescriptionKey] = description
        if let underlying {
            info[NSUnderlyingErrorKey] = Self.bridged(underlying)
            info[NSLocalizedFailureReasonErrorKey] = String(describing: underlying)
            info[Self.underlyingSwiftErrorKey] = underlying
        }
        self.init(code, userInfo: info)
    }

    /// The user-info key of the underlying error as the Swift value it was thrown as.
    package static let underlyingSwiftErrorKey = "LinuxAVFoundationUnderlyingSwiftError"

    /// The lower layer's error that caused this one, if any, as it was thrown.
    package var underlyingError: (any Error)? {
        (userInfo[Self.underlyingSwiftErrorKey] as? any Error) ?? (userInfo[NSUnderlyingErrorKey] as? any Error)
    }

    /// `error` as an `NSError` that keeps its description.
    private static func bridged(_ error: any Error) -> NSError {
        if type(of: error) is NSError.Type { return error as NSError }
        let plain = error as NSError
        var info = plain.userInfo
        if info[NSLocalizedDescriptionKey] == nil { info[NSLocalizedDescriptionKey] = String(describing: error) }
        return NSError(domain: plain.domain, code: plain.code, userInfo: info)
    }
}
