import AVFoundation
import Foundation

/// The converters by the number their ref carries.
enum AudioConverterTable {
    static let shared = OpaqueRefTable<AudioConverterObject>()
}

/// What an `AudioConverterRef` names: an `AVAudioConverter` between the two formats, with the C calls' buffers
/// copied into and out of AVAudioFAudio's (`AVAudioPCMBuffer`, `AVAudioCompressedBuffer`). `AVAudioConverter`
/// serialises its own conversions and settings, so this holds nothing mutable.
final class AudioConverterObject: Sendable {
    let converter: AVAudioConverter

    private init(converter: AVAudioConverter) {
        self.converter = converter
    }

    /// A converter between `source` and `destination`, or `kAudioConverterErr_FormatNotSupported`.
    static func make(from source: AudioStreamBasicDescription, to destination: AudioStreamBasicDescription)
        -> Result<AudioConverterObject, ExtAudioFileFailure> {
        guard let input = format(source), let output = format(destination),
              let converter = AVAudioConverter(from: input, to: output) else {
            return .failure(.init(kAudioConverterErr_FormatNotSupported))
        }
        return .success(AudioConverterObject(converter: converter))
    }

    /// The `AVAudioFormat` of a description: beyond two channels with channels in order, as nothing says otherwise.
    /// A codec's frames per packet, which callers leave 0 for the converter to fill in (Apple's does), are the
    /// codec's (the package's one table of them, which AVAudioFormat's settings use too).
    private static func format(_ description: AudioStreamBasicDescription) -> AVAudioFormat? {
        var asbd = description
        guard asbd.mChannelsPerFrame > 0, asbd.mSampleRate > 0 else { return nil }
        let layout = asbd.mChannelsPerFrame > 2 ? defaultLayout(channels: asbd.mChannelsPerFrame) : nil
        if !asbd.isLinearPCM, asbd.mFramesPerPacket == 0 {
            asbd.mFramesPerPacket = CompressedPacketSizes.framesPerPacket(asbd.mFormatID)
        }
        return AVAudioFormat(streamDescription: &asbd, channelLayout: layout)
    }

    private var inputDescription: AudioStreamBasicDescription { converter.inputFormat.streamDescription.pointee }
    private var outputDescription: AudioStreamBasicDescription { converter.outputFormat.streamDescription.pointee }

    func reset() { converter.reset() }

    // MARK: Converting

    func convertBuffer(_ inputSize: UInt32, _ input: UnsafeRawPointer, _ outputSize: UnsafeMutablePointer<UInt32>,
                       _ output: UnsafeMutableRawPointer) -> OSStatus {
        let source = inputDescription, target = outputDescription
        // AudioConverter.h: only for PCM whose input and output sizes are in a fixed ratio (no rate conversion), in
        // one buffer each (interleaved, or one channel).
        guard source.isLinearPCM, target.isLinearPCM, source.mSampleRate == target.mSampleRate,
              converter.inputFormat.isInterleaved || source.mChannelsPerFrame == 1,
              converter.outputFormat.isInterleaved || target.mChannelsPerFrame == 1 else {
            outputSize.pointee = 0
            return kAudioConverterErr_OperationNotSupported
        }
        let inFrameBytes = Int(source.mBytesPerFrame), outFrameBytes = Int(target.mBytesPerFrame)
        guard inFrameBytes > 0, outFrameBytes > 0, Int(inputSize) % inFrameBytes == 0 else {
            outputSize.pointee = 0
            return kAudioConverterErr_InvalidInputSize
        }
        let frames = Int(inputSize) / inFrameBytes
        guard frames * outFrameBytes <= Int(outputSize.pointee) else {
            outputSize.pointee = 0
            return kAudioConverterErr_InvalidOutputSize
        }
        guard frames > 0 else {
            outputSize.pointee = 0
            return noErr
        }
        guard let from = AVAudioPCMBuffer(pcmFormat: converter.inputFormat, frameCapacity: AVAudioFrameCount(frames)),
              let to = AVAudioPCMBuffer(pcmFormat: converter.outputFormat, frameCapacity: AVAudioFrameCount(frames))
        else { return kAudio_MemFullError }
        from.frameLength = AVAudioFrameCount(frames)
        from.mutableAudioBufferList.pointee.mBuffers.mData?.copyMemory(from: input, byteCount: Int(inputSize))
        do {
            try converter.convert(to: to, from: from)
        } catch {
            outputSize.pointee = 0
            return ExtAudioFileFailure(error, otherwise: kAudioConverterErr_UnspecifiedError).status
        }
        let bytes = Int(to.frameLength) * outFrameBytes
        if let data = to.audioBufferList.pointee.mBuffers.mData { output.copyMemory(from: data, byteCount: bytes) }
        outputSize.pointee = UInt32(bytes)
        return noErr
    }

