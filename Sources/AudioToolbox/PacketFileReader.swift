import AVFoundation
import CoreMedia
import Foundation
import MediaContainer
import Synchronization

/// A file opened with `AudioFileOpenURL`: the packets of its first audio track as the file stores them, located by
/// the package's container reader (the one `AVAudioFile` and `AVURLAsset` read through) and copied from its mapping.
/// Immutable after opening apart from `isOpen`.
final class PacketFileReader: AudioFileObject {
    private let container: any ContainerReader
    private let table: SampleTable
    private let description: AudioStreamBasicDescription
    private let cookie: Data?
    private let layout: AVAudioChannelLayout?
    private let fileType: AudioFileTypeID
    /// Priming and remainder in frames, and all the packets' frames.
    private let priming: Int64
    private let remainder: Int64
    private let totalFrames: Int64
    /// The largest packet, found when first asked for (a scan of the sizes).
    private let largestPacket = Mutex<UInt32?>(nil)
    private let open = Mutex(true)
    /// The audio data's runs that are contiguous in the file, found when bytes are first read (a walk of the index).
    private let dataRuns = Mutex<[DataRun]?>(nil)

    /// Bytes of audio data that lie together in the file: from `start` in the audio data, at `fileOffset`.
    private struct DataRun {
        let start: Int64
        let fileOffset: UInt64
        let length: Int64
    }

    private init(container: any ContainerReader, track: ContainerTrack, table: SampleTable, format: CMFormatDescription,
                 fileType: AudioFileTypeID) {
        self.container = container
        self.table = table
        self.fileType = fileType
        let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(format)?.pointee ?? AudioStreamBasicDescription()
        description = asbd
        var size = 0
        cookie = CMAudioFormatDescriptionGetMagicCookie(format, sizeOut: &size).map { Data(bytes: $0, count: size) }
        layout = CMAudioFormatDescriptionGetChannelLayout(format, sizeOut: &size)
            .flatMap { ChannelLayout($0, byteCount: size) }.map { AVAudioChannelLayout($0) }
        // The track counts in its media timescale; Core Audio counts frames at the stream's rate.
        let timescale = Double(track.mediaTimescale)
        func frames(_ ticks: Int64) -> Int64 {
            guard timescale > 0, asbd.mSampleRate > 0 else { return ticks }
            return Int64((Double(ticks) * asbd.mSampleRate / timescale).rounded())
        }
        priming = frames(track.priming)
        // Core Audio counts whole packets (AAC's 1,024 frames each); an MPEG-4 file's last sample may be stored
        // shorter (ffmpeg's are), and the frames cut from it are remainder too.
        let stored = frames(table.durations.cumulativeSumAtEnd)
        let valid = max(0, stored - priming - frames(track.remainder))
        totalFrames = asbd.mFramesPerPacket > 0 ? Int64(table.count) * Int64(asbd.mFramesPerPacket) : stored
        remainder = max(0, totalFrames - priming - valid)
    }

    /// Opens `url`: the status is Apple's for a missing file, one that is not an audio file read here, a damaged one,
    /// or one without audio.
    static func open(_ url: URL) -> Result<PacketFileReader, ExtAudioFileFailure> {
        guard url.isFileURL else { return .failure(.init(kAudio_BadFilePathError)) }
        guard FileManager.default.fileExists(atPath: url.path) else {
            return .failure(.init(kAudioFileFileNotFoundError))
        }
        return open(url) { try ContainerOpener.standard.open(url: url) }
    }

    /// Opens the bytes of `file` (a client's, read through its callbacks), named by `url`, whose path extension
    /// stands for the caller's file type hint.
    static func open(_ file: MappedFile, url: URL) -> Result<PacketFileReader, ExtAudioFileFailure> {
        open(url) { try ContainerOpener.standard.open(file, url: url) }
    }

