import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer

/// Builds the movie box (`moov`) from the tracks' sample tables, as Apple's writers lay it out: `mvhd`, the tracks
/// (`tkhd`, `tapt` for QuickTime video, `edts`, `tref`, `mdia`, track metadata), then movie metadata.
struct MovieBoxBuilder {
    var fileType: MovieFileType
    var options: MovieWriterOptions
    var tracks: [WriterTrack]
    var metadata: [MetadataEntry]
    /// True for a fragmented movie's initial movie box: empty sample tables, `mvex`, no `btrt`.
    var fragmented = false
    /// `mehd` fragment duration for a fragmented movie, in the movie timescale.
    var fragmentDuration: UInt64 = 0
    /// False for a fragmented movie's first movie box: a default edit made from the samples seen so far would cut
    /// the presentation short if the writer never got to rewrite it, so only the caller's edits are written.
    var includesDefaultEdits = true

    /// The movie box's bytes, with each chunk's location turned into a file offset by `resolve`.
    func build(resolve: (SampleTableRecorder.ChunkLocation) -> UInt64) throws(ContainerWriterError) -> [UInt8] {
        let creation = TimeConversion.secondsSince1904(options.creationDate.timeIntervalSince1970)
        let origin = TrackEditPlan.origin(of: tracks)
        var children = BoxList()
        var movieDuration: UInt64 = 0
        var trackBoxes: [TrackBox] = []
        for track in tracks {
            let plan = try TrackEditPlan.make(for: track, origin: origin, movieTimescale: options.movieTimescale,
                                              includesDefault: includesDefaultEdits)
            movieDuration = max(movieDuration, plan.trackDuration)
            trackBoxes.append(try trackBox(track, plan: plan, creation: creation, resolve: resolve))
        }
        let nextTrackID = (tracks.map(\.trackID).max() ?? 0) + 1
        children.append(MovieHeaderBox(
            creationTime: creation, modificationTime: creation, timescale: UInt32(options.movieTimescale),
            duration: fragmented ? 0 : movieDuration, rate: Fixed16x16(Double(options.preferredRate)),
            volume: Fixed8x8(Double(options.preferredVolume)), matrix: Self.matrix(options.preferredTransform),
            nextTrackID: nextTrackID))
        for box in trackBoxes { children.append(box) }
        if fragmented {
            var extends = BoxList([MovieExtendsHeaderBox(version: 1, fragmentDuration: fragmentDuration)])
            for track in tracks { extends.append(TrackExtendsBox(trackID: track.trackID)) }
            children.append(MovieExtendsBox(children: extends))
        }
        var movieMetadata = metadata
        if let smpb = iTunSMPB() { movieMetadata.append(smpb) }
        for box in try MetadataBoxBuilder(fileType: fileType).boxes(for: movieMetadata) { children.append(box) }
        var writer = BoxWriter()
        do throws(BoxWriteError) {
            try writer.writeBox(MovieBox(children: children))
        } catch {
            throw ContainerWriterError.box(error)
        }
        return writer.bytes
    }

    // MARK: Tracks

    private func trackBox(_ track: WriterTrack, plan: TrackEditPlan, creation: UInt64,
                          resolve: (SampleTableRecorder.ChunkLocation) -> UInt64) throws(ContainerWriterError) -> TrackBox {
        let configuration = track.configuration
        var children = BoxList()
        let size = presentationSize(track)
        var flags: TrackHeaderBox.Flags = [.inMovie, .inPreview]
        if configuration.isEnabled { flags.insert(.enabled) }
        children.append(TrackHeaderBox(
            flags: flags, creationTime: creation, modificationTime: creation, trackID: track.trackID,
            duration: plan.trackDuration, layer: configuration.layer, alternateGroup: configuration.alternateGroup,
            volume: track.kind == .audio ? Fixed8x8(Double(configuration.volume)) : Fixed8x8(rawValue: 0),
            matrix: Self.matrix(configuration.transform), width: UnsignedFixed16x16(size.width),
            height: UnsignedFixed16x16(size.height)))
        if fileType.isQuickTime, track.kind == .video, let aperture = apertureDimensions(track) {
            children.append(aperture)
        }
        if !plan.entries.isEmpty { children.append(EditBox(children: [EditListBox(entries: plan.entries)])) }
        if !track.references.isEmpty {
            let references = track.references.sorted { $0.key < $1.key }
                .map { TrackReferenceTypeBox(type: $0.key, trackIDs: $0.value) as any Box }
            children.append(TrackReferenceBox(children: BoxList(references)))
        }
        children.append(try mediaBox(track, creation: creation, resolve: resolve))
        for box in try MetadataBoxBuilder(fileType: fileType).boxes(for: configuration.metadata) { children.append(box) }
        return TrackBox(children: children)
    }

