import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer
import Testing
@testable import MovieFile
import TestSupport

@Suite("Writer: edit lists, default and given")
struct WriterEditListTests {
    static func video() throws -> TrackSource {
        try ElementarySources.annexBVideo(MuxerTestMedia.url("h264-bframes-annexb.ts"), hevc: false)
    }

    static func audio() throws -> TrackSource { try ElementarySources.adts(MuxerTestMedia.url("aac-lc-44100-stereo.adts")) }

    @Test("B-frame video: the default edit starts at the first presented frame; AAC: after the priming, with a roll group")
    func defaultEdits() throws {
        let video = try Self.video(), audio = try Self.audio()
        let directory = try TestFiles.makeTemporaryDirectory("default-edits")
        let output = directory.file("edits.mov")
        try MuxerHarness.write([video, audio], to: output, fileType: .quickTimeMovie)
        let boxes = try WrittenBoxes(output)
        // Video: DTS starts two frames before PTS 0, so media time 0 is decode time -7200 and the first frame
        // presented (PTS 0) is media time 7200 (90 kHz).
        #expect(boxes.edits(0) == [EditListBox.Entry(segmentDuration: 600, mediaTime: 7200)])
        // Audio: 1024 priming samples skipped (the native AAC encoder's delay), 44 packets presented.
        let audioEdits = boxes.edits(1)
        #expect(audioEdits.count == 1 && audioEdits.first?.mediaTime == 1024)
        let table = try #require(boxes.sampleTable(1))
        #expect(table.sampleGroupDescriptions.first?.groupingType == "roll")
        #expect(table.sampleGroupDescriptions.first?.typedEntry(at: 0) == .rollRecovery(rollDistance: -1))
        #expect(table.sampleToGroups.first?.entries == [.init(sampleCount: UInt32(audio.samples.count), groupDescriptionIndex: 1)])

        // ffprobe applies them: video starts at 0, audio's first packet skips the priming.
        let streams = try PacketProbe.streams(output)
        #expect(streams.map { $0["start_time"] as? String } == ["0.000000", "0.000000"])
        let json = try ExternalTool.ffprobeJSON(["-show_packets", "-select_streams", "a", "-read_intervals", "%+#1", output.path])
        let first = (json["packets"] as? [[String: Any]])?.first
        let skip = (first?["side_data_list"] as? [[String: Any]])?.first { $0["side_data_type"] as? String == "Skip Samples" }
        #expect(PacketProbe.int64(skip?["skip_samples"]) == 1024)
    }

    @Test("a track that starts later gets an empty edit before it")
    func lateTrack() throws {
        let video = try Self.video()
        var audio = try Self.audio()
        for index in audio.samples.indices {
            audio.samples[index].decodeTime += 22_050
            audio.samples[index].presentationTime += 22_050
        }
        let directory = try TestFiles.makeTemporaryDirectory("late-edits")
        let output = directory.file("late.mp4")
        try MuxerHarness.write([video, audio], to: output, fileType: .mpeg4)
        let edits = try WrittenBoxes(output).edits(1)
        #expect(edits.count == 2)
        #expect(edits.first == EditListBox.Entry(segmentDuration: 300, mediaTime: -1), "half a second empty at 600/s")
        #expect(edits.last?.mediaTime == 1024)
        let streams = try PacketProbe.streams(output)
        #expect(streams.last?["start_time"] as? String == "0.500000")
    }

    @Test("the caller's edits: an empty edit, a piece of the media, a dwell; media times on the caller's timeline")
    func givenEdits() throws {
        let video = try Self.video()
        let directory = try TestFiles.makeTemporaryDirectory("given-edits")
        let output = directory.file("given.mov")
        try MuxerHarness.write([video], to: output, fileType: .quickTimeMovie) { _, _ in } beforeFinish: { writer, tracks in
            // Given as the edit list a reader would turn into this timeline (600/s movie, 90 kHz media).
            let timeline = TrackTimeline(edits: [
                EditListEntry(segmentDuration: 300, mediaTime: -1),
                EditListEntry(segmentDuration: 240, mediaTime: 18_000),
                EditListEntry(segmentDuration: 60, mediaTime: 36_000, mediaRateFixed: 0),
            ], movieTimescale: 600, mediaTimescale: 90_000, mediaEnd: 90_000)
            try writer.setTimeline(timeline, for: tracks[0])
        }
        // Media time 0 in the file is the first decode time (-7200), so caller time 18000 is media time 25200.
        #expect(try WrittenBoxes(output).edits(0) == [
            EditListBox.Entry(segmentDuration: 300, mediaTime: -1),
            EditListBox.Entry(segmentDuration: 240, mediaTime: 25_200),
            EditListBox.Entry(segmentDuration: 60, mediaTime: 43_200, mediaRate: Fixed16x16(rawValue: 0)),
        ])
        let boxes = try WrittenBoxes(output)
        #expect(boxes.tracks[0].header?.duration == 600, "tkhd duration is the edits' sum")
        #expect(boxes.movie?.header?.duration == 600)
        let stream = try #require(PacketProbe.streams(output).first)
        #expect(stream["start_time"] as? String == "0.500000", "ffprobe starts the track after the empty edit")
        // FFmpeg 5.1 turns a dwell edit into repeated timestamps its own null muxer rejects; the media decodes cleanly.
        #expect(try ExternalTool.ffmpegDecodeErrors(output, extraArguments: ["-ignore_editlist", "1"]).isEmpty)
    }

    @Test("an edit before the first sample is refused and nothing is left behind")
    func badEdit() throws {
        let video = try Self.video()
        let directory = try TestFiles.makeTemporaryDirectory("bad-edit")
        let output = directory.file("bad.mov")
        #expect(throws: ContainerWriterError.self) {
            try MuxerHarness.write([video], to: output, fileType: .quickTimeMovie) { _, _ in } beforeFinish: { writer, tracks in
                let before = TimelineSegment.Media(source: 0, start: CMTime(value: -100_000, timescale: 90_000),
                                                   rate: .normal, timescale: 90_000)
                let segment = TimelineSegment(target: CMTimeRange(start: .zero, duration: CMTime(value: 300, timescale: 600)),
                                              media: before)
                try writer.setTimeline(TrackTimeline(segments: [segment], naturalTimescale: 90_000), for: tracks[0])
            }
        }
    }
}
