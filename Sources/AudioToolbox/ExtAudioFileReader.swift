import AVFoundation
import Foundation
import Synchronization

/// A file opened with `ExtAudioFileOpenURL`: an `AVAudioFile` read in its standard processing format (deinterleaved
/// Float32 at the file's rate and channel count), converted to the client format by an `AVAudioConverter`.
///
/// Seeking restarts the conversion at the frame asked for. When the client's rate differs, the conversion restarts a
/// little earlier, at a frame whose time is also a whole client frame, and drops what it makes before the frame asked
/// for: the resampler then has its history, and the frames read after a seek are those a read from the start gives at
/// the same times.
final class ExtAudioFileReader: ExtAudioFileObject {
    private let file: AVAudioFile
    private let state: Mutex<State>

    /// How many input frames the converter is given per call of its input block.
    private static let chunk: AVAudioFrameCount = 4_096

    private struct State: @unchecked Sendable {  // AVAudioConverter and the buffers are used under the mutex only.
        var clientDescription: AudioStreamBasicDescription
        var clientLayout: AVAudioChannelLayout?
        /// The converter from the processing format to the client's, made at the first read after the client format
        /// changes; nil while none is needed or made.
        var conversion: Conversion?
        var codecManufacturer: UInt32 = 0
        /// The file frame of the last seek, and the client frames read since.
        var seekFrame: Int64 = 0
        var clientFramesRead: Int64 = 0
        /// Client frames to drop before the next read returns any (the lead-in of a seek).
        var discard = 0
        var isOpen = true
    }

    /// How reads reach the client format.
    private enum Conversion {
        /// The client format is the processing format: reads go straight to the file.
        case direct(AVAudioFormat)
        case converter(AVAudioConverter, input: AVAudioPCMBuffer)

        var format: AVAudioFormat {
            switch self {
            case .direct(let format): format
            case .converter(let converter, _): converter.outputFormat
            }
        }
    }

    private init(file: AVAudioFile) {
        self.file = file
        state = Mutex(State(clientDescription: file.fileFormat.streamDescription.pointee))
    }

    static func open(_ url: URL) -> Result<ExtAudioFileReader, ExtAudioFileFailure> {
        guard url.isFileURL else { return .failure(.init(kAudio_BadFilePathError)) }
        guard FileManager.default.fileExists(atPath: url.path) else { return .failure(.init(kAudioFileFileNotFoundError)) }
        do {
            let file = try AVAudioFile(forReading: url, commonFormat: .pcmFormatFloat32, interleaved: false)
            return .success(ExtAudioFileReader(file: file))
        } catch {
            return .failure(.init(error, otherwise: kAudioFileUnspecifiedError))
        }
    }

    // MARK: Reading

    func read(_ frames: UnsafeMutablePointer<UInt32>, _ data: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        let asked = Int(frames.pointee)
        frames.pointee = 0
        return state.withLock { state in
            guard state.isOpen else { return kAudioFileNotOpenError }
            let conversion: Conversion
            switch currentConversion(&state) {
            case .success(let current): conversion = current
            case .failure(let failure): return failure.status
            }
            let list = UnsafeMutableAudioBufferListPointer(data)
            let room: Int
            switch bufferFrames(list, format: conversion.format) {
            case .success(let frames): room = frames
            case .failure(let failure): return failure.status
            }
            let wanted = min(asked, room)
            guard wanted > 0 else {
                setByteSizes(list, format: conversion.format, frames: 0)
                return noErr
            }
            guard let output = AVAudioPCMBuffer(pcmFormat: conversion.format, frameCapacity: AVAudioFrameCount(wanted))
            else { return kAudio_MemFullError }
            do {
                while state.discard > 0 {
                    let dropped = try fill(output, from: conversion, frames: min(state.discard, wanted))
                    guard dropped > 0 else { break }
                    state.discard -= dropped
                }
                state.discard = 0
                let count = try fill(output, from: conversion, frames: wanted)
                copy(output, frames: count, into: list)
                state.clientFramesRead += Int64(count)
                frames.pointee = UInt32(count)
                return noErr
            } catch let failure as ExtAudioFileFailure {
                return failure.status
            } catch {
                return ExtAudioFileFailure(error, otherwise: kAudioFileInvalidFileError).status
            }
        }
    }

