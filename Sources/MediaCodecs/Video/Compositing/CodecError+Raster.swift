import Raster

extension CodecError {
    /// A failure reported by a pixel routine (Raster) while doing `operation`. Raster refuses only what the caller
    /// got wrong or could not allocate, so nothing it reports is a corrupt sample.
    init(_ error: RasterError, while operation: String) {
        let kind: Kind = switch error.kind {
        case .invalidArgument: .invalidInput
        case .outOfMemory, .failed: .codecFailed
        }
        self.init(kind, "\(operation): \(error)")
    }
}
