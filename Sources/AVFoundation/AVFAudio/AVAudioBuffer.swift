import CoreAudioTypes
import Foundation

/// A buffer of audio in a format: the common part of `AVAudioPCMBuffer` and `AVAudioCompressedBuffer`, an
/// `AudioBufferList` over memory the buffer owns (or, for `bufferListNoCopy`, memory the caller lent with a
/// deallocator).
///
/// The memory is the caller's to fill; the buffer's counts (`frameLength`, `packetCount`, `byteLength`) are guarded
/// by a lock, so reading them from any thread is safe. Filling the same buffer from two threads at once is not,
/// as on Apple's platforms.
// Safe because a lock guards the counts; the memory is the caller's, filled by one thread at a time as on Apple's
// platforms.
open class AVAudioBuffer: NSObject, NSCopying, @unchecked Sendable {
    /// The format of the audio in the buffer.
    public let format: AVAudioFormat
    /// The buffer list; its buffers' `mData` point at the audio.
    private let list: UnsafeMutableAudioBufferListPointer
    /// What gives the memory back: frees what this buffer allocated, or calls the caller's deallocator.
    private let release: (UnsafeMutableAudioBufferListPointer) -> Void

    /// A buffer over `list`, which `release` gives back when the buffer dies.
    init(format: AVAudioFormat, list: UnsafeMutableAudioBufferListPointer,
         release: @escaping (UnsafeMutableAudioBufferListPointer) -> Void) {
        self.format = format
        self.list = list
        self.release = release
        super.init()
    }

    deinit {
        release(list)
    }

    /// A buffer list of `count` buffers of `bytes` bytes each, allocated and zeroed, freed by `freeOwned`.
    static func allocateOwned(buffers count: Int, bytes: Int, channelsPerBuffer: UInt32)
        -> UnsafeMutableAudioBufferListPointer {
        let list = AudioBufferList.allocate(maximumBuffers: max(1, count))
        list.count = count
        for index in 0..<count {
            // 16-byte alignment, as vector code that reads the channels expects.
            let memory = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes), alignment: 16)
            memory.initializeMemory(as: UInt8.self, repeating: 0, count: max(1, bytes))
            list[index] = AudioBuffer(mNumberChannels: channelsPerBuffer, mDataByteSize: UInt32(bytes), mData: memory)
        }
        return list
    }

    /// Frees a list made by `allocateOwned` and its buffers' memory.
    static func freeOwned(_ list: UnsafeMutableAudioBufferListPointer) {
        for buffer in list { buffer.mData?.deallocate() }
        free(list.unsafeMutablePointer)
    }

    /// The buffer list, read-only; valid as long as the buffer lives.
    open var audioBufferList: UnsafePointer<AudioBufferList> { list.unsafePointer }

    /// The buffer list, to fill; valid as long as the buffer lives. Change the buffers' data, not their pointers;
    /// the counts are the buffer's (`frameLength`…), which set `mDataByteSize`.
    open var mutableAudioBufferList: UnsafeMutablePointer<AudioBufferList> { list.unsafeMutablePointer }

    /// The buffers, for the subclasses.
    var buffers: UnsafeMutableAudioBufferListPointer { list }

    /// A copy of the buffer: the same format, capacity, counts and audio, in memory of its own.
    open func copy(with zone: NSZone? = nil) -> Any {
        preconditionFailure("AVAudioBuffer is abstract: copy an AVAudioPCMBuffer or an AVAudioCompressedBuffer")
    }
}