    /// Fills `output` with up to `frames` client frames; returns how many (0 at the end).
    private func fill(_ output: AVAudioPCMBuffer, from conversion: Conversion, frames: Int) throws -> Int {
        switch conversion {
        case .direct:
            try file.read(into: output, frameCount: AVAudioFrameCount(frames))
            return Int(output.frameLength)
        case .converter(let converter, let input):
            // The converter fills the buffer's capacity; a smaller count uses a buffer of that size.
            let target = frames == Int(output.frameCapacity) ? output
                : AVAudioPCMBuffer(pcmFormat: output.format, frameCapacity: AVAudioFrameCount(frames))
            guard let target else { throw ExtAudioFileFailure(kAudio_MemFullError) }
            var readError: (any Error)?
            var error: NSError?
            let status = converter.convert(to: target, error: &error) { packets, status in
                let count = min(max(packets, 1), input.frameCapacity)
                do {
                    try self.file.read(into: input, frameCount: count)
                } catch {
                    readError = error
                    status.pointee = .noDataNow
                    return nil
                }
                guard input.frameLength > 0 else {
                    status.pointee = .endOfStream
                    return nil
                }
                status.pointee = .haveData
                return input
            }
            if let readError { throw ExtAudioFileFailure(readError, otherwise: kAudioFileInvalidFileError) }
            if status == .error {
                throw ExtAudioFileFailure(error ?? NSError(domain: NSOSStatusErrorDomain, code: Int(kAudio_ParamError)),
                                          otherwise: kExtAudioFileError_InvalidDataFormat)
            }
            let count = Int(target.frameLength)
            if target !== output, count > 0 {
                output.frameLength = AVAudioFrameCount(count)
                copyFrames(from: target, to: output, frames: count)
            }
            return count
        }
    }

