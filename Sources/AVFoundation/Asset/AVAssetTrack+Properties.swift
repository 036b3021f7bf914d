import CoreMedia
import Foundation
import MediaContainer

// `segments` is declared on a protocol extension constrained to the track class, for the reason
// `AVAsset+Tracks.swift` gives: a composition track's are `[AVCompositionTrackSegment]`.
extension AVAsynchronousKeyValueLoading where Self: AVAssetTrack {
    /// The track's timeline as segments (see `TrackTimeline`).
    public var segments: [AVAssetTrackSegment] {
        synchronousValue(forKey: "segments", fallback: [AVAssetTrackSegment]())
    }
}

extension AVAssetTrack {
    /// The loadable track keys (the Objective-C property names). Kept: values that make every format description
    /// or new objects; the rest are read from the backing, which keeps what is costly (its timeline, statistics
    /// and first format description), and are computed again on each read.
    static let loadableKeys = LoadableKeyTable<AVAssetTrack>(
        recomputed: [
            "enabled": { $0.backing.isEnabled },
            "selfContained": { $0.backing.isSelfContained },
            "totalSampleDataLength": { try $0.sampleStatistics().totalSize },
            "timeRange": { $0.timeline.timeRange },
            "naturalTimeScale": { $0.backing.naturalTimeScale },
            "estimatedDataRate": { try $0.sampleStatistics().dataRate(timescale: $0.backing.naturalTimeScale) },
            "languageCode": { $0.backing.languageCode as Any },
            "extendedLanguageTag": { $0.backing.extendedLanguageTag as Any },
            "naturalSize": { $0.computedNaturalSize },
            "preferredTransform": { $0.backing.preferredTransform },
            "preferredVolume": { $0.backing.preferredVolume },
            "nominalFrameRate": { try $0.sampleStatistics().sampleRate(timescale: $0.backing.naturalTimeScale) },
            "minFrameDuration": { track in
                try track.sampleStatistics().minimumDuration
                    .map { CMTime(value: $0, timescale: track.backing.naturalTimeScale) } ?? CMTime.invalid
            },
            "requiresFrameReordering": { try $0.sampleStatistics().hasCompositionOffsets },
            "availableTrackAssociationTypes": { $0.computedAssociationTypes },
            "canProvideSampleCursors": { track in
                !track.backing.formatDescriptions.isEmpty
                    && ((try? track.containerBacking?.sampleTable())?.count ?? 0) > 0
            },
        ],
        kept: [
            "formatDescriptions": { Array($0.backing.formatDescriptions) },
            "playable": { $0.computedIsPlayable },
            "decodable": { $0.computedIsDecodable },
            "mediaCharacteristics": { $0.computedMediaCharacteristics },
            "hasAudioSampleDependencies": { $0.computedHasAudioSampleDependencies },
            // Straight from the timeline's segments: no array of mappings in between (a long edit list held both).
            "segments": { $0.timeline.segments.map { AVAssetTrackSegment(timeMapping: $0.timeMapping) } },
            "metadata": { $0.backing.metadataEntries.map(AVMetadataItem.make(from:)) },
            "commonMetadata": { AVMetadataItem.commonItems(from: try $0.loadedMetadata()) },
            "availableMetadataFormats": { AVMetadataItem.formats(of: try $0.loadedMetadata()) },
        ])

    /// The track's metadata items, made once and shared by the keys derived from them.
    func loadedMetadata() throws -> [AVMetadataItem] {
        try synchronousValue(forKey: "metadata", as: [AVMetadataItem].self)
    }

    // MARK: Derivations

    /// Decodable: the track has sample descriptions and readable sample tables, the asset's options allow each
    /// format, and a decoder exists for each (`DecoderAvailability`). Descriptions not made yet are made for the
    /// question and not kept: a track may have 100,000.
    var computedIsDecodable: Bool {
        containerBacking?.damage == nil && !backing.formatDescriptions.isEmpty
            && backing.formatDescriptions.allSatisfyWithoutKeeping { format in
            options.allows(mediaType: CMFormatDescriptionGetMediaType(format),
                                   subType: CMFormatDescriptionGetMediaSubType(format))
                && DecoderAvailability.canDecode(format)
        }
    }

    /// Playable: decodable and not encrypted. There is no player on Linux; this says whether the track's media can
    /// be turned into frames and sound, which is what a player needs.
    var computedIsPlayable: Bool {
        computedIsDecodable && !(openedAssetContents?.hasProtectedContent ?? false)
    }

    private var openedAssetContents: AssetContents? { asset?.openedContents }

    /// The natural size: the size the track declares (a movie's track header, `tkhd`, which is what QuickTime and
    /// ISO files define as the track's display dimensions before its matrix, and what Apple's movie tracks set when
    /// `naturalSize` is written; writers put the pixel-aspect-corrected size there: an anamorphic 640x360 picture
    /// with a 2:1 'pasp' has a 1280x360 track header). When it declares none (0x0, as some muxers write for video),
    /// the first sample description's dimensions corrected by its pixel aspect ratio are used, the same size a
    /// correct header would hold. Tracks without visual media have zero size.
    var computedNaturalSize: CGSize {
        if let declared = backing.declaredSize { return declared }
        // A sound track has no picture: its description is not made (and kept) to find that out.
        guard mediaType != .audio, let format = backing.formatDescriptions.first,
              CMFormatDescriptionGetMediaType(format) == kCMMediaType_Video
        else { return .zero }
        return CMVideoFormatDescriptionGetPresentationDimensions(format, usePixelAspectRatio: true,
                                                                 useCleanAperture: false)
    }

