// avbench: one timed job per run, through the public AVFoundation API only, so that scripts/bench.sh can measure
// it with /usr/bin/time against ffmpeg doing the same job on the same file (`make bench`).
//
//   avbench open FILE                 open an asset, load its tracks and build every sample table
//   avbench read FILE                 read every sample of every track, compressed (passthrough outputs)
//   avbench decode FILE               decode the video track to planar 4:2:0 (FFmpeg's native output: no conversion)
//   avbench remux IN OUT              passthrough reader → passthrough writer, every track
//   avbench encode RAW W H FPS BITRATE OUT
//                                     raw yuv420p frames → H.264 (x264, the writer's defaults: preset medium)
//   avbench compose-read SEGMENTS SECONDS CLIP...
//                                     a composition of SEGMENTS pieces of SECONDS each, taken from the clips in turn
//                                     at different offsets; its video decoded to planar 4:2:0 and its audio mixed
//   avbench composite A B SECONDS [--custom]
//                                     two 1080p sources layered by the built-in compositor (transform and opacity
//                                     ramps on the top one) read as 32BGRA; --custom: a compositor that hands back
//                                     a source frame (the engine's own cost)
//   avbench decode-two A B SECONDS    both sources decoded by two track outputs (the floor under --custom)
//   avbench composite-export A B SECONDS OUT
//                                     the layered composition exported with Preset1920x1080
//   avbench frames FILE WIDTH exact|sync OUT TIME...
//                                     AVAssetImageGenerator images at TIMEs (seconds), at most WIDTH wide, with zero
//                                     tolerances (exact) or the default ones (nearest sync frame), written to OUT
//                                     one after another as raw 32-bit BGRX pixels (PNG once ImageIO is merged: issue 13)
//   avbench make-table KIND COUNT OUT a movie with one large table (elst, stco, stsd, trak, moof, udta) or a huge
//                                     implicit sample count (samples; sparse: held in a sparse file): the hostile
//                                     inputs of issues 15 and 28 (TableFiles.swift)
//   avbench record SECONDS OUT        a live recording: 640x360 H.264 at 30 fps from a pixel buffer adaptor, paced
//                                     by the clock, real time, a movie fragment every second (for the kill tests)
import AVFoundation
import Foundation
import Glibc

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func report(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }

/// Opens `url` and builds every track's sample table (what ffprobe does when it indexes a file).
func open(_ url: URL) async throws {
    let asset = AVURLAsset(url: url)
    let (tracks, duration) = try await asset.load(.tracks, .duration)
    var samples: Int64 = 0
    for track in tracks {
        // The total data length walks the whole sample table.
        samples += try await track.load(.totalSampleDataLength)
    }
    report("open: \(tracks.count) tracks, \(String(format: "%.1f", duration.seconds)) s, \(samples) bytes of samples")
}

/// Drains `outputs` in turn (interleaved, as a player or muxer would), returning the bytes and samples read.
func drain(_ reader: AVAssetReader, _ outputs: [AVAssetReaderOutput],
           each: (Int, CMSampleBuffer) throws -> Void = { _, _ in }) throws -> (bytes: Int, samples: Int) {
    guard reader.startReading() else { throw reader.error ?? BenchFailure("startReading failed") }
    var done = Array(repeating: false, count: outputs.count)
    var bytes = 0, samples = 0
    while done.contains(false) {
        for (index, output) in outputs.enumerated() where !done[index] {
            if let buffer = output.copyNextSampleBuffer() {
                bytes += CMSampleBufferGetTotalSampleSize(buffer)
                samples += CMSampleBufferGetNumSamples(buffer)
                try each(index, buffer)
            } else {
                done[index] = true
            }
        }
    }
    guard reader.status == .completed else { throw reader.error ?? BenchFailure("reading ended as \(reader.status)") }
    return (bytes, samples)
}

func passthroughOutputs(_ asset: AVAsset) async throws -> (AVAssetReader, [AVAssetReaderTrackOutput]) {
    let reader = try AVAssetReader(asset: asset)
    var outputs = [AVAssetReaderTrackOutput]()
    for track in try await asset.load(.tracks) {
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
        output.alwaysCopiesSampleData = false
        guard reader.canAdd(output) else { throw BenchFailure("cannot read track \(track.trackID)") }
        reader.add(output)
        outputs.append(output)
    }
    return (reader, outputs)
}

