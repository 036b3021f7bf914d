import CoreMedia
import Foundation
import MediaContainer
import MediaFormats

/// Recognises the audio file formats and opens the matching reader: the audio half of the package's one format
/// sniffer (MovieFile recognises QuickTime and ISO base media; the asset layer's opener asks both, then opens the
/// format they name with no second guess).
///
/// Chunked formats (WAVE, AIFF, AIFC, CAF) and AMR have signatures. MP3 and ADTS are bare frame streams, told
/// apart by their sync words (ADTS has layer bits 00, which MPEG audio reserves): a stream that starts with a frame
/// header counts when a compatible header follows where that frame ends (or the file ends there); an ID3v2 tag
/// first says "MPEG audio or ADTS", and the sync word after the tags (however far in: cover art can be megabytes)
/// decides; a stream that starts with junk is recognised only when the path extension names it and a confirmed
/// frame lies in the first 8 KiB.
package enum AudioFileOpener {
    /// How far a stream that starts with junk is searched for its first frame: two of the largest MPEG audio frames.
    static let junkSearchLength = 8_192

    /// Path extensions that say "MPEG audio" and "ADTS" when the bytes alone cannot.
    private static let mpegExtensions: Set<String> = ["mp3", "mp2", "mp1", "mpga", "mpa"]
    private static let adtsExtensions: Set<String> = ["aac", "adts"]

    /// The format of `data`, or `nil` if it is none of the audio file formats.
    package static func format(of data: AudioFileData, pathExtension: String? = nil) -> ContainerFormat? {
        let prefix = data.prefix(12)
        if WAVEReader.canRead(prefix: prefix) { return .wave }
        if AIFFReader.canRead(prefix: prefix) { return prefix[8..<12].elementsEqual("AIFC".utf8) ? .aifc : .aiff }
        if CAFReader.canRead(prefix: prefix) { return .caf }
        if AMRReader.canRead(prefix: prefix) { return .amr }
        let hint = pathExtension?.lowercased()
        var start = 0
        while let size = ID3v2Tag.size(in: data, at: start) { start += size }
        if start > 0 {
            // A tag came first: the sync word after it decides (ADTS: 12 sync bits and layer 00), else the extension.
            if data.reader.getUInt8(at: start) == 0xFF, let second = data.reader.getUInt8(at: start + 1) {
                return second & 0xF6 == 0xF0 ? .adts : .mp3
            }
            return hint.map { adtsExtensions.contains($0) } == true ? .adts : .mp3
        }
        if MP3Reader.canRead(data, at: 0) { return .mp3 }
        if ADTSReader.canRead(data, at: 0) { return .adts }
        // A stream that starts with junk: trust the extension if a confirmed frame is found near the start.
        let window = min(data.count, junkSearchLength)
        if let hint, mpegExtensions.contains(hint) {
            var scanner = MPEGFrameScanner(data: data, end: window)
            if scanner.findFirstFrame(from: 0) != nil { return .mp3 }
        }
        if let hint, adtsExtensions.contains(hint) {
            var offset = 0
            while let sync = data.reader.firstIndex(of: 0xFF, in: offset..<max(0, window - 7)) {
                if ADTSReader.canRead(data, at: sync, end: window) { return .adts }
                offset = sync + 1
            }
        }
        return nil
    }

    /// Opens `url` with the reader its bytes and extension call for.
    package static func makeReader(url: URL) throws -> any AudioFileReader {
        let file = try MappedFile(url: url)
        guard let format = format(of: try AudioFileData(file: file), pathExtension: url.pathExtension) else {
            throw AudioFileError(.notRecognized, "\(url.lastPathComponent) is not a WAVE, AIFF, CAF, AMR, MP3 or ADTS file")
        }
        return try makeReader(file: file, format: format)
    }

    /// Opens `file` as `format`.
    package static func makeReader(file: MappedFile, format: ContainerFormat) throws -> any AudioFileReader {
        switch format {
        case .wave: return try WAVEReader(file: file)
        case .aiff, .aifc: return try AIFFReader(file: file)
        case .caf: return try CAFReader(file: file)
        case .amr: return try AMRReader(file: file)
        case .mp3: return try MP3Reader(file: file)
        case .adts: return try ADTSReader(file: file)
        case .quickTime, .isoBaseMedia:
            throw AudioFileError(.notRecognized, "\(format.rawValue) is not an audio file format")
        }
    }

    /// Parses `data` as `format` without a mapping (tests and the fuzz target).
    package static func parse(_ data: AudioFileData, as format: ContainerFormat) throws -> AudioFileContents {
        switch format {
        case .wave: return try WAVEReader.parse(data)
        case .aiff, .aifc: return try AIFFReader.parse(data)
        case .caf: return try CAFReader.parse(data)
        case .amr: return try AMRReader.parse(data)
        case .mp3: return try MP3Reader.parse(data)
        case .adts: return try ADTSReader.parse(data)
        case .quickTime, .isoBaseMedia:
            throw AudioFileError(.notRecognized, "\(format.rawValue) is not an audio file format")
        }
    }
}