    /// The reader of the container `opener` opens: the statuses are Apple's for a file that is not an audio file
    /// read here, a damaged one, or one without audio.
    private static func open(_ url: URL, _ opener: () throws -> any ContainerReader)
        -> Result<PacketFileReader, ExtAudioFileFailure> {
        let container: any ContainerReader
        do {
            container = try opener()
        } catch {
            if (error as NSError).domain == NSURLErrorDomain { return .failure(.init(kAudioFilePermissionsError)) }
            if (error as? AVError)?.code == .fileFormatNotRecognized {
                return .failure(.init(kAudioFileUnsupportedFileTypeError))
            }
            return .failure(.init(kAudioFileInvalidFileError))
        }
        let name: ContainerFormatName
        switch container.format {
        case .wave: name = .wave
        case .aiff: name = .aiff
        case .aifc: name = .aifc
        case .caf: name = .caf
        case .amr: name = .amr
        case .adts: name = .adts
        case .mp3: name = .mp3
        case .isoBaseMedia: name = .mpeg4
        // Core Audio's file types have no QuickTime movie: Apple's AudioFile does not open .mov files.
        case .quickTime: return .failure(.init(kAudioFileUnsupportedFileTypeError))
        }
        guard let track = container.tracks.first(where: { $0.mediaType == kCMMediaType_Audio }),
              let format = track.formatDescriptions.first,
              let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(format)?.pointee else {
            return .failure(.init(kAudioFileUnsupportedDataFormatError))
        }
        let table: SampleTable
        do {
            table = try track.samples.table()
        } catch {
            return .failure(.init(kAudioFileInvalidFileError))
        }
        // Packets that lie past the file's end: the file was cut short after its index was written.
        if table.count > 0 {
            let last = table.count - 1
            let end = table.offset(at: last).addingReportingOverflow(UInt64(table.size(at: last)))
            guard !end.overflow, end.partialValue <= UInt64(container.file.length) else {
                return .failure(.init(kAudioFileInvalidFileError))
            }
        }
        let type = fileTypeID(for: name, url: url, streamFormat: asbd.mFormatID)
        return .success(PacketFileReader(container: container, track: track, table: table, format: format,
                                         fileType: type))
    }

    // MARK: Reading

    func readPacketData(_ bytes: UnsafeMutablePointer<UInt32>,
                        _ descriptions: UnsafeMutablePointer<AudioStreamPacketDescription>?, _ start: Int64,
                        _ packets: UnsafeMutablePointer<UInt32>, _ buffer: UnsafeMutableRawPointer?) -> OSStatus {
        let asked = Int(packets.pointee)
        let room = Int(bytes.pointee)
        packets.pointee = 0
        bytes.pointee = 0
        guard open.withLock({ $0 }) else { return kAudioFileNotOpenError }
        guard start >= 0 else { return kAudioFileInvalidPacketOffsetError }
        guard start < Int64(table.count) else { return kAudioFileEndOfFileError }
        guard asked > 0 else { return noErr }
        guard let buffer else { return kAudio_ParamError }
        let variable = description.mBytesPerPacket == 0 || description.mFramesPerPacket == 0
        guard !variable || descriptions != nil else { return kAudio_ParamError }
        let first = Int(start)
        let end = min(table.count, first + asked)
        // Packets that fit, gathered into runs that are contiguous in the file (PCM's frames are one run).
        var runs: [(offset: UInt64, bytes: Int)] = []
        var used = 0
        var index = first
        while index < end {
            let size = table.size(at: index)
            guard used + size <= room else { break }
            let offset = table.offset(at: index)
            if let last = runs.last, last.offset + UInt64(last.bytes) == offset {
                runs[runs.count - 1].bytes += size
            } else {
                runs.append((offset, size))
            }
            if variable, let descriptions {
                let frames = description.mFramesPerPacket == 0 ? UInt32(clamping: table.duration(at: index)) : 0
                descriptions[index - first] = AudioStreamPacketDescription(
                    mStartOffset: Int64(used), mVariableFramesInPacket: frames, mDataByteSize: UInt32(size))
            }
            used += size
            index += 1
        }
        // Not even one packet fits: the caller's buffer is too small for what it asked.
        guard index > first else { return kAudio_ParamError }
        var written = 0
        for run in runs {
            guard let lower = Int(exactly: run.offset) else { return kAudioFileInvalidFileError }
            do {
                let block = try container.file.makeBlockBuffer(range: lower..<(lower + run.bytes))
                let status = CMBlockBufferCopyDataBytes(block, atOffset: 0, dataLength: run.bytes,
                                                        destination: buffer + written)
                guard status == kCMBlockBufferNoErr else { return kAudioFileInvalidFileError }
            } catch {
                return kAudioFileInvalidFileError
            }
            written += run.bytes
        }
        // Another process cut the file while it was read: what was copied cannot be trusted.
        if container.file.truncation() != nil { return kAudioFileInvalidFileError }
        packets.pointee = UInt32(index - first)
        bytes.pointee = UInt32(used)
        return noErr
    }