    func fill(ref: AudioConverterRef, input proc: @escaping AudioConverterComplexInputDataProc,
              userData: UnsafeMutableRawPointer?, packets: UnsafeMutablePointer<UInt32>,
              output: UnsafeMutablePointer<AudioBufferList>,
              descriptions: UnsafeMutablePointer<AudioStreamPacketDescription>?) -> OSStatus {
        let wanted = Int(packets.pointee)
        packets.pointee = 0
        guard wanted > 0 else { return noErr }
        let list = UnsafeMutableAudioBufferListPointer(output)
        let feeder = InputFeeder(ref: ref, proc: proc, userData: userData, format: converter.inputFormat)
        defer { feeder.release() }
        if outputDescription.isLinearPCM {
            return fillPCM(list, wanted: wanted, packets: packets, feeder: feeder)
        }
        return fillPackets(list, wanted: wanted, packets: packets, descriptions: descriptions, feeder: feeder)
    }

    private func fillPCM(_ list: UnsafeMutableAudioBufferListPointer, wanted: Int,
                         packets: UnsafeMutablePointer<UInt32>, feeder: InputFeeder) -> OSStatus {
        let format = converter.outputFormat
        let room: Int
        switch bufferFrames(list, format: format) {
        case .success(let frames): room = frames
        case .failure(let failure): return failure.status
        }
        let frames = min(wanted, room)
        guard frames > 0 else { return kAudioConverterErr_InvalidOutputSize }
        guard let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(frames)) else {
            return kAudio_MemFullError
        }
        var error: NSError?
        let status = converter.convert(to: buffer, error: &error, withInputFrom: feeder.block)
        if status == .error { return feeder.status ?? Self.status(of: error) }
        let count = Int(buffer.frameLength)
        let bytes = count * Int(format.streamDescription.pointee.mBytesPerFrame)
        let source = UnsafeMutableAudioBufferListPointer(buffer.mutableAudioBufferList)
        for plane in 0..<(format.isInterleaved ? 1 : Int(format.channelCount)) {
            if let from = source[plane].mData, let to = list[plane].mData, bytes > 0 {
                to.copyMemory(from: from, byteCount: bytes)
            }
            list[plane].mDataByteSize = UInt32(bytes)
        }
        packets.pointee = UInt32(count)
        return feeder.status ?? noErr
    }

    private func fillPackets(_ list: UnsafeMutableAudioBufferListPointer, wanted: Int,
                             packets: UnsafeMutablePointer<UInt32>,
                             descriptions: UnsafeMutablePointer<AudioStreamPacketDescription>?,
                             feeder: InputFeeder) -> OSStatus {
        let format = converter.outputFormat
        let variable = outputDescription.mBytesPerPacket == 0
        guard !variable || descriptions != nil else { return kAudioConverterErr_RequiresPacketDescriptionsError }
        guard list.count >= 1, let data = list[0].mData else { return kAudio_ParamError }
        let capacity = Int(list[0].mDataByteSize)
        // The client's bytes shared out among the packets asked for: the buffer takes packets while its bytes last.
        let packetBytes = capacity / wanted
        guard packetBytes > 0 else { return kAudioConverterErr_InvalidOutputSize }
        let buffer = AVAudioCompressedBuffer(format: format, packetCapacity: AVAudioPacketCount(wanted),
                                             maximumPacketSize: packetBytes)
        var error: NSError?
        let status = converter.convert(to: buffer, error: &error, withInputFrom: feeder.block)
        if status == .error {
            // The next packet is larger than all the bytes the caller gave.
            if error?.code == Int(kAudio_ParamError), feeder.status == nil {
                return kAudioConverterErr_InvalidOutputSize
            }
            return feeder.status ?? Self.status(of: error)
        }
        let count = Int(buffer.packetCount)
        let bytes = Int(buffer.byteLength)
        if bytes > 0 { data.copyMemory(from: buffer.data, byteCount: bytes) }
        list[0].mDataByteSize = UInt32(bytes)
        if let descriptions, let made = buffer.packetDescriptions {
            descriptions.update(from: made, count: count)
        } else if let descriptions, count > 0 {
            // Packets of one size carry no descriptions of their own; the caller asked for them anyway.
            let size = outputDescription.mBytesPerPacket
            for index in 0..<count {
                descriptions[index] = AudioStreamPacketDescription(mStartOffset: Int64(index) * Int64(size),
                                                                   mVariableFramesInPacket: 0, mDataByteSize: size)
            }
        }
        packets.pointee = UInt32(count)
        return feeder.status ?? noErr
    }

    /// The status an `AVAudioConverter` error carries (Core Audio's own codes), or Apple's unspecified one.
    private static func status(of error: NSError?) -> OSStatus {
        guard let error, error.code != 0 else { return kAudioConverterErr_UnspecifiedError }
        return OSStatus(truncatingIfNeeded: error.code)
    }
}

/// The C input callback of one `AudioConverterFillComplexBuffer` call as `AVAudioConverter`'s input block: asks it
/// for packets, copies what it points at into a buffer of the converter's input format, and keeps the status it
/// returned when that was not `noErr` (Apple's "no data now"). Used on the calling thread only, during the call.
private final class InputFeeder: @unchecked Sendable {
    private let ref: AudioConverterRef
    private let proc: AudioConverterComplexInputDataProc
    private let userData: UnsafeMutableRawPointer?
    private let format: AVAudioFormat
    private let list: UnsafeMutableAudioBufferListPointer
    /// The callback's status when it said "no data now", or the one input it gave broke.
    private(set) var status: OSStatus?

