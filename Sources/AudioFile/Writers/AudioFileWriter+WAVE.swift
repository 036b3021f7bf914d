import CoreAudioTypes
import MediaContainer
import MediaFormats

extension AudioFileWriter {
    /// Bytes of a `ds64` chunk's payload without a table: RIFF size, data size, sample count (64-bit each) and the
    /// table length (EBU Tech 3306 §2.2).
    static let ds64PayloadSize = 28

    /// The WAVE header: `RIFF`, a `JUNK` chunk the size of a `ds64` (so the file can become RF64 in place, EBU Tech
    /// 3306 §3), `fmt `, `LIST/INFO` metadata, and the `data` chunk header. Accepts little-endian integer PCM
    /// (8-bit unsigned, wider signed; short samples aligned high), IEEE float of 32 or 64 bits, A-law and µ-law.
    /// The extensible form is written when WAVE requires it: more than two channels, samples wider than 16 bits,
    /// fewer valid bits than the container, or a channel layout.
    static func wavePlan(_ description: AudioStreamBasicDescription, layout: ChannelLayout?,
                         metadata: [MetadataEntry], unwritten: inout [MetadataEntry]) throws(ContainerWriterError) -> Plan {
        func refuse(_ message: String) -> ContainerWriterError {
            ContainerWriterError.refused(format: "WAVE", message)
        }
        let channels = Int(description.mChannelsPerFrame)
        guard let sampleRate = UInt32(exactly: description.mSampleRate) else {
            throw refuse("WAVE stores whole-hertz sample rates up to 2^32−1, not \(description.mSampleRate)")
        }
        var tag: UInt16
        var containerBits: Int
        var validBits: Int
        switch description.mFormatID {
        case kAudioFormatLinearPCM:
            guard let pcm = LinearPCM(description) else {
                throw refuse("the LPCM description is not interleaved PCM with whole-byte samples")
            }
            guard !pcm.isBigEndian || pcm.bytesPerSample == 1 else {
                throw refuse("WAVE stores little-endian samples; the description says big-endian")
            }
            if pcm.isFloat {
                tag = WAVEFormatChunk.Tag.ieeeFloat
            } else {
                guard pcm.isSigned == (pcm.bytesPerSample > 1) else {
                    throw refuse(pcm.bytesPerSample == 1 ? "8-bit WAVE samples are unsigned" : "WAVE samples wider than "
                                 + "8 bits are signed")
                }
                guard pcm.validBits == pcm.bytesPerSample * 8
                        || description.mFormatFlags & kAudioFormatFlagIsAlignedHigh != 0 else {
                    throw refuse("WAVE aligns short samples high; the description aligns them low")
                }
                tag = WAVEFormatChunk.Tag.pcm
            }
            containerBits = pcm.bytesPerSample * 8
            validBits = pcm.validBits
        case kAudioFormatALaw, kAudioFormatULaw:
            guard description.mBytesPerPacket == description.mChannelsPerFrame, description.mFramesPerPacket == 1 else {
                throw refuse("A-law and µ-law packets are one byte per channel and one frame")
            }
            tag = description.mFormatID == kAudioFormatALaw ? WAVEFormatChunk.Tag.aLaw : WAVEFormatChunk.Tag.muLaw
            containerBits = 8
            validBits = 8
        default:
            throw refuse("WAVE here holds LPCM, A-law and µ-law, not '\(FourCharacterCode.describe(description.mFormatID))'")
        }
        var mask: UInt32?
        if let layout {
            switch WAVEChannelMask.mask(for: layout, channels: channels) {
            case .success(let value): mask = value
            case .failure(let error): throw error
            }
        }
        let blockAlign = channels * containerBits / 8
        guard blockAlign <= Int(UInt16.max), channels <= Int(UInt16.max) else {
            throw refuse("\(channels) channels of \(containerBits) bits exceed WAVE's 16-bit block alignment")
        }
        let (bytesPerSecond, overflow) = sampleRate.multipliedReportingOverflow(by: UInt32(blockAlign))
        guard !overflow else { throw refuse("\(sampleRate) Hz × \(blockAlign) bytes per frame exceed 2^32 bytes per second") }
        let extensible = tag != WAVEFormatChunk.Tag.aLaw && tag != WAVEFormatChunk.Tag.muLaw
            && (channels > 2 || containerBits > 16 || validBits != containerBits || mask != nil)

        // RIFF is little-endian throughout.
        var format = ByteWriter()
        format.writeUInt16(extensible ? WAVEFormatChunk.Tag.extensible : tag, endianness: .little)
        format.writeUInt16(UInt16(channels), endianness: .little)
        format.writeUInt32(sampleRate, endianness: .little)
        format.writeUInt32(bytesPerSecond, endianness: .little)
        format.writeUInt16(UInt16(blockAlign), endianness: .little)
        format.writeUInt16(UInt16(containerBits), endianness: .little)
        if extensible {
            format.writeUInt16(22, endianness: .little)
            format.writeUInt16(UInt16(validBits), endianness: .little)
            format.writeUInt32(mask ?? 0, endianness: .little)
            format.writeUInt16(tag, endianness: .little)
            format.writeBytes(WAVEFormatChunk.subFormatGUIDTail)
        } else if tag != WAVEFormatChunk.Tag.pcm {
            // WAVEFORMATEX: formats other than PCM carry cbSize.
            format.writeUInt16(0, endianness: .little)
        }

        var writer = ByteWriter()
        writer.writeBytes("RIFF".utf8)
        writer.writeUInt32(0)
        writer.writeBytes("WAVE".utf8)
        let junkOffset = UInt64(writer.count)
        Self.writeChunk("JUNK", [UInt8](repeating: 0, count: ds64PayloadSize), to: &writer, endianness: .little)
        Self.writeChunk("fmt ", format.bytes, to: &writer, endianness: .little)
        let info = RIFFInfoList.payload(for: metadata)
        if info.count > 4 { Self.writeChunk("LIST", info, to: &writer, endianness: .little) }
        unwritten = metadata.filter { entry in
            guard case .string = entry.value, entry.keySpace == .audioFile else { return true }
            switch entry.key {
            case .fourCC: return false
            case .string(let key): return !RIFFInfoList.keys.values.contains(key)
            }
        }
        writer.writeBytes("data".utf8)
        let dataSizeOffset = UInt64(writer.count)
        writer.writeUInt32(0)
        var plan = Plan(header: writer.bytes, bytesPerPacket: UInt32(blockAlign), framesPerPacket: 1)
        plan.offsets = ["junk": junkOffset, "dataSize": dataSizeOffset, "dataStart": UInt64(writer.count)]
        return plan
    }

