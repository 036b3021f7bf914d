import CoreMedia
import Foundation
import AudioFile
import MediaContainer
import MovieFile

/// Opens a media file with the container reader for its format: maps the file, recognises the format with the
/// package's one sniffer (MovieFile's recogniser for QuickTime and ISO base media, then AudioFile's for the audio
/// file formats; the path extension when the bytes carry no signature), and hands the mapping to that reader.
///
/// Failures are reported as Apple reports them (see `AssetLoadError`): a file that cannot be opened gives
/// `NSURLErrorDomain` errors, a file that is not media `AVError.fileFormatNotRecognized`, and a broken file
/// `AVError.fileFailedToParse` with the reader's error (box path, byte offset) as the underlying error.
package struct ContainerOpener: Sendable {
    /// How to open files of one container format.
    struct Reader: Sendable {
        /// Opens the file (its URL, the mapping the opener made to recognise it, and the format it recognised).
        let open: @Sendable (URL, MappedFile, ContainerFormat) throws -> any ContainerReader
        /// Whether an error of the reader means "not a file of this format at all" (`fileFormatNotRecognized`)
        /// rather than "a broken file of this format" (`fileFailedToParse`).
        let meansNotRecognized: @Sendable (any Error) -> Bool

        init(open: @escaping @Sendable (URL, MappedFile, ContainerFormat) throws -> any ContainerReader,
             meansNotRecognized: @escaping @Sendable (any Error) -> Bool = { _ in false }) {
            self.open = open
            self.meansNotRecognized = meansNotRecognized
        }

        init(open: @escaping @Sendable (URL, MappedFile) throws -> any ContainerReader,
             meansNotRecognized: @escaping @Sendable (any Error) -> Bool = { _ in false }) {
            self.init(open: { url, file, _ in try open(url, file) }, meansNotRecognized: meansNotRecognized)
        }
    }

    /// The reader for each format this opener knows.
    let readers: [ContainerFormat: Reader]

    /// The readers built into the package: MovieFile for QuickTime and ISO base media (its `notAMovieFile` errors
    /// mean the bytes are not a movie), AudioFile for WAVE, AIFF, AIFC, CAF, AMR, MP3 and ADTS, opened as the
    /// format recognised, with no second guess.
    ///
    /// Both read the opener's one mapping (made to recognise the file): a file is mapped once while it opens.
    package static let standard = ContainerOpener(readers: {
        let movie = Reader(open: { url, file in try MovieFileReader(url: url, file: file) },
                           meansNotRecognized: { ($0 as? MovieFileError)?.kind == .notAMovieFile })
        let audio = Reader(open: { _, file, format in try AudioFileOpener.makeReader(file: file, format: format) },
                           meansNotRecognized: { ($0 as? AudioFileError)?.kind == .notRecognized })
        var readers: [ContainerFormat: Reader] = [.quickTime: movie, .isoBaseMedia: movie]
        for format in [ContainerFormat.wave, .aiff, .aifc, .caf, .amr, .mp3, .adts] { readers[format] = audio }
        return readers
    }())

    /// Path extensions that name a format whose bytes carry no signature we recognise: that format's reader gets
    /// the file, and its own error says what is wrong with it.
    private static let formatsByExtension: [String: ContainerFormat] = [
        "mov": .quickTime, "qt": .quickTime, "mp4": .isoBaseMedia, "m4a": .isoBaseMedia, "m4v": .isoBaseMedia,
        "m4b": .isoBaseMedia, "m4p": .isoBaseMedia, "3gp": .isoBaseMedia, "3gpp": .isoBaseMedia, "3g2": .isoBaseMedia,
        "3gp2": .isoBaseMedia, "mp4a": .isoBaseMedia, "wav": .wave, "wave": .wave, "bwf": .wave, "aif": .aiff,
        "aiff": .aiff, "aifc": .aifc, "caf": .caf, "amr": .amr, "awb": .amr, "mp3": .mp3, "mpga": .mp3, "mp2": .mp3,
        "aac": .adts, "adts": .adts,
    ]

    /// The format of a file's bytes (`data` maps or holds the whole file), or `nil`: the package's one sniffer.
    static func recognize(_ data: AudioFileData, pathExtension: String?) -> ContainerFormat? {
        MovieFileReader.format(ofPrefix: data.prefix(12), fileLength: data.count)
            ?? AudioFileOpener.format(of: data, pathExtension: pathExtension)
    }

    /// Opens the file at `url`.
    package func open(url: URL) throws -> any ContainerReader {
        guard url.isFileURL else { throw AssetLoadError.unsupportedURL(url) }
        let file: MappedFile
        do {
            file = try MappedFile(url: url)
        } catch let failure as MappedFile.Failure {
            throw AssetLoadError.cannotOpen(url, failure)
        }
        return try open(file, url: url)
    }

    /// Opens the bytes of `file` (mapped, or filled from elsewhere), named by `url`, whose path extension serves as
    /// the format's hint where the bytes carry no signature.
    package func open(_ file: MappedFile, url: URL) throws -> any ContainerReader {
        let data = try? AudioFileData(file: file)
        let sniffed = data.flatMap { Self.recognize($0, pathExtension: url.pathExtension) }
        guard let format = sniffed ?? Self.formatsByExtension[url.pathExtension.lowercased()] else {
            throw AssetLoadError.notMedia(url, prefix: data?.prefix(16) ?? [])
        }
        guard let reader = readers[format] else { throw AssetLoadError.noReader(url, format) }
        do {
            return try reader.open(url, file, format)
        } catch {
            if reader.meansNotRecognized(error) { throw AssetLoadError.notRecognized(url, format, error) }
            throw AssetLoadError.malformed(url, format, error)
        }
    }
}
