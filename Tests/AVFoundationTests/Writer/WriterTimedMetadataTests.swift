import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

@Suite("AVAssetWriterInputMetadataAdaptor")
struct WriterTimedMetadataTests {
    @Test("timed metadata groups become a boxed metadata track beside the video")
    func timedMetadataTrack() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("timed")
        let url = directory.file("timed.mov")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        let video = AVAssetWriterInput(mediaType: .video, outputSettings: [AVVideoCodecKey: AVVideoCodecType.jpeg,
                                                                          AVVideoWidthKey: 64, AVVideoHeightKey: 48])
        func group(_ index: Int) -> AVTimedMetadataGroup {
            let item = AVMutableMetadataItem()
            item.identifier = AVMetadataIdentifier(rawValue: "mdta/com.example.caption")
            item.dataType = kCMMetadataBaseDataType_UTF8
            item.value = NSString(string: "caption \(index)")
            return AVTimedMetadataGroup(items: [item], timeRange: CMTimeRange(start: CMTime(value: CMTimeValue(index), timescale: 2),
                                                                              duration: CMTime(value: 1, timescale: 2)))
        }
        let hint = try #require(group(0).copyFormatDescription())
        let metadata = AVAssetWriterInput(mediaType: .metadata, outputSettings: nil, sourceFormatHint: hint)
        let adaptor = AVAssetWriterInputMetadataAdaptor(assetWriterInput: metadata)
        metadata.addTrackAssociation(withTrackOf: video, type: AVAssetTrack.AssociationType.metadataReferent.rawValue)
        writer.add(video)
        writer.add(metadata)
        #expect(writer.startWriting(), "\(String(describing: writer.error))")
        writer.startSession(atSourceTime: .zero)
        for index in 0..<4 { #expect(adaptor.append(group(index))) }
        metadata.markAsFinished()
        var frame = 0
        WriterMedia.feed([video]) { _ in
            guard frame < 20 else { return nil }
            defer { frame += 1 }
            return WriterMedia.imageSample(WriterMedia.pixelBuffer(width: 64, height: 48, frame: frame),
                                           at: CMTime(value: CMTimeValue(frame), timescale: 10), duration: CMTime(value: 1, timescale: 10))
        }
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")

        let streams = try WriterProbe(url: url).streams()
        let data = try #require(streams.first { $0["codec_type"] as? String == "data" })
        #expect(data["codec_tag_string"] as? String == "mebx")
        #expect(try WriterProbe(url: url).packets(stream: data["index"] as! Int).count == 4)
        let track = try #require(try await AVURLAsset(url: url).loadTracks(withMediaType: .metadata).first)
        let format = try #require(try await track.load(.formatDescriptions).first)
        #expect(CMMetadataFormatDescriptionGetIdentifiers(format) as? [String] == ["mdta/com.example.caption"])
        let bytes = try Data(contentsOf: url)
        #expect(bytes.range(of: Data("caption 3".utf8)) != nil, "the sample payload holds the UTF-8 value")
    }
}
