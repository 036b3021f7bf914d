import CoreAudioTypes
import CoreMedia
import MediaContainer
import MediaFormats

/// Reads MPEG-1/2/2.5 audio streams (Layer III, and Layers I and II): ID3v2 tags before the audio (and appended
/// ID3v1, APEv2) as metadata, a frame scan that builds the packet table (free-format frames measured from the
/// distance between headers; junk skipped by a bounded resync), the Xing/Info/VBRI frame recognized and left out,
/// and the encoder delay and padding taken from iTunes' `iTunSMPB` comment or the LAME tag.
///
/// Delay and padding: Apple's own tools record MP3 gapless information as an `iTunSMPB` ID3 comment (iTunes writes
/// it, and Apple's players honour it); the LAME tag is the encoders' convention, which FFmpeg and most players
/// follow. Apple's documentation says nothing about AudioToolbox reading the LAME tag, so `iTunSMPB` wins when both
/// are present. LAME's delay counts encoder samples only; an MPEG Layer III decoder adds 529 samples of its own
/// (the synthesis filter bank's delay), so priming is delay + 529 and remainder is padding − 529 (never below 0),
/// which leaves exactly the encoder's input, as FFmpeg computes it.
package final class MP3Reader: AudioFileReader {
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

    /// The decoder delay of an MPEG Layer III decoder, in samples.
    static let decoderDelay: Int64 = 529

    private static let format = "MP3"

    /// Whether an MPEG audio frame header starts at `offset`, followed by a compatible one where that frame ends
    /// (or by the end of the data).
    package static func canRead(_ data: AudioFileData, at offset: Int) -> Bool {
        guard let first = header(in: data, at: offset), let size = first.frameSize else { return false }
        guard let next = header(in: data, at: offset + size) else { return offset + size + 4 > data.count }
        return first.isCompatible(with: next)
    }

    /// The frame header at `offset`, if any.
    static func header(in data: AudioFileData, at offset: Int) -> MPEGAudioFrameHeader? {
        data.reader.getUInt(at: offset, size: 4).flatMap { MPEGAudioFrameHeader(UInt32($0)) }
    }

    /// Where the audio ends: before an ID3v1 tag (and its "TAG+" extension), a Lyrics3 v2 block and an APEv2 tag at
    /// the end of the file.
    static func audioEnd(of data: AudioFileData) -> Int {
        var end = data.count
        if ID3v1Tag.isPresent(in: data, end: end) {
            end -= ID3v1Tag.size
            if end >= 227, data.matches(Array("TAG+".utf8), at: end - 227) { end -= 227 }
        }
        // APEv2: a 32-byte footer "APETAGEX", version, tag size (items and footer), item count, flags.
        if end >= 32, data.matches(Array("APETAGEX".utf8), at: end - 32),
           let size = data.reader.getUInt(at: end - 20, size: 4, endianness: .little), let flags = data.reader.getUInt(at: end - 12, size: 4, endianness: .little) {
            let total = Int(size) + (flags & 0x8000_0000 != 0 ? 32 : 0)
            if total <= end { end -= total }
        }
        return end
    }

    /// Parses a whole MPEG audio file.
    package static func parse(_ data: AudioFileData) throws(AudioFileError) -> AudioFileContents {
        var metadata: [MetadataEntry] = []
        var warnings: [String] = []
        var gapless: (priming: Int64, remainder: Int64, validFrames: Int64)?
        var position = 0
        // One or more ID3v2 tags before the audio.
        while let size = ID3v2Tag.size(in: data, at: position) {
            let tag = ID3v2Tag(in: data, at: position, format: format)
            metadata += tag.entries
            warnings += tag.warnings
            gapless = gapless ?? tag.iTunesGapless
            position += size
        }
        let hadTag = position > 0
        let end = audioEnd(of: data)
        metadata += ID3v1Tag.entries(in: data, end: data.count)

        var scanner = MPEGFrameScanner(data: data, end: end)
        guard let firstOffset = scanner.findFirstFrame(from: position) else {
            throw AudioFileError(hadTag ? .malformed : .notRecognized, format: format, offset: Int64(position),
                                 "no MPEG audio frames")
        }
        if firstOffset > position {
            warnings.append("\(format): \(firstOffset - position) bytes of junk before the first frame at \(firstOffset)")
        }
        var info: MPEGAudioInfoFrame?
        scanner.scan(from: firstOffset) { offset, size, header, isFirst in
            if isFirst, let found = MPEGAudioInfoFrame(in: data, frameAt: offset, size: size, header: header) {
                info = found
                return false
            }
            return true
        }
        warnings += scanner.warnings
        guard let reference = scanner.reference else {
            throw AudioFileError(.malformed, format: format, offset: Int64(firstOffset), "no MPEG audio frames")
        }
        let framesPerPacket = Int64(reference.samplesPerFrame)
        let count = scanner.sizes.count
        var durations = RunLengthColumn()
        durations.append(framesPerPacket, count: count)
        var descriptions = RunLengthColumn()
        descriptions.append(1, count: count)
        guard let table = SampleTable(durations: durations, compositionOffsets: nil, descriptionIndices: descriptions,
                                      sizes: .perSample(scanner.sizes), offsets: scanner.offsets, syncIndices: nil)
        else { throw AudioFileError(.malformed, format: format, "inconsistent frame table") }
        let description = AudioStreamBasicDescription(
            mSampleRate: Double(reference.sampleRate), mFormatID: reference.formatID, mFormatFlags: 0,
            mBytesPerPacket: 0, mFramesPerPacket: UInt32(framesPerPacket), mBytesPerFrame: 0,
            mChannelsPerFrame: UInt32(reference.channels), mBitsPerChannel: 0, mReserved: 0)
        var contents = AudioFileContents(format: .mp3, streamDescription: description, packets: .table(table))
        let total = contents.totalFrames

        if let info, let expected = info.frameCount, Int(expected) != count {
            warnings.append("\(format): the \(info.kind) header counts \(expected) frames, the stream has \(count)")
        }
        if let gapless, gapless.priming + gapless.remainder <= total {
            contents.priming = gapless.priming
            contents.remainder = gapless.remainder
        } else if let delay = info?.encoderDelay, let padding = info?.encoderPadding, reference.layer == 3 {
            let priming = Int64(delay) + decoderDelay
            let remainder = max(0, Int64(padding) - decoderDelay)
            if priming + remainder <= total {
                contents.priming = priming
                contents.remainder = remainder
            } else {
                warnings.append("\(format): LAME delay \(delay) and padding \(padding) exceed the stream's \(total) "
                                + "samples; ignored")
            }
        }
        contents.metadata = metadata
        contents.warnings = warnings
        return contents
    }
}
