import AVFoundation
import Foundation

extension AudioConverterObject {
    /// `AudioConverterConvertComplexBuffer`: PCM to PCM at one rate, `frames` frames from `input`'s buffers into
    /// `output`'s.
    func convertComplexBuffer(_ frames: UInt32, _ input: UnsafePointer<AudioBufferList>,
                              _ output: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        let inputFormat = converter.inputFormat, outputFormat = converter.outputFormat
        let source = inputFormat.streamDescription.pointee, target = outputFormat.streamDescription.pointee
        // AudioConverter.h: only where input and output sizes are in a fixed ratio (no rate conversion, no codec).
        guard source.isLinearPCM, target.isLinearPCM, source.mSampleRate == target.mSampleRate else {
            return kAudioConverterErr_OperationNotSupported
        }
        let from = UnsafeMutableAudioBufferListPointer(UnsafeMutablePointer(mutating: input))
        let to = UnsafeMutableAudioBufferListPointer(output)
        let inPlanes = inputFormat.isInterleaved ? 1 : Int(inputFormat.channelCount)
        let outPlanes = outputFormat.isInterleaved ? 1 : Int(outputFormat.channelCount)
        guard from.count == inPlanes, to.count == outPlanes,
              from.allSatisfy({ $0.mData != nil }), to.allSatisfy({ $0.mData != nil }) else { return kAudio_ParamError }
        let count = Int(frames)
        let inBytes = count * Int(source.mBytesPerFrame), outBytes = count * Int(target.mBytesPerFrame)
        guard from.allSatisfy({ Int($0.mDataByteSize) >= inBytes }) else { return kAudioConverterErr_InvalidInputSize }
        guard to.allSatisfy({ Int($0.mDataByteSize) >= outBytes }) else { return kAudioConverterErr_InvalidOutputSize }
        guard count > 0 else {
            for plane in to.indices { to[plane].mDataByteSize = 0 }
            return noErr
        }
        guard let inBuffer = AVAudioPCMBuffer(pcmFormat: inputFormat, frameCapacity: frames),
              let outBuffer = AVAudioPCMBuffer(pcmFormat: outputFormat, frameCapacity: frames) else {
            return kAudio_MemFullError
        }
        inBuffer.frameLength = frames
        let inList = UnsafeMutableAudioBufferListPointer(inBuffer.mutableAudioBufferList)
        for plane in 0..<inPlanes {
            if let data = inList[plane].mData, let given = from[plane].mData {
                data.copyMemory(from: given, byteCount: inBytes)
            }
        }
        do {
            try converter.convert(to: outBuffer, from: inBuffer)
        } catch {
            return ExtAudioFileFailure(error, otherwise: kAudioConverterErr_UnspecifiedError).status
        }
        // The same rate in and out: every frame comes out (a shortfall would be this converter's fault).
        guard outBuffer.frameLength == frames else { return kAudioConverterErr_UnspecifiedError }
        let outList = UnsafeMutableAudioBufferListPointer(outBuffer.mutableAudioBufferList)
        for plane in 0..<outPlanes {
            if let data = outList[plane].mData, let destination = to[plane].mData {
                destination.copyMemory(from: data, byteCount: outBytes)
            }
            to[plane].mDataByteSize = UInt32(outBytes)
        }
        return noErr
    }
}