func read(_ url: URL) async throws {
    let (reader, outputs) = try await passthroughOutputs(AVURLAsset(url: url))
    let (bytes, samples) = try drain(reader, outputs)
    report("read: \(samples) samples, \(bytes) bytes")
}

func decode(_ url: URL) async throws {
    let asset = AVURLAsset(url: url)
    guard let track = try await asset.loadTracks(withMediaType: .video).first else { throw BenchFailure("no video track") }
    let reader = try AVAssetReader(asset: asset)
    let output = AVAssetReaderTrackOutput(track: track, outputSettings: [
        kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8Planar,
    ])
    output.alwaysCopiesSampleData = false
    reader.add(output)
    let (_, frames) = try drain(reader, [output])
    report("decode: \(frames) frames")
}

func remux(_ input: URL, _ outputURL: URL) async throws {
    let asset = AVURLAsset(url: input)
    let (reader, outputs) = try await passthroughOutputs(asset)
    let fileType: AVFileType = outputURL.pathExtension.lowercased() == "mov" ? .mov : .mp4
    let writer = try AVAssetWriter(outputURL: outputURL, fileType: fileType)
    var inputs = [AVAssetWriterInput]()
    for output in outputs {
        let formats = try await output.track.load(.formatDescriptions)
        let input = AVAssetWriterInput(mediaType: output.track.mediaType, outputSettings: nil,
                                       sourceFormatHint: formats.first)
        input.expectsMediaDataInRealTime = false
        guard writer.canAdd(input) else { throw BenchFailure("cannot write track \(output.track.trackID)") }
        writer.add(input)
        inputs.append(input)
    }
    guard writer.startWriting() else { throw writer.error ?? BenchFailure("startWriting failed") }
    writer.startSession(atSourceTime: .zero)
    let (bytes, samples) = try drain(reader, outputs) { index, buffer in
        // The classic loop: wait while the input is not ready (the other tracks catch up meanwhile).
        while !inputs[index].isReadyForMoreMediaData { usleep(200) }
        guard inputs[index].append(buffer) else { throw writer.error ?? BenchFailure("append failed") }
    }
    inputs.forEach { $0.markAsFinished() }
    await writer.finishWriting()
    guard writer.status == .completed else { throw writer.error ?? BenchFailure("writing ended as \(writer.status)") }
    report("remux: \(samples) samples, \(bytes) bytes")
}

func encode(raw: URL, width: Int, height: Int, fps: Int32, bitRate: Int, output: URL) async throws {
    let writer = try AVAssetWriter(outputURL: output, fileType: .mp4)
    let input = AVAssetWriterInput(mediaType: .video, outputSettings: [
        AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: width, AVVideoHeightKey: height,
        AVVideoCompressionPropertiesKey: [
            AVVideoAverageBitRateKey: bitRate, AVVideoMaxKeyFrameIntervalKey: 250,
            AVVideoExpectedSourceFrameRateKey: Int(fps),
        ] as [String: Any],
    ])
    input.expectsMediaDataInRealTime = false
    let adaptor = AVAssetWriterInputPixelBufferAdaptor(assetWriterInput: input, sourcePixelBufferAttributes: [
        kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8Planar,
        kCVPixelBufferWidthKey as String: width, kCVPixelBufferHeightKey as String: height,
    ])
    writer.add(input)
    guard writer.startWriting() else { throw writer.error ?? BenchFailure("startWriting failed") }
    writer.startSession(atSourceTime: .zero)
    let file = try FileHandle(forReadingFrom: raw)
    let frameBytes = width * height * 3 / 2
    // One frame's bytes, read into the same memory each time (as ffmpeg's raw demuxer reuses its packet pool),
    // so that the job measures the writer rather than a fresh 3 MB allocation and its page faults per frame.
    var data = [UInt8](repeating: 0, count: frameBytes)
    var frame: Int64 = 0
    while true {
        guard try readFully(file, into: &data) else { break }
        var buffer: CVPixelBuffer?
        guard let pool = adaptor.pixelBufferPool, CVPixelBufferPoolCreatePixelBuffer(nil, pool, &buffer) == kCVReturnSuccess,
              let buffer else { throw BenchFailure("no pixel buffer from the adaptor's pool") }
        copyPlanes(data, into: buffer, width: width, height: height)
        while !input.isReadyForMoreMediaData { usleep(200) }
        guard adaptor.append(buffer, withPresentationTime: CMTime(value: frame, timescale: fps)) else {
            throw writer.error ?? BenchFailure("append failed at frame \(frame)")
        }
        frame += 1
    }
    input.markAsFinished()
    await writer.finishWriting()
    guard writer.status == .completed else { throw writer.error ?? BenchFailure("writing ended as \(writer.status)") }
    report("encode: \(frame) frames")
}

