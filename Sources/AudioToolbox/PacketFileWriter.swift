import AVFoundation
import AudioFile
import CoreMedia
import Foundation
import MediaContainer
import MovieFile
import Synchronization

/// A file made with `AudioFileCreateWithURL`: packets given by `AudioFileWritePackets` go as they are to the package's
/// container writer of the file type (the one `AVAssetWriter` writes through), whose track is added at the first
/// write, once the magic cookie and channel layout that its header holds can no longer change. The file is finished
/// by `AudioFileClose`, which records the packet table (priming and remainder) set meanwhile.
final class PacketFileWriter: AudioFileObject {
    /// The file made at a URL, removed when it cannot be finished; nil for a client's storage.
    private let url: URL?
    private let fileType: AudioFileTypeID
    private let description: AudioStreamBasicDescription
    private let state: Mutex<State>
    /// The client's callbacks a file initialised with them is written through, whose statuses its failures return.
    private let client: AudioFileClient?

    private struct State: @unchecked Sendable {  // The container writer serialises itself; the mutex orders its use.
        var writer: any ContainerWriter
        var track: OutputTrack?
        var cookie: Data?
        var layout: Data?
        var packetTable: AudioFilePacketTableInfo?
        var packets: Int64 = 0
        var frames: Int64 = 0
        var bytes: Int64 = 0
        var largestPacket: UInt32 = 0
        var isOpen = true
    }

    private init(url: URL?, client: AudioFileClient?, fileType: AudioFileTypeID,
                 description: AudioStreamBasicDescription, writer: any ContainerWriter) {
        self.url = url
        self.client = client
        self.fileType = fileType
        self.description = description
        state = Mutex(State(writer: writer))
    }

    /// Where a file is written: a file created at a URL, or a client's storage (named in messages).
    enum Destination {
        case url(URL)
        case storage(AudioFileClient, name: URL)
    }

    /// The container writer of `fileType`, or nil for a type not written here.
    private static func makeWriter(_ fileType: AudioFileTypeID, _ destination: Destination)
        throws(ContainerWriterError) -> (any ContainerWriter)? {
        let audioTypes: [AudioFileTypeID: AudioFileWriter.FileType] = [
            kAudioFileWAVEType: .wave, kAudioFileAIFFType: .aiff, kAudioFileAIFCType: .aifc, kAudioFileCAFType: .caf,
            kAudioFileAMRType: .amr,
        ]
        let movieTypes: [AudioFileTypeID: MovieFileType] = [
            kAudioFileM4AType: .appleM4A, kAudioFileMPEG4Type: .mpeg4, kAudioFileM4BType: .appleM4A,
            kAudioFile3GPType: .threeGPP, kAudioFile3GP2Type: .threeGPP2,
        ]
        switch destination {
        case .url(let url):
            if let type = audioTypes[fileType] {
                return try AudioFileContainerWriter(url: url, fileType: type, metadata: [])
            }
            if let type = movieTypes[fileType] { return try MovieWriter(url: url, fileType: type) }
        case .storage(let storage, let name):
            if let type = audioTypes[fileType] {
                return AudioFileContainerWriter(storage: storage, name: name, fileType: type)
            }
            if let type = movieTypes[fileType] { return try MovieWriter(storage: storage, name: name, fileType: type) }
        }
        return nil
    }

    /// Whether files of `fileType` hold audio of `format`: the pairs Apple's file types allow (PCM in WAVE, AIFF and
    /// CAF; codecs in CAF and the MPEG-4 family; AMR in AMR files).
    private static func holds(_ fileType: AudioFileTypeID, _ format: AudioStreamBasicDescription) -> Bool {
        let pcm = format.mFormatID == kAudioFormatLinearPCM
        let float = format.mFormatFlags & kAudioFormatFlagIsFloat != 0
        let bigEndian = format.mFormatFlags & kAudioFormatFlagIsBigEndian != 0
        switch fileType {
        case kAudioFileWAVEType: return pcm && (!bigEndian || format.mBitsPerChannel <= 8)
        case kAudioFileAIFFType: return pcm && !float && (bigEndian || format.mBitsPerChannel <= 8)
        case kAudioFileAIFCType: return pcm
        case kAudioFileCAFType: return true
        case kAudioFileAMRType: return format.mFormatID == kAudioFormatAMR
        default:
            return [kAudioFormatMPEG4AAC, kAudioFormatAppleLossless, kAudioFormatFLAC, kAudioFormatOpus,
                    kAudioFormatAC3, kAudioFormatEnhancedAC3, kAudioFormatMPEGLayer3].contains(format.mFormatID)
        }
    }