    /// The characteristics of the media type (AVMediaFormat.h: video is visual and frame-based; audio is audible
    /// and, per Apple, "the most common counterexample" of frame-based; text, subtitles and captions are visual,
    /// legible and frame-based; timecode and timed metadata are frame-based), plus the track's tagged
    /// characteristics ('tagc' user data, QuickTime File Format "Tagged media characteristic").
    var computedMediaCharacteristics: [AVMediaCharacteristic] {
        var characteristics: [AVMediaCharacteristic]
        switch mediaType {
        case .video, .auxiliaryPicture: characteristics = [.visual, .frameBased] + videoColorCharacteristics
        case .audio: characteristics = [.audible]
        case .muxed: characteristics = [.visual, .audible]
        case .text, .subtitle, .closedCaption: characteristics = [.visual, .legible, .frameBased]
        case .timecode, .metadata: characteristics = [.frameBased]
        default: characteristics = []
        }
        for entry in backing.metadataEntries {
            let isTaggedCharacteristic = (entry.keySpace == .quickTimeUserData || entry.keySpace == .isoUserData)
                && entry.key == .fourCC(FourCharCodeText.code("tagc") ?? 0)
            guard isTaggedCharacteristic, case .string(let text) = entry.value else { continue }
            let tagged = AVMediaCharacteristic(rawValue: text.trimmingCharacters(in: .whitespacesAndNewlines))
            if !tagged.rawValue.isEmpty, !characteristics.contains(tagged) { characteristics.append(tagged) }
        }
        return characteristics
    }

    /// HDR and wide-gamut characteristics, which Apple infers "from the format description of the associated
    /// track": a PQ or HLG transfer function makes HDR video; P3 or BT.2020 primaries a wide-gamut colour space.
    private var videoColorCharacteristics: [AVMediaCharacteristic] {
        var result: [AVMediaCharacteristic] = []
        let transfers = backing.formatDescriptions.compactMap {
            CMFormatDescriptionGetExtension($0, extensionKey: kCMFormatDescriptionExtension_TransferFunction) as? String
        }
        let primaries = backing.formatDescriptions.compactMap {
            CMFormatDescriptionGetExtension($0, extensionKey: kCMFormatDescriptionExtension_ColorPrimaries) as? String
        }
        let hdrTransfers: Set<String> = [kCMFormatDescriptionTransferFunction_SMPTE_ST_2084_PQ as String,
                                         kCMFormatDescriptionTransferFunction_ITU_R_2100_HLG as String]
        let wideGamuts: Set<String> = [kCMFormatDescriptionColorPrimaries_P3_D65 as String,
                                       kCMFormatDescriptionColorPrimaries_DCI_P3 as String,
                                       kCMFormatDescriptionColorPrimaries_ITU_R_2020 as String]
        if transfers.contains(where: hdrTransfers.contains) { result.append(.containsHDRVideo) }
        if primaries.contains(where: wideGamuts.contains) { result.append(.usesWideGamutColorSpace) }
        return result
    }

    /// Whether the audio format has inter-packet dependencies: MPEG-D USAC ('usac'), as Apple's documentation names.
    var computedHasAudioSampleDependencies: Bool {
        let usac = FourCharCodeText.code("usac")
        return mediaType == .audio && backing.formatDescriptions.contains {
            CMFormatDescriptionGetMediaSubType($0) == usac
        }
    }

    /// The types of the track's references (`tref`), in a stable order.
    var computedAssociationTypes: [AVAssetTrack.AssociationType] {
        backing.associations.keys.sorted()
            .map { AVAssetTrack.AssociationType(rawValue: FourCharCodeText.string($0)) }
    }

    // MARK: Synchronous properties (they block until loaded; failures give the documented defaults)

    /// The format descriptions of the track's samples, one per sample description (`CMFormatDescription`s).
    public var formatDescriptions: [Any] {
        synchronousValue(forKey: "formatDescriptions", fallback: [CMFormatDescription]()) as [Any]
    }

    /// The first format description (sample description index 1): the one the track has made, if it has, or one
    /// made now without making the others and not kept. Not Apple API (`package`, for the package's tools):
    /// `formatDescriptions` makes and keeps every description, and a track may declare 100,000 of them (or a file
    /// 20,000 tracks); `avinfo` reports only the first of each track.
    package var firstFormatDescription: CMFormatDescription? {
        backing.formatDescriptions.isEmpty ? nil : backing.formatDescriptions.descriptionWithoutKeeping(at: 0)
    }

    /// Whether the track can be played (decoded, not encrypted).
    public var isPlayable: Bool { synchronousValue(forKey: "playable", fallback: false) }

