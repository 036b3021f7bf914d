import CoreMedia
import Foundation
import MediaContainer

/// What the fuzz target (and the corpus replay test) does with one input: open it as a movie from memory and touch
/// everything a client would: every track's format descriptions and sample table (first, last and a spread of
/// samples, lookups by time, presentation order), and the sample bytes. Any outcome but a value or a
/// `MovieFileError` — a trap, another error type — is a bug.
package enum MovieFuzzHarness {
    /// Opens `bytes` and exercises the result; returns a one-line outcome.
    @discardableResult
    package static func run(_ bytes: [UInt8]) -> String {
        let reader: MovieFileReader
        do {
            reader = try MovieFileReader(bytes: bytes)
        } catch {
            return "refused: \(error)"
        }
        var samples = 0
        var failures = 0
        for track in reader.tracks {
            for description in track.formatDescriptions {
                _ = CMFormatDescriptionGetExtensions(description)
                _ = CMAudioFormatDescriptionGetStreamBasicDescription(description)?.pointee
                _ = CMVideoFormatDescriptionGetDimensions(description)
            }
            do {
                let table = try track.samples.table()
                samples += table.count
                touch(table)
                for index in spread(table.count) {
                    do {
                        _ = try reader.blockBuffer(forSample: index, of: track)
                    } catch let error as MovieFileError where error.kind == .sampleOutsideFile {
                        failures += 1
                    }
                }
                if table.count > 1 { _ = try? reader.blockBuffer(forSamples: 0..<min(table.count, 8), of: track) }
            } catch {
                guard error is MovieFileError else { preconditionFailure("a table failed with a foreign error: \(error)") }
                failures += 1
            }
        }
        return "opened: \(reader.tracks.count) tracks, \(samples) samples, \(failures) unreadable"
    }

    /// Exercises a table's lookups without walking every sample of a long track.
    private static func touch(_ table: SampleTable) {
        for index in spread(table.count) {
            _ = table.decodeTime(at: index)
            _ = table.presentationTime(at: index)
            _ = table.duration(at: index)
            _ = table.size(at: index)
            _ = table.offset(at: index)
            _ = table.isSync(at: index)
            _ = table.isPartialSync(at: index)
            _ = table.dependencyByte(at: index)
            _ = table.descriptionIndex(at: index)
            _ = table.syncSample(atOrBefore: index)
            _ = table.syncSample(atOrAfter: index)
            _ = table.sampleIndex(containingDecodeTime: table.decodeTime(at: index))
        }
        guard table.count > 0 else { return }
        // Presentation order is built for the whole table: bounded by the per-sample budget the builder enforces.
        _ = table.sampleIndex(presentedAt: table.presentationTime(at: table.count - 1))
        _ = table.presentationPosition(of: table.count - 1)
        _ = table.presentationSpan
        _ = table.totalSize
    }

    /// Up to 16 indices spread over `0..<count`, first and last included.
    private static func spread(_ count: Int) -> [Int] {
        guard count > 0 else { return [] }
        let step = max(1, count / 15)
        return Array(Set(stride(from: 0, to: count, by: step).map { $0 } + [count - 1])).sorted()
    }

    /// A readable summary of the movie at `url`: format, duration, and per track its kind, descriptions, edits and
    /// sample count.
    package static func summary(of url: URL) throws -> String {
        let reader = try MovieFileReader(url: url)
        var lines = ["\(url.lastPathComponent): \(reader.format), timescale \(reader.movieTimescale), duration "
                     + "\(reader.movieDuration), fragments \(reader.containsFragments)"]
        for track in reader.tracks {
            let table = try? track.samples.table()
            lines.append("  track \(track.trackID) '\(fourCC(track.mediaType))' timescale \(track.mediaTimescale) "
                         + "duration \(track.mediaDuration) lang \(track.languageCode ?? "-") samples "
                         + "\(table.map { String($0.count) } ?? "error") edits \(track.edits.map { "\($0.segmentDuration)@\($0.mediaTime)" }) "
                         + "priming \(track.priming) remainder \(track.remainder) roll \(track.rollDistance.map(String.init) ?? "-")")
            for description in track.formatDescriptions {
                lines.append("    \(description.descriptionText)")
                if let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(description)?.pointee {
                    var cookieSize = 0
                    _ = CMAudioFormatDescriptionGetMagicCookie(description, sizeOut: &cookieSize)
                    var layoutSize = 0
                    let layout = CMAudioFormatDescriptionGetChannelLayout(description, sizeOut: &layoutSize)?.pointee
                    lines.append("      \(fourCC(asbd.mFormatID)) \(asbd.mSampleRate) Hz flags 0x\(String(asbd.mFormatFlags, radix: 16)) "
                                 + "bytes/packet \(asbd.mBytesPerPacket) frames/packet \(asbd.mFramesPerPacket) bytes/frame "
                                 + "\(asbd.mBytesPerFrame) channels \(asbd.mChannelsPerFrame) bits \(asbd.mBitsPerChannel) cookie "
                                 + "\(cookieSize) layout \(layout.map { String($0.mChannelLayoutTag >> 16) } ?? "-")")
                }
            }
        }
        for entry in reader.metadata { lines.append("  metadata \(entry.keySpace) \(entry.key) = \(entry.value)") }
        for track in reader.tracks {
            for entry in track.metadata { lines.append("  track \(track.trackID) metadata \(entry.keySpace) \(entry.key) = \(entry.value)") }
        }
        for warning in reader.warnings { lines.append("  warning: \(warning)") }
        return lines.joined(separator: "\n")
    }

    private static func fourCC(_ code: UInt32) -> String {
        String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: code >> (24 - 8 * UInt32($0))) }, as: UTF8.self)
    }
}
