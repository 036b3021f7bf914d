import CoreAudioTypes

/// The AIFC compression types (Apple's AIFF-C specification and the QuickTime sound codec types) this reader and
/// the writer know, and how each lays samples out.
enum AIFFCompression {
    /// How one compression type stores its samples.
    enum Layout: Equatable {
        /// Linear PCM: sample size in bytes (`nil`: from COMM's sample size), byte order, float, signed.
        case pcm(bytes: Int?, bigEndian: Bool, float: Bool, signed: Bool)
        /// A codec with fixed-size packets: `bytesPerChannel` bytes per channel for `frames` frames.
        case packets(formatID: AudioFormatID, frames: Int, bytesPerChannel: Int, bitsPerChannel: Int)
    }

    static let none = FourCharacterCode.make("NONE")
    static let twos = FourCharacterCode.make("twos")
    static let sowt = FourCharacterCode.make("sowt")
    static let fl32 = FourCharacterCode.make("fl32")
    static let fl64 = FourCharacterCode.make("fl64")

    /// The layout of `type`, or `nil` for a type whose packets this reader cannot locate.
    static func layout(of type: UInt32) -> Layout? {
        switch FourCharacterCode.describe(type) {
        case "NONE", "twos": .pcm(bytes: nil, bigEndian: true, float: false, signed: true)
        case "sowt": .pcm(bytes: nil, bigEndian: false, float: false, signed: true)
        case "raw ": .pcm(bytes: 1, bigEndian: true, float: false, signed: false)
        case "in24": .pcm(bytes: 3, bigEndian: true, float: false, signed: true)
        case "in32": .pcm(bytes: 4, bigEndian: true, float: false, signed: true)
        case "42ni": .pcm(bytes: 3, bigEndian: false, float: false, signed: true)
        case "23ni": .pcm(bytes: 4, bigEndian: false, float: false, signed: true)
        case "fl32", "FL32": .pcm(bytes: 4, bigEndian: true, float: true, signed: true)
        case "fl64", "FL64": .pcm(bytes: 8, bigEndian: true, float: true, signed: true)
        case "alaw", "ALAW": .packets(formatID: kAudioFormatALaw, frames: 1, bytesPerChannel: 1, bitsPerChannel: 8)
        case "ulaw", "ULAW": .packets(formatID: kAudioFormatULaw, frames: 1, bytesPerChannel: 1, bitsPerChannel: 8)
        // Apple IMA4: 64 frames in 34 bytes per channel (a 2-byte header and 32 bytes of nibbles).
        case "ima4": .packets(formatID: kAudioFormatAppleIMA4, frames: 64, bytesPerChannel: 34, bitsPerChannel: 0)
        // MACE 3:1 and 6:1: 6 frames in 2 bytes, or 1 byte, per channel.
        case "MAC3": .packets(formatID: kAudioFormatMACE3, frames: 6, bytesPerChannel: 2, bitsPerChannel: 0)
        case "MAC6": .packets(formatID: kAudioFormatMACE6, frames: 6, bytesPerChannel: 1, bitsPerChannel: 0)
        default: nil
        }
    }
}