    private func mediaBox(_ track: WriterTrack, creation: UInt64,
                          resolve: (SampleTableRecorder.ChunkLocation) -> UInt64) throws(ContainerWriterError) -> MediaBox {
        let configuration = track.configuration
        let quickTime = fileType.isQuickTime
        var children = BoxList()
        children.append(MediaHeaderBox(
            creationTime: creation, modificationTime: creation, timescale: UInt32(configuration.mediaTimescale),
            duration: fragmented ? 0 : track.table.totalDuration,
            language: MediaLanguageCode.packed(iso639: configuration.languageCode, quickTime: quickTime)))
        let name = configuration.handlerName ?? track.kind.appleHandlerName
        if quickTime {
            var handler = HandlerBox(componentType: "mhlr", handlerType: track.kind.handlerType, name: .pascal(Array(name.utf8)))
            handler.componentManufacturer = FourCC("appl").rawValue
            children.append(handler)
        } else {
            children.append(HandlerBox(handlerType: track.kind.handlerType, name: .cString(CStringField(name))))
        }
        if let tag = configuration.extendedLanguageTag, !tag.isEmpty {
            children.append(ExtendedLanguageBox(languageTag: CStringField(tag)))
        }
        children.append(try mediaInformationBox(track, resolve: resolve))
        return MediaBox(children: children)
    }

    private func mediaInformationBox(_ track: WriterTrack, resolve: (SampleTableRecorder.ChunkLocation) -> UInt64)
        throws(ContainerWriterError) -> MediaInformationBox {
        let quickTime = fileType.isQuickTime
        var children = BoxList()
        // Media headers: video and sound their own; in QuickTime movies every other kind the base media header
        // (`gmhd`, with the text media atom for text and the timecode atom for timecode); in ISO files subtitles
        // `sthd` (ISO/IEC 14496-12 §12.6.2) and the rest `nmhd` (3GPP TS 26.245 §5.16 for timed text).
        switch track.kind {
        case .video:
            children.append(VideoMediaHeaderBox())
        case .audio:
            children.append(SoundMediaHeaderBox())
        case .timecode:
            children.append(BaseMediaInformationHeaderBox(children: [
                BaseMediaInfoBox(), TimecodeMediaHeaderBox(children: [TimecodeMediaInformationBox()]),
            ]))
        case .text, .subtitle:
            if quickTime {
                children.append(BaseMediaInformationHeaderBox(children: [BaseMediaInfoBox(), Self.textMediaInformation]))
            } else if track.kind == .subtitle {
                children.append(SubtitleMediaHeaderBox())
            } else {
                children.append(NullMediaHeaderBox())
            }
        case .closedCaption, .metadata:
            if quickTime {
                children.append(BaseMediaInformationHeaderBox(children: [BaseMediaInfoBox()]))
            } else {
                children.append(NullMediaHeaderBox())
            }
        }
        if quickTime {
            // QuickTime's data handler reference (QuickTime File Format, "Handler reference atom" in `minf`).
            var handler = HandlerBox(componentType: "dhlr", handlerType: "url ", name: .pascal(Array("Core Media Data Handler".utf8)))
            handler.componentManufacturer = FourCC("appl").rawValue
            children.append(handler)
        }
        children.append(DataInformationBox(children: [dataReference(track)]))
        children.append(try sampleTable(track, resolve: resolve))
        return MediaInformationBox(children: children)
    }

    /// QuickTime's text media information atom inside `gmhd`: an identity matrix, as QuickTime writes it for text
    /// tracks.
    private static let textMediaInformation: UnknownBox = {
        var writer = BoxWriter()
        writer.writeMatrix(.identity)
        return UnknownBox(type: "text", payload: writer.bytes)
    }()

    /// The track's data reference: self-contained, or a URL (relative to the base URL when one is given).
    private func dataReference(_ track: WriterTrack) -> DataReferenceBox {
        guard case .referenced(let target, let base) = track.configuration.mediaDataLocation else {
            return .selfContained
        }
        return DataReferenceBox(entries: [DataEntryUrlBox(location: CStringField(Self.referenceString(target, base: base)))])
    }

