import ISOBMFF
import MediaContainer

extension ContainerWriterError {
    /// A box that could not be serialised (a value too large for its field).
    static func box(_ error: BoxWriteError) -> ContainerWriterError {
        ContainerWriterError(.invalidArgument, error.description)
    }
}
