@testable import AVFoundation
import CoreGraphics
import CoreMedia
import CoreVideo
import Foundation
import Testing
import TestSupport

/// Timed metadata groups written by the metadata adaptor, read back by a passthrough reader, decoded by
/// `AVTimedMetadataGroup(sampleBuffer:)` and handed to compositors by `sourceTimedMetadata(byTrackID:)`.
@Suite("Timed metadata for compositors")
struct TimedMetadataForCompositorsTests {
    static func item(_ identifier: String, _ dataType: String, _ value: any NSCopying & NSObjectProtocol) -> AVMetadataItem {
        let item = AVMutableMetadataItem()
        item.identifier = AVMetadataIdentifier(rawValue: identifier)
        item.dataType = dataType
        item.value = value
        return item
    }

    /// Group `index`: text, a signed and an unsigned integer, a double and raw bytes.
    static func group(_ index: Int) -> AVTimedMetadataGroup {
        AVTimedMetadataGroup(items: [
            item("mdta/com.example.caption", kCMMetadataBaseDataType_UTF8, NSString(string: "caption \(index)")),
            item("mdta/com.example.offset", kCMMetadataBaseDataType_SInt32, NSNumber(value: -1000 * index)),
            item("mdta/com.example.count", kCMMetadataBaseDataType_UInt16, NSNumber(value: 60_000 + index)),
            item("mdta/com.example.gain", kCMMetadataBaseDataType_Float64, NSNumber(value: 0.25 * Double(index))),
            item("mdta/com.example.blob", kCMMetadataBaseDataType_RawData, NSData(data: Data([0, 1, 2, UInt8(index)]))),
        ], timeRange: CMTimeRange(start: CMTime(value: CMTimeValue(index), timescale: 2),
                                  duration: CMTime(value: 1, timescale: 2)))
    }

    static func same(_ a: AVTimedMetadataGroup, _ b: AVTimedMetadataGroup) -> Bool {
        a.timeRange == b.timeRange && a.items.count == b.items.count && zip(a.items, b.items).allSatisfy { x, y in
            x.identifier == y.identifier && x.dataType == y.dataType && x.value?.isEqual(y.value) == true
        }
    }

    /// Writes groups 0..<4 into a movie beside a short video track, in `directory`.
    static func writeMovie(in directory: TemporaryDirectory) async throws -> URL {
        let url = directory.file("timed.mov")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        let video = AVAssetWriterInput(mediaType: .video, outputSettings: [AVVideoCodecKey: AVVideoCodecType.jpeg,
                                                                          AVVideoWidthKey: 64, AVVideoHeightKey: 48])
        let hint = group(0).copyFormatDescription()
        #expect(hint != nil)
        let metadata = AVAssetWriterInput(mediaType: .metadata, outputSettings: nil, sourceFormatHint: hint)
        let adaptor = AVAssetWriterInputMetadataAdaptor(assetWriterInput: metadata)
        metadata.addTrackAssociation(withTrackOf: video, type: AVAssetTrack.AssociationType.metadataReferent.rawValue)
        writer.add(video)
        writer.add(metadata)
        #expect(writer.startWriting(), "\(String(describing: writer.error))")
        writer.startSession(atSourceTime: .zero)
        for index in 0..<4 { #expect(adaptor.append(group(index)), "\(String(describing: writer.error))") }
        metadata.markAsFinished()
        var frame = 0
        WriterMedia.feed([video]) { _ in
            guard frame < 20 else { return nil }
            defer { frame += 1 }
            return WriterMedia.imageSample(WriterMedia.pixelBuffer(width: 64, height: 48, frame: frame),
                                           at: CMTime(value: CMTimeValue(frame), timescale: 10),
                                           duration: CMTime(value: 1, timescale: 10))
        }
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        return url
    }

    @Test("groups written by the adaptor come back equal from the reader's passthrough samples")
    func roundTrip() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("timed-compositor")
        defer { withExtendedLifetime(directory) {} }
        let url = try await Self.writeMovie(in: directory)
                let asset = AVURLAsset(url: url)
        let track = try #require(try await asset.loadTracks(withMediaType: .metadata).first)
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
        reader.add(output)
        #expect(reader.startReading())
        var decoded: [AVTimedMetadataGroup] = []
        var samples: [CMSampleBuffer] = []
        while let sample = output.copyNextSampleBuffer() {
            samples.append(sample)
            decoded.append(try #require(AVTimedMetadataGroup(sampleBuffer: sample)))
        }
        #expect(reader.status == .completed)
        #expect(decoded.count == 4)
        for (index, group) in decoded.enumerated() {
            #expect(Self.same(group, Self.group(index)), "group \(index): \(group.items.map(\.description))")
        }
        #expect((decoded.first?.items[2].value as? NSNumber)?.intValue == 60_000, "an unsigned 16-bit value")
        #expect(decoded.last?.items.first?.time == CMTime(value: 3, timescale: 2))

        // A compositor asks its request for the metadata track's sample.
        let sample = try #require(samples.last)
        let request = try Self.request(sampleData: [track.trackID: sample])
        let group = try #require(request.sourceTimedMetadata(byTrackID: track.trackID))
        #expect(Self.same(group, Self.group(3)))
        #expect(request.sourceTimedMetadata(byTrackID: track.trackID + 100) == nil)
    }

    @Test("a sample that is not boxed timed metadata, or whose boxes are cut, gives no group")
    func notMetadata() throws {
        let frame = WriterMedia.imageSample(WriterMedia.pixelBuffer(width: 16, height: 16, frame: 0), at: .zero)
        #expect(AVTimedMetadataGroup(sampleBuffer: frame) == nil)
        #expect(TimedMetadataSampleCoding.read(Data([0, 0, 0, 20, 0, 0, 0, 1, 65])) == nil, "size past the sample")
        #expect(TimedMetadataSampleCoding.read(Data([0, 0, 0, 4, 0, 0, 0, 1])) == nil, "size below the header")
        let boxes = [TimedMetadataSampleCoding.Box(localID: 2, payload: Data("hi".utf8))]
        #expect(TimedMetadataSampleCoding.read(TimedMetadataSampleCoding.write(boxes)) == boxes)
    }

    /// A request carrying only sample data (no source frames), as the engine makes them.
    static func request(sampleData: [CMPersistentTrackID: CMSampleBuffer]) throws -> AVAsynchronousVideoCompositionRequest {
        let composition = AVVideoComposition()
        let pool = try RenderBufferPool(attributes: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA],
                                    width: 16, height: 16, minimumLimit: 1)
        let context = AVVideoCompositionRenderContext(size: CGSize(width: 16, height: 16), renderScale: 1,
                                                      pixelAspectRatio: AVPixelAspectRatio(horizontalSpacing: 1, verticalSpacing: 1),
                                                      edgeWidths: AVEdgeWidths(), highQualityRendering: true,
                                                      videoComposition: composition, bufferPool: pool)
        return AVAsynchronousVideoCompositionRequest(renderContext: context, compositionTime: .zero,
                                                     instruction: AVVideoCompositionInstruction(), sourceFrames: [:],
                                                     sampleData: sampleData, completion: { _ in })
    }
}
