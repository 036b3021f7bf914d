import Foundation

/// Where samples' bytes are: a file and the byte offset of the first sample in it (iOS 26). Their size is the
/// sample buffer's `totalSampleSize`.
public struct CMSampleDataReference: Hashable, Sendable {
    /// The file holding the bytes.
    public var containerLocation: URL
    /// Where in the file the bytes start.
    public var byteOffset: Int

    /// A reference to bytes at `byteOffset` in `containerLocation`.
    public init(containerLocation: URL, byteOffset: Int) {
        self.containerLocation = containerLocation
        self.byteOffset = byteOffset
    }
}
