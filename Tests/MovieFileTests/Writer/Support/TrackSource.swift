import CoreMedia
import Foundation
import MediaContainer
@testable import MovieFile

/// Encoded samples ready to append, with the description and timescale of their track, and the file they came from
/// (for comparisons).
struct TrackSource {
    struct Sample {
        var data: [UInt8]
        var decodeTime: Int64
        var presentationTime: Int64
        var duration: Int64
        var isSync: Bool
        /// Equal-size samples packed in `data` (LPCM frames).
        var count: Int = 1
    }

    var name: String
    var mediaType: CMMediaType
    var timescale: Int32
    var description: CMFormatDescription
    var samples: [Sample]
    /// Encoder delay in media ticks (AAC priming).
    var encoderDelay: Int64 = 0
    /// The file the samples were taken from.
    var origin: URL?

    /// A track configuration for this source.
    var configuration: OutputTrackConfiguration {
        OutputTrackConfiguration(mediaType: mediaType, mediaTimescale: timescale, formatDescriptions: [description])
    }

    /// The samples as `OutputSample`s (block buffers for even indices, `Data` for odd ones, so both paths are used).
    func movieSamples() -> [OutputSample] {
        samples.enumerated().map { index, sample in
            let payload: OutputSample.Payload = index % 2 == 0
                ? .blockBuffer(Self.blockBuffer(sample.data)) : .data(Data(sample.data))
            var movieSample = OutputSample(payload: payload, decodeTime: sample.decodeTime,
                                          presentationTime: sample.presentationTime, duration: sample.duration,
                                          sampleCount: sample.count, isSync: sample.isSync)
            movieSample.descriptionIndex = 1
            return movieSample
        }
    }

    /// A block buffer holding a copy of `bytes`.
    static func blockBuffer(_ bytes: [UInt8]) -> CMBlockBuffer {
        var buffer: CMBlockBuffer?
        CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: nil, blockLength: max(bytes.count, 1),
                                           blockAllocator: nil, customBlockSource: nil, offsetToData: 0,
                                           dataLength: bytes.count, flags: kCMBlockBufferAssureMemoryNowFlag,
                                           blockBufferOut: &buffer)
        bytes.withUnsafeBytes { raw in
            if let base = raw.baseAddress, let buffer {
                CMBlockBufferReplaceDataBytes(with: base, blockBuffer: buffer, offsetIntoDestination: 0,
                                              dataLength: bytes.count)
            }
        }
        return buffer!
    }

    /// Total presentation span in ticks.
    var duration: Int64 { samples.reduce(0) { $0 + $1.duration * Int64($1.count) } }
}
