import CoreMedia
import Foundation
import AudioFile
import MediaContainer
import MovieFile

/// Opens a media file with the container reader for its format: maps the file, recognises the format from its
/// first bytes (the path extension when the bytes carry no signature), and hands the mapping to that reader.
///
/// Failures are reported as Apple reports them (see `AssetLoadError`): a file that cannot be opened gives
/// `NSURLErrorDomain` errors, a file that is not media `AVError.fileFormatNotRecognized`, and a broken file
/// `AVError.fileFailedToParse` with the reader's error (box path, byte offset) as the underlying error.
struct ContainerOpener: Sendable {
    /// How to open files of one container format.
    struct Reader: Sendable {
        /// Opens the file (its URL, and the mapping the opener made to recognise it).
        let open: @Sendable (URL, MappedFile) throws -> any ContainerReader
        /// Whether an error of the reader means "not a file of this format at all" (`fileFormatNotRecognized`)
        /// rather than "a broken file of this format" (`fileFailedToParse`).
        let meansNotRecognized: @Sendable (any Error) -> Bool

        init(open: @escaping @Sendable (URL, MappedFile) throws -> any ContainerReader,
             meansNotRecognized: @escaping @Sendable (any Error) -> Bool = { _ in false }) {
            self.open = open
            self.meansNotRecognized = meansNotRecognized
        }
    }

    /// The reader for each format this opener knows.
    let readers: [SniffedFormat: Reader]

    /// The readers built into the package.
    ///
    /// MovieFile reads QuickTime and ISO base media (its `notAMovieFile` errors mean the bytes are not a movie);
    /// AudioFile reads WAVE, AIFF/AIFC, CAF, AMR, MP3 and ADTS, its own sniffer telling AIFF from AIFC and MP3 from
    /// ADTS more precisely than `FormatSniffer` (it confirms a second frame), with the path extension as a hint.
    ///
    /// MovieFile maps the file itself from the URL; the opener's own mapping (made to read the first bytes) is
    /// released when `open` returns. AudioFile reads the opener's mapping.
    static let standard = ContainerOpener(readers: {
        var readers: [SniffedFormat: Reader] = [
            .isoBaseMedia: Reader(open: { url, _ in try MovieFileReader(url: url) },
                                  meansNotRecognized: { ($0 as? MovieFileError)?.kind == .notAMovieFile }),
        ]
        let audio = Reader(open: { url, file in
            let prefix = file.bytes(in: 0..<min(file.length, AudioFileSniffer.preferredPrefixLength)) ?? []
            guard let format = AudioFileSniffer.format(prefix: prefix, pathExtension: url.pathExtension) else {
                throw AudioFileError(.notRecognized, "\(url.lastPathComponent) is not a WAVE, AIFF, CAF, AMR, MP3 or "
                                     + "ADTS file")
            }
            return try AudioFileSniffer.makeReader(file: file, format: format)
        }, meansNotRecognized: { ($0 as? AudioFileError)?.kind == .notRecognized })
        for format in [SniffedFormat.wave, .aiff, .caf, .amr, .mp3, .adts] { readers[format] = audio }
        return readers
    }())

    /// Path extensions that name a format whose bytes carry no signature we recognise.
    private static let formatsByExtension: [String: SniffedFormat] = [
        "mov": .isoBaseMedia, "qt": .isoBaseMedia, "mp4": .isoBaseMedia, "m4a": .isoBaseMedia,
        "m4v": .isoBaseMedia, "m4b": .isoBaseMedia, "m4p": .isoBaseMedia, "3gp": .isoBaseMedia,
        "3gpp": .isoBaseMedia, "3g2": .isoBaseMedia, "3gp2": .isoBaseMedia, "mp4a": .isoBaseMedia,
        "wav": .wave, "wave": .wave, "bwf": .wave, "aif": .aiff, "aiff": .aiff, "aifc": .aiff, "caf": .caf,
        "amr": .amr, "awb": .amr, "mp3": .mp3, "mpga": .mp3, "mp2": .mp3, "aac": .adts, "adts": .adts,
    ]

    /// Opens the file at `url`.
    func open(url: URL) throws -> any ContainerReader {
        guard url.isFileURL else { throw AssetLoadError.unsupportedURL(url) }
        let file: MappedFile
        do {
            file = try MappedFile(url: url)
        } catch let failure as MappedFile.Failure {
            throw AssetLoadError.cannotOpen(url, failure)
        }
        let prefix = file.bytes(in: 0..<min(file.length, FormatSniffer.prefixLength)) ?? []
        let sniffed = FormatSniffer.sniff(prefix: prefix, fileLength: file.length) { file.bytes(in: $0) }
        guard let format = sniffed ?? Self.formatsByExtension[url.pathExtension.lowercased()] else {
            throw AssetLoadError.notMedia(url, prefix: prefix)
        }
        guard let reader = readers[format] else { throw AssetLoadError.noReader(url, format) }
        do {
            return try reader.open(url, file)
        } catch {
            if reader.meansNotRecognized(error) { throw AssetLoadError.notRecognized(url, format, error) }
            throw AssetLoadError.malformed(url, format, error)
        }
    }
}

extension MappedFile {
    /// The bytes in `range`, or `nil` when the range is not inside the file.
    func bytes(in range: Range<Int>) -> [UInt8]? {
        guard range.lowerBound >= 0, range.upperBound <= length else { return nil }
        guard !range.isEmpty else { return [] }
        guard let buffer = try? makeBlockBuffer(range: range) else { return nil }
        var bytes = [UInt8](repeating: 0, count: range.count)
        let status = bytes.withUnsafeMutableBytes { destination in
            CMBlockBufferCopyDataBytes(buffer, atOffset: 0, dataLength: range.count,
                                       destination: destination.baseAddress!)
        }
        return status == kCMBlockBufferNoErr ? bytes : nil
    }
}
