import CoreAudioTypes
import CoreMedia
import Foundation
import MediaContainer

/// A reader of one of the single-stream audio file formats: everything `ContainerReader` asks is derived from the
/// parsed `contents`. Implementations are final classes, immutable after `init`.
package protocol AudioFileReader: ContainerReader {
    /// What parsing found.
    var contents: AudioFileContents { get }
}

extension AudioFileReader {
    /// The container the file is.
    package var format: ContainerFormat { contents.format }
    /// The sample rate (rounded): audio files have one clock.
    package var movieTimescale: CMTimeScale { contents.timescale }
    /// The frames meant to be heard (priming and remainder excluded), as Apple reports an audio file's duration.
    package var movieDuration: Int64 { contents.validFrames }
    /// Audio files have no playback rate of their own.
    package var preferredRate: Float { 1 }
    /// Audio files have no volume of their own.
    package var preferredVolume: Float { 1 }
    /// Audio files have no transform.
    package var preferredTransform: TransformMatrix { .identity }
    /// Audio files record no creation date the asset layer uses (RIFF `ICRD` is metadata text).
    package var creationDate: Date? { nil }
    /// The file's metadata: RIFF INFO, AIFF text chunks, CAF `info`, ID3.
    package var metadata: [MetadataEntry] { contents.metadata }
    /// Audio files are never fragmented.
    package var canContainFragments: Bool { false }
    /// Audio files are never fragmented.
    package var containsFragments: Bool { false }
    /// Oddities the parser tolerated.
    package var warnings: [String] { contents.warnings }
}

extension AudioFileContents {
    /// The format's name for messages.
    package var formatName: String { format.rawValue }

    /// The layout the track's format description carries: the file's own, or mono or stereo for one or two
    /// channels (what the MOV/MP4 reader gives streams without a `chan` box, so both readers agree).
    package var effectiveChannelLayout: ChannelLayout? {
        if let channelLayout { return channelLayout }
        switch streamDescription.mChannelsPerFrame {
        case 1: return ChannelLayout(tag: kAudioChannelLayoutTag_Mono)
        case 2: return ChannelLayout(tag: kAudioChannelLayoutTag_Stereo)
        default: return nil
        }
    }

    /// The format description the track carries: the stream description, channel layout and magic cookie.
    package func makeFormatDescription() throws -> CMAudioFormatDescription {
        var description = streamDescription
        let cookie = magicCookie ?? []
        var result: CMAudioFormatDescription?
        let status: OSStatus = cookie.withUnsafeBytes { cookieBytes in
            let cookiePointer = cookieBytes.isEmpty ? nil : cookieBytes.baseAddress
            if let channelLayout = effectiveChannelLayout {
                return channelLayout.withUnsafeAudioChannelLayout { layout, size in
                    CMAudioFormatDescriptionCreate(allocator: nil, asbd: &description, layoutSize: size, layout: layout,
                                                   magicCookieSize: cookieBytes.count, magicCookie: cookiePointer,
                                                   extensions: nil, formatDescriptionOut: &result)
                }
            }
            return CMAudioFormatDescriptionCreate(allocator: nil, asbd: &description, layoutSize: 0, layout: nil,
                                                  magicCookieSize: cookieBytes.count, magicCookie: cookiePointer,
                                                  extensions: nil, formatDescriptionOut: &result)
        }
        guard status == noErr, let result else {
            throw AudioFileError(.malformed, format: formatName,
                                 "the stream description (\(FourCharacterCode.describe(description.mFormatID)), "
                                     + "\(description.mChannelsPerFrame) channels, \(description.mSampleRate) Hz) "
                                     + "is not usable (status \(status))")
        }
        return result
    }

    /// The single audio track (ID 1): its format description now, its sample table on first use.
    package func makeTrack() throws -> ContainerTrack {
        let description = try makeFormatDescription()
        let packets = self.packets
        let name = formatName
        let samples: LazySampleTable
        switch packets {
        case .table(let table): samples = LazySampleTable(table)
        case .uniform, .unavailable: samples = LazySampleTable { try packets.makeTable(format: name) }
        }
        var track = ContainerTrack(trackID: 1, mediaType: kCMMediaType_Audio, mediaTimescale: timescale,
                                   mediaDuration: totalFrames, formatDescriptions: [description], samples: samples)
        track.priming = priming
        track.remainder = remainder
        return track
    }

    /// Checks what every parser must guarantee before a track is built: a usable sample rate and channel count.
    func validateStream(path: String, offset: Int) throws(AudioFileError) {
        let rate = streamDescription.mSampleRate
        guard rate.isFinite, rate >= 1, rate <= AudioFileLimits.maximumSampleRate else {
            throw AudioFileError(.malformed, format: formatName, path: path, offset: Int64(offset),
                                 "sample rate \(rate) is not usable")
        }
        let channels = streamDescription.mChannelsPerFrame
        guard channels >= 1, channels <= AudioFileLimits.maximumChannels else {
            throw AudioFileError(.malformed, format: formatName, path: path, offset: Int64(offset),
                                 "channel count \(channels) is not usable (1…\(AudioFileLimits.maximumChannels))")
        }
    }
}
