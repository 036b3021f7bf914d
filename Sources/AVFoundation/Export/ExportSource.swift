import CoreMedia
import Foundation
import MediaContainer

/// What export needs to know about an asset, read once from its tracks' backings: each track's kind, formats,
/// decodability, picture geometry, rate and placement, and the asset's duration and metadata.
// Safe because a value read once from the asset; what it refers to is immutable or thread-safe.
struct ExportSource: @unchecked Sendable {
    /// One track of the asset.
    struct Track {
        let track: AVAssetTrack
        var trackID: CMPersistentTrackID { track.trackID }
        var mediaType: AVMediaType { track.mediaType }
        let formats: [CMFormatDescription]
        /// A decoder exists for every format.
        let isDecodable: Bool
        /// Some format carries alpha.
        let hasAlpha: Bool
        /// The picture as displayed before the track's transform: clean aperture times pixel aspect ratio.
        let displaySize: CGSize
        /// Frames per second (sample count over decode duration); 0 when unknown.
        let nominalFrameRate: Double
        /// More than 8 bits per component (HEVC Main10, ProRes).
        let isHighBitDepth: Bool
        /// Audio: sample rate and channel count of the first description.
        let sampleRate: Double
        let channelCount: Int
        /// Whether some sample's presentation time differs from its decode time.
        let requiresFrameReordering: Bool
        /// Total bytes of sample data and the decode duration, for estimates.
        let totalSampleBytes: Int64
        let timeRange: CMTimeRange
        /// Samples in the track's sample table.
        let sampleCount: Int
        /// The segments of a composition track (`TrackBacking.editedSegmentCount`); `nil` for a file's track.
        let editedSegmentCount: Int?
    }

    let asset: AVAsset
    let tracks: [Track]
    let duration: CMTime
    let metadata: [AVMetadataItem]

    /// Reads what export needs from `asset`, opening it (blocking) if it is not open yet.
    init(asset: AVAsset) throws {
        duration = try asset.loadedDuration()
        if let refusal = asset.readingRefusal { throw refusal }
        self.asset = asset
        metadata = asset.metadata
        tracks = asset.tracks.map { track in
            let formats = track.backing.formatDescriptions
            let statistics = try? track.sampleStatistics()
            var display = CGSize.zero, highBitDepth = false, rate = 0.0, channels = 0
            if let first = formats.first {
                switch CMFormatDescriptionGetMediaType(first) {
                case kCMMediaType_Video:
                    display = CMVideoFormatDescriptionGetPresentationDimensions(first, usePixelAspectRatio: true,
                                                                                 useCleanAperture: true)
                    highBitDepth = Self.isHighBitDepth(first)
                case kCMMediaType_Audio:
                    if let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(first)?.pointee {
                        rate = asbd.mSampleRate
                        channels = Int(asbd.mChannelsPerFrame)
                    }
                default: break
                }
            }
            let frameRate = statistics.map { Double($0.sampleRate(timescale: track.backing.naturalTimeScale)) } ?? 0
            return Track(track: track, formats: Array(formats), isDecodable: track.computedIsDecodable,
                         hasAlpha: formats.contains(where: Self.hasAlpha), displaySize: display,
                         nominalFrameRate: frameRate, isHighBitDepth: highBitDepth, sampleRate: rate,
                         channelCount: channels,
                         requiresFrameReordering: statistics?.hasCompositionOffsets ?? false,
                         totalSampleBytes: statistics?.totalSize ?? 0, timeRange: track.timeline.timeRange,
                         sampleCount: statistics?.count ?? 0, editedSegmentCount: track.backing.editedSegmentCount)
        }
    }

    /// The track with `trackID`.
    func track(_ trackID: CMPersistentTrackID) -> Track? { tracks.first { $0.trackID == trackID } }

    /// The tracks of `mediaType`.
    func tracks(_ mediaType: AVMediaType) -> [Track] { tracks.filter { $0.mediaType == mediaType } }

    /// Whether a format carries alpha: the `ContainsAlphaChannel` extension, or a QuickTime image depth of 32
    /// ("32 = millions of colours with alpha", QuickTime File Format, video sample description).
    static func hasAlpha(_ format: CMFormatDescription) -> Bool {
        guard CMFormatDescriptionGetMediaType(format) == kCMMediaType_Video else { return false }
        if let flag = CMFormatDescriptionGetExtension(format, extensionKey: kCMFormatDescriptionExtension_ContainsAlphaChannel),
           let value = flag as? Bool {
            return value
        }
        let depth = CMFormatDescriptionGetExtension(format, extensionKey: kCMFormatDescriptionExtension_Depth)
        return (depth as? Int).map { $0 == 32 } ?? (depth as? NSNumber).map { $0.intValue == 32 } ?? false
    }

    /// More than 8 bits per component: HEVC Main 10 and above (hvcC bit depth), ProRes (10 or 12 bits), or a
    /// `BitsPerComponent` extension above 8.
    static func isHighBitDepth(_ format: CMFormatDescription) -> Bool {
        if let bits = CMFormatDescriptionGetExtension(format, extensionKey: kCMFormatDescriptionExtension_BitsPerComponent) {
            if let value = bits as? Int { return value > 8 }
            if let value = bits as? NSNumber { return value.intValue > 8 }
        }
        let subtype = FourCharCodeText.string(CMFormatDescriptionGetMediaSubType(format))
        if ["apco", "apcs", "apcn", "apch", "ap4h", "ap4x"].contains(subtype) { return true }
        if subtype == "hvc1" || subtype == "hev1",
           let atoms = CMFormatDescriptionGetExtension(format, extensionKey: kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms)
               as? [String: Any],
           let hvcC = atoms["hvcC"] as? Data, hvcC.count > 20 {
            // HEVCDecoderConfigurationRecord (ISO/IEC 14496-15 §8.3.3.1.2): byte 19 bitDepthLumaMinus8 in its low 3 bits.
            return hvcC[hvcC.startIndex + 19] & 0x07 > 0
        }
        return false
    }
}
