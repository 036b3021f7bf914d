import AVFoundation
import Foundation
import Synchronization

/// A file made with `ExtAudioFileCreateWithURL`: an `AVAudioFile` written from its standard processing format
/// (deinterleaved Float32 at the file's rate and channel count), the client's buffers converted to that by an
/// `AVAudioConverter`. The file is finished by `dispose()`.
///
/// An encoded format given with a sample rate of 0 takes the client format's rate: the file is made when the client
/// format is set (Apple's encoder picks a rate itself).
final class ExtAudioFileWriter: ExtAudioFileObject {
    private let url: URL
    private let fileType: AudioFileTypeID
    private let state: Mutex<State>

    /// Output frames per conversion call.
    private static let chunk: AVAudioFrameCount = 4_096

    private struct State: @unchecked Sendable {  // The AVFAudio objects are used under the mutex only.
        /// The file's format: as asked until the file exists, then the file's own.
        var fileDescription: AudioStreamBasicDescription
        var fileLayout: AVAudioChannelLayout?
        var file: AVAudioFile?
        /// The client format set, or nil for the file's format.
        var clientDescription: AudioStreamBasicDescription?
        var clientLayout: AVAudioChannelLayout?
        var conversion: Conversion?
        var codecManufacturer: UInt32 = 0
        var isOpen = true
    }

    private enum Conversion {
        case direct(AVAudioFormat)
        case converter(AVAudioConverter, output: AVAudioPCMBuffer)

        var format: AVAudioFormat {
            switch self {
            case .direct(let format): format
            case .converter(let converter, _): converter.inputFormat
            }
        }
    }

    /// The file types written, and the `AVAudioFileTypeKey` values the AVAudioFile writer takes for them.
    private static let writableTypes: Set<AudioFileTypeID> = [
        kAudioFileWAVEType, kAudioFileAIFFType, kAudioFileAIFCType, kAudioFileCAFType, kAudioFileM4AType,
        kAudioFileMPEG4Type, kAudioFile3GPType, kAudioFileAMRType,
    ]

    private init(url: URL, fileType: AudioFileTypeID, state: State) {
        self.url = url
        self.fileType = fileType
        self.state = Mutex(state)
    }

    static func create(url: URL, fileType: AudioFileTypeID, format: AudioStreamBasicDescription,
                       layout layoutPointer: UnsafePointer<AudioChannelLayout>?, flags: AudioFileFlags)
        -> Result<ExtAudioFileWriter, ExtAudioFileFailure> {
        guard url.isFileURL else { return .failure(.init(kAudio_BadFilePathError)) }
        guard writableTypes.contains(fileType) else { return .failure(.init(kAudioFileUnsupportedFileTypeError)) }
        if let problem = check(format, fileType: fileType) { return .failure(.init(problem)) }
        var layout: AVAudioChannelLayout?
        if let layoutPointer {
            let given = AVAudioChannelLayout(layout: layoutPointer)
            guard given.channelCount == 0 || given.channelCount == format.mChannelsPerFrame else {
                return .failure(.init(kExtAudioFileError_InvalidChannelMap))
            }
            layout = given
        }
        let exists = FileManager.default.fileExists(atPath: url.path)
        if exists, !flags.contains(.eraseFile) { return .failure(.init(kAudioFilePermissionsError)) }
        let writer = ExtAudioFileWriter(url: url, fileType: fileType,
                                        state: State(fileDescription: format, fileLayout: layout))
        // An encoded format without a rate waits for the client's; the file is made then.
        guard format.mSampleRate > 0 || !format.isLinearPCM else {
            return format.mSampleRate == 0 ? .success(writer) : .failure(.init(kAudioFileUnsupportedDataFormatError))
        }
        let made = writer.state.withLock { state in writer.makeFile(&state, rate: format.mSampleRate, replacing: exists) }
        if let failure = made { return .failure(failure) }
        return .success(writer)
    }

