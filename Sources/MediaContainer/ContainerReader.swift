import CoreMedia
import Foundation

/// What a container reader (MOV/MP4, WAV, AIFF, CAF, AMR, MP3, ADTS) gives the asset layer. Implementations are
/// immutable after opening and safe to share between threads.
package protocol ContainerReader: AnyObject, Sendable {
    /// The file's format.
    var format: ContainerFormat { get }
    /// The movie timescale (`mvhd` timescale; the sample rate or 1000 for audio files).
    var movieTimescale: CMTimeScale { get }
    /// The movie duration in movie ticks (`mvhd` duration, or the longest track).
    var movieDuration: Int64 { get }
    /// Preferred playback rate and volume (`mvhd`; 1 for audio files).
    var preferredRate: Float { get }
    var preferredVolume: Float { get }
    /// The movie's transform (`mvhd` matrix).
    var preferredTransform: TransformMatrix { get }
    /// The creation date (`mvhd` creation_time), when the file records one.
    var creationDate: Date? { get }
    /// The tracks, in file order.
    var tracks: [ContainerTrack] { get }
    /// Movie-level metadata.
    var metadata: [MetadataEntry] { get }
    /// Whether the file is (or is laid out to become) fragmented: `mvex` present.
    var canContainFragments: Bool { get }
    /// Whether fragments were found.
    var containsFragments: Bool { get }
    /// The file's bytes, mapped: sample data is handed out as zero-copy block buffers over it.
    var file: MappedFile { get }
}

/// Which container a file is: what the package's format sniffer (MovieFile's recogniser, then AudioFile's) names
/// and what each reader reports. The raw value names the format in messages.
package enum ContainerFormat: String, Sendable, Hashable, CaseIterable {
    /// QuickTime movie (`ftyp` major brand `qt  `, or no `ftyp` at all).
    case quickTime = "QuickTime"
    /// ISO base media: MP4, M4A, M4V, 3GP, 3G2, fragmented MP4 (the brands are the reader's `ftyp`).
    case isoBaseMedia = "ISO base media"
    /// RIFF WAVE, RF64 or BW64.
    case wave = "WAVE"
    /// AIFF.
    case aiff = "AIFF"
    /// AIFF-C.
    case aifc = "AIFC"
    /// Core Audio Format.
    case caf = "CAF"
    /// AMR or AMR-WB storage format (RFC 4867 §5).
    case amr = "AMR"
    /// MPEG audio layer 1/2/3 elementary stream, optionally behind ID3v2 tags.
    case mp3 = "MP3"
    /// AAC in ADTS framing, optionally behind ID3v2 tags.
    case adts = "ADTS"
}
