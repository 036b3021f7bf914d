import CoreMedia
import CoreVideo
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// Every file type × codec the writer claims, written through AVAssetWriter and judged by ffprobe (codec, size,
/// rate, frame counts), `ffmpeg -v error` (a clean decode) and mediainfo (the container), plus our AVAsset.
@Suite("AVAssetWriter: file type × codec matrix")
struct WriterCodecMatrixTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var fileType: AVFileType
        var fileExtension: String
        var videoCodec: AVVideoCodecType?
        var audioFormat: AudioFormatID?
        var pcm: (bits: Int, float: Bool, bigEndian: Bool)?
        /// ffprobe's codec names (from ffprobe 5.1's codec table).
        var ffprobeVideo: String?
        var ffprobeAudio: String?
        /// mediainfo's Format of the general track.
        var container: String
        var testDescription: String { "\(fileExtension): \(videoCodec?.rawValue ?? "-") + \(ffprobeAudio ?? "-")" }
    }

    static let cases: [Case] = [
        Case(fileType: .mov, fileExtension: "mov", videoCodec: .h264, audioFormat: kAudioFormatMPEG4AAC, ffprobeVideo: "h264", ffprobeAudio: "aac", container: "MPEG-4"),
        Case(fileType: .mov, fileExtension: "mov", videoCodec: .hevc, audioFormat: kAudioFormatAppleLossless, ffprobeVideo: "hevc", ffprobeAudio: "alac", container: "MPEG-4"),
        Case(fileType: .mov, fileExtension: "mov", videoCodec: .proRes422, audioFormat: kAudioFormatLinearPCM, pcm: (16, false, false), ffprobeVideo: "prores", ffprobeAudio: "pcm_s16le", container: "MPEG-4"),
        Case(fileType: .mov, fileExtension: "mov", videoCodec: .proRes4444, audioFormat: kAudioFormatLinearPCM, pcm: (32, true, true), ffprobeVideo: "prores", ffprobeAudio: "pcm_f32be", container: "MPEG-4"),
        Case(fileType: .mov, fileExtension: "mov", videoCodec: .jpeg, audioFormat: nil, ffprobeVideo: "mjpeg", container: "MPEG-4"),
        Case(fileType: .mp4, fileExtension: "mp4", videoCodec: .h264, audioFormat: kAudioFormatMPEG4AAC, ffprobeVideo: "h264", ffprobeAudio: "aac", container: "MPEG-4"),
        Case(fileType: .mp4, fileExtension: "mp4", videoCodec: .hevc, audioFormat: kAudioFormatAppleLossless, ffprobeVideo: "hevc", ffprobeAudio: "alac", container: "MPEG-4"),
        Case(fileType: .m4v, fileExtension: "m4v", videoCodec: .h264, audioFormat: kAudioFormatMPEG4AAC, ffprobeVideo: "h264", ffprobeAudio: "aac", container: "MPEG-4"),
        Case(fileType: .m4a, fileExtension: "m4a", videoCodec: nil, audioFormat: kAudioFormatMPEG4AAC, ffprobeAudio: "aac", container: "MPEG-4"),
        Case(fileType: .m4a, fileExtension: "m4a", videoCodec: nil, audioFormat: kAudioFormatAppleLossless, ffprobeAudio: "alac", container: "MPEG-4"),
        Case(fileType: .mobile3GPP, fileExtension: "3gp", videoCodec: .h264, audioFormat: kAudioFormatMPEG4AAC, ffprobeVideo: "h264", ffprobeAudio: "aac", container: "MPEG-4"),
        Case(fileType: .mobile3GPP2, fileExtension: "3g2", videoCodec: .h264, audioFormat: kAudioFormatMPEG4AAC, ffprobeVideo: "h264", ffprobeAudio: "aac", container: "MPEG-4"),
        Case(fileType: .caf, fileExtension: "caf", videoCodec: nil, audioFormat: kAudioFormatMPEG4AAC, ffprobeAudio: "aac", container: "CAF"),
        Case(fileType: .caf, fileExtension: "caf", videoCodec: nil, audioFormat: kAudioFormatAppleLossless, ffprobeAudio: "alac", container: "CAF"),
        Case(fileType: .caf, fileExtension: "caf", videoCodec: nil, audioFormat: kAudioFormatLinearPCM, pcm: (24, false, true), ffprobeAudio: "pcm_s24be", container: "CAF"),
        Case(fileType: .wav, fileExtension: "wav", videoCodec: nil, audioFormat: kAudioFormatLinearPCM, pcm: (16, false, false), ffprobeAudio: "pcm_s16le", container: "Wave"),
        Case(fileType: .aiff, fileExtension: "aiff", videoCodec: nil, audioFormat: kAudioFormatLinearPCM, pcm: (16, false, true), ffprobeAudio: "pcm_s16be", container: "AIFF"),
        Case(fileType: .aifc, fileExtension: "aifc", videoCodec: nil, audioFormat: kAudioFormatLinearPCM, pcm: (32, true, true), ffprobeAudio: "pcm_f32be", container: "AIFF"),
    ]

    static let frameCount = 12
    static let audioFrames = 22_050

    @Test("written, then judged by ffprobe, ffmpeg and mediainfo", arguments: cases)
    func matrix(_ testCase: Case) async throws {
        let directory = try TestFiles.makeTemporaryDirectory("matrix")
        let url = directory.file("out.\(testCase.fileExtension)")
        let writer = try AVAssetWriter(outputURL: url, fileType: testCase.fileType)
        var inputs: [AVAssetWriterInput] = []
        if let codec = testCase.videoCodec {
            var settings: [String: Any] = [AVVideoCodecKey: codec, AVVideoWidthKey: 160, AVVideoHeightKey: 120]
            if codec == .h264 || codec == .hevc {
                settings[AVVideoCompressionPropertiesKey] = [AVVideoAverageBitRateKey: 400_000, AVVideoMaxKeyFrameIntervalKey: 6]
            }
            #expect(writer.canApply(outputSettings: settings, forMediaType: .video))
            inputs.append(AVAssetWriterInput(mediaType: .video, outputSettings: settings))
        }
        if let format = testCase.audioFormat {
            var settings: [String: Any] = [AVFormatIDKey: format, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2]
            if let pcm = testCase.pcm {
                settings[AVLinearPCMBitDepthKey] = pcm.bits
                settings[AVLinearPCMIsFloatKey] = pcm.float
                settings[AVLinearPCMIsBigEndianKey] = pcm.bigEndian
                settings[AVLinearPCMIsNonInterleaved] = false
            }
            #expect(writer.canApply(outputSettings: settings, forMediaType: .audio))
            inputs.append(AVAssetWriterInput(mediaType: .audio, outputSettings: settings))
        }
        for input in inputs {
            #expect(writer.canAdd(input), "\(String(describing: writer.error))")
            writer.add(input)
        }
        #expect(writer.startWriting(), "\(String(describing: writer.error))")
        writer.startSession(atSourceTime: .zero)
        var videoFrame = 0, audioFrame = 0
        WriterMedia.feed(inputs) { index in
            if inputs[index].mediaType == .video {
                guard videoFrame < Self.frameCount else { return nil }
                defer { videoFrame += 1 }
                return WriterMedia.imageSample(WriterMedia.pixelBuffer(frame: videoFrame), at: CMTime(value: CMTimeValue(videoFrame), timescale: 24),
                                               duration: CMTime(value: 1, timescale: 24))
            }
            guard audioFrame < Self.audioFrames else { return nil }
            let count = min(1000, Self.audioFrames - audioFrame)
            defer { audioFrame += count }
            return WriterMedia.tone(frames: count, start: audioFrame)
        }
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")

        let probe = WriterProbe(url: url)
        let streams = try probe.streams()
        #expect(streams.count == inputs.count)
        if let expected = testCase.ffprobeVideo {
            let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
            #expect(video["codec_name"] as? String == expected)
            #expect(video["width"] as? Int == 160 && video["height"] as? Int == 120)
            #expect(try probe.frameCount(stream: video["index"] as! Int) == Self.frameCount)
        }
        if let expected = testCase.ffprobeAudio {
            let audio = try #require(streams.first { $0["codec_type"] as? String == "audio" })
            #expect(audio["codec_name"] as? String == expected)
            #expect(audio["sample_rate"] as? String == "44100" && audio["channels"] as? Int == 2)
            let duration = Double(audio["duration"] as? String ?? "") ?? 0
            // FFmpeg 5.1's CAF demuxer ignores the packet table's priming and remainder, so for AAC in CAF it
            // counts the priming frames and the last packet's padding too (up to one ALAC packet) (our reader applies them, below).
            let slack = testCase.fileType == .caf && !expected.hasPrefix("pcm") ? 4096.0 / 44_100 : 0.03
            #expect(abs(duration - 0.5) <= slack, "audio lasts 0.5 s, ffprobe says \(duration)")
        }
        #expect(try probe.decodeErrors() == "")
        #expect(try probe.mediainfo("General", "Format") == testCase.container)

        // Our reader agrees on the tracks and the duration.
        let asset = AVURLAsset(url: url)
        let (tracks, duration) = try await asset.load(.tracks, .duration)
        #expect(tracks.count == inputs.count)
        #expect(abs(duration.seconds - 0.5) < 0.03, "duration \(duration.seconds)")
    }

    @Test("canApply answers per file type and codec, and refuses encoders Debian's FFmpeg lacks")
    func canApplyIsTruthful() throws {
        let directory = try TestFiles.makeTemporaryDirectory("canapply")
        func writer(_ type: AVFileType, _ ext: String) throws -> AVAssetWriter {
            try AVAssetWriter(outputURL: directory.file("x.\(ext)"), fileType: type)
        }
        let prores: [String: Any] = [AVVideoCodecKey: AVVideoCodecType.proRes422, AVVideoWidthKey: 64, AVVideoHeightKey: 64]
        #expect(try writer(.mov, "mov").canApply(outputSettings: prores, forMediaType: .video))
        #expect(try !writer(.mp4, "mp4").canApply(outputSettings: prores, forMediaType: .video))
        #expect(try !writer(.m4a, "m4a").canApply(outputSettings: prores, forMediaType: .video))
        let pcm: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 48_000, AVNumberOfChannelsKey: 1,
                                  AVLinearPCMBitDepthKey: 16, AVLinearPCMIsFloatKey: false, AVLinearPCMIsBigEndianKey: false,
                                  AVLinearPCMIsNonInterleaved: false]
        #expect(try writer(.wav, "wav").canApply(outputSettings: pcm, forMediaType: .audio))
        #expect(try !writer(.mp4, "mp4").canApply(outputSettings: pcm, forMediaType: .audio))
        #expect(try !writer(.aiff, "aiff").canApply(outputSettings: pcm, forMediaType: .audio), "AIFF is big-endian")
        let heAAC: [String: Any] = [AVFormatIDKey: kAudioFormatMPEG4AAC_HE, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2]
        #expect(try !writer(.m4a, "m4a").canApply(outputSettings: heAAC, forMediaType: .audio))
        let amr: [String: Any] = [AVFormatIDKey: kAudioFormatAMR, AVSampleRateKey: 8_000, AVNumberOfChannelsKey: 1]
        #expect(try !writer(.amr, "amr").canApply(outputSettings: amr, forMediaType: .audio))
        let input = AVAssetWriterInput(mediaType: .audio, outputSettings: amr)
        let amrWriter = try writer(.mobile3GPP, "3gp")
        #expect(!amrWriter.canAdd(input))
        amrWriter.add(input)
        #expect(amrWriter.status == .failed)
        let error = try #require(amrWriter.error as? AVError)
        #expect(error.code == .encoderNotFound, "\(error)")
        #expect(error.localizedDescription.contains(AVFormatIDKey), "the message names the key: \(error.localizedDescription)")
        #expect(try writer(.wav, "wav").availableMediaTypes == [.audio])
        #expect(try writer(.mov, "mov").availableMediaTypes.contains(.video))
    }
}
