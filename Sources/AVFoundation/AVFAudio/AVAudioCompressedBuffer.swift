import CoreAudioTypes
import Foundation
import Synchronization

/// A buffer of compressed audio packets: `packetCapacity` packets of at most `maximumPacketSize` bytes, of which the
/// first `packetCount` hold audio in the first `byteLength` bytes, each described by `packetDescriptions` when the
/// format's packets vary in size.
// Safe because a `Mutex` guards the counts; the memory is filled by one thread at a time as on Apple's platforms.
open class AVAudioCompressedBuffer: AVAudioBuffer, @unchecked Sendable {
    /// Room, in packets.
    public let packetCapacity: AVAudioPacketCount
    /// The largest packet the buffer takes, in bytes.
    public let maximumPacketSize: Int
    private let counts: Mutex<(packets: AVAudioPacketCount, bytes: UInt32)>
    private let descriptions: UnsafeMutablePointer<AudioStreamPacketDescription>?

    /// A buffer for `packetCapacity` packets of at most `maximumPacketSize` bytes each.
    ///
    /// Apple's initialiser cannot fail; a PCM format, a negative packet size, or a capacity whose bytes do not fit
    /// an `AudioBuffer`'s 32-bit size trap here as an invalid argument does there.
    public init(format: AVAudioFormat, packetCapacity: AVAudioPacketCount, maximumPacketSize: Int) {
        let asbd = format.streamDescription.pointee
        precondition(asbd.mFormatID != kAudioFormatLinearPCM, "AVAudioCompressedBuffer needs a compressed format")
        let (bytes, overflow) = maximumPacketSize.multipliedReportingOverflow(by: Int(packetCapacity))
        precondition(maximumPacketSize >= 0 && !overflow && bytes <= Int(UInt32.max),
                     "AVAudioCompressedBuffer: \(packetCapacity) packets of \(maximumPacketSize) bytes do not fit")
        self.packetCapacity = packetCapacity
        self.maximumPacketSize = maximumPacketSize
        counts = Mutex((0, 0))
        // Packets of one size need no descriptions (`mBytesPerPacket` says it); others do.
        if asbd.mBytesPerPacket == 0 {
            let pointer = UnsafeMutablePointer<AudioStreamPacketDescription>.allocate(capacity: max(1, Int(packetCapacity)))
            pointer.initialize(repeating: AudioStreamPacketDescription(), count: max(1, Int(packetCapacity)))
            descriptions = pointer
        } else {
            descriptions = nil
        }
        let list = AVAudioBuffer.allocateOwned(buffers: 1, bytes: bytes, channelsPerBuffer: asbd.mChannelsPerFrame)
        super.init(format: format, list: list, release: AVAudioBuffer.freeOwned)
        buffers[0].mDataByteSize = 0
    }

    /// A buffer for `packetCapacity` packets of the format's largest packet: its constant packet size, or the codec's
    /// bound (AAC's 768 bytes per channel, a lossless codec's uncompressed size…).
    public convenience init(format: AVAudioFormat, packetCapacity: AVAudioPacketCount) {
        self.init(format: format, packetCapacity: packetCapacity,
                  maximumPacketSize: CompressedPacketSizes.maximumPacketSize(format.streamDescription.pointee))
    }

    deinit {
        descriptions?.deallocate()
    }

    /// The packets that hold audio, at most `packetCapacity` (more traps, as Apple raises an exception).
    open var packetCount: AVAudioPacketCount {
        get { counts.withLock { $0.packets } }
        set {
            precondition(newValue <= packetCapacity,
                         "AVAudioCompressedBuffer.packetCount \(newValue) is more than the capacity \(packetCapacity)")
            counts.withLock { $0.packets = newValue }
        }
    }

    /// The bytes of `data` that hold packets, at most `byteCapacity`; setting it sets `mDataByteSize`.
    open var byteLength: UInt32 {
        get { counts.withLock { $0.bytes } }
        set {
            precondition(newValue <= byteCapacity,
                         "AVAudioCompressedBuffer.byteLength \(newValue) is more than the capacity \(byteCapacity)")
            counts.withLock { $0.bytes = newValue }
            buffers[0].mDataByteSize = newValue
        }
    }

    /// The room for packets, in bytes.
    open var byteCapacity: UInt32 { UInt32(Int(packetCapacity) * maximumPacketSize) }

    /// The packets' bytes.
    open var data: UnsafeMutableRawPointer {
        guard let data = buffers[0].mData else { preconditionFailure("invariant: an owned buffer has memory") }
        return data
    }

    /// Where each packet starts and how long it is, for formats whose packets vary in size; nil otherwise.
    open var packetDescriptions: UnsafeMutablePointer<AudioStreamPacketDescription>? { descriptions }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = AVAudioCompressedBuffer(format: format, packetCapacity: packetCapacity,
                                           maximumPacketSize: maximumPacketSize)
        copy.data.copyMemory(from: data, byteCount: Int(byteLength))
        if let descriptions, let target = copy.descriptions {
            target.update(from: descriptions, count: Int(packetCount))
        }
        copy.packetCount = packetCount
        copy.byteLength = byteLength
        return copy
    }
}