    /// Whether a decoder exists for every format of the track.
    public var isDecodable: Bool { synchronousValue(forKey: "decodable", fallback: false) }

    /// Whether all sample data is inside the asset's file: always, since no other data is read.
    public var isSelfContained: Bool { synchronousValue(forKey: "selfContained", fallback: true) }

    /// The total size of the track's sample data in bytes.
    public var totalSampleDataLength: Int64 { synchronousValue(forKey: "totalSampleDataLength", fallback: Int64(0)) }

    /// Whether the track has `mediaCharacteristic`.
    public func hasMediaCharacteristic(_ mediaCharacteristic: AVMediaCharacteristic) -> Bool {
        synchronousValue(forKey: "mediaCharacteristics", fallback: [AVMediaCharacteristic]())
            .contains(mediaCharacteristic)
    }

    /// The track's time range on the asset's timeline (see `TrackTimeline`).
    public var timeRange: CMTimeRange { synchronousValue(forKey: "timeRange", fallback: CMTimeRange.zero) }

    /// The data rate in bits per second: the sample bytes over the media's decode duration.
    public var estimatedDataRate: Float { synchronousValue(forKey: "estimatedDataRate", fallback: Float(0)) }

    /// The natural size of the visual media (see `computedNaturalSize`).
    public var naturalSize: CGSize { synchronousValue(forKey: "naturalSize", fallback: CGSize.zero) }

    /// Whether audio packets depend on one another (USAC).
    public var hasAudioSampleDependencies: Bool {
        synchronousValue(forKey: "hasAudioSampleDependencies", fallback: false)
    }

    /// Samples per second: sample count over the media's decode duration (the frame rate of video; for audio the
    /// packet rate, 44100/1024 ≈ 43.07 for AAC at 44.1 kHz).
    public var nominalFrameRate: Float { synchronousValue(forKey: "nominalFrameRate", fallback: Float(0)) }

    /// The shortest non-zero sample duration, in the media timescale; invalid for a track without samples.
    public var minFrameDuration: CMTime { synchronousValue(forKey: "minFrameDuration", fallback: CMTime.invalid) }

    /// Whether some sample's presentation time differs from its decode time (composition offsets, `ctts`).
    public var requiresFrameReordering: Bool { synchronousValue(forKey: "requiresFrameReordering", fallback: false) }

    /// The media presentation time shown at `trackTime`; invalid outside the track's edits or in an empty edit.
    public func samplePresentationTime(forTrackTime trackTime: CMTime) -> CMTime {
        timeline.samplePresentationTime(forTrackTime: trackTime)
    }

    /// The track's metadata items that have a common key, in the common key space.
    public var commonMetadata: [AVMetadataItem] {
        synchronousValue(forKey: "commonMetadata", fallback: [AVMetadataItem]())
    }

    /// The track's metadata items.
    public var metadata: [AVMetadataItem] { synchronousValue(forKey: "metadata", fallback: [AVMetadataItem]()) }

    /// The metadata formats the track has items of.
    public var availableMetadataFormats: [AVMetadataFormat] {
        synchronousValue(forKey: "availableMetadataFormats", fallback: [AVMetadataFormat]())
    }

    /// The track's metadata items of `format`.
    public func metadata(forFormat format: AVMetadataFormat) -> [AVMetadataItem] {
        metadata.filter { $0.metadataFormat == format }
    }

    /// The types of association the track has with other tracks (`tref` reference types).
    public var availableTrackAssociationTypes: [AVAssetTrack.AssociationType] {
        synchronousValue(forKey: "availableTrackAssociationTypes", fallback: [AVAssetTrack.AssociationType]())
    }

    /// The tracks this track refers to with `trackAssociationType`, in reference order.
    public func associatedTracks(ofType trackAssociationType: AVAssetTrack.AssociationType) -> [AVAssetTrack] {
        guard let code = FourCharCodeText.code(trackAssociationType.rawValue),
              let ids = backing.associations[code], let tracks = asset?.tracks
        else { return [] }
        return ids.compactMap { id in tracks.first { $0.trackID == id } }
    }

    /// Whether sample cursors can walk the track's samples: it has samples, format descriptions, and a sample table
    /// that can be read.
    public var canProvideSampleCursors: Bool {
        synchronousValue(forKey: "canProvideSampleCursors", fallback: false)
    }

    // MARK: Asynchronous methods

    /// Loads the media presentation time shown at `trackTime`.
    public func loadSamplePresentationTime(forTrackTime trackTime: CMTime) async throws -> CMTime {
        _ = try await load(.segments)
        return samplePresentationTime(forTrackTime: trackTime)
    }

    /// Loads the tracks this track refers to with `trackAssociationType`.
    public func loadAssociatedTracks(ofType trackAssociationType: AVAssetTrack.AssociationType) async throws
        -> [AVAssetTrack]
    {
        _ = try await load(.availableTrackAssociationTypes)
        return associatedTracks(ofType: trackAssociationType)
    }

    /// Loads the track's metadata items of `format`.
    public func loadMetadata(for format: AVMetadataFormat) async throws -> [AVMetadataItem] {
        try await load(.metadata).filter { $0.metadataFormat == format }
    }
}
