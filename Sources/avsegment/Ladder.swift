import AVFoundation
import Foundation
import UniformTypeIdentifiers

/// An encoding ladder: the source's video decoded once and encoded at several heights, each rendition written by its
/// own `AVAssetWriter(contentType:)` cutting every target duration (Apple's writer forces a sync frame at each
/// boundary), and the audio segmented once, without re-encoding, as the renditions' shared audio.
enum Ladder {
    /// The renditions' video codec.
    enum Codec: String {
        case h264
        case hevc

        /// The encoder's settings for a rung: H.264 High at the level the size needs; HEVC Main (x265's default
        /// profile), whose `hvc1` sample entry is what Apple's HLS authoring specification asks for; the colour
        /// `color` (`Ladder.color(of:height:)`).
        func settings(_ rung: Rung, color: [String: Any]) -> [String: Any] {
            var compression: [String: Any] = [AVVideoAverageBitRateKey: rung.bitRate]
            if self == .h264 { compression[AVVideoProfileLevelKey] = AVVideoProfileLevelH264HighAutoLevel }
            return [AVVideoCodecKey: self == .h264 ? AVVideoCodecType.h264 : AVVideoCodecType.hevc,
                    AVVideoWidthKey: rung.width, AVVideoHeightKey: rung.height,
                    AVVideoCompressionPropertiesKey: compression, AVVideoColorPropertiesKey: color]
        }

        /// The share of the H.264 bit rate a rendition gets: HEVC needs fewer bits for the same picture (this
        /// tool's choice of three quarters, not a number from Apple's table).
        var bitRateShare: Double { self == .h264 ? 1 : 0.75 }
    }

    /// One video rendition's name (its folder), size and bit rate.
    struct Rung {
        var height: Int
        var width: Int
        var bitRate: Int
        var name: String { "\(height)p" }
    }

    /// The colour every rung is tagged with (`AVVideoColorPropertiesKey`): the source's primaries, transfer function
    /// and matrix, or, for an untagged source, what players assume of it (BT.709 from 720 lines up, else BT.601).
    /// Untagged, a rung under 720 lines would be read as BT.601 while it holds the source's BT.709 samples, so the
    /// encoder would convert every picture through RGB (a third of the ladder's scaling time); tagged, the samples
    /// go through as they are and players read every rung as the source.
    static func color(of format: CMFormatDescription?, height: CGFloat) -> [String: Any] {
        let tagged = format.map { format in
            [kCMFormatDescriptionExtension_ColorPrimaries, kCMFormatDescriptionExtension_TransferFunction,
             kCMFormatDescriptionExtension_YCbCrMatrix].map {
                CMFormatDescriptionGetExtension(format, extensionKey: $0) as? String
            }
        }
        if let tagged, let primaries = tagged[0], let transfer = tagged[1], let matrix = tagged[2] {
            return [AVVideoColorPrimariesKey: primaries, AVVideoTransferFunctionKey: transfer,
                    AVVideoYCbCrMatrixKey: matrix]
        }
        let isHD = height >= 720
        return [AVVideoColorPrimariesKey: isHD ? AVVideoColorPrimaries_ITU_R_709_2 : AVVideoColorPrimaries_SMPTE_C,
                AVVideoTransferFunctionKey: AVVideoTransferFunction_ITU_R_709_2,
                AVVideoYCbCrMatrixKey: isHD ? AVVideoYCbCrMatrix_ITU_R_709_2 : AVVideoYCbCrMatrix_ITU_R_601_4]
    }

    /// The rungs at `heights` no taller than the source, their widths keeping its shape (even), and H.264 bit rates
    /// near Apple's HLS authoring table (6 Mb/s at 1080p, scaled with the pixel count, at least 365 kb/s); HEVC
    /// rungs get `codec.bitRateShare` of those.
    static func rungs(_ heights: [Int], sourceSize: CGSize, codec: Codec = .h264) -> [Rung] {
        let aspect = sourceSize.height > 0 ? sourceSize.width / sourceSize.height : 16.0 / 9.0
        return heights.filter { $0 >= 16 && CGFloat($0) <= sourceSize.height }.map { height in
            let width = Int((CGFloat(height) * aspect / 2).rounded()) * 2
            let pixels = Double(width * height) / (1920.0 * 1080.0)
            return Rung(height: height, width: width,
                        bitRate: Int(Double(max(365_000, Int(6_000_000 * pixels))) * codec.bitRateShare))
        }
    }

