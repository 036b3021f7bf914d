import AudioFile
import CoreMedia
import MediaContainer

/// What the fuzz target does with one input: every reader parses it (a thrown `AudioFileError` is the expected
/// outcome for most inputs), and whatever parses has its track, format description and sample table built and
/// every packet's range checked against the input. A trap anywhere is a bug; libFuzzer keeps the input.
enum FuzzHarness {
    static let formats: [ContainerFormat] = [.wave, .aiff, .caf, .amr, .mp3, .adts]

    static func run(_ bytes: some Collection<UInt8>) {
        let data = AudioFileData(copying: bytes)
        _ = AudioFileOpener.format(of: data, pathExtension: "mp3")
        for format in formats {
            guard let contents = try? AudioFileOpener.parse(data, as: format) else { continue }
            check(contents, length: data.count)
        }
    }

    /// Builds everything the asset layer would from `contents` and checks the invariants readers promise.
    static func check(_ contents: AudioFileContents, length: Int) {
        guard let track = try? contents.makeTrack() else { return }
        guard let table = try? track.samples.table() else { return }
        var total: Int64 = 0
        for index in 0..<table.count {
            let offset = table.offset(at: index), size = table.size(at: index)
            guard offset <= UInt64(length), UInt64(size) <= UInt64(length) - offset else {
                fatalError("packet \(index) at \(offset) of \(size) bytes runs past the \(length)-byte input")
            }
            total += table.duration(at: index)
            // Uniform tables may be huge on paper; touching the first and last thousand entries is enough.
            if index == 1_000, table.count > 2_000 { break }
        }
        if table.count > 0 {
            let last = table.count - 1
            guard table.offset(at: last) + UInt64(table.size(at: last)) <= UInt64(length) else {
                fatalError("the last packet runs past the input")
            }
        }
        guard contents.priming >= 0, contents.remainder >= 0, contents.validFrames >= 0 else {
            fatalError("negative priming, remainder or valid frames")
        }
        _ = total
    }

    /// One line per format that parses the input, for the command-line tool.
    static func describe(_ bytes: [UInt8]) -> [String] {
        let data = AudioFileData(copying: bytes)
        var lines: [String] = []
        for format in formats {
            do {
                let contents = try AudioFileOpener.parse(data, as: format)
                let asbd = contents.streamDescription
                lines.append("\(format): \(asbd.mSampleRate) Hz, \(asbd.mChannelsPerFrame) ch, "
                             + "\(contents.totalFrames) frames, priming \(contents.priming), remainder \(contents.remainder), "
                             + "\(contents.metadata.count) metadata items, warnings: \(contents.warnings)")
            } catch {
                lines.append("\(format): \(error)")
            }
        }
        return lines
    }
}
