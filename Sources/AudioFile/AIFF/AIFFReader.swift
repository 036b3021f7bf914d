import CoreAudioTypes
import CoreMedia
import MediaContainer
import MediaFormats

/// Reads AIFF and AIFF-C files (Apple's Audio Interchange File Format 1.3 and AIFF-C draft of 1991): `COMM` with
/// its 80-bit sample rate and the AIFC compression type, `SSND` with its offset, the text chunks `NAME`, `AUTH`,
/// `(c) ` and `ANNO`, and `ID3 ` tags. Compression types whose packets cannot be located (QDesign, Qualcomm…)
/// give a track whose samples report the reason.
package final class AIFFReader: AudioFileReader {
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

    /// Whether `prefix` (at least 12 bytes) starts an AIFF or AIFF-C file.
    package static func canRead(prefix: [UInt8]) -> Bool {
        prefix.count >= 12 && prefix[0..<4].elementsEqual("FORM".utf8)
            && (prefix[8..<12].elementsEqual("AIFF".utf8) || prefix[8..<12].elementsEqual("AIFC".utf8))
    }

    /// The `COMM` chunk's fields.
    private struct Common {
        var channels: Int
        var sampleFrames: UInt32
        var sampleSize: Int
        var sampleRate: Double
        var compression: UInt32
        var offset: Int
    }

    /// Parses a whole AIFF or AIFF-C file.
    package static func parse(_ data: AudioFileData) throws(AudioFileError) -> AudioFileContents {
        guard canRead(prefix: data.prefix(12)) else {
            throw AudioFileError(.notRecognized, format: "AIFF", "not an AIFF or AIFF-C file")
        }
        let isAIFC = data.matches(Array("AIFC".utf8), at: 8)
        let format = isAIFC ? "AIFC" : "AIFF"
        let root = "FORM"
        var common: Common?
        var soundData: Range<Int>?
        var metadata: [MetadataEntry] = []
        var warnings: [String] = []
        var position = 12
        var chunks = 0

        while position <= data.count - 8, chunks < AudioFileLimits.maximumChunks {
            chunks += 1
            guard let id = data.reader.getUInt(at: position, size: 4).map(UInt32.init), IFFChunks.isChunkID(id),
                  let declared = data.reader.getUInt(at: position + 4, size: 4) else {
                warnings.append("\(format): \(root) at \(position): bytes that are not a chunk header; the rest of "
                                + "the file is ignored")
                break
            }
            let name = FourCharacterCode.describe(id)
            let path = "\(root)/\(name)"
            let payload = position + 8
            let available = UInt64(data.count - payload)
            if name == "SSND" {
                var cursor = ChunkReader(data, from: payload, to: data.count, format: format, path: path, endianness: .big)
                let offset = Int(try cursor.readUInt32())
                _ = try cursor.readUInt32()  // block size: alignment advice for writers, not needed to read
                // A streamed file's SSND size may be 0 or stale; the sample data then runs to the end of the file.
                let length = declared == 0 || declared > available ? available : declared
                if declared > available, declared != 0 {
                    warnings.append("\(format): \(path) at \(position): declares \(declared) bytes, \(available) "
                                    + "remain; the file is truncated")
                }
                let end = payload + Int(length)
                let start = payload + 8 + offset
                guard start <= end else {
                    throw cursor.error("sound data offset \(offset) lies past the chunk's \(length) bytes", at: payload)
                }
                soundData = start..<end
                if length < declared || declared == 0 { break }
                position = IFFChunks.nextChunk(data, after: payload, size: Int(declared), endianness: .big)
                continue
            }
            guard declared <= available else {
                if name == "COMM" {
                    throw AudioFileError(.malformed, format: format, path: path, offset: Int64(position),
                                         "declares \(declared) bytes, \(available) remain")
                }
                warnings.append("\(format): \(path) at \(position): declares \(declared) bytes, \(available) remain; ignored")
                break
            }
            let size = Int(declared)
            var cursor = ChunkReader(data, from: payload, to: payload + size, format: format, path: path, endianness: .big)
            switch name {
            case "COMM":
                let channels = Int(try cursor.readUInt16())
                let frames = try cursor.readUInt32()
                let sampleSize = Int(try cursor.readUInt16())
                let rateBytes = try cursor.readBytes(count: 10)
                guard let rate = ExtendedFloat.decode(rateBytes) else {
                    throw cursor.error("sample rate is not a finite number", at: payload + 8)
                }
                var compression = AIFFCompression.none
                if isAIFC {
                    compression = try cursor.readFourCC()
                }
                guard channels > 0 else { throw cursor.error("channel count 0", at: payload) }
                common = Common(channels: channels, sampleFrames: frames, sampleSize: sampleSize, sampleRate: rate,
                                compression: compression, offset: position)
            case "NAME", "AUTH", "(c) ", "ANNO":
                let key = switch name {
                case "NAME": AudioFileInfoKey.title
                case "AUTH": AudioFileInfoKey.artist
                case "(c) ": AudioFileInfoKey.copyright
                default: AudioFileInfoKey.comments
                }
                if size <= AudioFileLimits.maximumMetadataBytes {
                    let text = TextDecoding.utf8OrLatin1(cursor.readRemainingBytes())
                    if !text.isEmpty, metadata.count < AudioFileLimits.maximumMetadataItems {
                        metadata.append(.audioFileText(key, text))
                    }
                }
            case "ID3 ", "id3 ":
                let tag = ID3v2Tag(in: data, at: payload, format: format)
                metadata += tag.entries
                warnings += tag.warnings
            default:
                break
            }
            position = IFFChunks.nextChunk(data, after: payload, size: size, endianness: .big)
        }

        guard let common else {
            throw AudioFileError(.malformed, format: format, path: root, offset: 12, "no COMM chunk")
        }
        let commPath = "\(root)/COMM"
        guard common.channels <= AudioFileLimits.maximumChannels else {
            throw AudioFileError(.malformed, format: format, path: commPath, offset: Int64(common.offset),
                                 "channel count \(common.channels) is not usable (1…\(AudioFileLimits.maximumChannels))")
        }
        // A file with no frames may leave SSND out (AIFF 1.3 §"Sound Data Chunk").
        let sound = soundData ?? data.count..<data.count
        if soundData == nil && common.sampleFrames > 0 {
            throw AudioFileError(.malformed, format: format, path: root, offset: 12,
                                 "COMM declares \(common.sampleFrames) frames but there is no SSND chunk")
        }
        var contents = try makeContents(common, sound: sound, isAIFC: isAIFC, format: format, path: commPath,
                                        warnings: &warnings)
        contents.metadata = metadata
        contents.warnings = warnings
        try contents.validateStream(path: commPath, offset: common.offset)
        return contents
    }

    private static func makeContents(_ common: Common, sound: Range<Int>, isAIFC: Bool, format: String, path: String,
                                     warnings: inout [String]) throws(AudioFileError) -> AudioFileContents {
        let containerFormat: ContainerFormat = isAIFC ? .aifc : .aiff
        let channels = common.channels
        func fail(_ message: String) -> AudioFileError {
            AudioFileError(.malformed, format: format, path: path, offset: Int64(common.offset), message)
        }
        guard let layout = AIFFCompression.layout(of: common.compression) else {
            let name = FourCharacterCode.describe(common.compression)
            let description = AudioStreamBasicDescription(
                mSampleRate: common.sampleRate, mFormatID: common.compression, mFormatFlags: 0, mBytesPerPacket: 0,
                mFramesPerPacket: 0, mBytesPerFrame: 0, mChannelsPerFrame: UInt32(channels), mBitsPerChannel: 0,
                mReserved: 0)
            return AudioFileContents(
                format: containerFormat, streamDescription: description,
                packets: .unavailable(reason: "AIFC compression type '\(name)' is recognized, but its packet layout "
                                      + "is not known, so its samples cannot be read"))
        }
        // COMM counts sample frames for PCM, and packets for codecs of several frames per packet (IMA4 and MACE
        // as QuickTime writes them, and FFmpeg after it); the data may hold fewer (truncated).
        func packetCount(bytesPerPacket: Int, framesPerPacket: Int) -> Int64 {
            let available = Int64(sound.count / bytesPerPacket)
            let declared = Int64(common.sampleFrames)
            if declared == 0 && available > 0 {
                // A writer that could not seek back (a pipe) leaves the count 0: the data says how much there is.
                warnings.append("\(format): COMM declares no frames but the sound data holds \(available) packets; "
                                + "reading them")
                return available
            }
            if declared > available {
                warnings.append("\(format): COMM declares \(declared) \(framesPerPacket == 1 ? "frames" : "packets"), "
                                + "the sound data holds \(available); reading what is there")
                return available
            }
            return declared
        }
        switch layout {
        case .pcm(let bytes, let bigEndian, let float, let signed):
            let bits = bytes.map { $0 * 8 } ?? common.sampleSize
            guard bits >= 1, bits <= 64 else { throw fail("sample size \(common.sampleSize) bits is not usable") }
            let bytesPerSample = bytes ?? (bits + 7) / 8
            let validBits = bytes == nil ? bits : bytesPerSample * 8
            let pcm = LinearPCM(sampleRate: common.sampleRate, channels: channels, validBits: validBits,
                                bytesPerSample: bytesPerSample, isFloat: float, isBigEndian: bigEndian,
                                isSigned: signed)
            let frameBytes = pcm.bytesPerFrame
            return AudioFileContents(
                format: containerFormat, streamDescription: pcm.streamDescription,
                packets: .uniform(start: UInt64(sound.lowerBound),
                                  count: packetCount(bytesPerPacket: frameBytes, framesPerPacket: 1),
                                  bytesPerPacket: UInt32(frameBytes), framesPerPacket: 1))
        case .packets(let formatID, let frames, let bytesPerChannel, let bitsPerChannel):
            let bytesPerPacket = bytesPerChannel * channels
            let description = AudioStreamBasicDescription(
                mSampleRate: common.sampleRate, mFormatID: formatID, mFormatFlags: 0,
                mBytesPerPacket: UInt32(bytesPerPacket), mFramesPerPacket: UInt32(frames),
                mBytesPerFrame: frames == 1 ? UInt32(bytesPerPacket) : 0, mChannelsPerFrame: UInt32(channels),
                mBitsPerChannel: UInt32(bitsPerChannel), mReserved: 0)
            return AudioFileContents(
                format: containerFormat, streamDescription: description,
                packets: .uniform(start: UInt64(sound.lowerBound),
                                  count: packetCount(bytesPerPacket: bytesPerPacket, framesPerPacket: frames),
                                  bytesPerPacket: UInt32(bytesPerPacket), framesPerPacket: UInt32(frames)))
        }
    }
}
