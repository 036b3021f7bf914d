import CoreMedia
import Foundation
import MediaCodecs
import MediaContainer
import MovieFile

/// Which presets apply to an asset, and which file types each can write it to.
///
/// A transcoding preset applies when every track it re-encodes can be decoded and its encoder exists in this build
/// (an HEVC preset needs libx265; the WithAlpha presets need an HEVC-with-alpha encoder, which Debian's FFmpeg 5.1
/// does not have, so they never apply here, as Apple's HEVC presets do not apply on a device without an HEVC
/// encoder). Video presets need a video track; AppleM4A an audio track. Passthrough applies to any asset with
/// tracks; the file types it can write are those that hold every audio and video track as stored (AVAssetExportSession.h:
/// other tracks that the container cannot hold are left out).
enum ExportCompatibility {
    /// Why `preset` cannot export `source`, or `nil` when it can.
    static func problem(with preset: ExportPreset, source: ExportSource) -> String? {
        guard !source.tracks.isEmpty else { return "the asset has no tracks" }
        switch preset.mode {
        case .passthrough:
            return nil
        case .transcode(let video, _):
            let audio = source.tracks(.audio)
            if let video {
                let videoTracks = source.tracks(.video)
                guard !videoTracks.isEmpty else { return "\(preset.name) writes video and the asset has no video track" }
                guard video.isEncodable else {
                    return "no \(video.codec.rawValue) encoder is available in this build (Debian's FFmpeg 5.1 has "
                        + (video.codec == .hevcWithAlpha ? "no HEVC encoder that writes an alpha layer" : "none") + ")"
                }
                if video.requiresAlpha, !videoTracks.contains(where: \.hasAlpha) {
                    return "\(preset.name) needs a video track with alpha and the asset has none"
                }
                if let track = videoTracks.first(where: { !$0.isDecodable }) {
                    return "video track \(track.trackID) (\(codecName(track))) cannot be decoded here"
                }
            } else {
                guard !audio.isEmpty else { return "\(preset.name) writes audio and the asset has no audio track" }
            }
            if let track = audio.first(where: { !$0.isDecodable }) {
                return "audio track \(track.trackID) (\(codecName(track))) cannot be decoded here"
            }
            return nil
        }
    }

    /// The file types `preset` can write `source` to, in the preset's order; empty when the preset does not apply.
    static func fileTypes(for preset: ExportPreset, source: ExportSource) -> [AVFileType] {
        guard problem(with: preset, source: source) == nil else { return [] }
        guard preset.isPassthrough else { return preset.fileTypes }
        return preset.fileTypes.filter { passthroughRefusal(source, fileType: $0) == nil }
    }

    /// Why passthrough cannot write `source` to `fileType`, or `nil` when it can.
    static func passthroughRefusal(_ source: ExportSource, fileType: AVFileType) -> String? {
        let media = source.tracks.filter { $0.mediaType == .audio || $0.mediaType == .video }
        guard !media.isEmpty else {
            return source.tracks.isEmpty ? "the asset has no tracks" : "the asset has no audio or video track"
        }
        if let movieType = MovieFileType(rawValue: fileType.rawValue) {
            for track in media {
                for format in track.formats {
                    if let refusal = movieType.refusal(toHold: format) {
                        return "\(track.mediaType == .video ? "video" : "audio") track \(track.trackID): \(refusal)"
                    }
                }
            }
            return nil
        }
        // Audio files hold one audio track.
        guard let audioFormats = audioFileFormats[fileType] else {
            return "\(fileType.rawValue) is not a file type export writes"
        }
        guard media.count == 1, let track = media.first, track.mediaType == .audio else {
            return "a \(fileType.rawValue) file holds a single audio track; the asset has \(media.count) audio and video tracks"
        }
        if track.editedSegmentCount != nil {
            // An audio file has no edit list: only a composition whose samples follow one another exactly (linear
            // PCM, one frame per sample, at normal speed, without gaps) can be copied into one.
            let formats = track.formats.compactMap { CMAudioFormatDescriptionGetStreamBasicDescription($0)?.pointee }
            if formats.contains(where: { $0.mFormatID != kAudioFormatLinearPCM })
                || track.track.backing.timeline.segments.contains(where: { $0.isEmpty || !$0.isNormalSpeed }) {
                return "a \(fileType.rawValue) file has no edit list to present the composition's segments (trims, gaps "
                    + "and speed changes of compressed audio); export to a QuickTime movie or MPEG-4 audio file (.mov, .m4a), "
                    + "or with AppleM4A, which re-encodes"
            }
            if Set(formats.map { "\($0.mSampleRate)/\($0.mChannelsPerFrame)/\($0.mBitsPerChannel)/\($0.mFormatFlags)" }).count > 1 {
                return "the composition's segments have \(formats.count) different linear PCM formats; a "
                    + "\(fileType.rawValue) file holds one"
            }
        }
        for format in track.formats {
            guard let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(format)?.pointee,
                  audioFormats.contains(asbd.mFormatID) else {
                return "audio track \(track.trackID) (\(codecName(track))) cannot be stored in a \(fileType.rawValue) file"
            }
            if asbd.mFormatID == kAudioFormatLinearPCM {
                let bigEndian = asbd.mFormatFlags & kLinearPCMFormatFlagIsBigEndian != 0
                let float = asbd.mFormatFlags & kLinearPCMFormatFlagIsFloat != 0
                if fileType == .wav, bigEndian { return "WAVE files hold little-endian samples; the track's are big-endian" }
                if fileType == .aiff, !bigEndian || float {
                    return "AIFF files hold big-endian integer samples; use AIFC (.aifc) for these"
                }
            }
        }
        return nil
    }

    /// The audio formats each audio file type holds as stored (the asset writer's audio-file outputs).
    static let audioFileFormats: [AVFileType: Set<AudioFormatID>] = [
        .caf: [kAudioFormatMPEG4AAC, kAudioFormatAppleLossless, kAudioFormatLinearPCM, kAudioFormatFLAC, kAudioFormatOpus],
        .wav: [kAudioFormatLinearPCM],
        .aiff: [kAudioFormatLinearPCM],
        .aifc: [kAudioFormatLinearPCM],
        .amr: [kAudioFormatAMR],
    ]

    /// A track's codec as text ('avc1', 'aac ').
    static func codecName(_ track: ExportSource.Track) -> String {
        track.formats.first.map { "'" + FourCharCodeText.string(CMFormatDescriptionGetMediaSubType($0)) + "'" } ?? "no format"
    }
}
