import CoreAudioTypes
import CoreMedia
import Foundation
import MediaCodecs

/// What one export preset produces: how its video is coded, sized and rated, what its audio becomes, and the file
/// types it writes. The table of presets is `ExportPreset+Catalog.swift`; docs/export.md explains each choice and
/// where Apple's own numbers come from.
struct ExportPreset: Sendable {
    /// How the video's data rate is chosen.
    enum RatePolicy: Sendable, Equatable {
        /// Average bit rate = bits per pixel per frame × output width × height × frame rate (`AverageBitRate`).
        case bitsPerPixel(Double)
        /// Constant quality (`AVVideoQualityKey`: x264/x265 CRF 51·(1 − q)); no bit-rate target.
        case quality(Double)
        /// The codec's profile fixes the rate (ProRes).
        case codecDefined
    }

    /// The video a transcoding preset writes.
    struct Video: Sendable {
        /// The codec.
        var codec: AVVideoCodecType
        /// The box the picture is fitted into, as (long edge, short edge), whatever the picture's orientation;
        /// `nil` keeps the source's size. Never scaled up, aspect ratio kept.
        var boundingBox: (long: Int, short: Int)?
        /// How the data rate is chosen.
        var rate: RatePolicy
        /// `AVVideoProfileLevelKey` for 8-bit sources (`nil`: the codec's default).
        var profileLevel: String?
        /// Whether B-frames may be used (`AVVideoAllowFrameReorderingKey`).
        var allowsFrameReordering: Bool
        /// True for the WithAlpha presets: the source must have alpha and the output keeps it.
        var requiresAlpha: Bool
        /// True when the codec carries alpha if the source has it (ProRes 4444).
        var keepsAlpha: Bool
        /// Bits per pixel per frame used to estimate a constant-quality or codec-defined preset's size.
        var estimateBitsPerPixel: Double
    }

    /// The audio a transcoding preset writes.
    enum Audio: Sendable {
        /// AAC-LC at a bit rate per channel, with at most this many channels and this sample rate.
        case aac(bitRatePerChannel: Int, maximumChannels: Int, maximumSampleRate: Double)
        /// Interleaved little-endian integer linear PCM of this depth, at the source's rate and channel count.
        case linearPCM(bitDepth: Int)
    }

    /// What the preset does.
    enum Mode: Sendable {
        /// Every track's samples as stored.
        case passthrough
        /// Decode and encode: video (if the preset writes video) and audio.
        case transcode(video: Video?, audio: Audio)
    }

    /// The preset's name (an `AVAssetExportPreset…` constant).
    let name: String
    /// What it does.
    let mode: Mode
    /// The file types the preset writes, in the order `supportedFileTypes` lists them. Passthrough's depend on the
    /// asset (`ExportCompatibility`); this is the list it chooses from.
    let fileTypes: [AVFileType]
    /// Whether `allExportPresets()` lists it (Apple leaves Passthrough out).
    let isListed: Bool
    /// The spelling of macOS's `avconvert` (`Preset640x480`, `PresetPassthrough`…).
    var avconvertName: String { name.replacingOccurrences(of: "AVAssetExport", with: "") }

    /// The video the preset writes, if it writes any.
    var video: Video? {
        if case .transcode(let video, _) = mode { return video }
        return nil
    }

    /// The audio the preset writes (nil for passthrough).
    var audio: Audio? {
        if case .transcode(_, let audio) = mode { return audio }
        return nil
    }

    /// True for Passthrough.
    var isPassthrough: Bool {
        if case .passthrough = mode { return true }
        return false
    }

    /// The preset named `name`, if there is one.
    static func named(_ name: String) -> ExportPreset? { catalog.first { $0.name == name } }
}

extension ExportPreset.Video {
    /// Whether this build has an encoder for the codec.
    var isEncodable: Bool { VideoEncoderSettings.encoder(for: codec) != nil }

    /// The codec's chroma grid: output sizes are multiples of it (4:2:0 → 2×2, ProRes 4:2:2 → 2×1, 4:4:4 → 2×2 kept
    /// even anyway so that every player takes it).
    var alignment: (x: Int, y: Int) { (2, 2) }
}
