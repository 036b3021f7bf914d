import MediaContainer

extension ContainerWriterError {
    /// What an audio-file writer refuses (a stream its format cannot hold, a packet that breaks its layout), with
    /// the format's name in front: `CAF: priming 5 and remainder 9 exceed the 4 frames written`.
    static func refused(format: String, _ message: String) -> ContainerWriterError {
        ContainerWriterError(.invalidArgument, "\(format): \(message)")
    }
}
