import Foundation
import MediaContainer
import MovieFile

/// The metadata an export writes.
///
/// With `metadata` set, exactly those items (no filter: Apple applies `metadataItemFilter` only to the asset's own
/// metadata), and the writer refuses any it cannot write. Otherwise the asset's items (movie and track level) pass
/// `metadataItemFilter`, then are "translated as accurately as possible into the appropriate metadata keyspace for
/// the output file" (AVAssetExportSession.h): an item the output file can hold as it is keeps its key; one it
/// cannot hold goes under the file type's own key for its common key (a QuickTime title becomes iTunes `©nam` in a
/// 3GPP-incompatible case, an ID3 title becomes the movie's title); an item with neither is left out, since the
/// output has no place for it.
enum ExportMetadata {
    /// The movie-level items for `fileType`.
    static func movieItems(_ request: ExportRequest, source: ExportSource, fileType: AVFileType) -> [AVMetadataItem] {
        if let explicit = request.metadata { return explicit }
        return translated(source.metadata, fileType: fileType, filter: request.metadataItemFilter)
    }

    /// The track-level items of `track` for `fileType`.
    static func trackItems(_ track: ExportSource.Track, request: ExportRequest, fileType: AVFileType) -> [AVMetadataItem] {
        let items = track.track.backing.metadataEntries.map(AVMetadataItem.make(from:))
        return translated(items, fileType: fileType, filter: request.metadataItemFilter)
    }

    /// `items` that pass `filter`, each as it is or in the common key space, whichever the file type can hold.
    static func translated(_ items: [AVMetadataItem], fileType: AVFileType, filter: AVMetadataItemFilter?)
        -> [AVMetadataItem] {
        var result: [AVMetadataItem] = []
        var identifiers = Set<AVMetadataIdentifier>()
        for item in items where filter?.keeps(item) ?? true {
            let candidate: AVMetadataItem
            if isWritable(item, fileType: fileType) {
                candidate = item
            } else if let common = item.makeCommonItem(), isWritable(common, fileType: fileType) {
                candidate = common
            } else {
                continue
            }
            // A value that reached the common key space from several items (udta and mdta titles) is written once.
            if candidate.state.keySpace == .common, let identifier = candidate.identifier {
                guard identifiers.insert(identifier).inserted else { continue }
            }
            result.append(candidate)
        }
        return result
    }

    /// Whether the writer can write `item` to a file of `fileType`.
    static func isWritable(_ item: AVMetadataItem, fileType: AVFileType) -> Bool {
        guard let entry = try? WriterMetadata.entry(item, fileType: fileType) else { return false }
        guard let movieType = MovieFileType(rawValue: fileType.rawValue) else { return true }
        return movieType.refusal(toRepresent: [entry]) == nil
    }
}