/// Fills `buffer` from `file`; false at the end of the file (a partial last frame counts as the end).
func readFully(_ file: FileHandle, into buffer: inout [UInt8]) throws -> Bool {
    let count = buffer.count
    var filled = 0
    try buffer.withUnsafeMutableBytes { bytes in
        while filled < count {
            let got = Glibc.read(file.fileDescriptor, bytes.baseAddress! + filled, count - filled)
            if got < 0 {
                if errno == EINTR { continue }
                throw BenchFailure("reading the raw frames: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            filled += got
        }
    }
    return filled == count
}

/// Copies a tightly packed yuv420p frame into a planar pixel buffer, row by row (its rows are padded).
func copyPlanes(_ data: [UInt8], into buffer: CVPixelBuffer, width: Int, height: Int) {
    CVPixelBufferLockBaseAddress(buffer, [])
    defer { CVPixelBufferUnlockBaseAddress(buffer, []) }
    data.withUnsafeBytes { source in
        var offset = 0
        for plane in 0..<3 {
            let planeWidth = plane == 0 ? width : width / 2, planeHeight = plane == 0 ? height : height / 2
            let stride = CVPixelBufferGetBytesPerRowOfPlane(buffer, plane)
            let base = CVPixelBufferGetBaseAddressOfPlane(buffer, plane)!
            for row in 0..<planeHeight {
                (base + row * stride).copyMemory(from: source.baseAddress! + offset, byteCount: planeWidth)
                offset += planeWidth
            }
        }
    }
}

/// Reads a composition of `segments` pieces of `seconds` each, cut from `clips` in turn (each from a different
/// offset), to the end: video decoded, audio mixed. Every clip is opened and indexed first, as an app that offers
/// them for joining would, so that runs with different segment counts hold the same sources and differ only in the
/// composition: its peak memory should not depend on the number of segments.
func composeRead(segments: Int, seconds: Double, clips: [URL]) async throws {
    let composition = AVMutableComposition()
    let assets = clips.map { AVURLAsset(url: $0) }
    for asset in assets {
        for track in try await asset.load(.tracks) { _ = try await track.load(.totalSampleDataLength) }
    }
    let length = CMTime(seconds: seconds, preferredTimescale: 600)
    for index in 0..<segments {
        let asset = assets[index % assets.count]
        let duration = try await asset.load(.duration)
        let room = max(0, duration.seconds - seconds)
        let offset = CMTime(seconds: (Double(index * 7)).truncatingRemainder(dividingBy: max(1, room)), preferredTimescale: 600)
        try await composition.insertTimeRange(CMTimeRange(start: offset, duration: length), of: asset, at: composition.duration)
    }
    let reader = try AVAssetReader(asset: composition)
    var outputs: [AVAssetReaderOutput] = []
    if let video = composition.tracks(withMediaType: .video).first {
        let output = AVAssetReaderTrackOutput(track: video, outputSettings: [
            kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8Planar])
        output.alwaysCopiesSampleData = false
        outputs.append(output)
    }
    let audio = composition.tracks(withMediaType: .audio)
    if !audio.isEmpty { outputs.append(AVAssetReaderAudioMixOutput(audioTracks: audio, audioSettings: nil)) }
    for output in outputs { reader.add(output) }
    let (_, samples) = try drain(reader, outputs)
    report("compose-read: \(segments) segments, \(String(format: "%.1f", composition.duration.seconds)) s, \(samples) samples")
}

/// Returns the first source frame itself: a compositor doing no pixel work, so a run with it measures what the
/// composition engine costs per frame beyond a compositor's own work.
// Safe because it has no mutable state.
final class FirstSourceCompositor: NSObject, AVVideoCompositing, @unchecked Sendable {
    let sourcePixelBufferAttributes: [String: any Sendable]? = [
        kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8Planar]
    // Its frames are the sources' own: asking the render context for their format keeps the output from
    // converting them, so the row measures the engine alone.
    let requiredPixelBufferAttributesForRenderContext: [String: any Sendable] = [
        kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8Planar]
    func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {}
    func startRequest(_ request: AVAsynchronousVideoCompositionRequest) {
        guard let first = request.sourceTrackIDs.first, let frame = request.sourceFrame(byTrackID: first.int32Value) else {
            request.finish(with: BenchFailure("no source frame at \(request.compositionTime.seconds) s"))
            return
        }
        request.finish(withComposedVideoFrame: frame)
    }
}

/// A custom compositor's instruction needing every track.
// Safe because immutable.
final class AllTracksInstruction: NSObject, AVVideoCompositionInstructionProtocol, @unchecked Sendable {
    let timeRange: CMTimeRange
    let enablePostProcessing = false
    let containsTweening = true
    let requiredSourceTrackIDs: [NSValue]? = nil
    let passthroughTrackID = kCMPersistentTrackID_Invalid
    init(timeRange: CMTimeRange) { self.timeRange = timeRange }
}

/// Two 1080p sources layered for `seconds`: the first full frame underneath; the second on top, shrinking from full
/// size to half while moving to the bottom right corner (a transform ramp) and fading out (an opacity ramp). The
/// bench's ffmpeg filter graph draws the same. With `custom`, the first source frame is handed back instead.
func layeredComposition(_ first: URL, _ second: URL, seconds: Double, custom: Bool) async throws
    -> (AVMutableComposition, AVMutableVideoComposition) {
    let composition = AVMutableComposition()
    let range = CMTimeRange(start: .zero, duration: CMTime(seconds: seconds, preferredTimescale: 600))
    var tracks: [AVMutableCompositionTrack] = []
    for url in [first, second] {
        guard let source = try await AVURLAsset(url: url).loadTracks(withMediaType: .video).first,
              let track = composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid)
        else { throw BenchFailure("\(url.path) has no video track") }
        try track.insertTimeRange(range, of: source, at: .zero)
        tracks.append(track)
    }
    let videoComposition = AVMutableVideoComposition()
    videoComposition.renderSize = CGSize(width: 1920, height: 1080)
    videoComposition.frameDuration = CMTime(value: 1, timescale: 30)
    if custom {
        videoComposition.customVideoCompositorClass = FirstSourceCompositor.self
        videoComposition.instructions = [AllTracksInstruction(timeRange: range)]
    } else {
        let top = AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[1])
        top.setTransformRamp(fromStart: .identity, toEnd: CGAffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 960, ty: 540),
                             timeRange: range)
        top.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0, timeRange: range)
        let instruction = AVMutableVideoCompositionInstruction()
        instruction.timeRange = range
        instruction.layerInstructions = [top, AVMutableVideoCompositionLayerInstruction(assetTrack: tracks[0])]
        videoComposition.instructions = [instruction]
    }
    return (composition, videoComposition)
}

