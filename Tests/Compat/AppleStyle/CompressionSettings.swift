// A video compressor as iOS apps write one: decode a clip with AVAssetReader and re-encode it with AVAssetWriter,
// tuning the encoder with VideoToolbox's keys (profile, frame reordering, key-frame interval, real time, quantiser
// bounds) beside AVFoundation's, and an encoder specification that prefers hardware. It must compile unchanged
// against Apple's SDKs.
import AVFoundation
import VideoToolbox

func compressionProperties(bitRate: Int) -> [String: Any] {
    [
        AVVideoAverageBitRateKey: bitRate,
        kVTCompressionPropertyKey_ProfileLevel as String: kVTProfileLevel_H264_High_AutoLevel,
        kVTCompressionPropertyKey_AllowFrameReordering as String: false,
        kVTCompressionPropertyKey_MaxKeyFrameInterval as String: 30,
        kVTCompressionPropertyKey_ExpectedFrameRate as String: 30,
        kVTCompressionPropertyKey_RealTime as String: false,
        kVTCompressionPropertyKey_MaxAllowedFrameQP as String: 40,
        kVTCompressionPropertyKey_ExpectedDuration as String: 2.0,
    ]
}

/// Re-encodes the video of `source` at 640x360 with the properties above; returns the number of frames written.
func compressVideo(_ source: URL, to destination: URL) throws -> Int {
    let asset = AVURLAsset(url: source)
    guard let track = asset.tracks(withMediaType: .video).first else { fail("no video in \(source.lastPathComponent)") }
    let reader = try AVAssetReader(asset: asset)
    let output = AVAssetReaderTrackOutput(track: track, outputSettings: [
        kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange,
    ])
    output.alwaysCopiesSampleData = false
    reader.add(output)
    try? FileManager.default.removeItem(at: destination)
    let writer = try AVAssetWriter(outputURL: destination, fileType: .mp4)
    let input = AVAssetWriterInput(mediaType: .video, outputSettings: [
        AVVideoCodecKey: AVVideoCodecType.h264,
        AVVideoWidthKey: 640,
        AVVideoHeightKey: 360,
        AVVideoScalingModeKey: AVVideoScalingModeResizeAspect,
        AVVideoEncoderSpecificationKey: [kVTVideoEncoderSpecification_EnableHardwareAcceleratedVideoEncoder as String: true],
        AVVideoCompressionPropertiesKey: compressionProperties(bitRate: 800_000),
    ])
    input.expectsMediaDataInRealTime = false
    guard writer.canAdd(input) else { fail("the writer refused the compression settings") }
    writer.add(input)
    guard reader.startReading(), writer.startWriting() else {
        fail("could not start: \(String(describing: reader.error ?? writer.error))")
    }
    writer.startSession(atSourceTime: .zero)
    var frames = 0
    let done = DispatchSemaphore(value: 0)
    let queue = DispatchQueue(label: "com.example.compressor")
    input.requestMediaDataWhenReady(on: queue) {
        while input.isReadyForMoreMediaData {
            guard let sample = output.copyNextSampleBuffer() else {
                input.markAsFinished()
                writer.finishWriting { done.signal() }
                return
            }
            if input.append(sample) { frames += 1 } else {
                reader.cancelReading()
                input.markAsFinished()
                writer.finishWriting { done.signal() }
                return
            }
        }
    }
    done.wait()
    guard writer.status == .completed else { fail("compression failed: \(String(describing: writer.error))") }
    return frames
}

func checkCompressionSettings(_ url: URL, outputDirectory: URL) throws {
    let destination = outputDirectory.appendingPathComponent("compressed.mp4")
    let written = try compressVideo(url, to: destination)
    let result = AVURLAsset(url: destination)
    guard let track = result.tracks(withMediaType: .video).first else { fail("no video in the compressed file") }
    check(written > 0, "no frames were written")
    check(track.naturalSize.width <= 640 && track.naturalSize.height <= 360, "compressed size \(track.naturalSize)")
    // An encoder setting no encoder here can honour is refused, not ignored.
    let writer = try AVAssetWriter(outputURL: outputDirectory.appendingPathComponent("refused.mp4"), fileType: .mp4)
    let refused = AVAssetWriterInput(mediaType: .video, outputSettings: [
        AVVideoCodecKey: AVVideoCodecType.hevc, AVVideoWidthKey: 640, AVVideoHeightKey: 360,
        AVVideoCompressionPropertiesKey: [kVTCompressionPropertyKey_MVHEVCVideoLayerIDs as String: [0, 1]],
    ])
    check(!writer.canAdd(refused), "MV-HEVC layer IDs were accepted")
}