    /// Why Apple's call refuses `format` for `fileType`, or nil: no channels or format, non-interleaved data (a file's
    /// samples are interleaved), PCM whose sizes disagree, big-endian WAVE, little-endian or float AIFF.
    private static func check(_ format: AudioStreamBasicDescription, fileType: AudioFileTypeID) -> OSStatus? {
        guard format.mChannelsPerFrame >= 1, format.mFormatID != 0, format.mSampleRate >= 0,
              format.mSampleRate.isFinite else { return kAudioFileUnsupportedDataFormatError }
        guard format.mFormatFlags & kAudioFormatFlagIsNonInterleaved == 0 || format.mChannelsPerFrame == 1 else {
            return kAudioFileUnsupportedDataFormatError
        }
        guard format.isLinearPCM else { return nil }
        let bits = format.mBitsPerChannel
        guard bits > 0, bits % 8 == 0, format.mBytesPerFrame == bits / 8 * format.mChannelsPerFrame,
              format.mSampleRate > 0 else { return kAudioFileUnsupportedDataFormatError }
        let bigEndian = format.mFormatFlags & kAudioFormatFlagIsBigEndian != 0
        let float = format.mFormatFlags & kAudioFormatFlagIsFloat != 0
        switch fileType {
        case kAudioFileWAVEType where bigEndian && bits > 8: return kAudioFileUnsupportedDataFormatError
        case kAudioFileAIFFType where float || (!bigEndian && bits > 8): return kAudioFileUnsupportedDataFormatError
        default: return nil
        }
    }

    /// The AVAudioFile settings for the file's format at `rate`.
    private func settings(_ state: State, rate: Double) -> [String: Any] {
        let format = state.fileDescription
        var settings: [String: Any] = [
            AVFormatIDKey: Int(format.mFormatID), AVSampleRateKey: rate,
            AVNumberOfChannelsKey: Int(format.mChannelsPerFrame), AVAudioFileTypeKey: Int(fileType),
        ]
        if format.isLinearPCM {
            settings[AVLinearPCMBitDepthKey] = Int(format.mBitsPerChannel)
            settings[AVLinearPCMIsFloatKey] = format.mFormatFlags & kAudioFormatFlagIsFloat != 0
            settings[AVLinearPCMIsBigEndianKey] = format.mFormatFlags & kAudioFormatFlagIsBigEndian != 0
            settings[AVLinearPCMIsNonInterleaved] = false
        }
        if let layout = state.fileLayout ?? (format.mChannelsPerFrame > 2 ? defaultLayout(channels: format.mChannelsPerFrame) : nil) {
            settings[AVChannelLayoutKey] = Data(bytes: layout.layout, count: layout.layoutSize)
        }
        return settings
    }