/// Reads the layered composition to 32BGRA frames (with `custom`, to the compositor's frames as they are).
func composite(_ first: URL, _ second: URL, seconds: Double, custom: Bool) async throws {
    let (composition, videoComposition) = try await layeredComposition(first, second, seconds: seconds, custom: custom)
    let reader = try AVAssetReader(asset: composition)
    // The custom compositor's frames (source frames) are taken as they are: no conversion after the engine.
    let settings: [String: Any]? = custom ? nil : [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA]
    let output = AVAssetReaderVideoCompositionOutput(videoTracks: composition.tracks(withMediaType: .video),
                                                     videoSettings: settings)
    output.videoComposition = videoComposition
    output.alwaysCopiesSampleData = false
    reader.add(output)
    let (_, samples) = try drain(reader, [output])
    report("composite: \(samples) frames")
}

/// Decodes the first `seconds` of both sources at once (two track outputs), the floor under `composite --custom`.
func decodeTwo(_ first: URL, _ second: URL, seconds: Double) async throws {
    let (composition, _) = try await layeredComposition(first, second, seconds: seconds, custom: true)
    let reader = try AVAssetReader(asset: composition)
    let outputs = composition.tracks(withMediaType: .video).map { track in
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: [
            kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8Planar])
        output.alwaysCopiesSampleData = false
        return output
    }
    for output in outputs { reader.add(output) }
    let (_, samples) = try drain(reader, outputs)
    report("decode-two: \(samples) frames")
}

