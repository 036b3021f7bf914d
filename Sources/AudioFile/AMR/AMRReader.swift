import CoreAudioTypes
import CoreMedia
import MediaContainer

/// Reads the single-channel AMR and AMR-WB storage format (RFC 4867 §5): a magic line, then frames of one header
/// byte (frame type, quality bit) and the frame type's fixed number of speech bytes. Every frame is a 20 ms packet:
/// 160 frames at 8 kHz, 320 at 16 kHz; NO_DATA frames (type 15) are one-byte packets that decode to silence.
package final class AMRReader: AudioFileReader {
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

    /// The narrowband magic line.
    static let narrowbandMagic = Array("#!AMR\n".utf8)
    /// The wideband magic line.
    static let widebandMagic = Array("#!AMR-WB\n".utf8)
    /// The multichannel magic lines (RFC 4867 §5.3), which this reader recognizes and refuses.
    static let multichannelMagics = [Array("#!AMR_MC1.0\n".utf8), Array("#!AMR-WB_MC1.0\n".utf8)]

    /// Bytes of a frame of each type, header byte included (RFC 4867 §5.3 with 3GPP TS 26.101 and TS 26.201
    /// frame sizes; types without speech data are just the header).
    static let narrowbandFrameBytes: [Int] = [13, 14, 16, 18, 20, 21, 27, 32, 6, 1, 1, 1, 1, 1, 1, 1]
    static let widebandFrameBytes: [Int] = [18, 24, 33, 37, 41, 47, 51, 59, 61, 6, 1, 1, 1, 1, 1, 1]

    /// Whether `prefix` starts a single-channel AMR or AMR-WB file.
    package static func canRead(prefix: [UInt8]) -> Bool {
        prefix.starts(with: narrowbandMagic) || prefix.starts(with: widebandMagic)
    }

    private static let format = "AMR"

    /// Parses a whole AMR file.
    package static func parse(_ data: AudioFileData) throws(AudioFileError) -> AudioFileContents {
        let prefix = data.prefix(16)
        if multichannelMagics.contains(where: { prefix.starts(with: $0) }) {
            throw AudioFileError(.undecodable, format: format,
                                 "multichannel AMR storage (RFC 4867 §5.3) is not supported; only single-channel files")
        }
        let isWideband = prefix.starts(with: widebandMagic)
        guard isWideband || prefix.starts(with: narrowbandMagic) else {
            throw AudioFileError(.notRecognized, format: format, "no #!AMR or #!AMR-WB magic line")
        }
        let frameBytes = isWideband ? widebandFrameBytes : narrowbandFrameBytes
        var position = isWideband ? widebandMagic.count : narrowbandMagic.count
        // Scan: one size and one offset per frame, bounded by the file (each frame is at least one byte).
        var sizes: [UInt32] = []
        var offsets: [UInt64] = []
        var warnings: [String] = []
        let bytes = data.bytes
        while position < bytes.count {
            let header = bytes[position]
            let size = frameBytes[Int(header >> 3 & 0x0F)]
            guard size <= bytes.count - position else {
                warnings.append("\(format): frame \(sizes.count) at \(position) needs \(size) bytes, "
                                + "\(bytes.count - position) remain; the incomplete frame is dropped")
                break
            }
            sizes.append(UInt32(size))
            offsets.append(UInt64(position))
            position += size
        }
        let framesPerPacket: Int64 = isWideband ? 320 : 160
        var durations = RunLengthColumn()
        durations.append(framesPerPacket, count: sizes.count)
        var descriptions = RunLengthColumn()
        descriptions.append(1, count: sizes.count)
        guard let table = SampleTable(durations: durations, compositionOffsets: nil, descriptionIndices: descriptions,
                                      sizes: .perSample(sizes), offsets: offsets, syncIndices: nil) else {
            throw AudioFileError(.malformed, format: format, "inconsistent frame table")
        }
        let description = AudioStreamBasicDescription(
            mSampleRate: isWideband ? 16_000 : 8_000, mFormatID: isWideband ? kAudioFormatAMR_WB : kAudioFormatAMR,
            mFormatFlags: 0, mBytesPerPacket: 0, mFramesPerPacket: UInt32(framesPerPacket), mBytesPerFrame: 0,
            mChannelsPerFrame: 1, mBitsPerChannel: 0, mReserved: 0)
        var contents = AudioFileContents(format: .amr, streamDescription: description, packets: .table(table))
        contents.warnings = warnings
        return contents
    }
}
