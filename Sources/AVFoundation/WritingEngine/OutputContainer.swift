import AudioFile
import Foundation
import MediaContainer
import MovieFile

/// The one place an `AVFileType` chooses its container writer: the movie writer for the movie types (QuickTime,
/// MPEG-4, M4A, M4V, 3GPP, 3GPP2), an audio-file writer for WAVE, AIFF, AIFF-C, CAF and AMR. Everything after
/// this talks to the writer through `ContainerWriter`.
enum OutputContainer {
    /// The audio-file writer type for an AVFileType, or `nil` for other types.
    static func audioFileType(_ fileType: AVFileType) -> AudioFileWriter.FileType? {
        switch fileType {
        case .wav: .wave
        case .aiff: .aiff
        case .aifc: .aifc
        case .caf: .caf
        case .amr: .amr
        default: nil
        }
    }

    /// A writer of `fileType` at `url` (never over an existing file).
    /// With `segmentation`, a writer of segments (no file).
    static func make(url: URL, fileType: AVFileType, movieOptions: MovieWriterOptions, segmentation: MovieSegmentation?,
                     movieMetadata: [MetadataEntry], audioMetadata: [MetadataEntry]) throws(AVError) -> any ContainerWriter {
        do throws(ContainerWriterError) {
            if let movieType = MovieFileType(rawValue: fileType.rawValue) {
                let writer: MovieWriter
                if let segmentation {
                    writer = try MovieWriter(segmentation: segmentation, fileType: movieType, options: movieOptions)
                } else {
                    writer = try MovieWriter(url: url, fileType: movieType, options: movieOptions)
                }
                do throws(ContainerWriterError) {
                    try writer.setMetadata(movieMetadata)
                } catch {
                    writer.cancel()
                    throw error
                }
                return writer
            }
            if let audioType = audioFileType(fileType) {
                return try AudioFileContainerWriter(url: url, fileType: audioType, metadata: audioMetadata)
            }
        } catch {
            throw WriterFailure.container(error, "cannot start writing \(url.lastPathComponent)")
        }
        throw AVError(.formatUnsupported, "cannot write files of type \(fileType.rawValue)")
    }
}
