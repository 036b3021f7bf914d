import CoreAudioTypes
import MediaContainer

extension AudioFileWriter {
    /// The AMR storage header ("#!AMR\n" or "#!AMR-WB\n", RFC 4867 §5.1): single-channel narrowband at 8 kHz or
    /// wideband at 16 kHz. Each packet must be one storage frame: a header byte whose frame type's size is the
    /// packet's size, with its padding bits zero.
    static func amrPlan(_ description: AudioStreamBasicDescription, layout: ChannelLayout?) throws(ContainerWriterError) -> Plan {
        func refuse(_ message: String) -> ContainerWriterError { ContainerWriterError.refused(format: "AMR", message) }
        let isWideband: Bool
        switch description.mFormatID {
        case kAudioFormatAMR: isWideband = false
        case kAudioFormatAMR_WB: isWideband = true
        default: throw refuse("AMR files hold 'samr' or 'sawb', not '\(FourCharacterCode.describe(description.mFormatID))'")
        }
        guard description.mSampleRate == (isWideband ? 16_000 : 8_000), description.mChannelsPerFrame == 1 else {
            throw refuse("AMR\(isWideband ? "-WB" : "") is mono at \(isWideband ? 16_000 : 8_000) Hz")
        }
        if let layout, layout.tag != kAudioChannelLayoutTag_Mono {
            throw refuse("AMR is mono; the channel layout says otherwise")
        }
        let sizes = isWideband ? AMRReader.widebandFrameBytes : AMRReader.narrowbandFrameBytes
        var plan = Plan(header: isWideband ? AMRReader.widebandMagic : AMRReader.narrowbandMagic, bytesPerPacket: 0,
                        framesPerPacket: isWideband ? 320 : 160)
        plan.checkPacket = { packet in
            guard let header = packet.first else { return "an empty packet is not an AMR frame" }
            guard header & 0x83 == 0 else { return "frame header 0x\(String(header, radix: 16)) has padding bits set" }
            let expected = sizes[Int(header >> 3 & 0x0F)]
            return packet.count == expected ? nil
                : "frame type \(header >> 3 & 0x0F) has \(expected) bytes with its header, the packet \(packet.count)"
        }
        return plan
    }
}
