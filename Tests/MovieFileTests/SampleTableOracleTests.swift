import CoreAudioTypes
import CoreMedia
import Foundation
import MediaContainer
@testable import MovieFile
import Testing
import TestSupport

/// Every track's per-sample table (decode and presentation time, duration, size, file offset, sync flag) against
/// ffprobe's packets with edit lists ignored (`-ignore_editlist 1`), which is the raw table as FFmpeg reads it.
///
/// Where FFmpeg deliberately reads differently, the comparison follows it and says why:
/// - Linear PCM in QuickTime: FFmpeg hands out chunks (up to 1024 frames) as packets; the table has one sample per
///   PCM frame, as Core Media does. The packets must be exactly consecutive runs of our samples.
/// - Negative composition offsets: so that no sample is presented before it is decoded, the table moves every
///   decode time down by the most negative offset and keeps the file's presentation times. FFmpeg does the same in
///   flat files (its `dts_shift`) but moves every presentation time up instead in fragments; there the comparison
///   takes FFmpeg's times less one constant shift, the first packet's.
/// - Audio packet durations: FFmpeg's parser replaces them with the codec's frame length (1024 for AAC, also for a
///   shorter last packet); decode times pin the table's durations instead.
/// - A sample cut by the end of a truncated file: FFmpeg returns what is there as a shorter packet; the table keeps
///   the declared size and reading the sample fails with the sample named.
@Suite("Sample tables against ffprobe")
struct SampleTableOracleTests {
    @Test("per-sample table equals ffprobe's packets", arguments: MovieFile.readable)
    func samplesMatch(_ file: MovieFile) throws {
        let url = try file.url
        let reader = try MovieFileReader(url: url)
        let streams = try FFprobe.streams(url)
        var compared = 0
        for track in reader.tracks {
            guard let (index, _) = FFprobe.stream(forTrack: track.trackID, in: streams) else { continue }
            let packets = try FFprobe.packets(url, stream: index)
            let table = try track.samples.table()
            if Self.isLinearPCM(track) {
                try Self.comparePCM(table, packets, label: "\(file.name) track \(track.trackID)")
            } else {
                try Self.compare(table, packets, track: track, reader: reader, label: "\(file.name) track \(track.trackID)")
            }
            compared += 1
        }
        #expect(compared > 0 || reader.tracks.allSatisfy { (try? $0.samples.table().count) == 0 },
                "\(file.name): no track matched an ffprobe stream")
    }

    static func isLinearPCM(_ track: ContainerTrack) -> Bool {
        track.formatDescriptions.first.flatMap { CMAudioFormatDescriptionGetStreamBasicDescription($0)?.pointee }?
            .mFormatID == kAudioFormatLinearPCM
    }

    /// Sample by sample.
    static func compare(_ table: SampleTable, _ packets: [FFprobe.Packet], track: ContainerTrack,
                        reader: MovieFileReader, label: String) throws {
        // Samples whose bytes are past the end of a cut file are in our table (reading them fails, naming the
        // sample); FFmpeg returns the first such sample cut short and stops.
        let fileLength = UInt64(reader.file.length)
        let readable = (0..<table.count).prefix { table.offset(at: $0) + UInt64(table.size(at: $0)) <= fileLength }.count
        var comparable = packets
        if readable < table.count, packets.count == readable + 1, let last = packets.last,
           last.pos == Int64(table.offset(at: readable)), UInt64(last.pos ?? 0) + UInt64(last.size) == fileLength {
            comparable.removeLast()
        }
        #expect(comparable.count == readable,
                "\(label): \(table.count) samples (\(readable) in the file), ffprobe \(packets.count) packets")
        // No sample decodes after it is presented: the table moved decode times down where offsets were negative.
        #expect((0..<table.count).allSatisfy { table.decodeTime(at: $0) <= table.presentationTime(at: $0) },
                "\(label): a sample is presented before it is decoded")
        // In fragments FFmpeg moves presentation (and decode) times up by its shift where we moved decode times down.
        let shift = track.isFragmented && table.count > 0
            ? max(0, (comparable.first?.pts ?? 0) - table.presentationTime(at: 0)) : 0
        let isAudio = track.mediaType == kCMMediaType_Audio
        var mismatches = 0
        for (index, packet) in comparable.enumerated() where index < table.count {
            var ours = FFprobe.Packet(
                pts: table.presentationTime(at: index) + shift,
                dts: table.decodeTime(at: index) + shift,
                duration: table.duration(at: index), size: table.size(at: index), pos: Int64(table.offset(at: index)),
                isKey: table.isSync(at: index))
            // FFmpeg leaves some durations unset, and gives audio packets the codec's frame length (its parser's
            // value) rather than the table's delta; decode times, compared above, pin the table's durations.
            if packet.duration == nil || isAudio { ours.duration = packet.duration }
            if ours != packet {
                mismatches += 1
                if mismatches <= 5 { Issue.record("\(label) sample \(index): ours \(ours), ffprobe \(packet)") }
            }
        }
        #expect(mismatches == 0, "\(label): \(mismatches) samples differ")
    }

    /// Linear PCM: every packet is a run of consecutive samples, back to back, with the run's bytes and duration.
    static func comparePCM(_ table: SampleTable, _ packets: [FFprobe.Packet], label: String) throws {
        var sample = 0
        for (number, packet) in packets.enumerated() {
            guard sample < table.count else {
                Issue.record("\(label): packet \(number) is past our \(table.count) samples")
                return
            }
            let frameSize = table.size(at: sample)
            try #require(frameSize > 0 && packet.size % frameSize == 0, "\(label) packet \(number): \(packet)")
            let frames = packet.size / frameSize
            #expect(packet.pos == Int64(table.offset(at: sample)), "\(label) packet \(number) starts elsewhere")
            #expect(packet.dts == table.decodeTime(at: sample), "\(label) packet \(number) time")
            #expect(packet.duration == table.decodeTime(at: sample + frames) - table.decodeTime(at: sample),
                    "\(label) packet \(number) duration")
            for index in sample..<(sample + frames) where index > sample {
                #expect(table.offset(at: index) == table.offset(at: index - 1) + UInt64(frameSize),
                        "\(label): frames of packet \(number) are not contiguous")
            }
            sample += frames
        }
        #expect(sample == table.count, "\(label): ffprobe's packets cover \(sample) of \(table.count) frames")
    }
}
