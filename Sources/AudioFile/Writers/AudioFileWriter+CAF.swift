import CoreAudioTypes
import MediaContainer
import MediaFormats

extension AudioFileWriter {
    /// The CAF header: `caff`, `desc`, `chan`, `kuki` (the cookie converted to CAF's form), `info`, and a `data`
    /// chunk whose size says −1 (to the end of the file) until `finish()` patches it, so that a file cut short by
    /// a crash still reads. The packet table goes after the data at `finish()`.
    static func cafPlan(_ description: AudioStreamBasicDescription, layout: ChannelLayout?, cookie: [UInt8]?,
                        metadata: [MetadataEntry], unwritten: inout [MetadataEntry]) throws(ContainerWriterError) -> Plan {
        func refuse(_ message: String) -> ContainerWriterError { ContainerWriterError.refused(format: "CAF", message) }
        var stored = description
        if description.mFormatID == kAudioFormatLinearPCM {
            guard let pcm = LinearPCM(description) else {
                throw refuse("the LPCM description is not interleaved PCM with whole-byte samples")
            }
            guard pcm.isSigned else { throw refuse("CAF integer samples are signed") }
            guard pcm.validBits == pcm.bytesPerSample * 8 || description.mFormatFlags & kAudioFormatFlagIsAlignedHigh != 0
            else { throw refuse("CAF aligns short samples high; the description aligns them low") }
            // CAF's own LPCM flags: bit 0 float, bit 1 little-endian.
            stored.mFormatFlags = (pcm.isFloat ? 1 : 0) | (pcm.isBigEndian ? 0 : 2)
        }
        if description.mFormatID == kAudioFormatOpus, cookie == nil, description.mChannelsPerFrame > 2 {
            throw refuse("Opus with more than two channels needs its dOps cookie (the channel mapping)")
        }
        // CAF is big-endian throughout; chunk sizes are 64-bit (Core Audio Format Specification, "CAF Chunks").
        var header = ByteWriter()
        header.writeBytes("caff".utf8)
        header.writeUInt16(1)  // version
        header.writeUInt16(0)  // flags
        func chunk(_ type: String, _ payload: [UInt8]) {
            header.writeBytes(type.utf8)
            header.writeInt64(Int64(payload.count))
            header.writeBytes(payload)
        }
        var desc = ByteWriter()
        desc.writeFloat64(stored.mSampleRate)
        for field in [stored.mFormatID, stored.mFormatFlags, stored.mBytesPerPacket, stored.mFramesPerPacket,
                      stored.mChannelsPerFrame, stored.mBitsPerChannel] {
            desc.writeUInt32(field)
        }
        chunk("desc", desc.bytes)
        if let layout { chunk("chan", CAFChannelLayout.payload(layout)) }
        if let kuki = CAFMagicCookie.toCAF(cookie, formatID: description.mFormatID) { chunk("kuki", kuki) }
        var strings: [(String, String)] = []
        for entry in metadata {
            guard entry.keySpace == .audioFile, case .string(let text) = entry.value else { unwritten.append(entry); continue }
            switch entry.key {
            case .string(let key): strings.append((key, text))
            case .fourCC(let code):
                guard let key = RIFFInfoList.keys[code] else { unwritten.append(entry); continue }
                strings.append((key, text))
            }
        }
        if !strings.isEmpty {
            var info = ByteWriter()
            info.writeUInt32(UInt32(strings.count))
            for (key, value) in strings {
                info.writeCString(key.utf8)
                info.writeCString(value.utf8)
            }
            chunk("info", info.bytes)
        }
        let dataHeader = header.count
        header.writeBytes("data".utf8)
        header.writeInt64(-1)  // to the end of the file, patched at the end
        header.writeUInt32(0)  // edit count 0
        var plan = Plan(header: header.bytes, bytesPerPacket: description.mBytesPerPacket,
                        framesPerPacket: description.mFramesPerPacket)
        plan.recordsPacketTable = description.mBytesPerPacket == 0 || description.mFramesPerPacket == 0
        plan.offsets = ["dataSize": UInt64(dataHeader + 4)]
        return plan
    }

    /// Patches the data size and appends `pakt` when the stream has variable packets or priming/remainder frames.
    func finishCAF(_ file: OutputFile, plan: Plan, _ summary: FinishSummary) throws(ContainerWriterError) {
        guard let dataSize = plan.offsets["dataSize"] else { return }
        guard summary.priming + summary.remainder <= summary.frames else {
            throw ContainerWriterError.refused(format: "CAF", "priming \(summary.priming) and remainder "
                                 + "\(summary.remainder) exceed the \(summary.frames) frames written")
        }
        try file.overwrite(Self.integerBytes(Int64(summary.dataBytes + 4), .big), at: dataSize)
        guard plan.recordsPacketTable || summary.priming > 0 || summary.remainder > 0 else { return }
        var pakt = ByteWriter()
        pakt.writeBytes("pakt".utf8)
        pakt.writeInt64(Int64(24 + summary.packetTable.count))
        pakt.writeInt64(summary.packets)
        pakt.writeInt64(summary.frames - summary.priming - summary.remainder)
        pakt.writeInt32(Int32(summary.priming))
        pakt.writeInt32(Int32(summary.remainder))
        try file.write(pakt.bytes)
        try file.write(summary.packetTable)
    }
}
