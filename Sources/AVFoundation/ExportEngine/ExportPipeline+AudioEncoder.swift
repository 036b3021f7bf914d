import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs
import MediaContainer
import MovieFile

/// An audio track's encoder.
extension ExportPipeline {
    /// The audio encoder of a track, opened with a hint of the reader's output (32-bit float, non-interleaved).
    func makeAudioEncoder(_ plan: ExportPlan.Audio, track: ExportSource.Track) throws -> AudioEncoderSession {
        let settings: AudioEncoderSettings
        do throws(CodecSettingsError) {
            settings = try AudioEncoderSettings(outputSettings: plan.encodeSettings)
        } catch {
            throw ExportFailure.stage(.unsupportedOutputSettings, "track \(track.trackID): the preset's audio settings",
                                      underlying: error, trackID: track.trackID)
        }
        var asbd = AudioStreamBasicDescription(
            mSampleRate: plan.sampleRate, mFormatID: kAudioFormatLinearPCM,
            mFormatFlags: kLinearPCMFormatFlagIsFloat | kLinearPCMFormatFlagIsPacked
                | kLinearPCMFormatFlagIsNonInterleaved,
            mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: UInt32(plan.channels),
            mBitsPerChannel: 32, mReserved: 0)
        var hint: CMAudioFormatDescription?
        CMAudioFormatDescriptionCreate(allocator: kCFAllocatorDefault, asbd: &asbd, layoutSize: 0, layout: nil,
                                       magicCookieSize: 0, magicCookie: nil, extensions: nil,
                                       formatDescriptionOut: &hint)
        do throws(CodecError) {
            return try AudioEncoderSession(settings: settings, sourceFormatHint: hint)
        } catch {
            throw codecFailure(error, "cannot open the audio encoder", code: .encodeFailed, trackID: track.trackID)
        }
    }
}
