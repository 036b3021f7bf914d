import AudioStretch

extension CodecError {
    /// A failure reported by a time stretcher (AudioStretch) while doing `operation`, mapped as the FFmpeg bridge's
    /// errors are: a refused setting is a settings failure, a missing engine an unsupported format.
    init(_ error: TimeStretchError, while operation: String) {
        let kind: Kind
        switch error.kind {
        case .engineUnavailable: kind = .unsupportedFormat
        case .invalidConfiguration: kind = .invalidSettings
        case .invalidArgument: kind = .invalidInput
        case .outOfMemory, .failed: kind = .codecFailed
        }
        self.init(kind, "\(operation): \(error)")
    }
}