    /// `target` as written in a `url ` data reference: relative to `base`'s directory when both are file URLs
    /// sharing it, else absolute.
    static func referenceString(_ target: URL, base: URL?) -> String {
        guard let base, target.isFileURL, base.isFileURL else { return target.absoluteString }
        let baseDirectory = base.hasDirectoryPath ? base : base.deletingLastPathComponent()
        let basePath = baseDirectory.standardizedFileURL.path
        let prefix = basePath.hasSuffix("/") ? basePath : basePath + "/"
        let path = target.standardizedFileURL.path
        guard path.hasPrefix(prefix) else { return target.absoluteString }
        return String(path.dropFirst(prefix.count)).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)
            ?? target.absoluteString
    }

    // MARK: Presentation

    /// `tkhd` width and height: the caller's, else for video the first description's clean aperture scaled by its
    /// pixel aspect ratio, which is the size Apple's writers record (and `naturalSize` reads back).
    private func presentationSize(_ track: WriterTrack) -> (width: Double, height: Double) {
        if let size = track.configuration.naturalSize { return size }
        guard track.kind == .video, let description = track.descriptions.first else { return (0, 0) }
        let size = CMVideoFormatDescriptionGetPresentationDimensions(description, usePixelAspectRatio: true,
                                                                     useCleanAperture: true)
        return (Double(size.width), Double(size.height))
    }

    /// QuickTime's track aperture mode dimensions (`tapt`): clean aperture (with pixel aspect ratio), production
    /// aperture (encoded size with pixel aspect ratio) and encoded pixels, as Apple writes for video tracks.
    private func apertureDimensions(_ track: WriterTrack) -> TrackApertureModeDimensionsBox? {
        guard let description = track.descriptions.first else { return nil }
        let clean = CMVideoFormatDescriptionGetPresentationDimensions(description, usePixelAspectRatio: true,
                                                                      useCleanAperture: true)
        let production = CMVideoFormatDescriptionGetPresentationDimensions(description, usePixelAspectRatio: true,
                                                                           useCleanAperture: false)
        let encoded = CMVideoFormatDescriptionGetDimensions(description)
        func fixed(_ value: Double) -> UnsignedFixed16x16 { UnsignedFixed16x16(value) }
        return TrackApertureModeDimensionsBox(children: [
            TrackCleanApertureDimensionsBox(width: fixed(Double(clean.width)), height: fixed(Double(clean.height))),
            TrackProductionApertureDimensionsBox(width: fixed(Double(production.width)), height: fixed(Double(production.height))),
            TrackEncodedPixelsDimensionsBox(width: fixed(Double(encoded.width)), height: fixed(Double(encoded.height))),
        ])
    }

    /// A transform as the 16.16 / 2.30 matrix.
    static func matrix(_ transform: TransformMatrix) -> TransformationMatrix {
        TransformationMatrix(a: Fixed16x16(transform.a), b: Fixed16x16(transform.b), u: Fixed2x30(transform.u),
                             c: Fixed16x16(transform.c), d: Fixed16x16(transform.d), v: Fixed2x30(transform.v),
                             x: Fixed16x16(transform.x), y: Fixed16x16(transform.y), w: Fixed2x30(transform.w))
    }

    // MARK: iTunSMPB

    /// The iTunes gapless item (`----:com.apple.iTunes:iTunSMPB`) for an M4A whose first AAC track has an encoder
    /// delay or padding: priming, remainder and valid sample count in hexadecimal, as iTunes writes it (TN2258).
    private func iTunSMPB() -> MetadataEntry? {
        guard fileType == .appleM4A, !fragmented,
              !metadata.contains(where: { $0.key == .string("----:com.apple.iTunes:iTunSMPB") }),
              let track = tracks.first(where: { $0.kind == .audio && $0.isAAC && $0.table.sampleCount > 0 }) else {
            return nil
        }
        let delay = track.configuration.encoderDelay, padding = track.configuration.encoderPadding
        let valid = Int64(track.table.totalDuration) - delay - padding
        guard delay > 0 || padding > 0, valid > 0 else { return nil }
        func hex(_ value: Int64, _ width: Int) -> String {
            let digits = String(UInt64(value), radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let text = " 00000000 \(hex(delay, 8)) \(hex(padding, 8)) \(hex(valid, 16))"
            + String(repeating: " 00000000", count: 8)
        return MetadataEntry(keySpace: .iTunes, key: .string("----:com.apple.iTunes:iTunSMPB"), value: .string(text))
    }
}

extension WriterTrack {
    /// True when the track's first description is AAC (or another `mp4a` AAC-family codec).
    var isAAC: Bool {
        guard let first = descriptions.first else { return false }
        return CodecSupport.aacSubtypes.contains(FourCC(rawValue: CMFormatDescriptionGetMediaSubType(first)))
    }
}