    /// Segments `input` into one folder per rung and one for the audio, under `directory`.
    static func segment(_ input: URL, into directory: URL, heights: [Int], targetDuration: Double, baseName: String,
                        cmaf: Bool, codec: Codec = .h264) async throws
        -> (video: [(Rung, SegmentedRendition)], audio: SegmentedRendition?) {
        let asset = AVURLAsset(url: input)
        guard let video = try await asset.loadTracks(withMediaType: .video).first else {
            throw SegmenterError("\(input.lastPathComponent) has no video track to make a ladder of")
        }
        let audio = try await asset.loadTracks(withMediaType: .audio).first
        let size = try await video.load(.naturalSize)
        let color = color(of: try await video.load(.formatDescriptions).first, height: size.height)
        let rungs = rungs(heights, sourceSize: size, codec: codec)
        guard !rungs.isEmpty else {
            throw SegmenterError("no ladder height is at most the source's \(Int(size.height)) lines")
        }
        let reader = try AVAssetReader(asset: asset)
        // Planar 4:2:0, the layout H.264 and HEVC decoders make and x264 and x265 take: the top rung goes to its
        // encoder as decoded, the others through a scale within one layout. Bi-planar (NV12) pictures cost a repack
        // after decoding and a scale and repack in one swscale pass per lower rung, the slow one (1.44 × ffmpeg's
        // CPU for the ladder, a tenth of it in swscale).
        let frames = AVAssetReaderTrackOutput(track: video, outputSettings: [
            kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8Planar])
        // Nothing here writes into a decoded picture (the encoders and the scaler only read it), so the pictures may
        // wrap the decoder's own memory instead of being copied into a pool's buffers: a 1080p copy per frame was
        // about 1 % of the ladder's CPU, ffmpeg makes none.
        frames.alwaysCopiesSampleData = false
        reader.add(frames)
        let frameRate = Double(try await video.load(.nominalFrameRate))
        var folders: [URL] = []
        var outputs: [(rung: Rung, writer: AVAssetWriter, receiver: AVAssetWriterInput.SampleBufferReceiver,
                       files: SegmentFileWriter)] = []
        for rung in rungs {
            let folder = directory.appendingPathComponent(rung.name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            folders.append(folder)
            let writer = segmentWriter(targetDuration: targetDuration, cmaf: cmaf)
            let files = SegmentFileWriter(directory: folder, baseName: baseName)
            writer.delegate = files
            let input = AVAssetWriterInput(mediaType: .video, outputSettings: codec.settings(rung, color: color))
            outputs.append((rung, writer, writer.inputReceiver(for: input), files))
        }
        var audioLane: Segmenter.Lane?
        var audioWriter: (writer: AVAssetWriter, files: SegmentFileWriter)?
        var audioFormat: CMFormatDescription?
        if let audio {
            let folder = directory.appendingPathComponent("audio")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            folders.append(folder)
            let output = AVAssetReaderTrackOutput(track: audio, outputSettings: nil)
            output.alwaysCopiesSampleData = false
            reader.add(output)
            audioFormat = try await audio.load(.formatDescriptions).first
            let writer = segmentWriter(targetDuration: targetDuration, cmaf: cmaf)
            let files = SegmentFileWriter(directory: folder, baseName: baseName)
            writer.delegate = files
            let input = AVAssetWriterInput(mediaType: .audio, outputSettings: nil, sourceFormatHint: audioFormat)
            writer.add(input)
            audioLane = Segmenter.Lane(output: output, input: input, cuts: false)
            audioWriter = (writer, files)
        }
        let writers = outputs.map(\.writer) + (audioWriter.map { [$0.writer] } ?? [])
        do {
            guard reader.startReading() else { throw reader.error ?? SegmenterError("the reader did not start") }
            for writer in writers {
                guard writer.startWriting() else { throw writer.error ?? SegmenterError("a writer did not start") }
                writer.startSession(atSourceTime: .zero)
            }
            // One decode feeds every rung; the audio follows the pictures' time so both reader outputs advance. Each
            // rung's receiver suspends the loop until its encoder can take the frame (iOS 26's receivers): waiting
            // by polling `isReadyForMoreMediaData` woke this thread every half millisecond while the 1080p encoder
            // was busy, three times ffmpeg's context switches.
            while let frame = frames.copyNextSampleBuffer() {
                let time = CMSampleBufferGetPresentationTimeStamp(frame)
                try audioLane?.append(until: time.seconds)
                for output in outputs {
                    try await output.receiver.append(CMReadySampleBuffer(unsafeBuffer: frame))
                }
            }
            try audioLane?.append(until: .infinity)
            if reader.status == .failed { throw reader.error ?? SegmenterError("reading failed") }
            for output in outputs { output.receiver.finish() }
            audioLane?.input.markAsFinished()
            for writer in writers {
                await writer.finishWriting()
                guard writer.status == .completed else {
                    throw writer.error ?? SegmenterError("a rendition did not complete")
                }
            }
            var rungsWritten: [(Rung, SegmentedRendition)] = []
            for output in outputs {
                var rendition = SegmentedRendition(initializationFile: SegmentFileWriter.initializationFile,
                                                   segments: try output.files.result())
                rendition.videoFormat = try await encodedFormat(in: directory.appendingPathComponent(output.rung.name))
                rendition.frameRate = frameRate
                rungsWritten.append((output.rung, rendition))
            }
            var audioRendition: SegmentedRendition?
            if let audioWriter {
                audioRendition = SegmentedRendition(initializationFile: SegmentFileWriter.initializationFile,
                                                    segments: try audioWriter.files.result(), audioFormat: audioFormat)
            }
            return (rungsWritten, audioRendition)
        } catch {
            for writer in writers { writer.cancelWriting() }
            for folder in folders { try? FileManager.default.removeItem(at: folder) }
            throw error
        }
    }

    /// The encoded video's format description (its `avcC`, for the playlist's CODECS), read back from the
    /// rendition's initialization segment through the asset API.
    private static func encodedFormat(in folder: URL) async throws -> CMFormatDescription? {
        let asset = AVURLAsset(url: folder.appendingPathComponent(SegmentFileWriter.initializationFile))
        return try await asset.loadTracks(withMediaType: .video).first?.load(.formatDescriptions).first
    }

    private static func segmentWriter(targetDuration: Double, cmaf: Bool) -> AVAssetWriter {
        let writer = AVAssetWriter(contentType: UTType(AVFileType.mp4.rawValue)!)
        // Each rendition is one track, so each can be a CMAF track file.
        writer.outputFileTypeProfile = cmaf ? .mpeg4CMAFCompliant : .mpeg4AppleHLS
        writer.preferredOutputSegmentInterval = CMTime(seconds: targetDuration, preferredTimescale: 600)
        writer.initialSegmentStartTime = .zero
        return writer
    }
}