    /// Makes the file. An existing file is replaced only with `eraseFile` (otherwise `kAudioFilePermissionsError`,
    /// the file untouched); when the call fails, nothing new is left at the URL and an existing file is as it was.
    static func create(url: URL, fileType: AudioFileTypeID, format: AudioStreamBasicDescription, flags: AudioFileFlags)
        -> Result<PacketFileWriter, ExtAudioFileFailure> {
        guard url.isFileURL else { return .failure(.init(kAudio_BadFilePathError)) }
        let asbd = format
        guard isUsable(asbd) else { return .failure(.init(kAudioFileUnsupportedDataFormatError)) }
        let manager = FileManager.default
        let exists = manager.fileExists(atPath: url.path)
        if exists && !flags.contains(.eraseFile) { return .failure(.init(kAudioFilePermissionsError)) }
        // Checked before anything is erased: a create that fails leaves the old file as it was.
        guard writtenTypes.contains(fileType) else { return .failure(.init(kAudioFileUnsupportedFileTypeError)) }
        guard holds(fileType, asbd) else { return .failure(.init(kAudioFileUnsupportedDataFormatError)) }
        // An existing file (which the caller may replace) is moved aside until the new one is made, and put back
        // if it cannot be.
        var aside: URL?
        if exists {
            let spare = url.deletingLastPathComponent()
                .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).replaced")
            do { try manager.moveItem(at: url, to: spare) } catch { return .failure(.init(kAudioFilePermissionsError)) }
            aside = spare
        }
        func undo() {
            try? manager.removeItem(at: url)
            if let aside { try? manager.moveItem(at: aside, to: url) }
        }
        let made = make(.url(url), fileType: fileType, format: asbd)
        switch made {
        case .success: if let aside { try? manager.removeItem(at: aside) }
        case .failure: undo()
        }
        return made
    }

    /// Makes a file of `fileType` in a client's `storage` (AudioFileInitializeWithCallbacks), named `name` in
    /// messages: the file types and formats `create(url:…)` takes, the same bytes.
    static func create(storage: AudioFileClient, name: URL, fileType: AudioFileTypeID,
                       format: AudioStreamBasicDescription) -> Result<PacketFileWriter, ExtAudioFileFailure> {
        if let refusal = refusal(fileType: fileType, format: format) { return .failure(refusal) }
        return make(.storage(storage, name: name), fileType: fileType, format: format)
    }

    /// Why a file of `fileType` cannot be made for `format`, or nil when it can.
    static func refusal(fileType: AudioFileTypeID, format: AudioStreamBasicDescription) -> ExtAudioFileFailure? {
        guard isUsable(format) else { return .init(kAudioFileUnsupportedDataFormatError) }
        guard writtenTypes.contains(fileType) else { return .init(kAudioFileUnsupportedFileTypeError) }
        guard holds(fileType, format) else { return .init(kAudioFileUnsupportedDataFormatError) }
        return nil
    }

    /// Whether `format` is one a file can be made for: a rate and channels, and PCM that AVAudioFormat takes,
    /// interleaved.
    private static func isUsable(_ format: AudioStreamBasicDescription) -> Bool {
        var asbd = format
        return asbd.mSampleRate > 0 && asbd.mSampleRate.isFinite && asbd.mChannelsPerFrame > 0
            && (!asbd.isLinearPCM || (AVAudioFormat(streamDescription: &asbd, channelLayout: asbd.mChannelsPerFrame > 2
                ? defaultLayout(channels: asbd.mChannelsPerFrame) : nil) != nil
                && asbd.mFormatFlags & kAudioFormatFlagIsNonInterleaved == 0))
    }

    /// The writer of a checked type and format at `destination`; a PCM file's header is written now.
    private static func make(_ destination: Destination, fileType: AudioFileTypeID,
                             format: AudioStreamBasicDescription) -> Result<PacketFileWriter, ExtAudioFileFailure> {
        do throws(ContainerWriterError) {
            guard let writer = try makeWriter(fileType, destination) else {
                return .failure(.init(kAudioFileUnsupportedFileTypeError))
            }
            var url: URL?, client: AudioFileClient?
            switch destination {
            case .url(let made): url = made
            case .storage(let storage, _): client = storage
            }
            let file = PacketFileWriter(url: url, client: client, fileType: fileType, description: format,
                                        writer: writer)
            // PCM has no cookie: its header is made now, so the file exists as Apple's does after the call.
            if format.isLinearPCM {
                let status = file.state.withLock { file.addTrack(&$0) }
                guard status == noErr else { return .failure(.init(status)) }
            }
            return .success(file)
        } catch {
            if case .storage(let client, _) = destination, let status = client.takeFailure() {
                return .failure(.init(status))
            }
            return .failure(.init(status(of: error)))
        }
    }

    /// The file types written here.
    private static let writtenTypes: Set<AudioFileTypeID> = [
        kAudioFileWAVEType, kAudioFileAIFFType, kAudioFileAIFCType, kAudioFileCAFType, kAudioFileAMRType,
        kAudioFileM4AType, kAudioFileMPEG4Type, kAudioFileM4BType, kAudioFile3GPType, kAudioFile3GP2Type,
    ]

    /// The status for a container writer's failure: a callback's own, when one failed.
    private func status(of error: ContainerWriterError) -> OSStatus {
        client?.takeFailure() ?? Self.status(of: error)
    }

    /// Apple's status for a container writer's failure.
    private static func status(of error: ContainerWriterError) -> OSStatus {
        switch error.code {
        case .unsupportedFormat: kAudioFileUnsupportedDataFormatError
        case .invalidArgument: kAudio_ParamError
        case .outputExists: kAudioFilePermissionsError
        case .fileSystem where [EACCES, EPERM].contains(error.posixErrorCode ?? 0): kAudioFilePermissionsError
        case .invalidState, .cancelled: kAudioFileNotOpenError
        default: kAudioFileUnspecifiedError
        }
    }

    /// Adds the track, with the cookie and layout set so far.
    private func addTrack(_ state: inout State) -> OSStatus {
        if state.track != nil { return noErr }
        var asbd = description
        var format: CMAudioFormatDescription?
        let status = state.cookie.withUnsafeBytesOrNil { cookie in
            state.layout.withUnsafeBytesOrNil { layout in
                CMAudioFormatDescriptionCreate(
                    allocator: kCFAllocatorDefault, asbd: &asbd, layoutSize: layout?.count ?? 0,
                    layout: layout?.baseAddress?.assumingMemoryBound(to: AudioChannelLayout.self),
                    magicCookieSize: cookie?.count ?? 0, magicCookie: cookie?.baseAddress, extensions: nil,
                    formatDescriptionOut: &format)
            }
        }
        guard status == noErr, let format else { return kAudioFileUnsupportedDataFormatError }
        let timescale = Int32(clamping: Int64(description.mSampleRate.rounded()))
        do throws(ContainerWriterError) {
            state.track = try state.writer.addTrack(OutputTrackConfiguration(
                mediaType: kCMMediaType_Audio, mediaTimescale: timescale, formatDescriptions: [format]))
            return noErr
        } catch {
            state.writer.cancel()
            state.isOpen = false
            return self.status(of: error)
        }
    }

    // MARK: Writing

    func writePackets(_ bytes: UInt32, _ descriptions: UnsafePointer<AudioStreamPacketDescription>?, _ start: Int64,
                      _ packets: UnsafeMutablePointer<UInt32>, _ buffer: UnsafeRawPointer) -> OSStatus {
        let count = Int(packets.pointee)
        packets.pointee = 0
        return state.withLock { state in
            guard state.isOpen else { return kAudioFileNotOpenError }
            // Packets go after the last one written: the container writers append.
            guard start == state.packets else { return kAudioFileInvalidPacketOffsetError }
            guard count > 0 else { return noErr }
            let constantBytes = Int(description.mBytesPerPacket)
            let constantFrames = Int64(description.mFramesPerPacket)
            var samples: [OutputSample] = []
            var frames: Int64 = 0
            var largest: UInt32 = 0
            if constantBytes > 0 && constantFrames > 0 {
                let (total, overflow) = constantBytes.multipliedReportingOverflow(by: count)
                guard !overflow, total <= Int(bytes) else { return kAudio_ParamError }
                let data = Data(bytes: buffer, count: total)
                frames = constantFrames * Int64(count)
                largest = UInt32(constantBytes)
                if description.isLinearPCM {
                    samples.append(OutputSample(payload: .data(data), decodeTime: state.frames, duration: 1,
                                                sampleCount: count))
                } else {
                    for index in 0..<count {
                        let packet = data.subdata(in: (index * constantBytes)..<((index + 1) * constantBytes))
                        samples.append(OutputSample(payload: .data(packet), decodeTime: state.frames + frames,
                                                    duration: constantFrames))
                    }
                }
            } else {
                // Packets of varying size or length: each is where its description says, inside the bytes given.
                guard let descriptions else { return kAudio_ParamError }
                for index in 0..<count {
                    let packet = descriptions[index]
                    let size = Int(packet.mDataByteSize)
                    let length = constantFrames > 0 ? constantFrames : Int64(packet.mVariableFramesInPacket)
                    guard packet.mStartOffset >= 0, size > 0, length > 0,
                          packet.mStartOffset + Int64(size) <= Int64(bytes) else { return kAudio_ParamError }
                    samples.append(OutputSample(payload: .data(Data(bytes: buffer + Int(packet.mStartOffset),
                                                                    count: size)),
                                                decodeTime: state.frames + frames, duration: length))
                    frames += length
                    largest = max(largest, packet.mDataByteSize)
                }
            }
            let status = addTrack(&state)
            guard status == noErr, let track = state.track else { return status }
            do throws(ContainerWriterError) {
                for sample in samples { try state.writer.append(sample, to: track) }
            } catch {
                return self.status(of: error)
            }
            state.packets += Int64(count)
            state.frames += frames
            state.bytes += Int64(samples.reduce(0) { $0 + $1.byteCount })
            state.largestPacket = max(state.largestPacket, largest)
            packets.pointee = UInt32(count)
            return noErr
        }
    }

    /// Linear PCM's bytes are its frames. Bytes inside those already written replace them, as Apple's do (at any
    /// byte); bytes past them extend the data, in whole frames appended after the last (the container writers
    /// append; the rest of a frame goes with the next call, and `bytes` says how many were written). A start past
    /// the end of the data would leave a gap: `kAudioFilePositionError`, as a negative one. Other formats' bytes are
    /// packets that need their descriptions: `kAudioFileOperationNotSupportedError`.
    func writeBytes(_ start: Int64, _ bytes: UnsafeMutablePointer<UInt32>, _ buffer: UnsafeRawPointer) -> OSStatus {
        let asked = Int64(bytes.pointee)
        bytes.pointee = 0
        let frameBytes = Int64(description.mBytesPerPacket)
        let (isOpen, written) = state.withLock { ($0.isOpen, $0.bytes) }
        guard isOpen else { return kAudioFileNotOpenError }
        guard description.isLinearPCM, frameBytes > 0, description.mFramesPerPacket == 1 else {
            return kAudioFileOperationNotSupportedError
        }
        guard start >= 0, start <= written else { return kAudioFilePositionError }
        // The part inside the data already written.
        let inside = min(asked, written - start)
        if inside > 0 {
            let status = state.withLock { state -> OSStatus in
                guard let writer = state.writer as? AudioFileContainerWriter else {
                    return kAudioFileOperationNotSupportedError
                }
                do throws(ContainerWriterError) {
                    try writer.overwriteSampleData(UnsafeRawBufferPointer(start: buffer, count: Int(inside)),
                                                   at: UInt64(start))
                    return noErr
                } catch {
                    return self.status(of: error)
                }
            }
            guard status == noErr else { return status }
        }
        bytes.pointee = UInt32(inside)
        let beyond = asked - inside
        guard beyond > 0 else { return noErr }
        // The rest extends the data from its end, a whole number of frames since only frames are appended.
        var frames = UInt32(beyond / frameBytes)
        guard frames > 0 else { return noErr }
        let status = writePackets(UInt32(beyond), nil, written / frameBytes, &frames, buffer + Int(inside))
        bytes.pointee = UInt32(inside + Int64(frames) * frameBytes)
        return status
    }

    func readBytes(_ start: Int64, _ bytes: UnsafeMutablePointer<UInt32>,
                   _ buffer: UnsafeMutableRawPointer) -> OSStatus {
        bytes.pointee = 0
        // Created files are written only, as for readPacketData.
        return state.withLock { $0.isOpen } ? kAudioFilePermissionsError : kAudioFileNotOpenError
    }

    func readPacketData(_ bytes: UnsafeMutablePointer<UInt32>,
                        _ descriptions: UnsafeMutablePointer<AudioStreamPacketDescription>?, _ start: Int64,
                        _ packets: UnsafeMutablePointer<UInt32>, _ buffer: UnsafeMutableRawPointer?) -> OSStatus {
        packets.pointee = 0
        bytes.pointee = 0
        // Created files are opened for writing only (Apple's AudioFileCreateWithURL gives read and write; reading
        // back through the container writer is not possible).
        return state.withLock { $0.isOpen } ? kAudioFilePermissionsError : kAudioFileNotOpenError
    }

    // MARK: Properties

    private func value(_ id: AudioFilePropertyID, _ state: State) -> Result<AudioPropertyValue, ExtAudioFileFailure> {
        switch id {
        case kAudioFilePropertyFileFormat: return .success(.init(fileType))
        case kAudioFilePropertyDataFormat: return .success(.init(description))
        case kAudioFilePropertyIsOptimized: return .success(.init(UInt32(1)))
        case kAudioFilePropertyAudioDataByteCount: return .success(.init(UInt64(state.bytes)))
        case kAudioFilePropertyAudioDataPacketCount: return .success(.init(UInt64(state.packets)))
        case kAudioFilePropertyMaximumPacketSize: return .success(.init(state.largestPacket))
        case kAudioFilePropertyMagicCookieData:
            guard let cookie = state.cookie else { return .failure(.init(kAudioFileUnsupportedPropertyError)) }
            return .success(.init(bytes: cookie))
        case kAudioFilePropertyChannelLayout:
            guard let layout = state.layout ?? defaultLayout(channels: description.mChannelsPerFrame)
                .map({ Data(bytes: $0.layout, count: $0.layoutSize) }) else {
                return .failure(.init(kAudioFileUnsupportedPropertyError))
            }
            return .success(.init(bytes: layout))
        case kAudioFilePropertyPacketTableInfo:
            guard !description.isLinearPCM, state.writer.capabilities.encoderDelay,
                  fileType != kAudioFileWAVEType, fileType != kAudioFileAIFFType, fileType != kAudioFileAIFCType else {
                return .failure(.init(kAudioFileUnsupportedPropertyError))
            }
            return .success(.init(state.packetTable ?? AudioFilePacketTableInfo(
                mNumberValidFrames: state.frames, mPrimingFrames: 0, mRemainderFrames: 0)))
        default:
            return .failure(.init(kAudioFileUnsupportedPropertyError))
        }
    }

    /// Whether a property can be set now: the cookie and layout until the first packet, the packet table until the
    /// file is closed.
    private func isWritable(_ id: AudioFilePropertyID, _ state: State) -> Bool {
        switch id {
        case kAudioFilePropertyMagicCookieData, kAudioFilePropertyChannelLayout: state.track == nil
        case kAudioFilePropertyPacketTableInfo: true
        default: false
        }
    }

    func propertyInfo(_ id: AudioFilePropertyID) -> Result<ExtAudioFilePropertyInfo, ExtAudioFileFailure> {
        state.withLock { state in
            guard state.isOpen else { return .failure(.init(kAudioFileNotOpenError)) }
            switch id {
            // Settable before it has a value.
            case kAudioFilePropertyMagicCookieData where state.cookie == nil:
                return .success(.init(size: 0, writable: state.track == nil))
            default:
                return value(id, state).map { .init(size: $0.size, writable: isWritable(id, state)) }
            }
        }
    }

    func getProperty(_ id: AudioFilePropertyID, _ size: UnsafeMutablePointer<UInt32>,
                     _ data: UnsafeMutableRawPointer) -> OSStatus {
        state.withLock { state in
            guard state.isOpen else { return kAudioFileNotOpenError }
            switch value(id, state) {
            case .success(let value): return value.copy(size, data, tooSmall: kAudioFileBadPropertySizeError)
            case .failure(let failure): return failure.status
            }
        }
    }

    func setProperty(_ id: AudioFilePropertyID, _ size: UInt32, _ data: UnsafeRawPointer) -> OSStatus {
        state.withLock { state in
            guard state.isOpen else { return kAudioFileNotOpenError }
            switch id {
            case kAudioFilePropertyMagicCookieData:
                // The header that holds it is written with the first packet.
                guard state.track == nil else { return kAudioFileOperationNotSupportedError }
                state.cookie = size > 0 ? Data(bytes: data, count: Int(size)) : nil
                return noErr
            case kAudioFilePropertyChannelLayout:
                guard state.track == nil else { return kAudioFileOperationNotSupportedError }
                guard let layout = layout(from: data, size: size) else { return kAudioFileBadPropertySizeError }
                guard layout.channelCount == description.mChannelsPerFrame else { return kAudio_ParamError }
                state.layout = Data(bytes: data, count: Int(size))
                return noErr
            case kAudioFilePropertyPacketTableInfo:
                guard case .success = value(id, state) else { return kAudioFileUnsupportedPropertyError }
                guard size == UInt32(MemoryLayout<AudioFilePacketTableInfo>.size) else {
                    return kAudioFileBadPropertySizeError
                }
                let info = data.loadUnaligned(as: AudioFilePacketTableInfo.self)
                // AudioFile.h: the three must add up to the frames of the packets written.
                guard info.mNumberValidFrames >= 0, info.mPrimingFrames >= 0, info.mRemainderFrames >= 0,
                      info.mNumberValidFrames + Int64(info.mPrimingFrames) + Int64(info.mRemainderFrames)
                        == state.frames else { return kAudio_ParamError }
                state.packetTable = info
                return noErr
            default:
                switch value(id, state) {
                case .success: return kAudioFileOperationNotSupportedError
                case .failure(let failure): return failure.status
                }
            }
        }
    }

    func close() -> OSStatus {
        state.withLock { state in
            guard state.isOpen else { return kAudioFileNotOpenError }
            state.isOpen = false
            var status = addTrack(&state)
            guard status == noErr, let track = state.track else { return status }
            do throws(ContainerWriterError) {
                try state.writer.markFinished(track)
                if let table = state.packetTable, table.mPrimingFrames > 0 || table.mRemainderFrames > 0 {
                    try state.writer.setEncoderDelay(Int64(table.mPrimingFrames),
                                                     padding: Int64(table.mRemainderFrames), for: track)
                }
                try state.writer.finish()
            } catch {
                status = self.status(of: error)
                // A file that could not be finished is not left half made.
                state.writer.cancel()
                if let url { try? FileManager.default.removeItem(at: url) }
            }
            return status
        }
    }
}

extension Optional where Wrapped == Data {
    /// Calls `body` with the bytes, or with nil.
    func withUnsafeBytesOrNil<Result>(_ body: (UnsafeRawBufferPointer?) -> Result) -> Result {
        switch self {
        case .some(let data): data.withUnsafeBytes { body($0) }
        case .none: body(nil)
        }
    }
}