/// Exports the layered composition with Preset1920x1080 (H.264, no audio) to `output`.
func compositeExport(_ first: URL, _ second: URL, seconds: Double, output: URL) async throws {
    let (composition, videoComposition) = try await layeredComposition(first, second, seconds: seconds, custom: false)
    guard let session = AVAssetExportSession(asset: composition, presetName: AVAssetExportPreset1920x1080) else {
        throw BenchFailure("no Preset1920x1080 session")
    }
    session.videoComposition = videoComposition
    try await session.export(to: output, as: .mp4)
    report("composite-export: \(output.path)")
}

/// Images of `url` at `times` through `AVAssetImageGenerator.images(for:)`, their pixels written to `output`.
func frames(_ url: URL, width: Int, exact: Bool, output: URL, times: [Double]) async throws {
    let generator = AVAssetImageGenerator(asset: AVURLAsset(url: url))
    generator.maximumSize = CGSize(width: width, height: 0)
    generator.appliesPreferredTrackTransform = true
    if exact {
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
    }
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let file = try FileHandle(forWritingTo: output)
    defer { try? file.close() }
    var made = 0
    for await answer in generator.images(for: times.map { CMTime(seconds: $0, preferredTimescale: 90_000) }) {
        let image = try answer.image
        guard let data = image.dataProvider?.data else { throw BenchFailure("frames: an image without pixels") }
        try file.write(contentsOf: data)
        made += 1
    }
    report("frames: \(made) images")
}

