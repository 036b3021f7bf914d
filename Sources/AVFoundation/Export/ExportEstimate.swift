import CoreMedia
import Foundation

/// Size and duration estimates for an export, from the preset's rate policy and the source's tracks.
///
/// Video: bits per pixel per frame × output width × height × the source's frame rate (the preset's target for
/// size presets, a typical rate for constant-quality and ProRes presets: see `ExportPreset.Video.estimateBitsPerPixel`);
/// audio: the preset's AAC rate or the linear PCM rate; passthrough: the source's own sample bytes over the range;
/// plus the container's tables (`ExportLimits.estimatedBytesPerSample` per sample) and headers.
enum ExportEstimate {
    /// Bytes per second the preset writes for `source`, and samples per second (for the tables).
    static func rates(_ preset: ExportPreset, source: ExportSource) -> (bytes: Double, samples: Double) {
        source.tracks.reduce((0, 0)) { total, track in
            let rate = trackRates(preset, track: track)
            return (total.0 + rate.bytes, total.1 + rate.samples)
        }
    }

    /// Bytes per second the preset writes for one track, and samples per second (0 for a track it does not write).
    static func trackRates(_ preset: ExportPreset, track: ExportSource.Track) -> (bytes: Double, samples: Double) {
        let fps = track.nominalFrameRate > 0 ? track.nominalFrameRate : 30
        switch (preset.mode, track.mediaType) {
        case (.passthrough, _):
            let seconds = track.timeRange.duration.isNumeric ? track.timeRange.duration.seconds : 0
            guard seconds > 0 else { return (0, 0) }
            return (Double(track.totalSampleBytes) / seconds, track.mediaType == .audio ? audioPacketRate(track) : fps)
        case (.transcode(let video?, _), .video):
            let size = ExportGeometry.outputSize(display: track.displaySize, box: video.boundingBox)
            return (bitsPerPixel(video) * Double(size.width * size.height) * fps / 8, fps)
        case (.transcode(_, let audio), .audio):
            let rate = track.sampleRate > 0 ? track.sampleRate : 44_100
            switch audio {
            case .aac(let perChannel, let maximumChannels, let maximumRate):
                let channels = max(1, min(track.channelCount, maximumChannels))
                let outputRate = ExportSettings.aacSampleRate(rate, maximum: maximumRate)
                return (Double(ExportSettings.aacBitRate(perChannel: perChannel, channels: channels, sampleRate: outputRate)) / 8,
                        outputRate / 1024)
            case .linearPCM(let depth):
                // PCM is stored as runs: about one table entry per buffer of 8192 frames.
                return (rate * Double(max(1, track.channelCount) * depth / 8), rate / 8192)
            }
        default:
            return (0, 0)
        }
    }

    /// The estimated file length for exporting `duration` seconds.
    static func fileLength(_ preset: ExportPreset, source: ExportSource, seconds: Double) -> Int64 {
        let rates = rates(preset, source: source)
        let media = rates.bytes * seconds
        let tables = rates.samples * seconds * Double(ExportLimits.estimatedBytesPerSample)
        // Saturated: the duration and rates come from the file (an edit of 2^62 s at timescale 1).
        let (total, overflow) = FileLengthGovernor.saturatedBytes(media + tables)
            .addingReportingOverflow(ExportLimits.estimatedHeaderBytes)
        return overflow ? .max : total
    }

    /// The longest export whose file stays within `limit` bytes, capped at `available`.
    static func maximumDuration(_ preset: ExportPreset, source: ExportSource, limit: Int64?, available: CMTime) -> CMTime {
        guard let limit else { return available }
        let rates = rates(preset, source: source)
        let perSecond = rates.bytes + rates.samples * Double(ExportLimits.estimatedBytesPerSample)
        guard perSecond > 0 else { return available }
        let seconds = max(0, Double(limit - ExportLimits.estimatedHeaderBytes) / perSecond)
        let estimate = CMTime(seconds: seconds, preferredTimescale: 600)
        return available.isNumeric ? min(estimate, available) : estimate
    }

    /// Apple's synchronous estimate, which "does not take into account the source asset": the preset's nominal
    /// output (its box, or 1920x1080, at 30 fps; stereo 44.1 kHz audio) over `seconds`; 0 for Passthrough and the
    /// ProRes presets, as AVAssetExportSession.h documents.
    static func nominalFileLength(_ preset: ExportPreset, seconds: Double) -> Int64 {
        guard case .transcode(let video, let audio) = preset.mode, !preset.name.contains("ProRes") else { return 0 }
        var bytes = 0.0, samples = 0.0
        if let video {
            let box = video.boundingBox ?? (long: 1920, short: 1080)
            bytes += bitsPerPixel(video) * Double(box.long * box.short) * 30 / 8
            samples += 30
        }
        switch audio {
        case .aac(let perChannel, let maximumChannels, let maximumRate):
            let rate = min(44_100, maximumRate)
            bytes += Double(ExportSettings.aacBitRate(perChannel: perChannel, channels: min(2, maximumChannels),
                                                       sampleRate: rate)) / 8
            samples += rate / 1024
        case .linearPCM(let depth):
            bytes += 44_100 * 2 * Double(depth) / 8
        }
        return Int64(((bytes + samples * Double(ExportLimits.estimatedBytesPerSample)) * seconds).rounded())
            + ExportLimits.estimatedHeaderBytes
    }

    private static func bitsPerPixel(_ video: ExportPreset.Video) -> Double {
        if case .bitsPerPixel(let value) = video.rate { return value }
        return video.estimateBitsPerPixel
    }

    private static func audioPacketRate(_ track: ExportSource.Track) -> Double {
        guard let format = track.formats.first,
              let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(format)?.pointee, asbd.mSampleRate > 0 else { return 0 }
        return asbd.mFramesPerPacket > 0 ? asbd.mSampleRate / Double(asbd.mFramesPerPacket) : asbd.mSampleRate
    }
}
