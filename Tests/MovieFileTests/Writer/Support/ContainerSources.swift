import CoreAudioTypes
import CoreMedia
import Foundation
import ISOBMFF
import TestSupport

/// Track sources taken from files ffmpeg wrote: each packet's bytes read at the position ffprobe reports, the
/// codec configuration taken from the sample entry's boxes in the form the package's cookies use (ES_Descriptor,
/// `alac`/`dfLa` content after version and flags, whole `dOps`/`dac3`/`dec3`/`damr` payloads, `esds`/`av1C` as
/// sample description extension atoms for video).
enum ContainerSources {
    /// The first sample entry of the first track of `url` (an ISO or QuickTime file).
    static func sampleEntry(_ url: URL, track: Int = 0) throws -> any Box {
        let scan = try FileScanner.scan(FileSource(url: url))
        guard let tracks = scan.movie?.tracks, tracks.indices.contains(track), let entry = tracks[track].media?.children.first(MediaInformationBox.self)?.sampleTable?
            .sampleDescriptions?.children.first?.box else { throw SourceError("no sample entry in \(url.lastPathComponent)") }
        return entry
    }

    /// The payload of `box` (after its header), optionally after version and flags.
    static func payload(_ box: any Box, skippingFullHeader: Bool = false) throws -> [UInt8] {
        var writer = BoxWriter()
        try writer.writeBox(box)
        return Array(writer.bytes.dropFirst(skippingFullHeader ? 12 : 8))
    }

    /// The first child of `container` of `type`, as its payload.
    static func child(_ container: any BoxContainer, _ type: FourCC, skippingFullHeader: Bool = false) throws -> [UInt8]? {
        guard let node = container.children.first(ofType: type) else { return nil }
        return try payload(node.box, skippingFullHeader: skippingFullHeader)
    }

    /// The packets of the first stream, bytes read from the file.
    static func samples(_ url: URL, track: Int = 0, loadingData: Bool = true) throws -> [TrackSource.Sample] {
        let bytes = loadingData ? [UInt8](try Data(contentsOf: url)) : []
        return try PacketProbe.packets(url, stream: String(track)).map { packet in
            guard let position = packet.position, let pts = packet.pts, let dts = packet.dts,
                  !loadingData || Int(position) + packet.size <= bytes.count else {
                throw SourceError("packet without position")
            }
            let data = loadingData ? Array(bytes[Int(position)..<(Int(position) + packet.size)]) : []
            return TrackSource.Sample(data: data, decodeTime: dts, presentationTime: pts,
                                      duration: packet.duration ?? 0, isSync: packet.isKey)
        }
    }

    /// The media timescale of the first track.
    static func timescale(_ url: URL, track: Int = 0) throws -> Int32 {
        let scan = try FileScanner.scan(FileSource(url: url))
        guard let tracks = scan.movie?.tracks, tracks.indices.contains(track), let header = tracks[track].media?.children.first(MediaHeaderBox.self) else {
            throw SourceError("no mdhd")
        }
        return Int32(header.timescale)
    }

    /// An audio track from `url` with the cookie its codec uses.
    static func audio(_ url: URL, formatID: AudioFormatID, framesPerPacket: UInt32, track: Int = 0,
                      loadingData: Bool = true) throws -> TrackSource {
        guard let entry = try sampleEntry(url, track: track) as? AudioSampleEntry else { throw SourceError("not audio") }
        var asbd = AudioStreamBasicDescription()
        asbd.mSampleRate = entry.effectiveSampleRate > 0 ? entry.effectiveSampleRate : Double(try timescale(url, track: track))
        asbd.mFormatID = formatID
        asbd.mChannelsPerFrame = UInt32(entry.effectiveChannelCount)
        asbd.mFramesPerPacket = framesPerPacket
        var cookie: [UInt8] = []
        switch formatID {
        case kAudioFormatMPEG4AAC, kAudioFormatMPEGLayer3:
            if let esds = entry.children.first(ofType: "esds") { cookie = try payload(esds.box, skippingFullHeader: true) }
        case kAudioFormatAppleLossless:
            cookie = try child(entry, "alac", skippingFullHeader: true) ?? []
            asbd.mFormatFlags = [16: 1, 20: 2, 24: 3, 32: 4][UInt32(cookie.count > 5 ? cookie[5] : 16)] ?? 1
        case kAudioFormatOpus: cookie = try child(entry, "dOps") ?? []
        case kAudioFormatFLAC: cookie = try child(entry, "dfLa", skippingFullHeader: true) ?? []
        case kAudioFormatAC3: cookie = try child(entry, "dac3") ?? []
        case kAudioFormatEnhancedAC3: cookie = try child(entry, "dec3") ?? []
        case kAudioFormatAMR: cookie = try child(entry, "damr") ?? []
            asbd.mChannelsPerFrame = 1
        default: break
        }
        let description = try ElementarySources.audioDescription(asbd, cookie: cookie)
        return TrackSource(name: url.lastPathComponent, mediaType: kCMMediaType_Audio,
                           timescale: try timescale(url, track: track), description: description,
                           samples: try samples(url, track: track, loadingData: loadingData), origin: url)
    }

    /// A video track from `url`: dimensions and the codec configuration box as a sample description extension atom.
    static func video(_ url: URL, configuration: FourCC, loadingData: Bool = true) throws -> TrackSource {
        guard let entry = try sampleEntry(url) as? VisualSampleEntry,
              let config = try child(entry, configuration) else { throw SourceError("no \(configuration)") }
        var description: CMFormatDescription?
        CMVideoFormatDescriptionCreate(
            allocator: nil, codecType: entry.boxType.rawValue, width: Int32(entry.width), height: Int32(entry.height),
            extensions: [kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms: [configuration.description: Data(config)]],
            formatDescriptionOut: &description)
        guard let description else { throw SourceError("video description rejected") }
        return TrackSource(name: url.lastPathComponent, mediaType: kCMMediaType_Video, timescale: try timescale(url),
                           description: description, samples: try samples(url, loadingData: loadingData), origin: url)
    }
}
