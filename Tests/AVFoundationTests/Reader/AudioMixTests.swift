import AVFoundation
import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// AVAudioMix's volume rules and AVAssetReaderAudioMixOutput's mixing, judged against ffmpeg's decode of each track.
@Suite("Audio mix")
struct AudioMixTests {
    /// Two stereo PCM tracks: A (1 s, from 0) and B (0.6 s, starting at 0.3 s behind an empty edit).
    static func twoTracks() throws -> URL {
        try ReaderMedia.make("two-pcm-tracks-second-delayed.mov") { output in
            try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-y"] + ReaderMedia.stereo(seconds: 1)
                                   + ["-itsoffset", "0.3", "-f", "lavfi", "-i",
                                      "aevalsrc=0.3*sin(2*PI*1000*t)|0.2*sin(2*PI*1500*t):s=44100:d=0.6",
                                      "-map", "0:a", "-map", "1:a", "-c:a", "pcm_s16le", output.path])
        }
    }

    /// Track `index`'s samples as ffmpeg decodes them, as floats (s16 / 32768), interleaved stereo.
    static func decoded(_ url: URL, track index: Int) throws -> [Float] {
        try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-map", "0:a:\(index)", "-f", "s16le", "-"])
            .standardOutput.withUnsafeBytes { $0.bindMemory(to: Int16.self).map { Float($0) / 32768 } }
    }

    /// The volume AVAudioMix.h describes at `seconds`: 1 before any setting; 0.5 from 0; a ramp 0.5 → 0 over
    /// [0.5, 0.8]; 0 after it.
    static func volumeA(_ seconds: Double) -> Float {
        if seconds < 0.5 { return 0.5 }
        if seconds < 0.8 { return 0.5 - 0.5 * Float((seconds - 0.5) / 0.3) }
        return 0
    }

    static func mix() throws -> (AVURLAsset, AVMutableAudioMix) {
        let asset = AVURLAsset(url: try twoTracks())
        let tracks = asset.tracks(withMediaType: .audio)
        let parameters = AVMutableAudioMixInputParameters(track: tracks[0])
        parameters.setVolume(0.5, at: .zero)
        parameters.setVolumeRamp(fromStartVolume: 0.5, toEndVolume: 0,
                                 timeRange: CMTimeRange(start: CMTime(value: 1, timescale: 2), duration: CMTime(value: 3, timescale: 10)))
        let mix = AVMutableAudioMix()
        mix.inputParameters = [parameters]
        return (asset, mix)
    }

    @Test("tracks are decoded, placed on the timeline (an empty edit leaves silence), scaled and summed")
    func mixesFloat() throws {
        let (asset, mix) = try Self.mix()
        let tracks = asset.tracks(withMediaType: .audio)
        #expect(tracks.count == 2)
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderAudioMixOutput(audioTracks: tracks, audioSettings: nil)
        output.audioMix = mix
        reader.add(output)
        #expect(reader.startReading())
        var mixed: [[Float]] = [[], []]
        var next = CMTime.zero
        while let buffer = output.copyNextSampleBuffer() {
            #expect(CMSampleBufferGetPresentationTimeStamp(buffer) == next, "contiguous mix")
            next = CMSampleBufferGetPresentationTimeStamp(buffer) + CMSampleBufferGetDuration(buffer)
            let asbd = try #require(CMAudioFormatDescriptionGetStreamBasicDescription(CMSampleBufferGetFormatDescription(buffer)!)?.pointee)
            #expect(asbd.mFormatFlags & kAudioFormatFlagIsFloat != 0 && asbd.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0)
            #expect(asbd.mSampleRate == 44_100 && asbd.mChannelsPerFrame == 2)
            let frames = CMSampleBufferGetNumSamples(buffer)
            let floats = BufferBytes.data(buffer).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
            mixed[0] += floats[0..<frames]
            mixed[1] += floats[frames..<(2 * frames)]
        }
        #expect(reader.status == .completed)
        let a = try Self.decoded(asset.url, track: 0), b = try Self.decoded(asset.url, track: 1)
        let offset = 13_230 // 0.3 s
        #expect(mixed[0].count == 44_100)
        var worst: Float = 0
        for frame in 0..<min(44_100, mixed[0].count) {
            for channel in 0..<2 {
                var expected = Self.volumeA(Double(frame) / 44_100) * a[2 * frame + channel]
                if frame >= offset, frame - offset < b.count / 2 { expected += b[2 * (frame - offset) + channel] }
                worst = max(worst, abs(mixed[channel][frame] - expected))
            }
        }
        #expect(worst < 1e-5, "largest difference \(worst)")
    }

    @Test("the mix converted to 16-bit interleaved settings, over a time range")
    func mixesToSettings() throws {
        let (asset, mix) = try Self.mix()
        let reader = try AVAssetReader(asset: asset)
        reader.timeRange = CMTimeRange(start: CMTime(value: 1, timescale: 5), duration: CMTime(value: 1, timescale: 2))
        let output = AVAssetReaderAudioMixOutput(audioTracks: asset.tracks(withMediaType: .audio), audioSettings: [
            AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 16, AVLinearPCMIsFloatKey: false,
            AVLinearPCMIsNonInterleaved: false, AVLinearPCMIsBigEndianKey: false,
        ])
        output.audioMix = mix
        reader.add(output)
        #expect(reader.startReading())
        var samples: [Int16] = []
        var first: CMTime?
        while let buffer = output.copyNextSampleBuffer() {
            if first == nil { first = CMSampleBufferGetPresentationTimeStamp(buffer) }
            samples += BufferBytes.data(buffer).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        }
        #expect(first == CMTime(value: 1, timescale: 5))
        #expect(samples.count == 2 * 22_050)
        let a = try Self.decoded(asset.url, track: 0), b = try Self.decoded(asset.url, track: 1)
        var worst = 0
        for index in 0..<min(samples.count, 2 * 22_050) {
            let frame = 8820 + index / 2, channel = index % 2
            var expected = Self.volumeA(Double(frame) / 44_100) * a[2 * frame + channel]
            if frame >= 13_230 { expected += b[2 * (frame - 13_230) + channel] }
            worst = max(worst, abs(Int(samples[index]) - Int((expected * 32768).rounded())))
        }
        #expect(worst <= 1, "largest difference \(worst)")
    }

    @Test("volume ramps follow AVAudioMix.h: 1.0 before the first, interpolated within, the last held after")
    func volumeRamps() {
        let parameters = AVMutableAudioMixInputParameters()
        #expect(parameters.trackID == kCMPersistentTrackID_Invalid)
        // Apple's example: volume 1.0 at 0, a ramp 0.5 → 0.2 over [4, 4 + 5].
        parameters.setVolume(1, at: .zero)
        parameters.setVolumeRamp(fromStartVolume: 0.5, toEndVolume: 0.2,
                                 timeRange: CMTimeRange(start: CMTime(value: 4, timescale: 1), duration: CMTime(value: 5, timescale: 1)))
        let curve = parameters.curve
        #expect(curve.volume(at: 2) == 1)
        #expect(curve.volume(at: 4) == 0.5)
        #expect(abs(curve.volume(at: 6.5) - 0.35) < 1e-6)
        #expect(abs(curve.volume(at: 20) - 0.2) < 1e-6)
        var start: Float = 0, end: Float = 0
        var range = CMTimeRange()
        #expect(parameters.getVolumeRamp(for: CMTime(value: 5, timescale: 1), startVolume: &start, endVolume: &end, timeRange: &range))
        #expect(start == 0.5 && end == 0.2 && range.start == CMTime(value: 4, timescale: 1))
        #expect(parameters.getVolumeRamp(for: CMTime(value: 1, timescale: 1), startVolume: &start, endVolume: nil, timeRange: &range))
        #expect(start == 0.5, "between ramps: the first that starts after the time")
        #expect(!parameters.getVolumeRamp(for: CMTime(value: 10, timescale: 1), startVolume: nil, endVolume: nil, timeRange: nil))
        #expect(AVAudioMixInputParameters().curve.volume(at: 3) == 1, "no ramps: full volume")

        let mix = AVMutableAudioMix()
        mix.inputParameters = [parameters]
        parameters.setVolume(0, at: .zero)
        #expect(mix.inputParameters[0].curve.volume(at: 2) == 1, "the mix keeps a copy of the parameters")
        let copy = mix.copy() as? AVAudioMix
        #expect(copy?.inputParameters.count == 1 && !(copy is AVMutableAudioMix))
        #expect((mix.mutableCopy() as? AVMutableAudioMix)?.inputParameters.count == 1)
    }
}
