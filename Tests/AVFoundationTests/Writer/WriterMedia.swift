import CoreMedia
import CoreVideo
import Foundation
import MediaContainer
import TestSupport
@testable import AVFoundation

/// Inputs for the writer tests: patterned pixel buffers, tone PCM, and the samples of real files (for
/// passthrough), made here so each test states exactly what it feeds.
enum WriterMedia {
    /// A QuickTime writer at `url` with two passthrough audio inputs, added, not started: the setup of the tests
    /// where one input, fed alone, is held back by the other (it stops being ready).
    static func twoAudioInputs(writingTo url: URL) throws
        -> (writer: AVAssetWriter, first: AVAssetWriterInput, second: AVAssetWriterInput) {
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        let first = AVAssetWriterInput(mediaType: .audio, outputSettings: nil)
        let second = AVAssetWriterInput(mediaType: .audio, outputSettings: nil)
        writer.add(first)
        writer.add(second)
        return (writer, first, second)
    }

    /// A BGRA picture with a moving gradient and a bright square, so that frames differ and encode to something.
    static func pixelBuffer(width: Int = 160, height: Int = 120, frame: Int) -> CVPixelBuffer {
        var buffer: CVPixelBuffer?
        CVPixelBufferCreate(nil, width, height, kCVPixelFormatType_32BGRA, nil, &buffer)
        let pixels = buffer!
        CVPixelBufferLockBaseAddress(pixels, [])
        let stride = CVPixelBufferGetBytesPerRow(pixels)
        let base = CVPixelBufferGetBaseAddress(pixels)!.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            for x in 0..<width {
                let p = base + y * stride + x * 4
                let inSquare = (x - frame * 2 % width + width) % width < 24 && y > height / 3 && y < height / 3 + 24
                p[0] = inSquare ? 240 : UInt8((x * 2 + frame * 3) & 0xFF)
                p[1] = inSquare ? 240 : UInt8((y * 2 + frame) & 0xFF)
                p[2] = inSquare ? 240 : UInt8((x + y) & 0xFF)
                p[3] = 0xFF
            }
        }
        CVPixelBufferUnlockBaseAddress(pixels, [])
        return pixels
    }

    /// The format of 16-bit interleaved PCM.
    static func pcmFormat(rate: Double, channels: Int) -> CMAudioFormatDescription {
        var asbd = AudioStreamBasicDescription(
            mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
            mFormatFlags: kLinearPCMFormatFlagIsSignedInteger | kLinearPCMFormatFlagIsPacked,
            mBytesPerPacket: UInt32(2 * channels), mFramesPerPacket: 1, mBytesPerFrame: UInt32(2 * channels),
            mChannelsPerFrame: UInt32(channels), mBitsPerChannel: 16, mReserved: 0)
        var format: CMAudioFormatDescription?
        CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0,
                                       magicCookie: nil, extensions: nil, formatDescriptionOut: &format)
        return format!
    }

    /// `frames` frames of a `frequency` tone starting at frame `start`, 16-bit interleaved, presented at
    /// `start / rate` (+ `offset`).
    static func tone(frames: Int, start: Int, rate: Int = 44_100, channels: Int = 2, frequency: Double = 440,
                     offset: CMTime = .zero, amplitude: Double = 8000) -> CMSampleBuffer {
        var samples = [Int16](repeating: 0, count: frames * channels)
        for frame in 0..<frames {
            let value = Int16(amplitude * sin(2 * Double.pi * frequency * Double(start + frame) / Double(rate)))
            for channel in 0..<channels { samples[frame * channels + channel] = value }
        }
        let bytes = samples.count * 2
        var block: CMBlockBuffer?
        CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: nil, blockLength: bytes, blockAllocator: nil,
                                           customBlockSource: nil, offsetToData: 0, dataLength: bytes,
                                           flags: kCMBlockBufferAssureMemoryNowFlag, blockBufferOut: &block)
        samples.withUnsafeBytes { raw in
            _ = CMBlockBufferReplaceDataBytes(with: raw.baseAddress!, blockBuffer: block!, offsetIntoDestination: 0, dataLength: bytes)
        }
        var buffer: CMSampleBuffer?
        let time = CMTime(value: CMTimeValue(start), timescale: CMTimeScale(rate)) + offset
        CMAudioSampleBufferCreateReadyWithPacketDescriptions(allocator: nil, dataBuffer: block!,
                                                             formatDescription: pcmFormat(rate: Double(rate), channels: channels),
                                                             sampleCount: frames, presentationTimeStamp: time,
                                                             packetDescriptions: nil, sampleBufferOut: &buffer)
        return buffer!
    }

    /// A sample buffer holding a pixel buffer presented at `time` for `duration`.
    static func imageSample(_ pixels: CVPixelBuffer, at time: CMTime, duration: CMTime = .invalid) -> CMSampleBuffer {
        var format: CMVideoFormatDescription?
        CMVideoFormatDescriptionCreateForImageBuffer(allocator: nil, imageBuffer: pixels, formatDescriptionOut: &format)
        var timing = CMSampleTimingInfo(duration: duration, presentationTimeStamp: time, decodeTimeStamp: .invalid)
        var buffer: CMSampleBuffer?
        CMSampleBufferCreateReadyWithImageBuffer(allocator: nil, imageBuffer: pixels, formatDescription: format!,
                                                 sampleTiming: &timing, sampleBufferOut: &buffer)
        return buffer!
    }

    /// A track of a real file, sample by sample, as the compressed sample buffers a passthrough reader output
    /// gives (bytes mapped from the file, exact times, sync attachments).
    struct SourceTrack {
        var mediaType: AVMediaType
        var format: CMFormatDescription
        var samples: [CMSampleBuffer]
    }

    /// Every track of `url`, through the asset layer's track model (the public AVAssetReader is not on main yet).
    static func sourceTracks(_ url: URL) throws -> [SourceTrack] {
        let asset = AVURLAsset(url: url)
        let contents = try asset.contents()
        let file = contents.reader.file
        var result: [SourceTrack] = []
        for track in contents.reader.tracks {
            let table = try track.samples.table()
            var samples: [CMSampleBuffer] = []
            for index in 0..<table.count {
                let offset = Int(table.offset(at: index)), size = table.size(at: index)
                let block = try file.makeBlockBuffer(range: offset..<(offset + size))
                let scale = track.mediaTimescale
                var timing = CMSampleTimingInfo(duration: CMTime(value: table.duration(at: index), timescale: scale),
                                                presentationTimeStamp: CMTime(value: table.presentationTime(at: index), timescale: scale),
                                                decodeTimeStamp: CMTime(value: table.decodeTime(at: index), timescale: scale))
                var sizeValue = size
                var buffer: CMSampleBuffer?
                let format = track.formatDescriptions[table.descriptionIndex(at: index) - 1]
                CMSampleBufferCreateReady(allocator: nil, dataBuffer: block, formatDescription: format, sampleCount: 1,
                                          sampleTimingEntryCount: 1, sampleTimingArray: &timing, sampleSizeEntryCount: 1,
                                          sampleSizeArray: &sizeValue, sampleBufferOut: &buffer)
                if !table.isSync(at: index) { buffer!.sampleAttachments[0][.notSync] = true }
                samples.append(buffer!)
            }
            let type = AVMediaType(rawValue: FourCharCodeText.string(track.mediaType))
            result.append(SourceTrack(mediaType: type, format: track.formatDescriptions[0], samples: samples))
        }
        return result
    }

    /// Feeds inputs from one thread in the classic loop (while ready, append; round-robin over inputs), then
    /// marks each finished. `next(i)` gives input i's next buffer or nil when it has no more.
    static func feed(_ inputs: [AVAssetWriterInput], next: (Int) -> CMSampleBuffer?) {
        var done = Array(repeating: false, count: inputs.count)
        while done.contains(false) {
            var progressed = false
            for (index, input) in inputs.enumerated() where !done[index] {
                while input.isReadyForMoreMediaData {
                    guard let buffer = next(index) else {
                        input.markAsFinished()
                        done[index] = true
                        break
                    }
                    progressed = true
                    if !input.append(buffer) {
                        input.markAsFinished()
                        done[index] = true
                        break
                    }
                }
            }
            if !progressed { usleep(200) }
        }
    }
}
