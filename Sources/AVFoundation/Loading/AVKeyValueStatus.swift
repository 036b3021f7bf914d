/// The status of a key's value (AVAsynchronousKeyValueLoading.h), with Apple's raw values.
public enum AVKeyValueStatus: Int, Sendable {
    /// No load of the value has been requested or the object cannot say.
    case unknown = 0
    /// The value is being loaded.
    case loading = 1
    /// The value is available without blocking.
    case loaded = 2
    /// Loading failed; `statusOfValue(forKey:error:)` gives the error.
    case failed = 3
    /// Loading was cancelled with `cancelLoading()`.
    case cancelled = 4
}
