/// Where an `OutputFile` puts its bytes when it does not create a file itself: storage a client provides (AudioFile's
/// `AudioFileInitializeWithCallbacks`, whose read, write and set-size callbacks are the file). The writers lay the
/// file out as they do on disk; only the system calls are replaced. Called under the owning writer's lock, from the
/// thread that is writing.
package protocol OutputFileStorage: AnyObject {
    /// Writes all of `bytes` at `offset`, which may be past the current end.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws(ContainerWriterError)
    /// Reads exactly `destination.count` bytes at `offset`.
    func read(into destination: UnsafeMutableRawBufferPointer, at offset: UInt64) throws(ContainerWriterError)
    /// Makes the storage `size` bytes long.
    func setSize(_ size: UInt64) throws(ContainerWriterError)
}
