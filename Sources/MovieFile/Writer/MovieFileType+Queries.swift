import CoreMedia
import ISOBMFF
import MediaContainer

// Questions a caller can ask before writing, answered by the same tables the writer applies, so that an export can
// choose what to write (or refuse a file type with the reason) before anything is on disk.
extension MovieFileType {
    /// Why a track whose samples `description` describes cannot be written to a file of this type, or `nil` when it
    /// can (`CodecSupport`, which the writer applies when the track is added): passthrough of ProRes to MP4, say.
    package func refusal(toHold description: CMFormatDescription) -> String? {
        guard let kind = TrackKind(mediaType: CMFormatDescriptionGetMediaType(description)) else {
            return "media of type '\(FourCC(rawValue: CMFormatDescriptionGetMediaType(description)))' cannot be written "
                + "to a \(self) file"
        }
        do throws(ContainerWriterError) {
            try CodecSupport.check(description, kind: kind, fileType: self)
            return nil
        } catch {
            return error.message
        }
    }

    /// Why `entries` cannot be written as metadata of a file of this type, or `nil` when they can
    /// (`MetadataBoxBuilder`, which `setMetadata` applies).
    package func refusal(toRepresent entries: [MetadataEntry]) -> String? {
        do throws(ContainerWriterError) {
            _ = try MetadataBoxBuilder(fileType: self).boxes(for: entries)
            return nil
        } catch {
            return error.message
        }
    }
}