    /// The packets' bytes in order, as runs contiguous in the file (one run for a data chunk; several where an
    /// MPEG-4 file interleaves tracks).
    private func runs() -> [DataRun] {
        dataRuns.withLock { cached in
            if let cached { return cached }
            var runs: [DataRun] = []
            var start: Int64 = 0
            for index in 0..<table.count {
                let offset = table.offset(at: index)
                let size = Int64(table.size(at: index))
                if let last = runs.last, last.fileOffset + UInt64(last.length) == offset {
                    runs[runs.count - 1] = DataRun(start: last.start, fileOffset: last.fileOffset,
                                                   length: last.length + size)
                } else {
                    runs.append(DataRun(start: start, fileOffset: offset, length: size))
                }
                start += size
            }
            cached = runs
            return runs
        }
    }

    func readBytes(_ start: Int64, _ bytes: UnsafeMutablePointer<UInt32>,
                   _ buffer: UnsafeMutableRawPointer) -> OSStatus {
        let asked = Int64(bytes.pointee)
        bytes.pointee = 0
        guard open.withLock({ $0 }) else { return kAudioFileNotOpenError }
        guard start >= 0 else { return kAudioFilePositionError }
        let total = max(0, table.totalSize)
        guard start < total else { return kAudioFileEndOfFileError }
        let wanted = min(asked, total - start)
        let runs = runs()
        // The last run that starts at or before `start`.
        var low = 0, high = runs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runs[mid].start <= start { low = mid } else { high = mid - 1 }
        }
        var copied: Int64 = 0
        var index = low
        while copied < wanted, index < runs.count {
            let run = runs[index]
            let within = start + copied - run.start
            let count = min(run.length - within, wanted - copied)
            guard let lower = Int(exactly: run.fileOffset + UInt64(within)), let length = Int(exactly: count) else {
                return kAudioFileInvalidFileError
            }
            do {
                let block = try container.file.makeBlockBuffer(range: lower..<(lower + length))
                let status = CMBlockBufferCopyDataBytes(block, atOffset: 0, dataLength: length,
                                                        destination: buffer + Int(copied))
                guard status == kCMBlockBufferNoErr else { return kAudioFileInvalidFileError }
            } catch {
                return kAudioFileInvalidFileError
            }
            copied += count
            index += 1
        }
        // Another process cut the file while it was read: what was copied cannot be trusted.
        if container.file.truncation() != nil { return kAudioFileInvalidFileError }
        bytes.pointee = UInt32(copied)
        return copied < asked ? kAudioFileEndOfFileError : noErr
    }

    func writeBytes(_ start: Int64, _ bytes: UnsafeMutablePointer<UInt32>, _ buffer: UnsafeRawPointer) -> OSStatus {
        bytes.pointee = 0
        return open.withLock { $0 } ? kAudioFilePermissionsError : kAudioFileNotOpenError
    }

    func writePackets(_ bytes: UInt32, _ descriptions: UnsafePointer<AudioStreamPacketDescription>?, _ start: Int64,
                      _ packets: UnsafeMutablePointer<UInt32>, _ buffer: UnsafeRawPointer) -> OSStatus {
        packets.pointee = 0
        return open.withLock { $0 } ? kAudioFilePermissionsError : kAudioFileNotOpenError
    }

    // MARK: Properties

    /// The value of a property, or the status for one this file does not have.
    private func value(_ id: AudioFilePropertyID) -> Result<AudioPropertyValue, ExtAudioFileFailure> {
        switch id {
        case kAudioFilePropertyFileFormat: return .success(.init(fileType))
        case kAudioFilePropertyDataFormat: return .success(.init(description))
        case kAudioFilePropertyIsOptimized: return .success(.init(UInt32(1)))
        case kAudioFilePropertyAudioDataByteCount: return .success(.init(UInt64(max(0, table.totalSize))))
        case kAudioFilePropertyAudioDataPacketCount: return .success(.init(UInt64(table.count)))
        case kAudioFilePropertyMaximumPacketSize, kAudioFilePropertyPacketSizeUpperBound:
            // The whole index is known, so the bound is the largest packet itself.
            return .success(.init(maximumPacketSize()))
        case kAudioFilePropertyDataOffset:
            return .success(.init(Int64(clamping: table.count > 0 ? table.offset(at: 0) : 0)))
        case kAudioFilePropertyMagicCookieData:
            guard let cookie, !cookie.isEmpty else { return .failure(.init(kAudioFileUnsupportedPropertyError)) }
            return .success(.init(bytes: cookie))
        case kAudioFilePropertyChannelLayout:
            guard let layout = layout ?? defaultLayout(channels: description.mChannelsPerFrame),
                  description.mChannelsPerFrame <= 2 || self.layout != nil else {
                return .failure(.init(kAudioFileUnsupportedPropertyError))
            }
            return .success(.init(bytes: Data(bytes: layout.layout, count: layout.layoutSize)))
        case kAudioFilePropertyEstimatedDuration:
            guard description.mSampleRate > 0 else { return .success(.init(Float64(0))) }
            return .success(.init(Float64(max(0, totalFrames - priming - remainder)) / description.mSampleRate))
        case kAudioFilePropertyBitRate:
            let seconds = Double(totalFrames) / max(description.mSampleRate, 1)
            let rate = seconds > 0 ? Double(table.totalSize) * 8 / seconds : 0
            return .success(.init(UInt32(clamping: Int64(rate.rounded()))))
        case kAudioFilePropertyPacketTableInfo:
            // Linear PCM has no packet table: every frame is heard.
            guard !description.isLinearPCM else { return .failure(.init(kAudioFileUnsupportedPropertyError)) }
            return .success(.init(AudioFilePacketTableInfo(
                mNumberValidFrames: max(0, totalFrames - priming - remainder),
                mPrimingFrames: Int32(clamping: priming), mRemainderFrames: Int32(clamping: remainder))))
        default:
            return .failure(.init(kAudioFileUnsupportedPropertyError))
        }
    }

    private func maximumPacketSize() -> UInt32 {
        largestPacket.withLock { cached in
            if let cached { return cached }
            var largest: UInt32
            if let constant = table.constantSize {
                largest = max(constant.size, table.count > 0 ? constant.lastSampleSize : 0)
            } else {
                largest = 0
                for index in 0..<table.count { largest = max(largest, UInt32(clamping: table.size(at: index))) }
            }
            cached = largest
            return largest
        }
    }

    func propertyInfo(_ id: AudioFilePropertyID) -> Result<ExtAudioFilePropertyInfo, ExtAudioFileFailure> {
        guard open.withLock({ $0 }) else { return .failure(.init(kAudioFileNotOpenError)) }
        return value(id).map { ExtAudioFilePropertyInfo(size: $0.size, writable: false) }
    }

    func getProperty(_ id: AudioFilePropertyID, _ size: UnsafeMutablePointer<UInt32>,
                     _ data: UnsafeMutableRawPointer) -> OSStatus {
        guard open.withLock({ $0 }) else { return kAudioFileNotOpenError }
        switch value(id) {
        case .success(let value): return value.copy(size, data, tooSmall: kAudioFileBadPropertySizeError)
        case .failure(let failure): return failure.status
        }
    }

    func setProperty(_ id: AudioFilePropertyID, _ size: UInt32, _ data: UnsafeRawPointer) -> OSStatus {
        guard open.withLock({ $0 }) else { return kAudioFileNotOpenError }
        switch value(id) {
        // A property this file has, but it was opened for reading.
        case .success: return kAudioFilePermissionsError
        case .failure(let failure): return failure.status
        }
    }

    func close() -> OSStatus {
        open.withLock { open in
            guard open else { return kAudioFileNotOpenError }
            open = false
            return noErr
        }
    }
}
