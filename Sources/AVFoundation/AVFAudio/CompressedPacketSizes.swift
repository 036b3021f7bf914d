import CoreAudioTypes

/// What a compressed format's packets hold at most: the frames of one packet, and the bytes of the largest packet,
/// for formats whose stream description does not say (variable-bit-rate codecs have `mBytesPerPacket` 0).
package enum CompressedPacketSizes {
    /// Sample frames per packet, or 0 when the format's packets vary (or the format is unknown).
    package static func framesPerPacket(_ format: AudioFormatID) -> UInt32 {
        switch format {
        case kAudioFormatMPEG4AAC: 1024
        case kAudioFormatAppleLossless, kAudioFormatFLAC: 4096   // the encoders' frame length here (MediaCodecs)
        case kAudioFormatOpus: 960                               // 20 ms at 48 kHz, Opus's usual frame
        case kAudioFormatMPEGLayer3: 1152
        case kAudioFormatAC3, kAudioFormatEnhancedAC3: 1536
        case kAudioFormatAMR: 160
        default: 0
        }
    }

    /// The bytes of the largest packet `asbd`'s format can produce: its constant packet size, or the codec's bound.
    package static func maximumPacketSize(_ asbd: AudioStreamBasicDescription) -> Int {
        if asbd.mBytesPerPacket > 0 { return Int(asbd.mBytesPerPacket) }
        let channels = max(1, Int(asbd.mChannelsPerFrame))
        let frames = asbd.mFramesPerPacket > 0 ? Int(asbd.mFramesPerPacket) : 4096
        switch asbd.mFormatID {
        // ISO/IEC 14496-3 §4.5.3.2: at most 6,144 bits per channel in a raw data block.
        case kAudioFormatMPEG4AAC: return 768 * channels
        // Lossless codecs fall back to verbatim samples (at most 32 bits) plus a header per channel and packet.
        case kAudioFormatAppleLossless, kAudioFormatFLAC: return frames * channels * 4 + 64 * (channels + 1)
        // RFC 6716 §3.4: at most 1,275 bytes per frame and 120 ms (6 frames of 20 ms) per packet, per stream.
        case kAudioFormatOpus: return (6 * 1275 + 7) * channels
        // MPEG-1 Layer III at 320 kb/s and 32 kHz with padding: 1,441 bytes.
        case kAudioFormatMPEGLayer3: return 1441
        // ATSC A/52: 3,840 bytes per AC-3 frame; E-AC-3 frames up to 4,096.
        case kAudioFormatAC3: return 3840
        case kAudioFormatEnhancedAC3: return 4096
        // 3GPP TS 26.101: the largest AMR-NB frame (12.2 kb/s) with its header byte.
        case kAudioFormatAMR: return 32
        default: return 65_536
        }
    }
}