    /// The conversion for the current client format, made when missing.
    private func currentConversion(_ state: inout State) -> Result<Conversion, ExtAudioFileFailure> {
        if let conversion = state.conversion { return .success(conversion) }
        let format: AVAudioFormat
        switch clientFormat(state.clientDescription, layout: state.clientLayout) {
        case .success(let made): format = made
        case .failure(let failure): return .failure(failure)
        }
        let conversion: Conversion
        if format.isEqual(file.processingFormat) {
            conversion = .direct(file.processingFormat)
        } else {
            guard let converter = AVAudioConverter(from: file.processingFormat, to: format),
                  let input = AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: Self.chunk) else {
                return .failure(.init(kExtAudioFileError_InvalidDataFormat))
            }
            conversion = .converter(converter, input: input)
        }
        state.conversion = conversion
        return .success(conversion)
    }

    private func setByteSizes(_ list: UnsafeMutableAudioBufferListPointer, format: AVAudioFormat, frames: Int) {
        let planes = format.isInterleaved ? 1 : Int(format.channelCount)
        let bytes = UInt32(frames) * format.streamDescription.pointee.mBytesPerFrame
        for plane in 0..<planes { list[plane].mDataByteSize = bytes }
    }

    /// Copies `frames` frames of `buffer` into the client's buffers and sets their byte sizes.
    private func copy(_ buffer: AVAudioPCMBuffer, frames: Int, into list: UnsafeMutableAudioBufferListPointer) {
        let source = UnsafeMutableAudioBufferListPointer(buffer.mutableAudioBufferList)
        let bytes = frames * Int(buffer.format.streamDescription.pointee.mBytesPerFrame)
        for plane in source.indices {
            if let from = source[plane].mData, let to = list[plane].mData, bytes > 0 {
                to.copyMemory(from: from, byteCount: bytes)
            }
        }
        setByteSizes(list, format: buffer.format, frames: frames)
    }

    private func copyFrames(from source: AVAudioPCMBuffer, to target: AVAudioPCMBuffer, frames: Int) {
        let from = UnsafeMutableAudioBufferListPointer(source.mutableAudioBufferList)
        let to = UnsafeMutableAudioBufferListPointer(target.mutableAudioBufferList)
        let bytes = frames * Int(source.format.streamDescription.pointee.mBytesPerFrame)
        for plane in from.indices {
            if let a = from[plane].mData, let b = to[plane].mData { b.copyMemory(from: a, byteCount: bytes) }
        }
    }

    func write(_ frames: UInt32, _ data: UnsafePointer<AudioBufferList>) -> OSStatus {
        state.withLock { $0.isOpen } ? kAudioFilePermissionsError : kAudioFileNotOpenError
    }

    // MARK: Position

    func seek(_ frame: Int64) -> OSStatus {
        state.withLock { state in
            guard state.isOpen else { return kAudioFileNotOpenError }
            guard frame >= 0, frame <= file.length else { return kExtAudioFileError_InvalidSeek }
            var start = frame
            state.discard = 0
            if case .success(.converter(let converter, _)) = currentConversion(&state) {
                converter.reset()
                let lead = Self.leadIn(before: frame, fileRate: file.processingFormat.sampleRate,
                                       clientRate: converter.outputFormat.sampleRate)
                start = frame - lead.fileFrames
                state.discard = lead.clientFrames
            }
            file.framePosition = start
            state.seekFrame = frame
            state.clientFramesRead = 0
            return noErr
        }
    }

    /// The file frames to restart before `frame`, a whole number of client frames long (at most about 4,096 file
    /// frames, none when the rates have no small common period).
    private static func leadIn(before frame: Int64, fileRate: Double, clientRate: Double)
        -> (fileFrames: Int64, clientFrames: Int) {
        guard fileRate != clientRate, fileRate == fileRate.rounded(), clientRate == clientRate.rounded(),
              fileRate >= 1, clientRate >= 1, fileRate < 1e9, clientRate < 1e9 else { return (0, 0) }
        let a = Int64(fileRate), b = Int64(clientRate)
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        let filePeriod = a / x, clientPeriod = b / x
        let periods = min(frame, 4_096) / filePeriod
        return (periods * filePeriod, Int(periods * clientPeriod))
    }

    func tell() -> Int64 {
        state.withLock { tellLocked($0) }
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
                fileLayout().map { .init(size: UInt32($0.layoutSize), writable: false) }
                    .map(Result.success) ?? .failure(.init(kExtAudioFileError_InvalidProperty))
            case kExtAudioFileProperty_ClientChannelLayout:
                clientLayout(state).map { .init(size: UInt32($0.layoutSize), writable: true) }
                    .map(Result.success) ?? .failure(.init(kExtAudioFileError_InvalidProperty))
            default: .failure(.init(kExtAudioFileError_InvalidProperty))
            }
        }
    }

    private func fileLayout() -> AVAudioChannelLayout? {
        file.fileFormat.channelLayout ?? defaultLayout(channels: file.fileFormat.channelCount)
    }

    private func clientLayout(_ state: State) -> AVAudioChannelLayout? {
        state.clientLayout ?? defaultLayout(channels: state.clientDescription.mChannelsPerFrame)
    }

    func getProperty(_ id: ExtAudioFilePropertyID, _ size: UnsafeMutablePointer<UInt32>,
                     _ data: UnsafeMutableRawPointer) -> OSStatus {
        state.withLock { state in
            switch id {
            case kExtAudioFileProperty_FileDataFormat:
                return copyValue(file.fileFormat.streamDescription.pointee, size, data)
            case kExtAudioFileProperty_ClientDataFormat:
                return copyValue(state.clientDescription, size, data)
            case kExtAudioFileProperty_FileLengthFrames:
                return copyValue(Int64(file.length), size, data)
            case kExtAudioFileProperty_CodecManufacturer:
                return copyValue(state.codecManufacturer, size, data)
            case kExtAudioFileProperty_FileChannelLayout:
                guard let layout = fileLayout() else { return kExtAudioFileError_InvalidProperty }
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
                // Check it now, so that a wrong format is refused here rather than at the first read.
                switch clientFormat(description, layout: nil) {
                case .failure(let failure): return failure.status
                case .success(let format):
                    guard format.isEqual(file.processingFormat)
                        || AVAudioConverter(from: file.processingFormat, to: format) != nil else {
                        return kExtAudioFileError_InvalidDataFormat
                    }
                }
                state.clientDescription = description
                state.clientLayout = nil
                return restartConversion(&state)
            case kExtAudioFileProperty_ClientChannelLayout:
                guard let layout = layout(from: data, size: size) else { return kExtAudioFileError_InvalidPropertySize }
                guard layout.channelCount == 0 || layout.channelCount == state.clientDescription.mChannelsPerFrame else {
                    return kExtAudioFileError_InvalidChannelMap
                }
                guard case .success = clientFormat(state.clientDescription, layout: layout) else {
                    return kExtAudioFileError_InvalidChannelMap
                }
                state.clientLayout = layout
                return restartConversion(&state)
            case kExtAudioFileProperty_CodecManufacturer:
                guard size == UInt32(MemoryLayout<UInt32>.size) else { return kExtAudioFileError_InvalidPropertySize }
                state.codecManufacturer = data.loadUnaligned(as: UInt32.self)
                return noErr
            default:
                return kExtAudioFileError_InvalidProperty
            }
        }
    }

    /// Makes the next read convert to the new client format from the current position.
    private func restartConversion(_ state: inout State) -> OSStatus {
        let position = tellLocked(state)
        state.conversion = nil
        state.discard = 0
        state.seekFrame = position
        state.clientFramesRead = 0
        file.framePosition = position
        return noErr
    }

    private func tellLocked(_ state: State) -> Int64 {
        let clientRate = state.clientDescription.mSampleRate
        let fileRate = file.processingFormat.sampleRate
        guard state.clientFramesRead > 0, clientRate > 0, clientRate != fileRate else {
            return state.seekFrame + state.clientFramesRead
        }
        return state.seekFrame + Int64((Double(state.clientFramesRead) * fileRate / clientRate).rounded())
    }

    func dispose() -> OSStatus {
        state.withLock { state in
            state.isOpen = false
            state.conversion = nil
        }
        file.close()
        return noErr
    }
}
