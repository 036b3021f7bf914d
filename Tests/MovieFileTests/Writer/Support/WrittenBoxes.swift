import Foundation
import ISOBMFF

/// The boxes of a written file, read back with the ISOBMFF scanner for checks of raw fields (edit lists, sample
/// groups, languages) that ffprobe does not print; ffprobe and ffmpeg judge the content.
struct WrittenBoxes {
    let scan: ScanResult

    init(_ url: URL) throws { scan = try FileScanner.scan(FileSource(url: url)) }

    var movie: MovieBox? { scan.movie }
    var tracks: [TrackBox] { movie?.tracks ?? [] }

    /// The edit list entries of track `index`.
    func edits(_ index: Int) -> [EditListBox.Entry] { tracks[index].editList?.entries ?? [] }

    /// The sample table of track `index`.
    func sampleTable(_ index: Int) -> SampleTableBox? {
        tracks[index].media?.children.first(MediaInformationBox.self)?.sampleTable
    }

    /// The media header of track `index`.
    func mediaHeader(_ index: Int) -> MediaHeaderBox? { tracks[index].media?.children.first(MediaHeaderBox.self) }

    /// The first box of type `B` anywhere under track `index`.
    func first<B: Box>(_ type: B.Type, inTrack index: Int) -> B? {
        tracks[index].descendants().lazy.compactMap { $0.node.box as? B }.first
    }

    /// The encoded bytes of the first sample entry of track `index`.
    func sampleEntryBytes(_ index: Int) throws -> [UInt8] {
        guard let node = sampleTable(index)?.sampleDescriptions?.children.first else { return [] }
        var writer = BoxWriter()
        try writer.writeNode(node)
        return writer.bytes
    }
}