    /// Pads odd data, then patches the RIFF and data sizes; when the RIFF size passes `rf64Threshold`, the file
    /// becomes RF64: the `JUNK` chunk turns into `ds64` with the 64-bit sizes, and the 32-bit fields say
    /// 0xFFFFFFFF.
    func finishWAVE(_ file: OutputFile, plan: Plan, _ summary: FinishSummary,
                    rf64Threshold: UInt64) throws(ContainerWriterError) {
        if summary.dataBytes & 1 == 1 { try file.write([0]) }
        let riffSize = file.position - 8
        guard let junk = plan.offsets["junk"], let dataSize = plan.offsets["dataSize"] else { return }
        if riffSize > rf64Threshold || summary.dataBytes > rf64Threshold {
            var rf64 = ByteWriter()
            rf64.writeBytes("RF64".utf8)
            rf64.writeUInt32(.max, endianness: .little)
            try file.overwrite(rf64.bytes, at: 0)
            var ds64 = ByteWriter()
            ds64.writeUInt64(riffSize, endianness: .little)
            ds64.writeUInt64(summary.dataBytes, endianness: .little)
            ds64.writeUInt64(UInt64(summary.frames), endianness: .little)
            ds64.writeUInt32(0, endianness: .little)  // table length
            var chunk = ByteWriter()
            Self.writeChunk("ds64", ds64.bytes, to: &chunk, endianness: .little)
            try file.overwrite(chunk.bytes, at: junk)
            try file.overwrite(Self.integerBytes(UInt32.max, .little), at: dataSize)
        } else {
            try file.overwrite(Self.integerBytes(UInt32(riffSize), .little), at: 4)
            try file.overwrite(Self.integerBytes(UInt32(summary.dataBytes), .little), at: dataSize)
        }
    }
}
