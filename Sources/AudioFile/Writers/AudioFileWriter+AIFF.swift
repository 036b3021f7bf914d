import CoreAudioTypes
import MediaContainer
import MediaFormats

extension AudioFileWriter {
    /// The AIFF or AIFF-C header: `FORM`, `FVER` (AIFF-C), `COMM` with the 80-bit sample rate (and compression type
    /// and name), the text chunks, and the `SSND` header (offset 0, block size 0). AIFF holds big-endian integer
    /// PCM; AIFF-C adds `sowt` (little-endian integers), `fl32`/`fl64` (big-endian floats), A-law, µ-law and IMA4.
    static func aiffPlan(_ description: AudioStreamBasicDescription, isAIFC: Bool, layout: ChannelLayout?,
                         metadata: [MetadataEntry], unwritten: inout [MetadataEntry]) throws(ContainerWriterError) -> Plan {
        let format = isAIFC ? "AIFC" : "AIFF"
        func refuse(_ message: String) -> ContainerWriterError { ContainerWriterError.refused(format: format, message) }
        let channels = Int(description.mChannelsPerFrame)
        guard channels <= Int(Int16.max) else { throw refuse("AIFF holds at most 32767 channels") }
        if let layout, let tag = [1: kAudioChannelLayoutTag_Mono, 2: kAudioChannelLayoutTag_Stereo][channels],
           layout.tag == tag {
            // Mono and stereo are what AIFF implies; nothing to store.
        } else if layout != nil {
            throw refuse("AIFF cannot store a channel layout beyond mono or stereo; use CAF or WAVE")
        }
        var compression = AIFFCompression.none
        var compressionName = "not compressed"
        var sampleSize: Int
        var bytesPerPacket = Int(description.mBytesPerPacket)
        var framesPerPacket = Int(description.mFramesPerPacket)
        switch description.mFormatID {
        case kAudioFormatLinearPCM:
            guard let pcm = LinearPCM(description) else {
                throw refuse("the LPCM description is not interleaved PCM with whole-byte samples")
            }
            guard pcm.isSigned else { throw refuse("AIFF samples are signed") }
            guard pcm.validBits == pcm.bytesPerSample * 8 || description.mFormatFlags & kAudioFormatFlagIsAlignedHigh != 0
            else { throw refuse("AIFF aligns short samples high; the description aligns them low") }
            sampleSize = pcm.validBits
            switch (pcm.isFloat, pcm.isBigEndian || pcm.bytesPerSample == 1) {
            case (false, true):
                break
            case (false, false):
                compression = AIFFCompression.sowt
                compressionName = ""
            case (true, true):
                compression = pcm.bytesPerSample == 4 ? AIFFCompression.fl32 : AIFFCompression.fl64
                compressionName = pcm.bytesPerSample == 4 ? "32-bit floating point" : "64-bit floating point"
            case (true, false):
                throw refuse("AIFF-C stores floating-point samples big-endian; the description says little-endian")
            }
            guard isAIFC || compression == AIFFCompression.none else {
                throw refuse("AIFF holds big-endian integer PCM; little-endian and float samples need AIFF-C")
            }
        case kAudioFormatALaw, kAudioFormatULaw, kAudioFormatAppleIMA4:
            guard isAIFC else { throw refuse("compressed samples need AIFF-C") }
            let isIMA = description.mFormatID == kAudioFormatAppleIMA4
            let expected = isIMA ? (34 * channels, 64) : (channels, 1)
            guard (bytesPerPacket, framesPerPacket) == expected else {
                throw refuse("'\(FourCharacterCode.describe(description.mFormatID))' packets are \(expected.0) bytes of "
                             + "\(expected.1) frames for \(channels) channels")
            }
            compression = description.mFormatID == kAudioFormatALaw ? FourCharacterCode.make("alaw")
                : description.mFormatID == kAudioFormatULaw ? FourCharacterCode.make("ulaw") : FourCharacterCode.make("ima4")
            compressionName = description.mFormatID == kAudioFormatALaw ? "ALaw 2:1"
                : description.mFormatID == kAudioFormatULaw ? "µLaw 2:1" : "IMA 4:1"
            sampleSize = 16
        default:
            throw refuse("AIFF-C here holds LPCM, A-law, µ-law and IMA4, not "
                         + "'\(FourCharacterCode.describe(description.mFormatID))'")
        }
        if description.mFormatID == kAudioFormatLinearPCM {
            bytesPerPacket = Int(description.mBytesPerFrame)
            framesPerPacket = 1
        }

        var common = ByteWriter()
        common.writeUInt16(UInt16(channels))
        let framesOffsetInCOMM = common.count
        common.writeUInt32(0)  // frames, patched at the end
        common.writeUInt16(UInt16(sampleSize))
        common.writeBytes(ExtendedFloat.encode(description.mSampleRate))
        if isAIFC {
            common.writeUInt32(compression)
            let name = Array(compressionName.utf8.prefix(255))
            common.writeUInt8(UInt8(name.count))
            common.writeBytes(name)
            if (name.count + 1) & 1 == 1 { common.writeUInt8(0) }
        }

        var header = ByteWriter()
        header.writeBytes("FORM".utf8)
        header.writeUInt32(0)  // size, patched at the end
        header.writeBytes((isAIFC ? "AIFC" : "AIFF").utf8)
        if isAIFC {
            // FVER: the AIFF-C draft's version timestamp (May 23, 1990, 2:40pm).
            Self.writeChunk("FVER", Self.integerBytes(UInt32(0xA280_5140), .big), to: &header, endianness: .big)
        }
        let commOffset = header.count + 8
        Self.writeChunk("COMM", common.bytes, to: &header, endianness: .big)
        let textChunks: [(String, String)] = [("NAME", AudioFileInfoKey.title), ("AUTH", AudioFileInfoKey.artist),
                                              ("(c) ", AudioFileInfoKey.copyright), ("ANNO", AudioFileInfoKey.comments)]
        var written = Set<Int>()
        for (index, entry) in metadata.enumerated() {
            guard entry.keySpace == .audioFile, case .string(let key) = entry.key, case .string(let text) = entry.value,
                  let chunk = textChunks.first(where: { $0.1 == key })?.0 else { continue }
            let body = Array(text.utf8)
            guard body.count < Int(UInt32.max) else { continue }
            Self.writeChunk(chunk, body, to: &header, endianness: .big)
            if body.count & 1 == 1 { header.writeUInt8(0) }
            written.insert(index)
        }
        unwritten = metadata.enumerated().filter { !written.contains($0.offset) }.map(\.element)
        let ssndOffset = header.count
        // SSND: size (patched at the end), offset 0, block size 0, then the samples.
        header.writeBytes("SSND".utf8)
        header.writeZeros(4 + 8)
        var plan = Plan(header: header.bytes, bytesPerPacket: UInt32(bytesPerPacket), framesPerPacket: UInt32(framesPerPacket))
        // FORM's size is 32-bit: the whole file less 8 bytes must fit.
        plan.maximumDataBytes = UInt64(UInt32.max) - UInt64(header.count) - 1
        plan.offsets = ["commFrames": UInt64(commOffset + framesOffsetInCOMM), "ssndSize": UInt64(ssndOffset + 4)]
        return plan
    }

    /// Pads odd data and patches the FORM size, COMM's frame count and the SSND size.
    func finishAIFF(_ file: OutputFile, plan: Plan, _ summary: FinishSummary) throws(ContainerWriterError) {
        if summary.dataBytes & 1 == 1 { try file.write([0]) }
        guard let frames = plan.offsets["commFrames"], let ssnd = plan.offsets["ssndSize"] else { return }
        // COMM counts frames for PCM and packets for IMA4 (as QuickTime and FFmpeg write it).
        let count = plan.framesPerPacket > 1 ? summary.packets : summary.frames
        guard let frameCount = UInt32(exactly: count) else {
            throw ContainerWriterError.refused(format: Self.name(fileType), "\(count) frames exceed "
                                 + "COMM's 32-bit count")
        }
        try file.overwrite(Self.integerBytes(UInt32(file.position - 8), .big), at: 4)
        try file.overwrite(Self.integerBytes(frameCount, .big), at: frames)
        try file.overwrite(Self.integerBytes(UInt32(summary.dataBytes + 8), .big), at: ssnd)
    }
}
