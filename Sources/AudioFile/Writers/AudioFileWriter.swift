import CoreAudioTypes
import CoreMedia
import Foundation
import MediaContainer
import MediaFormats

/// Writes one audio stream to a new WAVE (switching to RF64 past 4 GiB), AIFF, AIFF-C, CAF or AMR file as it
/// goes: the header first, then packets through a buffer, then `finish()` patches sizes (and, for CAF, appends the
/// packet table). Memory stays bounded whatever the length, except for a CAF stream of variable packets, whose
/// packet table (one to three bytes per packet) is kept until `finish()` as CAF requires.
///
/// The file is created with `O_EXCL` and is never an existing file; `cancel()`, and any failure, remove it. Safe to
/// use from any thread: the lock serialises every call.
// Safe because its lock serialises every call; the configuration is immutable.
package final class AudioFileWriter: @unchecked Sendable {
    /// The file formats this writer makes.
    package enum FileType: Sendable, Equatable {
        case wave, aiff, aifc, caf, amr
    }

    /// Knobs for tests and special uses.
    package struct Options: Sendable {
        /// The RIFF size above which a WAVE file becomes RF64 at `finish()`. RIFF sizes are 32-bit, so the default
        /// is 4 GiB − 1; tests lower it to exercise the switch without writing gigabytes.
        package var rf64Threshold: UInt64 = UInt64(UInt32.max)
        /// Test seam: appending past this many bytes fails with this `errno`, as a full disk does.
        package var simulatedWriteFailure: OutputFile.SimulatedFailure?

        /// The defaults.
        package init() {}
    }

    /// The file being written.
    package let url: URL
    /// Its format.
    package let fileType: FileType
    /// The stream as the caller described it.
    package let streamDescription: AudioStreamBasicDescription
    /// Metadata items this format cannot hold (an ID3 frame in AIFF, anything in AMR), so the caller can report
    /// them instead of their vanishing.
    package let unwrittenMetadata: [MetadataEntry]

    /// Where a writer is in its life.
    enum Phase: Equatable {
        case writing
        case finished
        case cancelled
        case failed(ContainerWriterError)
    }

    /// What a format needs from the generic writer: its header, how packets are sized, and where the sizes that
    /// `finish()` patches are.
    struct Plan {
        var header: [UInt8]
        /// Bytes per packet, or 0 when each packet's size comes with it.
        var bytesPerPacket: UInt32
        /// Frames per packet, or 0 when each packet's frame count comes with it.
        var framesPerPacket: UInt32
        /// The most sample bytes the format can hold.
        var maximumDataBytes: UInt64 = .max
        /// Whether per-packet sizes and frame counts go into a CAF packet table.
        var recordsPacketTable = false
        /// Checks one packet's bytes (AMR frame headers); returns why it is refused.
        var checkPacket: (@Sendable (UnsafeRawBufferPointer) -> String?)?
        /// File offsets that `finish()` patches, by name.
        var offsets: [String: UInt64] = [:]
    }

    /// Mutable state; every access holds `lock`.
    private struct State {
        var file: OutputFile?
        var phase: Phase = .writing
        var plan: Plan
        var dataBytes: UInt64 = 0
        var packets: Int64 = 0
        var frames: Int64 = 0
        var packetTable: [UInt8] = []
        var priming: Int64 = 0
        var remainder: Int64 = 0
    }

    private let lock = NSLock()
    /// Protected by `lock`.
    private var state: State
    private let options: Options
    private var formatName: String { Self.name(fileType) }

    /// Creates `url` (which must not exist), or writes into `storage` (then `url` only names it), and writes the
    /// header for a stream described by `streamDescription`,
    /// with an optional channel layout, magic cookie (the package convention: ES_Descriptor for AAC,
    /// ALACSpecificConfig, `dOps`, `dfLa` payload) and metadata.
    package init(url: URL, fileType: FileType, streamDescription: AudioStreamBasicDescription,
                 channelLayout: ChannelLayout? = nil, magicCookie: [UInt8]? = nil, metadata: [MetadataEntry] = [],
                 options: Options = Options(), storage: (any OutputFileStorage)? = nil) throws(ContainerWriterError) {
        self.url = url
        self.fileType = fileType
        self.streamDescription = streamDescription
        self.options = options
        let name = Self.name(fileType)
        let rate = streamDescription.mSampleRate
        guard rate.isFinite, rate >= 1, rate <= AudioFileLimits.maximumSampleRate,
              streamDescription.mChannelsPerFrame >= 1,
              streamDescription.mChannelsPerFrame <= AudioFileLimits.maximumChannels else {
            throw ContainerWriterError.refused(format: name, "the stream description's sample rate \(rate) or "
                                 + "channel count \(streamDescription.mChannelsPerFrame) is not usable")
        }
        if let channelLayout, let count = channelLayout.numberOfChannels,
           count != Int(streamDescription.mChannelsPerFrame) {
            throw ContainerWriterError.refused(format: name, "the channel layout has \(count) channels, the stream "
                                 + "\(streamDescription.mChannelsPerFrame)")
        }
        var unwritten: [MetadataEntry] = []
        let plan: Plan
        switch fileType {
        case .wave:
            plan = try Self.wavePlan(streamDescription, layout: channelLayout, metadata: metadata, unwritten: &unwritten)
        case .aiff, .aifc:
            plan = try Self.aiffPlan(streamDescription, isAIFC: fileType == .aifc, layout: channelLayout,
                                     metadata: metadata, unwritten: &unwritten)
        case .caf:
            plan = try Self.cafPlan(streamDescription, layout: channelLayout, cookie: magicCookie, metadata: metadata,
                                    unwritten: &unwritten)
        case .amr:
            plan = try Self.amrPlan(streamDescription, layout: channelLayout)
            unwritten = metadata
        }
        if magicCookie != nil, fileType != .caf {
            throw ContainerWriterError.refused(format: name, "a magic cookie can only be stored in CAF")
        }
        unwrittenMetadata = unwritten
        let file: OutputFile
        if let storage {
            file = OutputFile(storage: storage, name: url.path)
        } else {
            file = try OutputFile(creating: url, simulatedFailure: options.simulatedWriteFailure)
        }
        state = State(file: file, plan: plan)
        do throws(ContainerWriterError) {
            try file.write(plan.header)
        } catch {
            file.discard()
            throw error
        }
    }

    static func name(_ type: FileType) -> String {
        switch type {
        case .wave: "WAVE"
        case .aiff: "AIFF"
        case .aifc: "AIFC"
        case .caf: "CAF"
        case .amr: "AMR"
        }
    }

    /// Packets written so far.
    package var packetCount: Int64 { lock.withLock { state.packets } }
    /// Frames written so far.
    package var frameCount: Int64 { lock.withLock { state.frames } }
    /// Sample bytes written so far.
    package var dataByteCount: UInt64 { lock.withLock { state.dataBytes } }

    /// Sets the encoder delay and padding recorded in CAF's packet table (other formats cannot hold them and
    /// refuse non-zero values).
    package func setPrimingAndRemainder(priming: Int64, remainder: Int64) throws(ContainerWriterError) {
        lock.lock()
        defer { lock.unlock() }
        do {
            guard priming >= 0, remainder >= 0, priming <= Int64(Int32.max), remainder <= Int64(Int32.max) else {
                throw ContainerWriterError.refused(format: formatName,
                                     "priming \(priming) and remainder \(remainder) must be 0…2^31−1")
            }
            guard fileType == .caf || priming == 0 && remainder == 0 else {
                throw ContainerWriterError.refused(format: formatName,
                                     "only CAF records priming and remainder frames")
            }
            state.priming = priming
            state.remainder = remainder
        }
    }

    /// Appends whole packets of a constant-size stream (PCM frames, A-law, IMA4…): `bytes` must hold a whole
    /// number of packets.
    package func append(_ bytes: UnsafeRawBufferPointer) throws(ContainerWriterError) {
        try append(bytes, packetDescriptions: nil)
    }

    /// Appends packets: for variable streams each description gives a packet's offset in `bytes`, its size and
    /// (when the stream's packets vary in duration) its frames; for constant streams descriptions are optional and
    /// must agree with the packet size.
    package func append(_ bytes: UnsafeRawBufferPointer, packetDescriptions: [AudioStreamPacketDescription]?) throws(ContainerWriterError) {
        lock.lock()
        defer { lock.unlock() }
        do {
            try requireWriting()
            do throws(ContainerWriterError) {
                try appendLocked(bytes, packetDescriptions)
            } catch {
                fail(error)
                throw error
            }
        }
    }

    /// Replaces sample bytes already written, from byte `offset` of the sample data (0 is its first byte), with
    /// `bytes`: for AudioFile's `AudioFileWriteBytes`, whose linear PCM bytes are frames. The range must lie within
    /// the bytes appended; the data follows the header, so its first byte is the header's end.
    package func overwriteSampleData(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws(ContainerWriterError) {
        lock.lock()
        defer { lock.unlock() }
        try requireWriting()
        guard let file = state.file else { return }
        let (end, overflow) = offset.addingReportingOverflow(UInt64(bytes.count))
        guard !overflow, end <= state.dataBytes else {
            throw ContainerWriterError(.invalidArgument, "\(formatName): \(bytes.count) bytes at \(offset) of the "
                                       + "sample data run past the \(state.dataBytes) bytes written")
        }
        do throws(ContainerWriterError) {
            try file.write(bytes, at: UInt64(state.plan.header.count) + offset)
        } catch {
            fail(error)
            throw error
        }
    }

    /// Appends the bytes of `buffer` (all of it), as `append(_:packetDescriptions:)` does. A contiguous buffer (a
    /// reference into a mapped file, one allocation) is written without copying.
    package func append(_ buffer: CMBlockBuffer, packetDescriptions: [AudioStreamPacketDescription]? = nil) throws(ContainerWriterError) {
        let length = CMBlockBufferGetDataLength(buffer)
        guard length > 0 else {
            try append(UnsafeRawBufferPointer(start: nil, count: 0), packetDescriptions: packetDescriptions)
            return
        }
        if CMBlockBufferIsRangeContiguous(buffer, atOffset: 0, length: length) {
            do {
                try buffer.withUnsafeMutableBytes(atOffset: 0) { region in
                    try append(UnsafeRawBufferPointer(rebasing: region[0..<length]), packetDescriptions: packetDescriptions)
                }
            } catch let error as ContainerWriterError {
                throw error
            } catch {
                throw ContainerWriterError.refused(format: formatName, "the block buffer's bytes cannot be read: \(error)")
            }
            return
        }
        var bytes = [UInt8](repeating: 0, count: length)
        let status = bytes.withUnsafeMutableBytes { raw in
            raw.baseAddress.map {
                CMBlockBufferCopyDataBytes(buffer, atOffset: 0, dataLength: length, destination: $0)
            } ?? kCMBlockBufferBadPointerParameterErr
        }
        guard status == noErr else {
            throw ContainerWriterError.refused(format: formatName, "the block buffer's bytes cannot be read "
                                 + "(status \(status))")
        }
        try bytes.withUnsafeBytes { raw in
            Result { () throws(ContainerWriterError) in try append(raw, packetDescriptions: packetDescriptions) }
        }.get()
    }

    /// Patches the header, writes what follows the data, closes the file. A failure removes the file.
    package func finish() throws(ContainerWriterError) {
        lock.lock()
        defer { lock.unlock() }
        do {
            try requireWriting()
            guard let file = state.file else { return }
            do throws(ContainerWriterError) {
                try finishLocked(file)
                try file.close()
                state.phase = .finished
                state.file = nil
            } catch {
                fail(error)
                throw error
            }
        }
    }

    /// The file's size if it were finished now: what is written (header and packets), and what `finish()` would
    /// append (the pad byte of an odd WAVE or AIFF data chunk; CAF's packet table with its 36 bytes of chunk header
    /// and counts). 0 once the writer is finished, cancelled or failed.
    package var projectedFileSize: UInt64 {
        lock.withLock {
            guard state.phase == .writing, let file = state.file else { return 0 }
            var size = file.position
            switch fileType {
            case .wave, .aiff, .aifc: size += state.dataBytes & 1
            case .caf:
                if state.plan.recordsPacketTable || state.priming > 0 || state.remainder > 0 {
                    size += 36 + UInt64(state.packetTable.count)
                }
            case .amr: break
            }
            return size
        }
    }

    /// Stops writing and removes the file. Does nothing after `finish()`.
    package func cancel() {
        lock.withLock {
            guard state.phase == .writing else { return }
            state.file?.discard()
            state.file = nil
            state.phase = .cancelled
        }
    }

    /// A writer dropped without `finish()` or `cancel()` leaves no partial file behind.
    deinit {
        if state.phase == .writing { state.file?.discard() }
    }

    // MARK: Locked helpers (callers hold `lock`)

    private func requireWriting() throws(ContainerWriterError) {
        switch state.phase {
        case .writing: return
        case .finished: throw ContainerWriterError(.invalidState, "\(formatName): the file is already finished")
        case .cancelled: throw ContainerWriterError(.cancelled, "\(formatName): the writer was cancelled")
        case .failed(let error): throw error
        }
    }

    private func fail(_ error: ContainerWriterError) {
        state.file?.discard()
        state.file = nil
        state.phase = .failed(error)
    }

    private func appendLocked(_ bytes: UnsafeRawBufferPointer,
                              _ descriptions: [AudioStreamPacketDescription]?) throws(ContainerWriterError) {
        guard let file = state.file else { return }
        let plan = state.plan
        var packets: Int64 = 0
        var frames: Int64 = 0
        var appendedBytes: UInt64 = 0
        var table: [UInt8] = []
        if plan.bytesPerPacket > 0 && plan.framesPerPacket > 0 && descriptions == nil {
            guard bytes.count % Int(plan.bytesPerPacket) == 0 else {
                throw ContainerWriterError.refused(format: formatName, "\(bytes.count) bytes are not whole packets "
                                     + "of \(plan.bytesPerPacket) bytes")
            }
            packets = Int64(bytes.count / Int(plan.bytesPerPacket))
            frames = packets * Int64(plan.framesPerPacket)
            appendedBytes = UInt64(bytes.count)
        } else {
            guard let descriptions else {
                throw ContainerWriterError.refused(format: formatName, "packets of varying size or duration need "
                                     + "packet descriptions")
            }
            // Packets are written in description order and must lie inside `bytes`.
            for (index, description) in descriptions.enumerated() {
                let start = description.mStartOffset, size = Int64(description.mDataByteSize)
                guard start >= 0, start <= Int64(bytes.count), size <= Int64(bytes.count) - start else {
                    throw ContainerWriterError.refused(format: formatName, "packet \(index) (\(size) bytes at "
                                         + "\(start)) lies outside the \(bytes.count) bytes given")
                }
                if plan.bytesPerPacket > 0, UInt32(size) != plan.bytesPerPacket {
                    throw ContainerWriterError.refused(format: formatName, "packet \(index) has \(size) bytes; "
                                         + "this stream's packets have \(plan.bytesPerPacket)")
                }
                var packetFrames = Int64(plan.framesPerPacket)
                if plan.framesPerPacket == 0 {
                    packetFrames = Int64(description.mVariableFramesInPacket)
                    guard packetFrames > 0 else {
                        throw ContainerWriterError.refused(format: formatName, "packet \(index) gives no frame "
                                             + "count, and this stream's packets vary in duration")
                    }
                }
                let packet = UnsafeRawBufferPointer(rebasing: bytes[Int(start)..<Int(start + size)])
                if let check = plan.checkPacket, let problem = check(packet) {
                    throw ContainerWriterError.refused(format: formatName, "packet \(index): \(problem)")
                }
                if plan.recordsPacketTable {
                    if plan.bytesPerPacket == 0 { CAFPacketTable.appendVarint(UInt32(size), to: &table) }
                    if plan.framesPerPacket == 0 { CAFPacketTable.appendVarint(UInt32(packetFrames), to: &table) }
                }
                packets += 1
                frames += packetFrames
                appendedBytes += UInt64(size)
            }
        }
        let (newBytes, overflow) = state.dataBytes.addingReportingOverflow(appendedBytes)
        guard !overflow, newBytes <= plan.maximumDataBytes else {
            throw ContainerWriterError.refused(format: formatName, "the sample data would exceed the "
                                 + "\(plan.maximumDataBytes) bytes this format can hold")
        }
        if let descriptions {
            for description in descriptions {
                let start = Int(description.mStartOffset)
                try file.write(UnsafeRawBufferPointer(rebasing: bytes[start..<start + Int(description.mDataByteSize)]))
            }
        } else {
            try file.write(bytes)
        }
        state.dataBytes = newBytes
        state.packets += packets
        state.frames += frames
        state.packetTable += table
    }

    private func finishLocked(_ file: OutputFile) throws(ContainerWriterError) {
        let summary = FinishSummary(dataBytes: state.dataBytes, packets: state.packets, frames: state.frames,
                                    packetTable: state.packetTable, priming: state.priming,
                                    remainder: state.remainder)
        switch fileType {
        case .wave: try finishWAVE(file, plan: state.plan, summary, rf64Threshold: options.rf64Threshold)
        case .aiff, .aifc: try finishAIFF(file, plan: state.plan, summary)
        case .caf: try finishCAF(file, plan: state.plan, summary)
        case .amr: break
        }
    }

    /// What `finish()` knows about the written stream.
    struct FinishSummary {
        var dataBytes: UInt64
        var packets: Int64
        var frames: Int64
        var packetTable: [UInt8]
        var priming: Int64
        var remainder: Int64
    }
}

extension AudioFileWriter {
    /// Appends an IFF-style chunk: four-character ID, 32-bit size in `endianness` (RIFF little, AIFF big), payload.
    /// The caller pads an odd payload where the format asks for it.
    static func writeChunk(_ id: String, _ payload: [UInt8], to writer: inout ByteWriter, endianness: Endianness) {
        writer.writeBytes(id.utf8)
        writer.writeUInt32(UInt32(truncatingIfNeeded: payload.count), endianness: endianness)
        writer.writeBytes(payload)
    }

    /// The bytes of one integer, to patch a field written earlier.
    static func integerBytes<T: FixedWidthInteger>(_ value: T, _ endianness: Endianness) -> [UInt8] {
        var writer = ByteWriter()
        writer.writeInteger(value, endianness: endianness)
        return writer.bytes
    }
}
