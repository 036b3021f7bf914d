import CoreMedia
import Foundation

extension AVError {
    /// An error with `code` whose description says what failed, keeping the real cause as the underlying error.
    ///
    /// Apple's errors carry a localized description and a failure reason; ours say what went wrong in plain words
    /// and where (file, track, time), and keep the lower layer's error (box path and byte offset, codec setting)
    /// under `NSUnderlyingErrorKey` so nothing is lost.
    package init(_ code: Code, _ description: String, underlying: (any Error)? = nil,
                 extra: [String: Any] = [:]) {
        var info = extra
        info[NSLocalizedDescriptionKey] = description
        if let underlying {
            info[NSUnderlyingErrorKey] = underlying as NSError
            info[NSLocalizedFailureReasonErrorKey] = String(describing: underlying)
        }
        self.init(code, userInfo: info)
    }

    /// The lower layer's error that caused this one, if any.
    package var underlyingError: (any Error)? { userInfo[NSUnderlyingErrorKey] as? any Error }
}
