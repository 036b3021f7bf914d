import AVFoundation
import Foundation
import HTTPLiveStreaming
import MediaFormats

/// The HLS playlists of segmented renditions, made with `HTTPLiveStreaming` (which checks RFC 8216 / rfc8216bis
/// rules before it writes): each rendition's media playlist (`#EXT-X-MAP` for the initialization segment, `#EXTINF`
/// per segment) and, when asked, the multivariant playlist naming them (`BANDWIDTH`, `AVERAGE-BANDWIDTH`, `CODECS`,
/// `RESOLUTION`, `FRAME-RATE`, and the audio group of a ladder).
enum PlaylistFiles {
    /// One rendition's media playlist, and a multivariant playlist of one variant when `--multivariant` asks.
    static func write(_ rendition: SegmentedRendition, arguments: Arguments) throws {
        let hasMultivariant = arguments.multivariant != nil
        // A multivariant playlist says the segments are independent for every media playlist (§4.4.2.1: they
        // SHOULD NOT say it again).
        let media = try mediaPlaylist(rendition, baseURL: arguments.baseURL, saysIndependent: !hasMultivariant)
        let multivariant = try arguments.multivariant.map { name in
            let variant = try variantStream(rendition, uri: arguments.baseURL + arguments.indexFile, addingAudio: nil)
            return (name, try MultivariantPlaylist(hasIndependentSegments: true, variants: [variant]).render())
        }
        var files = [(arguments.directory.appendingPathComponent(arguments.indexFile), media)]
            + (multivariant.map { [(arguments.directory.appendingPathComponent($0.0), $0.1)] } ?? [])
        if let name = arguments.dash {
            let id = rendition.videoFormat != nil ? "video" : "audio"
            let mpd = try ManifestFile.render([.init(id: id, folder: "", rendition: rendition)],
                                              baseName: arguments.baseName, baseURL: arguments.baseURL)
            files.append((arguments.directory.appendingPathComponent(name), mpd))
        }
        try createAll(files)
    }

    /// An encoding ladder's playlists: each rung's and the audio's media playlist in its folder, and the
    /// multivariant playlist naming them (`name`): one `#EXT-X-STREAM-INF` per rung, tallest first, each with the
    /// audio group (`#EXT-X-MEDIA`) and its bit rates counted in (rfc8216bis §4.4.6.2: BANDWIDTH covers every
    /// rendition the variant plays).
    static func writeLadder(_ rungs: [(Ladder.Rung, SegmentedRendition)], audio: SegmentedRendition?, name: String,
                            arguments: Arguments) throws {
        var files: [(URL, String)] = []
        var renditions: [Rendition] = []
        if let audio {
            let uri = "audio/" + arguments.indexFile
            files.append((arguments.directory.appendingPathComponent(uri),
                          try mediaPlaylist(audio, baseURL: "", saysIndependent: false)))
            let channels = audio.audioFormat.flatMap { CMAudioFormatDescriptionGetStreamBasicDescription($0) }
                .map { Int($0.pointee.mChannelsPerFrame) }
            renditions.append(Rendition(type: .audio, groupID: "audio", name: "main", isDefault: true,
                                        isAutoselect: true, channelCount: channels, uri: arguments.baseURL + uri))
        }
        var variants: [VariantStream] = []
        for (rung, rendition) in rungs.sorted(by: { $0.0.height > $1.0.height }) {
            let uri = rung.name + "/" + arguments.indexFile
            files.append((arguments.directory.appendingPathComponent(uri),
                          try mediaPlaylist(rendition, baseURL: "", saysIndependent: false)))
            var variant = try variantStream(rendition, uri: arguments.baseURL + uri, addingAudio: audio)
            variant.audioGroupID = audio == nil ? nil : "audio"
            variants.append(variant)
        }
        let multivariant = MultivariantPlaylist(hasIndependentSegments: true, renditions: renditions,
                                                variants: variants)
        files.append((arguments.directory.appendingPathComponent(name), try multivariant.render()))
        if let mpdName = arguments.dash {
            let entries = rungs.sorted(by: { $0.0.height > $1.0.height }).map {
                ManifestFile.Entry(id: $0.0.name, folder: $0.0.name + "/", rendition: $0.1)
            } + (audio.map { [ManifestFile.Entry(id: "audio", folder: "audio/", rendition: $0)] } ?? [])
            let mpd = try ManifestFile.render(entries, baseName: arguments.baseName, baseURL: arguments.baseURL)
            files.append((arguments.directory.appendingPathComponent(mpdName), mpd))
        }
        try createAll(files)
    }

