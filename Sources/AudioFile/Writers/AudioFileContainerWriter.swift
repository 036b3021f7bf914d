import CoreAudioTypes
import CoreMedia
import Foundation
import MediaContainer

/// The `ContainerWriter` of the audio-file formats (WAVE, AIFF, AIFF-C, CAF, AMR): one audio track, whose
/// `AudioFileWriter` is made when the track is added, because the header depends on the stream (its format, channel
/// layout and magic cookie).
///
/// Thread safety: `lock` guards every `var`; the `AudioFileWriter` serialises itself.
// Safe because `lock` guards every `var`; the `AudioFileWriter` serialises itself.
package final class AudioFileContainerWriter: ContainerWriter, @unchecked Sendable {
    /// Where the file goes.
    package let url: URL
    /// Its format.
    package let fileType: AudioFileWriter.FileType
    private let metadata: [MetadataEntry]
    private let options: AudioFileWriter.Options
    /// The client's storage the file is written into instead of `url` (which then only names it).
    private let storage: (any OutputFileStorage)?

    private let lock = NSLock()
    private var writer: AudioFileWriter?
    /// The stream's one sample description.
    private var format: CMFormatDescription?
    private var cancelled = false
    /// Frames per packet of a constant-frames stream (ALAC's 4096), for the remainder of its short last packet.
    private var framesPerPacket: Int64 = 0
    /// Whether every packet has the same size (PCM): written without packet descriptions.
    private var constantPacketBytes = false
    private var priming: Int64 = 0
    private var padding: Int64 = 0
    /// Packets appended, and the frames their samples said they hold: a stream of constant frames per packet
    /// (ALAC's 4096) may end on a shorter packet, which only the sample's duration tells.
    private var packets: Int64 = 0
    private var frames: Int64 = 0

    /// A writer of `fileType` at `url`. The file is made when the track is added; nothing may be at `url` now.
    package init(url: URL, fileType: AudioFileWriter.FileType, metadata: [MetadataEntry],
                 options: AudioFileWriter.Options = AudioFileWriter.Options()) throws(ContainerWriterError) {
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw ContainerWriterError(.outputExists, "the output file '\(url.path)' already exists; the writer never "
                                       + "overwrites a file (remove it first)", path: url.path)
        }
        self.url = url
        self.fileType = fileType
        self.metadata = metadata
        self.options = options
        storage = nil
    }

    /// A writer of `fileType` into `storage`, named `name` in messages.
    package init(storage: any OutputFileStorage, name: URL, fileType: AudioFileWriter.FileType) {
        url = name
        self.fileType = fileType
        metadata = []
        options = AudioFileWriter.Options()
        self.storage = storage
    }

    /// One audio stream; no edit lists (the encoder delay goes in CAF's packet table); one format throughout.
    package var capabilities: ContainerWriterCapabilities {
        ContainerWriterCapabilities(maximumTrackCount: 1, editLists: false, encoderDelay: true,
                                    multipleSampleDescriptions: false)
    }

    private var formatName: String { AudioFileWriter.name(fileType) }

    package func addTrack(_ configuration: OutputTrackConfiguration) throws(ContainerWriterError) -> OutputTrack {
        guard configuration.mediaType == kCMMediaType_Audio else {
            throw .refused(format: formatName, "an audio file holds audio only, not '\(configuration.mediaType)' media")
        }
        guard let first = configuration.formatDescriptions.first,
              let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(first)?.pointee else {
            throw .refused(format: formatName, "the track's audio format must be known when it is added")
        }
        var layoutSize = 0
        let layout = CMAudioFormatDescriptionGetChannelLayout(first, sizeOut: &layoutSize)
            .flatMap { ChannelLayout($0, byteCount: layoutSize) }
        var cookieSize = 0
        let cookie = CMAudioFormatDescriptionGetMagicCookie(first, sizeOut: &cookieSize).map {
            [UInt8](UnsafeRawBufferPointer(start: $0, count: cookieSize))
        }
        lock.lock()
        defer { lock.unlock() }
        do {
            guard writer == nil, !cancelled else {
                throw cancelled ? ContainerWriterError(.cancelled, "\(formatName): the writer was cancelled")
                    : .refused(format: formatName, "an audio file holds one track")
            }
            writer = try AudioFileWriter(url: url, fileType: fileType, streamDescription: asbd, channelLayout: layout,
                                         magicCookie: fileType == .caf ? cookie : nil, metadata: metadata,
                                         options: options, storage: storage)
            format = first
            framesPerPacket = Int64(asbd.mFramesPerPacket)
            constantPacketBytes = asbd.mBytesPerPacket > 0
        }
        return OutputTrack(index: 0, trackID: 1)
    }

    package func addSampleDescription(_ description: CMFormatDescription, to track: OutputTrack)
        throws(ContainerWriterError) -> Int {
        guard let format = lock.withLock({ format }) else {
            throw ContainerWriterError(.invalidState, "\(formatName): the track has not been added")
        }
        guard CMFormatDescriptionEqual(format, otherFormatDescription: description) else {
            throw ContainerWriterError(.unsupportedFormat, "\(formatName): an audio file's stream cannot change format "
                                       + "mid-stream")
        }
        return 1
    }

    package func addTrackReference(type: FourCharCode, from source: OutputTrack, to target: OutputTrack)
        throws(ContainerWriterError) {
        throw .refused(format: formatName, "an audio file has one track, so no track references")
    }

    /// Appends one sample: a run of PCM frames, or one compressed packet.
    package func append(_ sample: OutputSample, to track: OutputTrack) throws(ContainerWriterError) {
        let (current, constant) = lock.withLock { (writer, constantPacketBytes) }
        guard let writer = current else {
            throw ContainerWriterError(.invalidState, "\(formatName): the track has not been added")
        }
        let frames = sample.sampleCount > 1 ? Int64(sample.sampleCount) : sample.duration
        guard frames >= 0, frames <= Int64(UInt32.max) else {
            throw .refused(format: formatName, "a packet of \(frames) frames")
        }
        func description(bytes: Int) -> [AudioStreamPacketDescription]? {
            constant ? nil : [AudioStreamPacketDescription(mStartOffset: 0, mVariableFramesInPacket: UInt32(frames),
                                                           mDataByteSize: UInt32(clamping: bytes))]
        }
        lock.withLock {
            packets += 1
            self.frames += frames
        }
        switch sample.payload {
        case .blockBuffer(let buffer):
            try writer.append(buffer, packetDescriptions: description(bytes: CMBlockBufferGetDataLength(buffer)))
        case .data(let data):
            try data.withUnsafeBytes { raw in
                Result { () throws(ContainerWriterError) in
                    try writer.append(raw, packetDescriptions: description(bytes: raw.count))
                }
            }.get()
        case .reference:
            throw .refused(format: formatName, "an audio file cannot refer to samples in another file")
        }
    }

    /// Replaces `bytes.count` bytes of the sample data already written, from its byte `offset` (linear PCM, whose
    /// bytes are frames: `AudioFileWriteBytes` inside the audio data).
    package func overwriteSampleData(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws(ContainerWriterError) {
        guard let writer = lock.withLock({ writer }) else {
            throw ContainerWriterError(.invalidState, "\(formatName): the track has not been added")
        }
        try writer.overwriteSampleData(bytes, at: offset)
    }

    /// Packets go straight to the file (through its buffer): nothing is held, so there is always room.
    package func isReadyForMoreMediaData(_ track: OutputTrack) -> Bool { true }

    package func markFinished(_ track: OutputTrack) throws(ContainerWriterError) {}

    /// An audio file has no edit list: only the default timeline (`nil`) is taken.
    package func setTimeline(_ timeline: TrackTimeline?, for track: OutputTrack) throws(ContainerWriterError) {
        guard timeline == nil else { throw .refused(format: formatName, "an audio file cannot hold an edit list") }
    }

    /// Kept for `finish()`: CAF records it in its packet table; the other formats have no field for it.
    package func setEncoderDelay(_ delay: Int64, padding: Int64, for track: OutputTrack) throws(ContainerWriterError) {
        lock.withLock {
            priming = delay
            self.padding = padding
        }
    }

    package func sizeProjection() throws(ContainerWriterError) -> OutputSizeProjection {
        guard let writer = lock.withLock({ writer }) else {
            throw ContainerWriterError(.invalidState, "\(formatName): the track has not been added")
        }
        let samples = trackSampleCounts.first ?? 0
        return OutputSizeProjection(fileSize: writer.projectedFileSize,
                                    tracks: [.init(sampleCount: samples, byteCount: writer.dataByteCount)])
    }

    /// PCM counts frames (as a movie's sample table does), other streams packets.
    package var trackSampleCounts: [Int] {
        lock.withLock {
            guard writer != nil else { return [] }
            return [Int(constantPacketBytes && framesPerPacket == 1 ? frames : packets)]
        }
    }

    /// Completes the file. A stream that never got a sample makes no file at all, so that is an error.
    package func finish() throws(ContainerWriterError) {
        let (current, priming, padding, framesPerPacket, packets, frames) = lock.withLock {
            (self.writer, self.priming, self.padding, self.framesPerPacket, self.packets, self.frames)
        }
        guard let writer = current else {
            throw ContainerWriterError(.invalidState, "no audio was appended, so \(url.lastPathComponent) cannot be "
                                       + "written")
        }
        // A stream of constant frames per packet whose last packet is short (ALAC's last packet) leaves the rest of
        // that packet as remainder too.
        var remainder = padding
        if framesPerPacket > 1 { remainder += max(0, packets * framesPerPacket - frames) }
        if fileType == .caf, priming > 0 || remainder > 0 {
            try writer.setPrimingAndRemainder(priming: priming, remainder: remainder)
        }
        try writer.finish()
    }

    /// The file is complete when `finish()` returns.
    package func waitUntilOutputDelivered() {}

    /// Removes the file.
    package func cancel() {
        let current: AudioFileWriter? = lock.withLock {
            cancelled = true
            return writer
        }
        current?.cancel()
    }

}
