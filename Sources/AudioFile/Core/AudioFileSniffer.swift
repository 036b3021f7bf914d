import CoreMedia
import Foundation
import MediaContainer

/// Picks the audio file format of a file from its first bytes and its path extension, and opens the matching
/// reader. Chunked formats (WAVE, AIFF, CAF) and AMR have signatures; MP3 and ADTS are bare frame streams, told
/// apart by their sync words (ADTS has layer bits 00, which MPEG audio reserves), confirmed by a second compatible
/// frame header, and, when an ID3v2 tag comes first, looked for after it.
package enum AudioFileSniffer {
    /// How many bytes `format(prefix:pathExtension:)` wants: enough for two of the largest MPEG audio frames.
    package static let preferredPrefixLength = 8_192

    /// Path extensions that say "MPEG audio" and "ADTS" when the bytes alone cannot.
    private static let mpegExtensions: Set<String> = ["mp3", "mp2", "mp1", "mpga", "mpa"]
    private static let adtsExtensions: Set<String> = ["aac", "adts"]

    /// The format of a file beginning with `prefix`, or `nil` if it is none of the audio file formats.
    package static func format(prefix: [UInt8], pathExtension: String? = nil) -> ContainerFormat? {
        if WAVEReader.canRead(prefix: prefix) { return .wave }
        if AIFFReader.canRead(prefix: prefix) { return prefix[8..<12].elementsEqual("AIFC".utf8) ? .aifc : .aiff }
        if CAFReader.canRead(prefix: prefix) { return .caf }
        if AMRReader.canRead(prefix: prefix) { return .amr }
        let hint = pathExtension?.lowercased()
        let data = AudioFileData(copying: prefix)
        var start = 0
        while let size = ID3v2Tag.size(in: data, at: start) { start += size }
        if start > 0 {
            // A tag came first: the stream after it decides; a tag longer than the prefix leaves the extension.
            if start < prefix.count - 1, prefix[start] == 0xFF {
                return prefix[start + 1] & 0xF6 == 0xF0 ? .adts : .mp3
            }
            return hint.map { adtsExtensions.contains($0) } == true ? .adts : .mp3
        }
        if MP3Reader.canRead(prefix: prefix) { return .mp3 }
        if ADTSReader.canRead(prefix: prefix) { return .adts }
        // A stream that starts with junk: trust the extension if a frame is found within the prefix.
        if let hint, mpegExtensions.contains(hint) {
            var scanner = MPEGFrameScanner(data: data, end: data.count)
            if scanner.findFirstFrame(from: 0) != nil { return .mp3 }
        }
        if let hint, adtsExtensions.contains(hint) {
            for offset in 0..<max(0, prefix.count - 7) where prefix[offset] == 0xFF {
                if ADTSReader.canRead(prefix: Array(prefix[offset...])) { return .adts }
            }
        }
        return nil
    }

    /// Opens `url` with the reader its first bytes and extension call for.
    package static func makeReader(url: URL) throws -> any AudioFileReader {
        let file = try MappedFile(url: url)
        let data = try AudioFileData(file: file)
        guard let format = format(prefix: data.prefix(preferredPrefixLength), pathExtension: url.pathExtension) else {
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
            throw AudioFileError(.notRecognized, "\(AudioFileContents.name(of: format)) is not an audio file format")
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
            throw AudioFileError(.notRecognized, "\(AudioFileContents.name(of: format)) is not an audio file format")
        }
    }
}