    init(ref: AudioConverterRef, proc: @escaping AudioConverterComplexInputDataProc, userData: UnsafeMutableRawPointer?,
         format: AVAudioFormat) {
        self.ref = ref
        self.proc = proc
        self.userData = userData
        self.format = format
        let pcm = format.streamDescription.pointee.isLinearPCM
        let planes = format.isInterleaved || !pcm ? 1 : Int(format.channelCount)
        list = AudioBufferList.allocate(maximumBuffers: planes)
    }

    func release() { list.unsafeMutablePointer.deallocate() }

    var block: AVAudioConverterInputBlock {
        { [self] frames, status in
            guard let buffer = next(frames: frames) else {
                status.pointee = self.status == nil ? .endOfStream : .noDataNow
                return nil
            }
            status.pointee = .haveData
            return buffer
        }
    }

    /// The callback's next input, or nil at the end (status nil) or when it has none now (status set).
    private func next(frames: AVAudioPacketCount) -> AVAudioBuffer? {
        if status != nil { return nil }
        let asbd = format.streamDescription.pointee
        // AVAudioConverter asks in frames; the callback counts packets of the input format.
        let perPacket = max(1, asbd.mFramesPerPacket)
        var count = max(1, (frames + perPacket - 1) / perPacket)
        for plane in list.indices {
            list[plane] = AudioBuffer(mNumberChannels: asbd.isLinearPCM && !format.isInterleaved ? 1
                                        : asbd.mChannelsPerFrame, mDataByteSize: 0, mData: nil)
        }
        var given: UnsafeMutablePointer<AudioStreamPacketDescription>?
        let result = asbd.isLinearPCM ? proc(ref, &count, list.unsafeMutablePointer, nil, userData)
            : proc(ref, &count, list.unsafeMutablePointer, &given, userData)
        guard result == noErr else {
            // AudioConverter.h: an error comes with no packets; the fill returns what it made, with this status.
            status = result
            return nil
        }
        guard count > 0 else { return nil }
        return asbd.isLinearPCM ? pcm(frames: Int(count)) : packets(Int(count), descriptions: given)
    }

    private func pcm(frames: Int) -> AVAudioBuffer? {
        let bytesPerFrame = Int(format.streamDescription.pointee.mBytesPerFrame)
        // The frames every buffer holds: the callback may say more than it gave.
        var available = frames
        for plane in list.indices {
            guard list[plane].mData != nil else { return fail(kAudio_ParamError) }
            available = min(available, Int(list[plane].mDataByteSize) / max(1, bytesPerFrame))
        }
        guard available > 0,
              let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(available)) else {
            return fail(kAudioConverterErr_InvalidInputSize)
        }
        buffer.frameLength = AVAudioFrameCount(available)
        let target = UnsafeMutableAudioBufferListPointer(buffer.mutableAudioBufferList)
        for plane in list.indices {
            if let from = list[plane].mData, let to = target[plane].mData {
                to.copyMemory(from: from, byteCount: available * bytesPerFrame)
            }
        }
        return buffer
    }

    private func packets(_ count: Int, descriptions: UnsafeMutablePointer<AudioStreamPacketDescription>?)
        -> AVAudioBuffer? {
        guard let data = list[0].mData else { return fail(kAudio_ParamError) }
        let size = Int(list[0].mDataByteSize)
        let constant = Int(format.streamDescription.pointee.mBytesPerPacket)
        var ranges: [Range<Int>] = []
        for index in 0..<count {
            if let descriptions {
                let description = descriptions[index]
                let start = Int(description.mStartOffset), length = Int(description.mDataByteSize)
                guard start >= 0, length >= 0, start + length <= size else {
                    return fail(kAudioConverterErr_InvalidInputSize)
                }
                ranges.append(start..<(start + length))
            } else if constant > 0, (index + 1) * constant <= size {
                ranges.append((index * constant)..<((index + 1) * constant))
            } else {
                return fail(kAudioConverterErr_RequiresPacketDescriptionsError)
            }
        }
        let largest = ranges.map(\.count).max() ?? 0
        let buffer = AVAudioCompressedBuffer(format: format, packetCapacity: AVAudioPacketCount(count),
                                             maximumPacketSize: max(1, largest))
        var offset = 0
        for (index, range) in ranges.enumerated() {
            (buffer.data + offset).copyMemory(from: data + range.lowerBound, byteCount: range.count)
            let frames: UInt32 = descriptions.map { $0[index].mVariableFramesInPacket } ?? 0
            buffer.packetDescriptions?[index] = AudioStreamPacketDescription(
                mStartOffset: Int64(offset), mVariableFramesInPacket: frames, mDataByteSize: UInt32(range.count))
            offset += range.count
        }
        buffer.packetCount = AVAudioPacketCount(count)
        buffer.byteLength = UInt32(offset)
        return buffer
    }

    /// Records that the callback's input could not be taken, and ends the fill with `status`.
    private func fail(_ failure: OSStatus) -> AVAudioBuffer? {
        status = failure
        return nil
    }
}