    /// Writes each file new (an existing one is never replaced); after a failure, removes the ones written.
    private static func createAll(_ files: [(URL, String)]) throws {
        var written: [URL] = []
        do {
            for (url, text) in files {
                try Data(text.utf8).write(to: url, options: .withoutOverwriting)
                written.append(url)
            }
        } catch {
            for url in written { try? FileManager.default.removeItem(at: url) }
            throw error
        }
    }

    /// The media playlist: VOD, every segment starting with a sync sample, its initialization segment in `EXT-X-MAP`.
    static func mediaPlaylist(_ rendition: SegmentedRendition, baseURL: String, saysIndependent: Bool) throws
        -> String {
        try MediaPlaylist(playlistType: .vod, hasIndependentSegments: saysIndependent,
                          initializationSection: MediaInitializationSection(uri: baseURL + rendition.initializationFile),
                          segments: rendition.segments.map { segment in
                              MediaSegment(duration: try duration(segment.duration), uri: baseURL + segment.file)
                          },
                          isEnded: true).render()
    }

    /// A variant playing `rendition` (and `audio`'s group, whose rates and codec are counted in).
    private static func variantStream(_ rendition: SegmentedRendition, uri: String, addingAudio audio: SegmentedRendition?)
        throws -> VariantStream {
        let own = try bitRates(rendition)
        let audioRates = try audio.map(bitRates)
        let formats = [rendition.videoFormat, audio?.audioFormat ?? rendition.audioFormat].compactMap { $0 }
        var variant = VariantStream(uri: uri, bandwidth: own.peak + (audioRates?.peak ?? 0),
                                    averageBandwidth: own.average + (audioRates?.average ?? 0),
                                    codecs: try formats.compactMap(FormatCodecString.make))
        if let video = rendition.videoFormat {
            let size = CMVideoFormatDescriptionGetDimensions(video)
            variant.resolution = .init(width: Int(size.width), height: Int(size.height))
        }
        if let rate = rendition.frameRate, rate > 0 { variant.frameRate = rate }
        return variant
    }

    /// `BANDWIDTH` and `AVERAGE-BANDWIDTH` of one rendition's segments (rfc8216bis §4.1).
    private static func bitRates(_ rendition: SegmentedRendition) throws -> SegmentBitRates {
        let durations = try rendition.segments.map { try duration($0.duration) }
        return try SegmentBitRates(byteCounts: rendition.segments.map(\.bytes), durations: durations,
                                   targetDuration: MediaPlaylist.targetDuration(for: durations))
    }

    private static func duration(_ time: CMTime) throws -> PlaylistDuration {
        try PlaylistDuration(value: time.value, timescale: time.timescale)
    }
}

/// RFC 6381 codec strings of format descriptions, from the configuration records their sample entries hold
/// (`HTTPLiveStreaming.CodecString` reads the records).
enum FormatCodecString {
    /// The format's codec string, or nil for a format HLS has none for (the variant then leaves it out of CODECS).
    static func make(_ format: CMFormatDescription) throws -> String? {
        let subtype = CMFormatDescriptionGetMediaSubType(format)
        switch subtype {
        case kCMVideoCodecType_H264:
            return try CodecString.avc(configurationRecord: try atom(format, "avcC"))
        case kCMVideoCodecType_HEVC:
            return try CodecString.hevc(configurationRecord: try atom(format, "hvcC"), sampleEntryType: fourCC(subtype))
        case kAudioFormatMPEG4AAC:
            var size = 0
            guard let bytes = CMAudioFormatDescriptionGetMagicCookie(format, sizeOut: &size), size > 0 else {
                throw SegmenterError("the AAC track has no magic cookie to name its codec from")
            }
            let cookie = [UInt8](UnsafeRawBufferPointer(start: bytes, count: size))
            return try CodecString.mpeg4Audio(audioSpecificConfig: try MagicCookie.audioSpecificConfig(fromCookie: cookie))
        case kAudioFormatAC3, kAudioFormatEnhancedAC3, kAudioFormatAppleLossless, kAudioFormatFLAC, kAudioFormatOpus:
            return try CodecString.audio(fourCharacterCode: subtype)
        default:
            return nil
        }
    }

    private static func atom(_ format: CMFormatDescription, _ name: String) throws -> [UInt8] {
        let atoms = CMFormatDescriptionGetExtension(
            format, extensionKey: kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms) as? [String: Any]
        guard let data = atoms?[name] as? Data else {
            throw SegmenterError("the \(fourCC(CMFormatDescriptionGetMediaSubType(format))) track has no \(name)")
        }
        return [UInt8](data)
    }

    private static func fourCC(_ code: FourCharCode) -> String {
        String(decoding: [24, 16, 8, 0].map { UInt8((code >> $0) & 0xFF) }, as: UTF8.self)
    }
}
