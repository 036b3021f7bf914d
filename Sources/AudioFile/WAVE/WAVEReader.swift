import CoreAudioTypes
import CoreMedia
import MediaContainer
import MediaFormats

/// Reads RIFF/WAVE files (Microsoft Multimedia Programmer's Reference), RF64 (EBU Tech 3306) and BW64 (ITU-R
/// BS.2088): PCM of 8 to 64 bits, IEEE float, WAVE_FORMAT_EXTENSIBLE with its speaker mask, A-law and µ-law, IMA
/// and Microsoft ADPCM and GSM 6.10 as fixed-size packets; `LIST/INFO` and `id3 ` metadata.
///
/// Streamed files (a `data` size of 0 or 0xFFFFFFFF) play to the end of the file; a truncated `data` chunk plays
/// the whole frames that are there.
package final class WAVEReader: AudioFileReader {
    /// The mapped file; sample data is handed out as block buffers over it.
    package let file: MappedFile
    /// What parsing found.
    package let contents: AudioFileContents
    /// The single audio track (ID 1).
    package let tracks: [ContainerTrack]

    /// Opens and parses `file`.
    package init(file: MappedFile) throws {
        self.file = file
        contents = try Self.parse(AudioFileData(file: file))
        tracks = [try contents.makeTrack()]
    }

    /// Whether `prefix` (the file's first bytes, at least 12) starts a RIFF, RF64 or BW64 WAVE file.
    package static func canRead(prefix: [UInt8]) -> Bool {
        guard prefix.count >= 12, prefix[8..<12].elementsEqual("WAVE".utf8) else { return false }
        let id = prefix[0..<4]
        return id.elementsEqual("RIFF".utf8) || id.elementsEqual("RF64".utf8) || id.elementsEqual("BW64".utf8)
    }

    private static let format = "WAVE"
    private static let dataID = FourCharacterCode.make("data")

    /// Parses a whole WAVE file.
    package static func parse(_ data: AudioFileData) throws(AudioFileError) -> AudioFileContents {
        guard canRead(prefix: data.prefix(12)) else {
            throw AudioFileError(.notRecognized, format: format, "not a RIFF/RF64/BW64 WAVE file")
        }
        let riffID = UInt32(data.reader.getUInt(at: 0, size: 4) ?? 0)
        let isRF64 = riffID != FourCharacterCode.make("RIFF")
        let root = FourCharacterCode.describe(riffID)
        var formatChunk: WAVEFormatChunk?
        var formatOffset = 12
        var dataRange: Range<Int>?
        var ds64DataSize: UInt64?
        var metadata: [MetadataEntry] = []
        var warnings: [String] = []
        var position = 12
        var chunks = 0

        walk: while position <= data.count - 8, chunks < AudioFileLimits.maximumChunks {
            chunks += 1
            guard let id = data.reader.getUInt(at: position, size: 4).map(UInt32.init), IFFChunks.isChunkID(id),
                  let size32 = data.reader.getUInt(at: position + 4, size: 4, endianness: .little) else {
                warnings.append("\(format): \(root) at \(position): bytes that are not a chunk header; the rest of "
                                + "the file is ignored")
                break
            }
            let name = FourCharacterCode.describe(id)
            let path = "\(root)/\(name)"
            let payload = position + 8
            var size = size32
            if isRF64, id == dataID, size32 == 0xFFFF_FFFF, let ds64DataSize { size = ds64DataSize }
            let available = UInt64(data.count - payload)

            if id == dataID {
                var length = size
                let isStreamed = size32 == 0xFFFF_FFFF && !(isRF64 && ds64DataSize != nil)
                    || size32 == 0 && !IFFChunks.isChunkHeader(data, at: payload, endianness: .little)
                if isStreamed {
                    length = available
                } else if size > available {
                    warnings.append("\(format): \(path) at \(position): declares \(size) bytes, \(available) remain; "
                                    + "the file is truncated")
                    length = available
                }
                dataRange = payload..<payload + Int(length)
                if isStreamed || size > available { break walk }
                position = IFFChunks.nextChunk(data, after: payload, size: Int(size), endianness: .little)
                continue
            }
            guard size <= available else {
                // Only the sample data may be cut short; a truncated header chunk is reported if it matters.
                if formatChunk == nil && id == FourCharacterCode.make("fmt ") {
                    throw AudioFileError(.malformed, format: format, path: path, offset: Int64(position),
                                         "declares \(size) bytes, \(available) remain")
                }
                warnings.append("\(format): \(path) at \(position): declares \(size) bytes, \(available) remain; ignored")
                break
            }
            let length = Int(size)
            switch name {
            case "ds64" where isRF64:
                var cursor = ChunkReader(data, from: payload, to: payload + length, format: format, path: path,
                                        endianness: .little)
                _ = try cursor.readUInt64()  // RIFF size
                ds64DataSize = try cursor.readUInt64()
            case "fmt ":
                var cursor = ChunkReader(data, from: payload, to: payload + length, format: format, path: path,
                                        endianness: .little)
                formatChunk = try WAVEFormatChunk(parsing: &cursor)
                formatOffset = position
            case "LIST":
                if length >= 4, data.matches(Array("INFO".utf8), at: payload) {
                    if length <= AudioFileLimits.maximumMetadataBytes, let bytes = data.reader.getBytes(at: payload + 4, count: length - 4) {
                        metadata += RIFFInfoList.entries(bytes[...])
                    } else {
                        warnings.append("\(format): \(path) at \(position): \(length) bytes of INFO; not read")
                    }
                }
            case "id3 ", "ID3 ":
                let tag = ID3v2Tag(in: data, at: payload, format: format)
                metadata += tag.entries
                warnings += tag.warnings
            default:
                break
            }
            position = IFFChunks.nextChunk(data, after: payload, size: length, endianness: .little)
        }

        guard let formatChunk else {
            throw AudioFileError(.malformed, format: format, path: root, offset: 12, "no fmt  chunk")
        }
        guard let dataRange else {
            throw AudioFileError(.malformed, format: format, path: root, offset: 12, "no data chunk")
        }
        var contents = try contentsForFormat(formatChunk, dataRange: dataRange, path: "\(root)/fmt ",
                                             offset: formatOffset)
        contents.metadata = metadata
        contents.warnings = warnings + contents.warnings
        try contents.validateStream(path: "\(root)/fmt ", offset: formatOffset)
        return contents
    }

    /// The stream description and packet layout `fmt ` describes over `dataRange`.
    private static func contentsForFormat(_ chunk: WAVEFormatChunk, dataRange: Range<Int>, path: String,
                                          offset: Int) throws(AudioFileError) -> AudioFileContents {
        func fail(_ message: String) -> AudioFileError {
            AudioFileError(.malformed, format: format, path: path, offset: Int64(offset), message)
        }
        let channels = Int(chunk.channels)
        guard channels <= AudioFileLimits.maximumChannels else {
            throw fail("channel count \(channels) is not usable (1…\(AudioFileLimits.maximumChannels))")
        }
        let rate = Double(chunk.sampleRate)
        let start = UInt64(dataRange.lowerBound)
        let byteCount = dataRange.count
        var warnings: [String] = []

        func pcm(isFloat: Bool) throws(AudioFileError) -> AudioFileContents {
            let bits = Int(chunk.bitsPerSample)
            guard bits > 0 else { throw fail("bits per sample 0") }
            var bytesPerSample = (bits + 7) / 8
            if chunk.blockAlign > 0, Int(chunk.blockAlign) % channels == 0, Int(chunk.blockAlign) / channels >= bytesPerSample {
                bytesPerSample = Int(chunk.blockAlign) / channels
            } else {
                warnings.append("\(format): \(path) at \(offset): block alignment \(chunk.blockAlign) does not fit "
                                + "\(channels) channels of \(bits) bits; using \(bytesPerSample * channels)")
            }
            guard bytesPerSample <= 8 else { throw fail("\(bytesPerSample)-byte samples are not PCM this reader knows") }
            var validBits = bits
            if let declared = chunk.validBitsPerSample, declared > 0 {
                guard declared <= bits else {
                    throw fail("valid bits per sample \(declared) exceed the sample size \(bits)")
                }
                validBits = Int(declared)
            }
            if isFloat {
                guard validBits == 32 || validBits == 64, validBits == bytesPerSample * 8 else {
                    throw fail("IEEE float samples of \(validBits) bits in \(bytesPerSample) bytes")
                }
            }
            let description = LinearPCM(sampleRate: rate, channels: channels, validBits: validBits,
                                        bytesPerSample: bytesPerSample, isFloat: isFloat, isBigEndian: false,
                                        isSigned: isFloat || bytesPerSample > 1)
            let frameBytes = description.bytesPerFrame
            var contents = AudioFileContents(
                format: .wave, streamDescription: description.streamDescription,
                packets: .uniform(start: start, count: Int64(byteCount / frameBytes), bytesPerPacket: UInt32(frameBytes),
                                  framesPerPacket: 1))
            contents.channelLayout = layout(chunk, warnings: &warnings)
            contents.warnings = warnings
            return contents
        }

        func fixedPackets(_ formatID: AudioFormatID, bytesPerPacket: Int, framesPerPacket: Int,
                          bitsPerChannel: Int = 0) -> AudioFileContents {
            let description = AudioStreamBasicDescription(
                mSampleRate: rate, mFormatID: formatID, mFormatFlags: 0, mBytesPerPacket: UInt32(bytesPerPacket),
                mFramesPerPacket: UInt32(framesPerPacket), mBytesPerFrame: framesPerPacket == 1 ? UInt32(bytesPerPacket) : 0,
                mChannelsPerFrame: UInt32(channels), mBitsPerChannel: UInt32(bitsPerChannel), mReserved: 0)
            var contents = AudioFileContents(
                format: .wave, streamDescription: description,
                packets: .uniform(start: start, count: Int64(byteCount / bytesPerPacket),
                                  bytesPerPacket: UInt32(bytesPerPacket), framesPerPacket: UInt32(framesPerPacket)))
            contents.channelLayout = layout(chunk, warnings: &warnings)
            contents.warnings = warnings
            return contents
        }

        guard let tag = chunk.effectiveTag else {
            let formatID = 0x6D73_0000 | UInt32(chunk.formatTag)
            return unavailable(chunk, formatID: formatID, rate: rate,
                               reason: "WAVE_FORMAT_EXTENSIBLE sub-format GUID is not one derived from a format tag")
        }
        switch tag {
        case WAVEFormatChunk.Tag.pcm: return try pcm(isFloat: false)
        case WAVEFormatChunk.Tag.ieeeFloat: return try pcm(isFloat: true)
        case WAVEFormatChunk.Tag.aLaw, WAVEFormatChunk.Tag.muLaw:
            guard chunk.bitsPerSample == 8 || chunk.bitsPerSample == 0 else {
                throw fail("\(WAVEFormatChunk.name(of: tag)) has 8-bit samples, not \(chunk.bitsPerSample)")
            }
            return fixedPackets(tag == WAVEFormatChunk.Tag.aLaw ? kAudioFormatALaw : kAudioFormatULaw,
                                bytesPerPacket: channels, framesPerPacket: 1, bitsPerChannel: 8)
        case WAVEFormatChunk.Tag.imaADPCM, WAVEFormatChunk.Tag.msADPCM, WAVEFormatChunk.Tag.gsm610:
            // Block-coded formats: one packet per `blockAlign` bytes, `wSamplesPerBlock` frames each (GSM 6.10:
            // 320 frames in 65 bytes, Microsoft's fixed framing).
            let frames = tag == WAVEFormatChunk.Tag.gsm610 ? 320 : Int(chunk.samplesPerBlock ?? 0)
            guard chunk.blockAlign > 0, frames > 0 else {
                throw fail("\(WAVEFormatChunk.name(of: tag)) needs a block alignment and frames per block "
                           + "(found \(chunk.blockAlign) and \(frames))")
            }
            return fixedPackets(0x6D73_0000 | UInt32(tag), bytesPerPacket: Int(chunk.blockAlign), framesPerPacket: frames)
        default:
            return unavailable(chunk, formatID: 0x6D73_0000 | UInt32(tag), rate: rate,
                               reason: "WAVE format \(WAVEFormatChunk.name(of: tag)) has no packet layout this reader knows")
        }
    }

    /// A stream whose packets cannot be handed out: Apple's 'ms'-prefixed format ID for the tag, no packet layout.
    private static func unavailable(_ chunk: WAVEFormatChunk, formatID: AudioFormatID, rate: Double,
                                    reason: String) -> AudioFileContents {
        let description = AudioStreamBasicDescription(
            mSampleRate: rate, mFormatID: formatID, mFormatFlags: 0, mBytesPerPacket: UInt32(chunk.blockAlign),
            mFramesPerPacket: 0, mBytesPerFrame: 0, mChannelsPerFrame: UInt32(chunk.channels), mBitsPerChannel: 0,
            mReserved: 0)
        return AudioFileContents(format: .wave, streamDescription: description, packets: .unavailable(reason: reason))
    }

    /// The channel layout of a WAVE_FORMAT_EXTENSIBLE speaker mask: the mask's bits are `AudioChannelBitmap`'s, so
    /// CoreAudio describes it as a bitmap layout. A mask naming a different number of channels than the stream has
    /// is dropped with a warning.
    private static func layout(_ chunk: WAVEFormatChunk, warnings: inout [String]) -> ChannelLayout? {
        guard let mask = chunk.channelMask, mask != 0 else { return nil }
        guard mask.nonzeroBitCount == Int(chunk.channels), mask & 0x8000_0000 == 0 else {
            warnings.append("\(format): channel mask 0x\(String(mask, radix: 16)) names \(mask.nonzeroBitCount) "
                            + "speakers for \(chunk.channels) channels; no channel layout")
            return nil
        }
        return ChannelLayout(tag: kAudioChannelLayoutTag_UseChannelBitmap, bitmap: AudioChannelBitmap(rawValue: mask))
    }
}
