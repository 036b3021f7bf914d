import CoreAudioTypes
import CoreMedia
import MediaContainer

/// Reads Core Audio Format files (Apple Core Audio Format Specification 1.0): `desc`, `data` (including the
/// "size −1: to the end of the file" form), `pakt` for variable packets with priming and remainder frames, `kuki`
/// converted to the package's cookie convention, `chan` and `info`. LPCM and constant-size codecs need no packet
/// table; everything else (AAC, ALAC, Opus, FLAC, MP3, AMR…) is located through `pakt`.
package final class CAFReader: AudioFileReader {
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

    /// Whether `prefix` (at least 8 bytes) starts a CAF file ("caff", version 1).
    package static func canRead(prefix: [UInt8]) -> Bool {
        prefix.count >= 8 && prefix[0..<4].elementsEqual("caff".utf8) && prefix[4] == 0 && prefix[5] == 1
    }

    /// CAF's own LPCM flags (Core Audio Format Specification, "Audio Description Chunk").
    private static let cafFloatFlag: UInt32 = 1 << 0
    private static let cafLittleEndianFlag: UInt32 = 1 << 1
    private static let format = "CAF"

    /// Parses a whole CAF file.
    package static func parse(_ data: AudioFileData) throws(AudioFileError) -> AudioFileContents {
        guard canRead(prefix: data.prefix(8)) else {
            throw AudioFileError(.notRecognized, format: format, "not a CAF file (version 1)")
        }
        var description: AudioStreamBasicDescription?
        var descOffset = 8
        var audio: (range: Range<Int>, offset: Int)?
        var packetTable: (cursor: ChunkReader, offset: Int)?
        var kuki: [UInt8]?
        var layout: ChannelLayout?
        var metadata: [MetadataEntry] = []
        var warnings: [String] = []
        var position = 8
        var chunks = 0

        while position <= data.count - 12, chunks < AudioFileLimits.maximumChunks {
            chunks += 1
            var header = ChunkReader(data, from: position, to: position + 12, format: format, path: "caff", endianness: .big)
            let type = try header.readFourCC()
            let declared = Int64(bitPattern: try header.readUInt64())
            let name = FourCharacterCode.describe(type)
            let path = "caff/\(name)"
            let payload = position + 12
            let available = Int64(data.count - payload)
            if chunks == 1 && name != "desc" {
                throw AudioFileError(.malformed, format: format, path: path, offset: Int64(position),
                                     "the first chunk must be desc")
            }
            if name == "data" {
                // Size −1: the data runs to the end of the file (only the last chunk may say so).
                var length = declared
                if declared == -1 {
                    length = available
                } else if declared < 4 {
                    throw AudioFileError(.malformed, format: format, path: path, offset: Int64(position),
                                         "size \(declared) cannot hold the edit count")
                } else if declared > available {
                    warnings.append("\(format): \(path) at \(position): declares \(declared) bytes, \(available) "
                                    + "remain; the file is truncated")
                    length = available
                }
                guard length >= 4 else {
                    throw AudioFileError(.malformed, format: format, path: path, offset: Int64(position),
                                         "\(length) bytes cannot hold the edit count")
                }
                audio = (payload + 4..<payload + Int(length), position)
                if declared == -1 || declared > available { break }
                position = payload + Int(declared)
                continue
            }
            guard declared >= 0, declared <= available else {
                if ["desc", "pakt", "kuki"].contains(name) {
                    throw AudioFileError(.malformed, format: format, path: path, offset: Int64(position),
                                         "declares \(declared) bytes, \(available) remain")
                }
                warnings.append("\(format): \(path) at \(position): declares \(declared) bytes, \(available) remain; "
                                + "the rest of the file is ignored")
                break
            }
            let size = Int(declared)
            var cursor = ChunkReader(data, from: payload, to: payload + size, format: format, path: path, endianness: .big)
            switch name {
            case "desc":
                guard description == nil else { break }
                description = AudioStreamBasicDescription(
                    mSampleRate: try cursor.readFloat64(), mFormatID: try cursor.readFourCC(), mFormatFlags: try cursor.readUInt32(),
                    mBytesPerPacket: try cursor.readUInt32(), mFramesPerPacket: try cursor.readUInt32(),
                    mBytesPerFrame: 0, mChannelsPerFrame: try cursor.readUInt32(), mBitsPerChannel: try cursor.readUInt32(),
                    mReserved: 0)
                descOffset = position
            case "pakt":
                packetTable = (cursor, position)
            case "kuki":
                kuki = cursor.readRemainingBytes()
            case "chan":
                do { layout = try CAFChannelLayout.parse(&cursor) } catch {
                    warnings.append("\(error); no channel layout")
                }
            case "info":
                if size <= AudioFileLimits.maximumMetadataBytes { metadata += infoEntries(&cursor) }
            default:
                break
            }
            position = payload + size
        }

        guard var description else {
            throw AudioFileError(.malformed, format: format, path: "caff", offset: 8, "no desc chunk")
        }
        guard let audio else {
            throw AudioFileError(.malformed, format: format, path: "caff", offset: 8, "no data chunk")
        }
        let descPath = "caff/desc"
        var contents = AudioFileContents(format: .caf, streamDescription: description, packets: .unavailable(reason: ""))
        try contents.validateStream(path: descPath, offset: descOffset)

        // Packets.
        var table: CAFPacketTable?
        if let (tableCursor, _) = packetTable {
            var cursor = tableCursor
            table = try CAFPacketTable(parsing: &cursor, hasSizes: description.mBytesPerPacket == 0,
                                       hasFrames: description.mFramesPerPacket == 0)
        }
        if description.mFormatID == kAudioFormatLinearPCM {
            description = try linearPCM(description, path: descPath, offset: descOffset)
        } else if description.mBytesPerPacket > 0, description.mFramesPerPacket > 0,
                  description.mFramesPerPacket == 1 {
            description.mBytesPerFrame = description.mBytesPerPacket
        }
        contents.streamDescription = description
        if description.mBytesPerPacket > 0 && description.mFramesPerPacket > 0 {
            let byteCount = Int64(audio.range.count)
            var count = byteCount / Int64(description.mBytesPerPacket)
            if let table, table.numberOfPackets < count { count = table.numberOfPackets }
            let (_, overflow) = count.multipliedReportingOverflow(by: Int64(description.mFramesPerPacket))
            guard !overflow else {
                throw AudioFileError(.malformed, format: format, path: descPath, offset: Int64(descOffset),
                                     "\(count) packets of \(description.mFramesPerPacket) frames overflow 64 bits")
            }
            contents.packets = .uniform(start: UInt64(audio.range.lowerBound), count: count,
                                        bytesPerPacket: description.mBytesPerPacket,
                                        framesPerPacket: description.mFramesPerPacket)
        } else {
            guard let table, let packetOffset = packetTable?.offset else {
                throw AudioFileError(.malformed, format: format, path: "caff", offset: 8,
                                     "variable packets (\(FourCharacterCode.describe(description.mFormatID))) need a pakt chunk")
            }
            contents.packets = .table(try variableTable(table, description: description, audio: audio.range,
                                                        path: "caff/pakt", offset: packetOffset, warnings: &warnings))
        }

        if let table {
            let priming = Int64(table.primingFrames), remainder = Int64(table.remainderFrames)
            if priming < 0 || remainder < 0 || priming + remainder > contents.totalFrames {
                warnings.append("\(format): pakt priming \(priming) and remainder \(remainder) do not fit "
                                + "\(contents.totalFrames) frames; ignored")
            } else {
                contents.priming = priming
                contents.remainder = remainder
            }
        }
        if let layout {
            if let count = layout.numberOfChannels, count != Int(description.mChannelsPerFrame) {
                warnings.append("\(format): chan describes \(count) channels, desc \(description.mChannelsPerFrame); "
                                + "no channel layout")
            } else {
                contents.channelLayout = layout
            }
        }
        contents.magicCookie = CAFMagicCookie.fromCAF(kuki, description: description, priming: contents.priming,
                                                   warnings: &warnings)
        contents.metadata = metadata
        contents.warnings = warnings
        return contents
    }

    /// The CoreAudio description of CAF LPCM, whose flags are CAF's own (float, little-endian).
    private static func linearPCM(_ stored: AudioStreamBasicDescription, path: String,
                                  offset: Int) throws(AudioFileError) -> AudioStreamBasicDescription {
        let channels = Int(stored.mChannelsPerFrame)
        let bits = Int(stored.mBitsPerChannel)
        let bytesPerPacket = Int(stored.mBytesPerPacket)
        guard stored.mFramesPerPacket == 1, bytesPerPacket > 0, bytesPerPacket % channels == 0,
              bits >= 1, bits <= bytesPerPacket / channels * 8, bytesPerPacket / channels <= 8 else {
            throw AudioFileError(.malformed, format: format, path: path, offset: Int64(offset),
                                 "LPCM with \(stored.mFramesPerPacket) frames per packet, \(bytesPerPacket) bytes per "
                                     + "packet, \(channels) channels of \(bits) bits is not interleaved PCM")
        }
        let isFloat = stored.mFormatFlags & cafFloatFlag != 0
        if isFloat && !(bits == 32 || bits == 64) || isFloat && bits != bytesPerPacket / channels * 8 {
            throw AudioFileError(.malformed, format: format, path: path, offset: Int64(offset),
                                 "float LPCM of \(bits) bits in \(bytesPerPacket / channels) bytes")
        }
        return LinearPCM(sampleRate: stored.mSampleRate, channels: channels, validBits: bits,
                         bytesPerSample: bytesPerPacket / channels, isFloat: isFloat,
                         isBigEndian: stored.mFormatFlags & cafLittleEndianFlag == 0, isSigned: true).streamDescription
    }

    /// The table of a variable stream: sizes and durations from `pakt` (or the description's constants), offsets
    /// accumulated from the start of the audio data. Packets past the end of a truncated data chunk are dropped.
    private static func variableTable(_ table: CAFPacketTable, description: AudioStreamBasicDescription,
                                      audio: Range<Int>, path: String, offset: Int,
                                      warnings: inout [String]) throws(AudioFileError) -> SampleTable {
        let count = Int(table.numberOfPackets)
        var offsets: [UInt64] = []
        offsets.reserveCapacity(count)
        var sizes: [UInt32] = []
        var durations = RunLengthColumn()
        var position = UInt64(audio.lowerBound)
        let end = UInt64(audio.upperBound)
        var kept = 0
        for index in 0..<count {
            let size = table.sizes?[index] ?? description.mBytesPerPacket
            let frames = table.frames?[index] ?? description.mFramesPerPacket
            guard position + UInt64(size) <= end else {
                warnings.append("\(format): \(path): packet \(index) of \(count) runs past the audio data; "
                                + "\(index) packets are read")
                break
            }
            offsets.append(position)
            if table.sizes != nil { sizes.append(size) }
            guard durations.append(Int64(frames), count: 1) else {
                throw AudioFileError(.malformed, format: format, path: path, offset: Int64(offset),
                                     "the packets' frames overflow 64 bits")
            }
            position += UInt64(size)
            kept += 1
        }
        var descriptions = RunLengthColumn()
        descriptions.append(1, count: kept)
        let storage: SampleTable.SizeStorage = table.sizes == nil ? .constant(description.mBytesPerPacket) : .perSample(sizes)
        guard let result = SampleTable(durations: durations, compositionOffsets: nil, descriptionIndices: descriptions,
                                       sizes: storage, offsets: offsets, syncIndices: nil) else {
            throw AudioFileError(.malformed, format: format, path: path, offset: Int64(offset),
                                 "inconsistent packet table")
        }
        return result
    }

    /// The `info` chunk's strings: a count, then NUL-terminated key and value pairs (UTF-8).
    private static func infoEntries(_ cursor: inout ChunkReader) -> [MetadataEntry] {
        guard let declared = try? cursor.readUInt32() else { return [] }
        var strings: [String] = []
        var current: [UInt8] = []
        for byte in cursor.readRemainingBytes() {
            if byte == 0 {
                strings.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            } else {
                current.append(byte)
            }
        }
        var entries: [MetadataEntry] = []
        var index = 0
        while index + 1 < strings.count, entries.count < min(Int(declared), AudioFileLimits.maximumMetadataItems) {
            if !strings[index].isEmpty { entries.append(.audioFileText(strings[index], strings[index + 1])) }
            index += 2
        }
        return entries
    }
}