/// Records `seconds` of 30 fps video as a capture source would: frames at wall-clock pace, dropped when the input
/// is not ready, into a fragmented movie. Reports each second on standard error so that a test can kill it mid-way.
func record(seconds: Double, output: URL) throws {
    let writer = try AVAssetWriter(outputURL: output, fileType: .mov)
    writer.movieFragmentInterval = CMTime(value: 1, timescale: 1)
    let input = AVAssetWriterInput(mediaType: .video, outputSettings: [
        AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 640, AVVideoHeightKey: 360])
    input.expectsMediaDataInRealTime = true
    let adaptor = AVAssetWriterInputPixelBufferAdaptor(assetWriterInput: input, sourcePixelBufferAttributes: [
        kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange,
        kCVPixelBufferWidthKey as String: 640, kCVPixelBufferHeightKey as String: 360])
    writer.add(input)
    guard writer.startWriting() else { throw writer.error ?? BenchFailure("startWriting failed") }
    writer.startSession(atSourceTime: .zero)
    let start = Date()
    var frame = 0, appended = 0
    while true {
        let due = start.addingTimeInterval(Double(frame) / 30)
        let wait = due.timeIntervalSinceNow
        if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
        if Double(frame) / 30 >= seconds { break }
        if input.isReadyForMoreMediaData, let pool = adaptor.pixelBufferPool {
            var pixels: CVPixelBuffer?
            CVPixelBufferPoolCreatePixelBuffer(nil, pool, &pixels)
            if let pixels {
                CVPixelBufferLockBaseAddress(pixels, [])
                for plane in 0..<CVPixelBufferGetPlaneCount(pixels) {
                    guard let base = CVPixelBufferGetBaseAddressOfPlane(pixels, plane) else { continue }
                    memset(base, Int32((frame * 7 + plane * 50) & 0xFF),
                           CVPixelBufferGetBytesPerRowOfPlane(pixels, plane) * CVPixelBufferGetHeightOfPlane(pixels, plane))
                }
                CVPixelBufferUnlockBaseAddress(pixels, [])
                if adaptor.append(pixels, withPresentationTime: CMTime(value: Int64(frame), timescale: 30)) { appended += 1 }
            }
        }
        frame += 1
        if frame % 30 == 0 { report("recorded \(frame / 30) s, \(appended) frames appended") }
    }
    input.markAsFinished()
    let done = DispatchSemaphore(value: 0)
    writer.finishWriting { done.signal() }
    done.wait()
    guard writer.status == .completed else { throw writer.error ?? BenchFailure("recording ended as \(writer.status)") }
    report("record: \(appended) frames")
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch (arguments.first, arguments.count) {
    case ("open", 2): try await open(URL(fileURLWithPath: arguments[1]))
    case ("read", 2): try await read(URL(fileURLWithPath: arguments[1]))
    case ("decode", 2): try await decode(URL(fileURLWithPath: arguments[1]))
    case ("remux", 3): try await remux(URL(fileURLWithPath: arguments[1]), URL(fileURLWithPath: arguments[2]))
    case ("remux-receivers", 3), ("remux-receivers-tasks", 3):
        try await remuxWithReceivers(URL(fileURLWithPath: arguments[1]), URL(fileURLWithPath: arguments[2]),
                                     tasks: arguments[0] == "remux-receivers-tasks")
    case ("transcode", 5), ("transcode-receivers", 5):
        guard let seconds = Double(arguments[3]), let bitRate = Int(arguments[4]) else {
            throw BenchFailure("\(arguments[0]): SECONDS and BITRATE must be numbers")
        }
        try await transcode(URL(fileURLWithPath: arguments[1]), URL(fileURLWithPath: arguments[2]), seconds: seconds,
                            bitRate: bitRate, receivers: arguments[0] == "transcode-receivers")
    case ("encode", 7):
        guard let width = Int(arguments[2]), let height = Int(arguments[3]), let fps = Int32(arguments[4]),
              let bitRate = Int(arguments[5]) else { throw BenchFailure("encode: W H FPS BITRATE must be numbers") }
        try await encode(raw: URL(fileURLWithPath: arguments[1]), width: width, height: height, fps: fps,
                         bitRate: bitRate, output: URL(fileURLWithPath: arguments[6]))
    case ("compose-read", 4...):
        guard let segments = Int(arguments[1]), let seconds = Double(arguments[2]) else {
            throw BenchFailure("compose-read: SEGMENTS and SECONDS must be numbers")
        }
        try await composeRead(segments: segments, seconds: seconds, clips: arguments[3...].map { URL(fileURLWithPath: $0) })
    case ("composite", 4), ("composite", 5), ("decode-two", 4), ("composite-export", 5):
        guard let seconds = Double(arguments[3]) else { throw BenchFailure("\(arguments[0]): SECONDS must be a number") }
        let first = URL(fileURLWithPath: arguments[1]), second = URL(fileURLWithPath: arguments[2])
        switch arguments[0] {
        case "composite":
            guard arguments.count == 4 || arguments[4] == "--custom" else { throw BenchFailure("composite: unknown \(arguments[4])") }
            try await composite(first, second, seconds: seconds, custom: arguments.count == 5)
        case "decode-two": try await decodeTwo(first, second, seconds: seconds)
        default: try await compositeExport(first, second, seconds: seconds, output: URL(fileURLWithPath: arguments[4]))
        }
    case ("frames", 6...):
        guard let width = Int(arguments[2]), ["exact", "sync"].contains(arguments[3]) else {
            throw BenchFailure("frames: FILE WIDTH exact|sync OUT TIME...")
        }
        let times = try arguments[5...].map { text -> Double in
            guard let seconds = Double(text) else { throw BenchFailure("frames: \(text) is not a time in seconds") }
            return seconds
        }
        try await frames(URL(fileURLWithPath: arguments[1]), width: width, exact: arguments[3] == "exact",
                         output: URL(fileURLWithPath: arguments[4]), times: times)
    case ("speech", 3): try speech(URL(fileURLWithPath: arguments[1]), output: URL(fileURLWithPath: arguments[2]))
    case ("make-table", 4):
        guard let count = Int(arguments[2]), count > 0 else { throw BenchFailure("make-table: COUNT must be a positive number") }
        try TableFiles.write(arguments[1], count: count, to: URL(fileURLWithPath: arguments[3]))
    case ("record", 3):
        guard let seconds = Double(arguments[1]) else { throw BenchFailure("record: SECONDS must be a number") }
        try record(seconds: seconds, output: URL(fileURLWithPath: arguments[2]))
    default:
        report("usage: avbench open|read|decode FILE | remux IN OUT | remux-receivers[-tasks] IN OUT | "
               + "transcode|transcode-receivers IN OUT SECONDS BITRATE | encode RAW W H FPS BITRATE OUT | "
               + "compose-read SEGMENTS SECONDS CLIP... | composite A B SECONDS [--custom] | decode-two A B SECONDS | "
               + "composite-export A B SECONDS OUT | frames FILE WIDTH exact|sync OUT TIME... | speech IN OUT.wav | "
               + "make-table KIND COUNT OUT | "
               + "record SECONDS OUT")
        exit(2)
    }
} catch {
    report("avbench: \(error)")
    exit(1)
}
