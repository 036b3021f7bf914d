// iOS 26's Swift value types for media buffers, as app code uses them: frames drawn into a pixel buffer pool's
// mutable buffers, frozen read-only and wrapped as ready sample buffers; a marker buffer carrying an attachment;
// compressed bytes wrapped with per-sample properties and split into one buffer per sample; content switched on at
// run time. Only Apple's API, with every argument spelled out (no reliance on default values).
import AVFoundation
import Foundation

/// `count` BGRA frames of a moving bar, 30 per second, from a pool.
func makeBarFrames(count: Int, size: CVImageSize) throws -> [CMReadySampleBuffer<CVReadOnlyPixelBuffer>] {
    let attributes = CVPixelBufferCreationAttributes(
        pixelFormatType: CVPixelFormatType(rawValue: kCVPixelFormatType_32BGRA), size: size, compatibility: [.cgImage],
        bytesPerRowAlignment: nil, planeAlignment: nil, extendedPixels: nil)
    let pool = try CVMutablePixelBuffer.Pool(pixelBufferAttributes: attributes,
                                             configuration: .init(ageOutDuration: 1, minimumBufferCount: 2))
    var frames: [CMReadySampleBuffer<CVReadOnlyPixelBuffer>] = []
    for index in 0..<count {
        let frame = try pool.makeMutablePixelBuffer(.init(allocationThreshold: nil))
        frame.accessUnsafeMutableRawPlaneBytes { planes in
            let plane = planes[0]
            for row in 0..<plane.properties.size.height {
                for column in 0..<plane.properties.size.width {
                    let pixel = row * plane.properties.bytesPerRow + column * 4
                    let lit = column == index % plane.properties.size.width
                    plane.bytes[pixel] = lit ? 255 : 0        // blue
                    plane.bytes[pixel + 1] = UInt8(row % 256)  // green
                    plane.bytes[pixel + 2] = 0                 // red
                    plane.bytes[pixel + 3] = 255               // alpha
                }
            }
        }
        let picture = CVReadOnlyPixelBuffer(frame)
        frames.append(CMReadySampleBuffer(pixelBuffer: picture, formatDescription: nil,
                                          presentationTimeStamp: CMTime(value: CMTimeValue(index), timescale: 30),
                                          duration: CMTime(value: 1, timescale: 30)))
    }
    return frames
}

/// A one-line description of a ready buffer of any content, the way a pipeline logs what it receives.
func describe(_ buffer: CMReadySampleBuffer<CMSampleBuffer.DynamicContent>) -> String {
    switch buffer.content {
    case .pixelBuffer(let picture):
        return "picture \(picture.size.width)x\(picture.size.height) at \(buffer.presentationTimeStamp.seconds)"
    case .dataBuffer(let bytes):
        return "\(buffer.sampleCount) samples in \(bytes.count) bytes"
    case .markerOnly:
        return "marker"
    case .sampleReference(let reference):
        return "samples at \(reference.containerLocation.lastPathComponent)+\(reference.byteOffset)"
    case .taggedBuffers(let buffers):
        return "\(buffers.count) tagged buffers"
    }
}

func checkReadySampleBuffers() throws {
    let frames = try makeBarFrames(count: 3, size: CVImageSize(width: 8, height: 4))
    check(frames.count == 3, "three frames")
    check(frames[2].presentationTimeStamp == CMTime(value: 2, timescale: 30), "the third frame's time")
    check(frames[1].content.pixelFormatType.rawValue == kCVPixelFormatType_32BGRA, "frames are BGRA")
    let litColumn = frames[1].content.accessUnsafeRawPlaneBytes { planes -> Int? in
        (0..<8).first { planes[0].bytes[$0 * 4] == 255 }
    }
    check(litColumn == 1, "the second frame's bar is in column 1, got \(String(describing: litColumn))")
    let legacyTime = frames[0].withUnsafeSampleBuffer { sampleBuffer in
        CMSampleBufferGetPresentationTimeStamp(sampleBuffer)
    }
    check(legacyTime == .zero, "the sample buffer underneath has the frame's time")

    var marker = CMReadySampleBuffer<Never>(markerAt: CMTime(value: 3, timescale: 30), duration: .invalid)
    marker.withUnsafeSampleBuffer { sampleBuffer in
        sampleBuffer.attachments[.endsPreviousSampleDuration] = .shouldPropagate(true)
    }
    marker.markerTimeStamp = CMTime(value: 4, timescale: 30)

    var format: CMFormatDescription?
    CMVideoFormatDescriptionCreate(allocator: kCFAllocatorDefault, codecType: kCMVideoCodecType_H264, width: 8,
                                   height: 4, extensions: nil, formatDescriptionOut: &format)
    guard let format else { fail("no H.264 format description") }
    var notSync = CMSampleBuffer.SampleAttachments([:])
    notSync.isNotSync = true
    let properties = CMSampleBuffer.SamplePropertiesCollection(
        sampleCount: 3, sizes: .distinct([4, 2, 2]),
        timings: .sequential(presentationTimeOfFirstSample: .zero, uniformDuration: CMTime(value: 1, timescale: 30),
                             decodeTimeOfFirstSample: .zero),
        attachments: [CMSampleBuffer.SampleAttachments([:]), notSync, notSync])
    let compressed = CMReadySampleBuffer(dataBuffer: CMReadOnlyDataBlockBuffer(Data([0, 0, 0, 1, 9, 9, 7, 7])),
                                         formatDescription: format, sampleProperties: properties)
    let perSample = compressed.splitSamples()
    check(perSample.count == 3 && perSample.map { $0.totalSampleSize } == [4, 2, 2], "split per sample")
    check(!perSample[0].sampleProperties[0].attachments.isNotSync && perSample[2].sampleProperties[0].attachments.isNotSync,
          "sync flags follow the samples")
    check(Array(perSample[2].content) == [7, 7], "the last sample's bytes")

    let received = frames.map { CMReadySampleBuffer<CMSampleBuffer.DynamicContent>($0) }
        + [CMReadySampleBuffer<CMSampleBuffer.DynamicContent>(marker),
           CMReadySampleBuffer<CMSampleBuffer.DynamicContent>(compressed)]
    let lines = received.map(describe)
    check(lines[0] == "picture 8x4 at 0.0" && lines[3] == "marker" && lines[4] == "3 samples in 8 bytes",
          "content switched on at run time: \(lines)")
    check(received.filter { $0.contentType == .pixelBuffer }.count == 3, "three pictures")
    check(CMReadySampleBuffer<Never>(received[3])?.markerTimeStamp == CMTime(value: 4, timescale: 30),
          "the marker converts back")
    check(CMReadySampleBuffer<CVReadOnlyPixelBuffer>(received[4]) == nil, "bytes are not a picture")
}
