import CoreAudioTypes
import ISOBMFF

/// Uncompressed audio as a QuickTime or ISO sample entry describes it: `lpcm` (sound description version 2, whose
/// flags are Core Audio's), the classic codes `raw `, `NONE`, `twos`, `sowt`, `in24`, `in32`, `fl32`, `fl64` (with
/// QuickTime's `enda` endianness atom inside `wave`), and ISO/IEC 23003-5's `ipcm`/`fpcm` with `pcmC`.
struct PCMFormat: Equatable {
    var sampleRate: Double
    var channels: UInt32
    var bitsPerChannel: UInt32
    var isFloat: Bool
    var isBigEndian: Bool
    var isSigned: Bool
    /// Bytes per frame (all channels); more than `bitsPerChannel / 8 × channels` when samples are padded.
    var bytesPerFrame: UInt32

    /// The format of `entry`, or `nil` when it is not uncompressed audio or its fields make no sense.
    init?(entry: AudioSampleEntry, sampleRate: Double) {
        self.sampleRate = sampleRate
        channels = UInt32(clamping: entry.effectiveChannelCount)
        bitsPerChannel = UInt32(entry.sampleSize)
        isFloat = false
        isBigEndian = true
        isSigned = true
        bytesPerFrame = 0
        let littleEndian = Self.quickTimeLittleEndian(entry)
        switch entry.boxType {
        case "lpcm":
            guard let v2 = entry.version2 else { return nil }
            let flags = v2.formatSpecificFlags
            bitsPerChannel = v2.constBitsPerChannel
            isFloat = flags & kAudioFormatFlagIsFloat != 0
            isBigEndian = flags & kAudioFormatFlagIsBigEndian != 0
            isSigned = flags & kAudioFormatFlagIsSignedInteger != 0
            // A v2 description states bytes per packet with one frame per packet.
            if v2.constLPCMFramesPerAudioPacket == 1 { bytesPerFrame = v2.constBytesPerAudioPacket }
        case "raw ":
            // Offset-binary 8-bit (QuickTime "Sound sample descriptions": 'raw ' is unsigned).
            isSigned = bitsPerChannel != 8
            isBigEndian = bitsPerChannel != 8
        case "NONE":
            // Historic "uncompressed": 8-bit unsigned, wider big-endian signed.
            isSigned = bitsPerChannel != 8
        case "twos":
            isBigEndian = true
        case "sowt":
            isBigEndian = false
        case "in24", "in32":
            bitsPerChannel = entry.boxType == "in24" ? 24 : 32
            isBigEndian = !littleEndian
        case "fl32", "fl64":
            bitsPerChannel = entry.boxType == "fl32" ? 32 : 64
            isFloat = true
            isBigEndian = !littleEndian
        case "ipcm", "fpcm":
            // pcmC (ISO/IEC 23003-5 §5.1): version and flags, format_flags (bit 0: little endian), sample size.
            guard let pcmC = entry.children.first(ofType: "pcmC").flatMap(payloadBytes(of:)), pcmC.count >= 6 else {
                return nil
            }
            isFloat = entry.boxType == "fpcm"
            isBigEndian = pcmC[4] & 1 == 0
            bitsPerChannel = UInt32(pcmC[5])
        default:
            return nil
        }
        if let v1 = entry.quickTimeVersion1, v1.bytesPerFrame > 0, entry.boxType != "lpcm" {
            bytesPerFrame = v1.bytesPerFrame
        }
        guard channels > 0, bitsPerChannel > 0, bitsPerChannel <= 64, sampleRate > 0, sampleRate.isFinite else {
            return nil
        }
        let packed = (bitsPerChannel + 7) / 8 * channels
        if bytesPerFrame == 0 { bytesPerFrame = packed }
        guard bytesPerFrame >= packed else { return nil }
    }

    /// Whether QuickTime's `enda` atom (in `wave`, or directly in the entry) says little endian.
    private static func quickTimeLittleEndian(_ entry: AudioSampleEntry) -> Bool {
        let node = entry.children.first(ofType: "enda") ?? entry.decompressionParameters?.children.first(ofType: "enda")
        guard let payload = node.flatMap(payloadBytes(of:)), let last = payload.last else { return false }
        return last & 1 == 1
    }

    /// The stream description as Core Audio states linear PCM: one frame per packet, packed unless the frame has
    /// padding (then aligned high, as QuickTime pads 24-bit samples in 32-bit containers).
    var streamDescription: AudioStreamBasicDescription {
        var flags: AudioFormatFlags = 0
        if isFloat { flags |= kAudioFormatFlagIsFloat }
        if isBigEndian { flags |= kAudioFormatFlagIsBigEndian }
        if isSigned && !isFloat { flags |= kAudioFormatFlagIsSignedInteger }
        let packed = bitsPerChannel % 8 == 0 && bitsPerChannel / 8 * channels == bytesPerFrame
        flags |= packed ? kAudioFormatFlagIsPacked : kAudioFormatFlagIsAlignedHigh
        return AudioStreamBasicDescription(
            mSampleRate: sampleRate, mFormatID: kAudioFormatLinearPCM, mFormatFlags: flags,
            mBytesPerPacket: bytesPerFrame, mFramesPerPacket: 1, mBytesPerFrame: bytesPerFrame,
            mChannelsPerFrame: channels, mBitsPerChannel: bitsPerChannel, mReserved: 0)
    }
}
