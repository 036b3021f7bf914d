import FFmpegBridge
import ISOBMFF

/// Magic cookies (the codec setup a `CMAudioFormatDescription` carries) as the demuxers and muxers of this project
/// store them, converted to and from the extradata FFmpeg's codecs take and give:
///
/// | Codec | Cookie | FFmpeg extradata |
/// |---|---|---|
/// | AAC | ES_Descriptor (the `esds` payload after version/flags), as Apple's AAC cookies are; a bare AudioSpecificConfig is also read | AudioSpecificConfig |
/// | ALAC | the 24-byte ALACSpecificConfig, possibly followed by channel layout info, or Apple's `frma`/`alac` atom form | the bridge takes any of these |
/// | Opus | the `dOps` payload (Opus in ISOBMFF §4.3.2, big-endian) | OpusHead (RFC 7845 §5.1, little-endian) |
/// | FLAC | the `dfLa` payload: version/flags, then metadata blocks (FLAC in ISOBMFF §3.3.2) | the STREAMINFO block's 34 bytes |
/// | AC-3, E-AC-3 | the `dac3`/`dec3` payload | none (every syncframe carries its setup) |
package enum MagicCookies {
    // MARK: AAC

    /// The AudioSpecificConfig in an AAC cookie.
    package static func audioSpecificConfig(fromCookie cookie: [UInt8]) throws(CodecError) -> [UInt8] {
        guard let first = cookie.first else { throw CodecError(.invalidInput, "an AAC format description needs a magic cookie") }
        guard first == 0x03 else {
            // Not an ES_Descriptor (tag 3): a bare AudioSpecificConfig (what some writers store).
            return cookie
        }
        var reader = BoxReader([0, 0, 0, 0] + cookie)
        let esds: ESDBox
        do {
            esds = try ESDBox(parsing: &reader)
        } catch {
            throw CodecError(.invalidInput, "the AAC magic cookie is not a valid ES_Descriptor: \(error)")
        }
        guard let config = esds.decoderConfig?.decoderSpecificInfo, !config.isEmpty else {
            throw CodecError(.invalidInput, "the AAC magic cookie's ES_Descriptor has no DecoderSpecificInfo")
        }
        return config
    }

    /// The ES_Descriptor cookie for an AudioSpecificConfig (object type 0x40, audio stream type 5, ISO/IEC 14496-1
    /// §7.2.6.6), with the buffer size and bit rates an `esds` reports.
    package static func aacCookie(audioSpecificConfig: [UInt8], bufferSize: Int, maxBitRate: Int, averageBitRate: Int)
        throws(CodecError) -> [UInt8] {
        let config = DecoderConfigDescriptor(objectTypeIndication: 0x40, streamType: 5,
                                             bufferSizeDB: UInt32(clamping: min(bufferSize, 0xFF_FFFF)),
                                             maxBitrate: UInt32(clamping: maxBitRate), avgBitrate: UInt32(clamping: averageBitRate),
                                             decoderSpecificInfo: audioSpecificConfig)
        var writer = BoxWriter()
        do {
            try ESDBox(descriptor: ESDescriptor(decoderConfig: config)).write(to: &writer)
        } catch {
            throw CodecError(.codecFailed, "cannot write the AAC ES_Descriptor: \(error)")
        }
        // The box payload starts with version/flags; the cookie is the descriptor after them.
        return Array(writer.bytes.dropFirst(4))
    }

    // MARK: Opus

    /// OpusHead (RFC 7845 §5.1) from a `dOps` payload.
    package static func opusHead(fromCookie cookie: [UInt8]) throws(CodecError) -> [UInt8] {
        if cookie.starts(with: Array("OpusHead".utf8)) { return cookie }
        var reader = BoxReader(cookie)
        let dops: OpusSpecificBox
        do {
            dops = try OpusSpecificBox(parsing: &reader)
        } catch {
            throw CodecError(.invalidInput, "the Opus magic cookie is not a dOps payload: \(error)")
        }
        var head = Array("OpusHead".utf8) + [1, dops.outputChannelCount]
        head += withUnsafeBytes(of: dops.preSkip.littleEndian) { Array($0) }
        head += withUnsafeBytes(of: dops.inputSampleRate.littleEndian) { Array($0) }
        head += withUnsafeBytes(of: dops.outputGain.littleEndian) { Array($0) }
        head.append(dops.channelMappingFamily)
        if let table = dops.channelMappingTable {
            head += [table.streamCount, table.coupledCount] + table.channelMapping
        }
        return head
    }

    /// A `dOps` payload from OpusHead.
    package static func dOps(fromOpusHead head: [UInt8]) throws(CodecError) -> [UInt8] {
        guard head.count >= 19, head.starts(with: Array("OpusHead".utf8)) else {
            throw CodecError(.codecFailed, "the Opus encoder's setup is not an OpusHead")
        }
        func le16(_ at: Int) -> UInt16 { UInt16(head[at]) | UInt16(head[at + 1]) << 8 }
        func le32(_ at: Int) -> UInt32 { UInt32(le16(at)) | UInt32(le16(at + 2)) << 16 }
        var box = OpusSpecificBox(outputChannelCount: head[9], preSkip: le16(10), inputSampleRate: le32(12))
        box.outputGain = Int16(bitPattern: le16(16))
        box.channelMappingFamily = head[18]
        if head[18] != 0 {
            guard head.count >= 21 + Int(head[9]) else { throw CodecError(.codecFailed, "OpusHead's channel mapping table is short") }
            box.channelMappingTable = .init(streamCount: head[19], coupledCount: head[20],
                                            channelMapping: Array(head[21..<(21 + Int(head[9]))]))
        }
        var writer = BoxWriter()
        do { try box.write(to: &writer) } catch { throw CodecError(.codecFailed, "cannot write dOps: \(error)") }
        return writer.bytes
    }

    /// The pre-skip (priming) an Opus cookie declares, in 48 kHz samples.
    package static func opusPreSkip(_ cookie: [UInt8]) -> Int? {
        guard let head = try? opusHead(fromCookie: cookie), head.count >= 12 else { return nil }
        return Int(UInt16(head[10]) | UInt16(head[11]) << 8)
    }

    // MARK: FLAC

    /// STREAMINFO from a `dfLa` payload (with or without its version/flags) or from a bare STREAMINFO.
    package static func streamInfo(fromCookie cookie: [UInt8]) throws(CodecError) -> [UInt8] {
        if cookie.count == 34 { return cookie }
        let payload = cookie.count >= 4 && cookie[0..<4] == [0, 0, 0, 0] ? cookie : [0, 0, 0, 0] + cookie
        var reader = BoxReader(payload)
        do {
            guard let info = try FLACSpecificBox(parsing: &reader).streamInfo, info.count == 34 else {
                throw CodecError(.invalidInput, "the FLAC magic cookie has no 34-byte STREAMINFO block")
            }
            return info
        } catch let error as CodecError {
            throw error
        } catch {
            throw CodecError(.invalidInput, "the FLAC magic cookie is not a dfLa payload: \(error)")
        }
    }

    /// A `dfLa` payload (version/flags and a last STREAMINFO block) from STREAMINFO.
    package static func dfLa(fromStreamInfo info: [UInt8]) throws(CodecError) -> [UInt8] {
        var writer = BoxWriter()
        do {
            try FLACSpecificBox(blocks: [.init(isLast: true, blockType: 0, data: info)]).write(to: &writer)
        } catch {
            throw CodecError(.codecFailed, "cannot write dfLa: \(error)")
        }
        return writer.bytes
    }
}
