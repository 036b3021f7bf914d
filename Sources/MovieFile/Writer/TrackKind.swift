import CoreMedia
import ISOBMFF

/// The broad kind of a track, which decides its handler, media header and default handler name.
enum TrackKind: Sendable, Equatable {
    case video, audio, text, subtitle, closedCaption, timecode, metadata

    /// The kind for a Core Media media type, or `nil` for media this writer cannot hold (muxed streams).
    init?(mediaType: CMMediaType) {
        switch mediaType {
        case kCMMediaType_Video: self = .video
        case kCMMediaType_Audio: self = .audio
        case kCMMediaType_Text: self = .text
        case kCMMediaType_Subtitle: self = .subtitle
        case kCMMediaType_ClosedCaption: self = .closedCaption
        case kCMMediaType_TimeCode: self = .timecode
        case kCMMediaType_Metadata: self = .metadata
        default: return nil
        }
    }

    /// The `hdlr` handler type.
    var handlerType: FourCC {
        switch self {
        case .video: "vide"
        case .audio: "soun"
        case .text: "text"
        case .subtitle: "sbtl"
        case .closedCaption: "clcp"
        case .timecode: "tmcd"
        case .metadata: "meta"
        }
    }

    /// The handler name Apple's Core Media writers put in `hdlr` (visible as ffprobe's `handler_name`).
    var appleHandlerName: String {
        switch self {
        case .video: "Core Media Video"
        case .audio: "Core Media Audio"
        case .text: "Core Media Text"
        case .subtitle: "Core Media Subtitle"
        case .closedCaption: "Core Media Closed Caption"
        case .timecode: "Core Media Time Code"
        case .metadata: "Core Media Metadata"
        }
    }
}