    /// Makes the file at `rate`. An existing file (which the caller may replace) is moved aside first and put back if
    /// the new one cannot be made; nothing of a failed attempt is left at the URL.
    private func makeFile(_ state: inout State, rate: Double, replacing: Bool) -> ExtAudioFileFailure? {
        let settings = settings(state, rate: rate)
        guard AVAudioFormat(settings: settings) != nil else { return .init(kAudioFileUnsupportedDataFormatError) }
        let manager = FileManager.default
        var aside: URL?
        if replacing || manager.fileExists(atPath: url.path) {
            let spare = url.deletingLastPathComponent()
                .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).replaced")
            do {
                try manager.moveItem(at: url, to: spare)
            } catch {
                return .init(kAudioFilePermissionsError)
            }
            aside = spare
        }
        do {
            let file = try AVAudioFile(forWriting: url, settings: settings, commonFormat: .pcmFormatFloat32,
                                       interleaved: false)
            state.file = file
            state.fileDescription = file.fileFormat.streamDescription.pointee
            if let aside { try? manager.removeItem(at: aside) }
            return nil
        } catch {
            try? manager.removeItem(at: url)
            if let aside { try? manager.moveItem(at: aside, to: url) }
            return .init(error, otherwise: kAudioFileUnsupportedDataFormatError)
        }
    }

    // MARK: Writing

    func write(_ frames: UInt32, _ data: UnsafePointer<AudioBufferList>) -> OSStatus {
        state.withLock { state in
            guard state.isOpen else { return kAudioFileNotOpenError }
            guard let file = state.file else { return kExtAudioFileError_InvalidOperationOrder }
            let conversion: Conversion
            switch currentConversion(&state, file: file) {
            case .success(let current): conversion = current
            case .failure(let failure): return failure.status
            }
            let list = UnsafeMutableAudioBufferListPointer(UnsafeMutablePointer(mutating: data))
            switch bufferFrames(list, format: conversion.format) {
            case .success(let room): guard Int(frames) <= room else { return kAudio_ParamError }
            case .failure(let failure): return failure.status
            }
            guard frames > 0 else { return noErr }
            guard let input = AVAudioPCMBuffer(pcmFormat: conversion.format, frameCapacity: frames) else {
                return kAudio_MemFullError
            }
            input.frameLength = frames
            let target = UnsafeMutableAudioBufferListPointer(input.mutableAudioBufferList)
            let bytes = Int(frames) * Int(conversion.format.streamDescription.pointee.mBytesPerFrame)
            for plane in target.indices {
                if let to = target[plane].mData, let from = list[plane].mData { to.copyMemory(from: from, byteCount: bytes) }
            }
            do {
                switch conversion {
                case .direct:
                    try file.write(from: input)
                case .converter(let converter, let output):
                    try convert(converter, input: input, output: output, into: file)
                }
                return noErr
            } catch let failure as ExtAudioFileFailure {
                return failure.status
            } catch {
                return ExtAudioFileFailure(error, otherwise: kAudioFileUnspecifiedError).status
            }
        }
    }

    /// Converts `input` (nil: the end of the input) and writes what comes out.
    private func convert(_ converter: AVAudioConverter, input: AVAudioPCMBuffer?, output: AVAudioPCMBuffer,
                         into file: AVAudioFile) throws {
        var given = false
        while true {
            var error: NSError?
            let status = converter.convert(to: output, error: &error) { _, status in
                guard let input else {
                    status.pointee = .endOfStream
                    return nil
                }
                if given {
                    status.pointee = .noDataNow
                    return nil
                }
                given = true
                status.pointee = .haveData
                return input
            }
            if status == .error {
                throw ExtAudioFileFailure(error ?? NSError(domain: NSOSStatusErrorDomain, code: Int(kAudio_ParamError)),
                                          otherwise: kExtAudioFileError_InvalidDataFormat)
            }
            if output.frameLength > 0 { try file.write(from: output) }
            if status == .inputRanDry || status == .endOfStream || output.frameLength == 0 { return }
        }
    }

    private func currentConversion(_ state: inout State, file: AVAudioFile) -> Result<Conversion, ExtAudioFileFailure> {
        if let conversion = state.conversion { return .success(conversion) }
        let format: AVAudioFormat
        switch clientFormat(state.clientDescription ?? state.fileDescription, layout: state.clientLayout) {
        case .success(let made): format = made
        case .failure(let failure): return .failure(failure)
        }
        let conversion: Conversion
        if format.isEqual(file.processingFormat) {
            conversion = .direct(file.processingFormat)
        } else {
            guard let converter = AVAudioConverter(from: format, to: file.processingFormat),
                  let output = AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: Self.chunk) else {
                return .failure(.init(kExtAudioFileError_InvalidDataFormat))
            }
            conversion = .converter(converter, output: output)
        }
        state.conversion = conversion
        return .success(conversion)
    }

    /// Writes what the converter still holds (a resampler's tail) and forgets it.
    private func flush(_ state: inout State) throws {
        if case .converter(let converter, let output)? = state.conversion, let file = state.file {
            try convert(converter, input: nil, output: output, into: file)
        }
        state.conversion = nil
    }

    func read(_ frames: UnsafeMutablePointer<UInt32>, _ data: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        frames.pointee = 0
        return state.withLock { $0.isOpen } ? kAudioFilePermissionsError : kAudioFileNotOpenError
    }

    // MARK: Position

    func seek(_ frame: Int64) -> OSStatus {
        state.withLock { state in
            guard state.isOpen else { return kAudioFileNotOpenError }
            return frame == (state.file?.length ?? 0) ? noErr : kExtAudioFileError_InvalidSeek
        }
    }

    func tell() -> Int64 {
        state.withLock { $0.file?.length ?? 0 }
    }

    // MARK: Properties

    func propertyInfo(_ id: ExtAudioFilePropertyID) -> Result<ExtAudioFilePropertyInfo, ExtAudioFileFailure> {
        state.withLock { state in
            switch id {
            case kExtAudioFileProperty_FileDataFormat: .success(.init(size: streamDescriptionSize, writable: false))
            case kExtAudioFileProperty_ClientDataFormat: .success(.init(size: streamDescriptionSize, writable: true))
            case kExtAudioFileProperty_FileLengthFrames:
                .success(.init(size: UInt32(MemoryLayout<Int64>.size), writable: false))
            case kExtAudioFileProperty_CodecManufacturer:
                .success(.init(size: UInt32(MemoryLayout<UInt32>.size), writable: true))
            case kExtAudioFileProperty_FileChannelLayout:
                fileLayout(state).map { .init(size: UInt32($0.layoutSize), writable: false) }
                    .map(Result.success) ?? .failure(.init(kExtAudioFileError_InvalidProperty))
            case kExtAudioFileProperty_ClientChannelLayout:
                clientLayout(state).map { .init(size: UInt32($0.layoutSize), writable: true) }
                    .map(Result.success) ?? .failure(.init(kExtAudioFileError_InvalidProperty))
            default: .failure(.init(kExtAudioFileError_InvalidProperty))
            }
        }
    }

    private func fileLayout(_ state: State) -> AVAudioChannelLayout? {
        state.fileLayout ?? state.file?.fileFormat.channelLayout
            ?? defaultLayout(channels: state.fileDescription.mChannelsPerFrame)
    }

    private func clientLayout(_ state: State) -> AVAudioChannelLayout? {
        state.clientLayout ?? defaultLayout(channels: (state.clientDescription ?? state.fileDescription).mChannelsPerFrame)
    }

    func getProperty(_ id: ExtAudioFilePropertyID, _ size: UnsafeMutablePointer<UInt32>,
                     _ data: UnsafeMutableRawPointer) -> OSStatus {
        state.withLock { state in
            switch id {
            case kExtAudioFileProperty_FileDataFormat:
                return copyValue(state.fileDescription, size, data)
            case kExtAudioFileProperty_ClientDataFormat:
                return copyValue(state.clientDescription ?? state.fileDescription, size, data)
            case kExtAudioFileProperty_FileLengthFrames:
                return copyValue(Int64(state.file?.length ?? 0), size, data)
            case kExtAudioFileProperty_CodecManufacturer:
                return copyValue(state.codecManufacturer, size, data)
            case kExtAudioFileProperty_FileChannelLayout:
                guard let layout = fileLayout(state) else { return kExtAudioFileError_InvalidProperty }
                return copyLayout(layout, size, data)
            case kExtAudioFileProperty_ClientChannelLayout:
                guard let layout = clientLayout(state) else { return kExtAudioFileError_InvalidProperty }
                return copyLayout(layout, size, data)
            default:
                return kExtAudioFileError_InvalidProperty
            }
        }
    }

    func setProperty(_ id: ExtAudioFilePropertyID, _ size: UInt32, _ data: UnsafeRawPointer) -> OSStatus {
        state.withLock { state in
            guard state.isOpen else { return kAudioFileNotOpenError }
            switch id {
            case kExtAudioFileProperty_ClientDataFormat:
                guard size == streamDescriptionSize else { return kExtAudioFileError_InvalidPropertySize }
                let description = data.loadUnaligned(as: AudioStreamBasicDescription.self)
                let format: AVAudioFormat
                switch clientFormat(description, layout: nil) {
                case .success(let made): format = made
                case .failure(let failure): return failure.status
                }
                if state.file == nil, let failure = makeFile(&state, rate: description.mSampleRate, replacing: false) {
                    return failure.status
                }
                guard let file = state.file else { return kExtAudioFileError_InvalidOperationOrder }
                guard format.isEqual(file.processingFormat)
                    || AVAudioConverter(from: format, to: file.processingFormat) != nil else {
                    return kExtAudioFileError_InvalidDataFormat
                }
                do { try flush(&state) } catch { return ExtAudioFileFailure(error, otherwise: kAudioFileUnspecifiedError).status }
                state.clientDescription = description
                state.clientLayout = nil
                return noErr
            case kExtAudioFileProperty_ClientChannelLayout:
                guard let layout = layout(from: data, size: size) else { return kExtAudioFileError_InvalidPropertySize }
                let description = state.clientDescription ?? state.fileDescription
                guard layout.channelCount == 0 || layout.channelCount == description.mChannelsPerFrame,
                      case .success = clientFormat(description, layout: layout) else {
                    return kExtAudioFileError_InvalidChannelMap
                }
                do { try flush(&state) } catch { return ExtAudioFileFailure(error, otherwise: kAudioFileUnspecifiedError).status }
                state.clientLayout = layout
                return noErr
            case kExtAudioFileProperty_CodecManufacturer:
                guard size == UInt32(MemoryLayout<UInt32>.size) else { return kExtAudioFileError_InvalidPropertySize }
                state.codecManufacturer = data.loadUnaligned(as: UInt32.self)
                return noErr
            default:
                return kExtAudioFileError_InvalidProperty
            }
        }
    }

    func dispose() -> OSStatus {
        state.withLock { state in
            guard state.isOpen else { return kAudioFileNotOpenError }
            state.isOpen = false
            var status = noErr
            do {
                try flush(&state)
            } catch {
                status = ExtAudioFileFailure(error, otherwise: kAudioFileUnspecifiedError).status
            }
            if let file = state.file {
                file.close()
                if status == noErr, let error = file.closingError {
                    status = ExtAudioFileFailure(error, otherwise: kAudioFileUnspecifiedError).status
                }
                // A file that could not be finished (nothing written, say: the writer needs a sample) is not left
                // half made.
                if file.closingError != nil { try? FileManager.default.removeItem(at: url) }
            }
            state.file = nil
            return status
        }
    }
}
