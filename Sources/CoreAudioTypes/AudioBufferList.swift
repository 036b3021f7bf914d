// Audio buffers (CoreAudioBaseTypes.h) and the Swift overlay's `UnsafeMutableAudioBufferListPointer`.
//
// Like `AudioChannelLayout`, `AudioBufferList` is variable-length in C: `mBuffers` is the first of
// `mNumberBuffers` buffers laid out one after another. Allocate one with `AudioBufferList.allocate(maximumBuffers:)`
// and reach every buffer through `UnsafeMutableAudioBufferListPointer`.

/// One buffer of audio data.
///
/// `@unchecked Sendable` as a value: it only carries the pointer; whoever owns the memory decides which thread
/// may touch the bytes, as with Apple's imported struct.
public struct AudioBuffer: @unchecked Sendable {
    /// Interleaved channels in the buffer.
    public var mNumberChannels: UInt32
    /// Bytes of data in the buffer.
    public var mDataByteSize: UInt32
    /// The data.
    public var mData: UnsafeMutableRawPointer?

    /// A buffer with every field zero.
    public init() {
        self.init(mNumberChannels: 0, mDataByteSize: 0, mData: nil)
    }

    /// A buffer with every field given.
    public init(mNumberChannels: UInt32, mDataByteSize: UInt32, mData: UnsafeMutableRawPointer?) {
        self.mNumberChannels = mNumberChannels
        self.mDataByteSize = mDataByteSize
        self.mData = mData
    }

    /// A buffer over typed memory holding `numberOfChannels` interleaved channels (Apple's Swift overlay).
    public init<Element>(_ typedBuffer: UnsafeMutableBufferPointer<Element>, numberOfChannels: Int) {
        self.init(mNumberChannels: UInt32(numberOfChannels),
                  mDataByteSize: UInt32(typedBuffer.count * MemoryLayout<Element>.stride),
                  mData: typedBuffer.baseAddress.map { UnsafeMutableRawPointer($0) })
    }
}

/// A list of audio buffers in its C form: `mNumberBuffers` buffers, of which this struct holds the first.
// Safe because a value that only carries pointers; whoever owns the memory decides which thread uses it, as in C.
public struct AudioBufferList: @unchecked Sendable {
    /// How many buffers follow, starting with `mBuffers`.
    public var mNumberBuffers: UInt32
    /// The first buffer (C's one-element array).
    public var mBuffers: AudioBuffer

    /// A list with no buffers.
    public init() {
        self.init(mNumberBuffers: 0, mBuffers: AudioBuffer())
    }

    /// A list with the given count and first buffer.
    public init(mNumberBuffers: UInt32, mBuffers: AudioBuffer) {
        self.mNumberBuffers = mNumberBuffers
        self.mBuffers = mBuffers
    }

    /// The bytes a list of `maximumBuffers` buffers occupies (Apple's Swift overlay).
    public static func sizeInBytes(maximumBuffers: Int) -> Int {
        precondition(maximumBuffers >= 1, "AudioBufferList needs room for at least one buffer")
        return MemoryLayout<AudioBufferList>.size + (maximumBuffers - 1) * MemoryLayout<AudioBuffer>.stride
    }

    /// Allocates a zeroed list with room for `maximumBuffers` buffers and `mNumberBuffers` set to that; free it
    /// with `free(_:)` on `unsafeMutablePointer` (Apple's Swift overlay allocates with `calloc`).
    public static func allocate(maximumBuffers: Int) -> UnsafeMutableAudioBufferListPointer {
        let size = sizeInBytes(maximumBuffers: maximumBuffers)
        guard let memory = calloc(1, size) else {
            preconditionFailure("could not allocate \(size) bytes for an AudioBufferList")
        }
        let list = memory.assumingMemoryBound(to: AudioBufferList.self)
        list.pointee.mNumberBuffers = UInt32(maximumBuffers)
        return UnsafeMutableAudioBufferListPointer(list)
    }
}

/// A collection view of a C `AudioBufferList` in memory, giving every buffer, not only the first.
public struct UnsafeMutableAudioBufferListPointer: MutableCollection, RandomAccessCollection {
    /// The list.
    public let unsafeMutablePointer: UnsafeMutablePointer<AudioBufferList>

    /// A view of the list at `p`.
    public init(_ p: UnsafeMutablePointer<AudioBufferList>) {
        unsafeMutablePointer = p
    }

    /// A view of the list at `p`, or `nil` if `p` is `nil`.
    public init?(_ p: UnsafeMutablePointer<AudioBufferList>?) {
        guard let p else { return nil }
        self.init(p)
    }

    /// The list, read-only.
    public var unsafePointer: UnsafePointer<AudioBufferList> { UnsafePointer(unsafeMutablePointer) }

    /// `mNumberBuffers`. Setting it does not allocate: stay within the room the list was allocated with.
    public var count: Int {
        get { Int(unsafeMutablePointer.pointee.mNumberBuffers) }
        nonmutating set { unsafeMutablePointer.pointee.mNumberBuffers = UInt32(newValue) }
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int { count }

    /// The buffer at `index`.
    public subscript(index: Int) -> AudioBuffer {
        get {
            precondition(index >= 0 && index < count, "AudioBuffer index \(index) out of range 0..<\(count)")
            return buffers[index]
        }
        nonmutating set {
            precondition(index >= 0 && index < count, "AudioBuffer index \(index) out of range 0..<\(count)")
            buffers[index] = newValue
        }
    }

    private var buffers: UnsafeMutablePointer<AudioBuffer> {
        guard let offset = MemoryLayout<AudioBufferList>.offset(of: \.mBuffers) else {
            preconditionFailure("invariant: AudioBufferList.mBuffers is a stored property")
        }
        return (UnsafeMutableRawPointer(unsafeMutablePointer) + offset).assumingMemoryBound(to: AudioBuffer.self)
    }
}
