import Raster

extension FFError {
    /// The bridge's error for a refusal of one of Raster's pixel routines, kept as the message.
    init(_ error: RasterError, operation: String, message: String? = nil) {
        let kind: Kind = switch error.kind {
        case .invalidArgument: .invalidArgument
        case .outOfMemory: .outOfMemory
        case .failed: .failed
        }
        self.init(kind, operation: operation, message: message.map { "\($0): \(error)" } ?? "\(error)")
    }
}
