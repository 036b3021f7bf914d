import CoreMedia
import ISOBMFF
import MediaContainer

/// Which codecs each file type may hold, and the refusal when one may not.
///
/// The table follows what Apple's writers accept for passthrough (`AVAssetWriterInput` with a source format
/// hint): QuickTime movies take every codec this writer can describe; MP4 takes the MPEG-family and Dolby codecs
/// plus AV1, Opus and FLAC (ISO/IEC 14496-14, the AV1, Opus and FLAC "in ISOBMFF" specifications) but not ProRes,
/// JPEG, LPCM or timecode; M4A holds audio (and chapter text) only; M4V is iTunes' MP4 subset; 3GPP/3GPP2 hold the
/// codecs of 3GPP TS 26.244 §5 (H.264, MPEG-4 video, AAC, AMR, timed text).
enum CodecSupport {
    /// The AAC family carried as `mp4a` + `esds`.
    static let aacSubtypes: Set<FourCC> = ["aac ", "aach", "aacp", "aacl", "aace", "aacf", "aacg", "usac"]

    /// Video codecs each ISO file type accepts (QuickTime accepts every video codec).
    private static func isoVideo(_ fileType: MovieFileType) -> Set<FourCC> {
        switch fileType {
        case .quickTimeMovie: []
        case .mpeg4: ["avc1", "avc3", "hvc1", "hev1", "dvh1", "dvhe", "mp4v", "av01", "vp09"]
        case .appleM4V: ["avc1", "hvc1", "hev1", "dvh1", "mp4v"]
        case .appleM4A: []
        case .threeGPP, .threeGPP2: ["avc1", "mp4v", "s263"]
        }
    }

    /// Audio codecs each file type accepts.
    private static func audio(_ fileType: MovieFileType) -> Set<FourCC> {
        switch fileType {
        case .quickTimeMovie:
            aacSubtypes.union(["alac", "lpcm", ".mp3", "ac-3", "ec-3", "opus", "flac", "samr", "sawb", "ulaw",
                               "alaw", "ima4"])
        case .mpeg4: aacSubtypes.union(["alac", ".mp3", "ac-3", "ec-3", "opus", "flac", "samr", "sawb"])
        case .appleM4A, .appleM4V: aacSubtypes.union(["alac", "ac-3", "ec-3"])
        case .threeGPP, .threeGPP2: aacSubtypes.union(["samr", "sawb"])
        }
    }

    /// Throws unless a track of `kind` with `description` can go in `fileType`; returns nothing.
    static func check(_ description: CMFormatDescription, kind: TrackKind, fileType: MovieFileType)
        throws(ContainerWriterError) {
        let subtype = FourCC(rawValue: CMFormatDescriptionGetMediaSubType(description))
        let mediaType = CMFormatDescriptionGetMediaType(description)
        func refuse(_ reason: String = "") -> ContainerWriterError {
            ContainerWriterError(.unsupportedFormat, "\(kind) codec '\(subtype)' cannot be written to a \(fileType) file"
                             + (reason.isEmpty ? "" : ": " + reason))
        }
        // A description must match its track's kind (text may go in subtitle tracks and the reverse).
        let kindOfDescription = TrackKind(mediaType: mediaType)
        let compatible = kindOfDescription == kind
            || (kind == .subtitle && kindOfDescription == .text) || (kind == .text && kindOfDescription == .subtitle)
        guard compatible else {
            throw ContainerWriterError(.invalidArgument, "a '\(FourCC(rawValue: mediaType))' format description cannot "
                                   + "describe the samples of a \(kind) track")
        }
        switch kind {
        case .video:
            guard fileType != .appleM4A else { throw refuse("M4A files hold audio only") }
            if !fileType.isQuickTime, !isoVideo(fileType).contains(subtype) {
                throw refuse(subtype.isProRes || subtype == "jpeg"
                             ? "Apple writes this codec to QuickTime movies only" : "")
            }
        case .audio:
            guard audio(fileType).contains(subtype) || (fileType.isQuickTime && hasVerbatim(description)) else {
                throw refuse(subtype == "lpcm" ? "linear PCM goes in QuickTime movies (Apple's MP4 writer refuses it)"
                             : "")
            }
        case .text:
            guard subtype == "tx3g" || (subtype == "text" && fileType.isQuickTime) else {
                throw refuse(subtype == "text" ? "QuickTime text goes in QuickTime movies; use 'tx3g'" : "")
            }
        case .subtitle:
            guard subtype == "tx3g", [.quickTimeMovie, .mpeg4, .appleM4V].contains(fileType) else { throw refuse() }
        case .closedCaption:
            guard ["c608", "c708"].contains(subtype), fileType.isQuickTime else { throw refuse() }
        case .timecode:
            guard subtype == "tmcd", fileType.isQuickTime else {
                throw refuse(subtype == "tmcd" ? "timecode tracks are a QuickTime feature" : "")
            }
        case .metadata:
            guard subtype == "mebx", [.quickTimeMovie, .mpeg4, .appleM4V].contains(fileType) else { throw refuse() }
        }
    }

    /// True when the description carries a verbatim sample entry of either flavour.
    static func hasVerbatim(_ description: CMFormatDescription) -> Bool {
        CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_VerbatimSampleDescription) != nil
            || CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_VerbatimISOSampleEntry) != nil
    }
}

extension FourCC {
    /// True for Apple ProRes coding names.
    var isProRes: Bool { ["ap4x", "ap4h", "apch", "apcn", "apcs", "apco", "aprn", "aprh"].contains(self) }
}
