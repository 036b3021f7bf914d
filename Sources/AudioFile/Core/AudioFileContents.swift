import CoreAudioTypes
import CoreMedia
import MediaContainer

/// What parsing one audio file found: its single stream's description, where its packets are, its encoder delay
/// and padding, and its metadata. Everything a `ContainerReader` answers is derived from this.
package struct AudioFileContents: Sendable {
    /// The container.
    package var format: ContainerFormat
    /// The stream as CoreAudio describes it.
    package var streamDescription: AudioStreamBasicDescription
    /// The channel layout, when the file gives one (WAVE channel mask, CAF `chan`).
    package var channelLayout: ChannelLayout?
    /// The magic cookie in the package's shared convention (AAC: ES_Descriptor; ALAC: ALACSpecificConfig;
    /// Opus: `dOps` payload; FLAC: `dfLa` payload), when the codec needs one.
    package var magicCookie: [UInt8]?
    /// Where the packets are.
    package var packets: PacketIndex
    /// Frames of encoder delay at the start (CAF `pakt`, LAME tag, `iTunSMPB`).
    package var priming: Int64 = 0
    /// Frames of padding at the end.
    package var remainder: Int64 = 0
    /// File-level metadata.
    package var metadata: [MetadataEntry] = []
    /// Oddities that were tolerated (a skipped oversized chunk, a channel layout that disagreed with the stream),
    /// so nothing is ignored silently.
    package var warnings: [String] = []

    /// A description of a file; packets, priming and metadata are filled in by the parser.
    package init(format: ContainerFormat, streamDescription: AudioStreamBasicDescription, packets: PacketIndex) {
        self.format = format
        self.streamDescription = streamDescription
        self.packets = packets
    }

    /// The media timescale: the sample rate, rounded to whole hertz (the few files with fractional rates, such as
    /// AIFF's 22254.545 Hz from old Macintosh hardware, play with time rounded at that scale).
    package var timescale: CMTimeScale {
        CMTimeScale(clamping: Int64(streamDescription.mSampleRate.rounded()))
    }

    /// Total frames in all packets (priming and remainder included).
    package var totalFrames: Int64 { packets.totalFrames }

    /// Frames meant to be heard: the total less priming and remainder.
    package var validFrames: Int64 { max(0, totalFrames - priming - remainder) }
}

/// Where a stream's packets lie in the file.
package enum PacketIndex: Sendable {
    /// `count` packets of `bytesPerPacket` bytes and `framesPerPacket` frames each, laid end to end from `start`:
    /// PCM (one-frame packets) and constant-bit-rate codecs. Built into a compact table with one offset run: a
    /// sample per packet, so linear PCM counts frames in every container, as Apple does (and as MOV stores it).
    case uniform(start: UInt64, count: Int64, bytesPerPacket: UInt32, framesPerPacket: UInt32)
    /// A table built by scanning frames or from a packet table.
    case table(SampleTable)
    /// The packets cannot be located; the reason says why (an undecodable compression type).
    case unavailable(reason: String)

    /// Total frames in all packets.
    package var totalFrames: Int64 {
        switch self {
        case .uniform(_, let count, _, let framesPerPacket):
            // Parsers check this product when they build the index.
            return count.multipliedReportingOverflow(by: Int64(framesPerPacket)).partialValue
        case .table(let table): return table.durations.cumulativeSumAtEnd
        case .unavailable: return 0
        }
    }

    /// The sample table (built now for `.uniform`, which costs nothing), or the undecodable error.
    package func makeTable(format: String) throws -> SampleTable {
        switch self {
        case .table(let table): return table
        case .unavailable(let reason): throw AudioFileError(.undecodable, format: format, reason)
        case .uniform(let start, let count, let bytesPerPacket, let framesPerPacket):
            return try Self.uniformTable(start: start, count: count, bytesPerPacket: bytesPerPacket,
                                         framesPerPacket: framesPerPacket, format: format)
        }
    }

    private static func uniformTable(start: UInt64, count: Int64, bytesPerPacket: UInt32, framesPerPacket: UInt32,
                                     format: String) throws -> SampleTable {
        // A sample per packet (a frame of PCM): the table is a few runs whatever the length, and readers gather
        // contiguous frames into buffers of up to a second.
        guard let entries = Int(exactly: count) else {
            throw AudioFileError(.malformed, format: format, "\(count) packets cannot be indexed")
        }
        var durations = RunLengthColumn()
        var descriptions = RunLengthColumn()
        guard durations.append(Int64(framesPerPacket), count: entries) else {
            throw AudioFileError(.malformed, format: format, "the stream's duration overflows 64 bits")
        }
        descriptions.append(1, count: entries)
        // One run of contiguous packets: offsets are computed, not stored (a few hundred bytes for any length).
        guard let table = SampleTable(durations: durations, compositionOffsets: nil, descriptionIndices: descriptions,
                                      sizes: .constant(bytesPerPacket),
                                      offsetStorage: entries > 0 ? .runs(firstSamples: [0], offsets: [start])
                                          : .runs(firstSamples: [], offsets: []),
                                      syncIndices: nil)
        else {
            throw AudioFileError(.malformed, format: format, "the packets run past 2^64 bytes")
        }
        return table
    }
}
