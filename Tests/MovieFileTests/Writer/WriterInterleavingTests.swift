import CoreMedia
import Foundation
import MediaContainer
import Testing
@testable import MovieFile
import TestSupport

/// Chunks as ffprobe's packet positions show them: runs of packets of one stream, contiguous in the file.
struct ProbedChunk {
    var stream: Int
    var position: Int64
    /// Decode time of the first packet and end of the last, in seconds.
    var start: Double
    var end: Double
}

/// The chunks of `url` in file order, from ffprobe's packet positions and times.
func probedChunks(_ url: URL) throws -> [ProbedChunk] {
    let json = try ExternalTool.ffprobeJSON(["-show_packets", "-show_entries",
                                             "packet=stream_index,pos,size,dts_time,duration_time", url.path])
    let packets = (json["packets"] as? [[String: Any]] ?? []).compactMap { packet -> (Int, Int64, Int64, Double, Double)? in
        guard let stream = packet["stream_index"] as? Int, let position = PacketProbe.int64(packet["pos"]),
              let size = PacketProbe.int64(packet["size"]), let dts = Double(packet["dts_time"] as? String ?? ""),
              let duration = Double(packet["duration_time"] as? String ?? "") else { return nil }
        return (stream, position, size, dts, duration)
    }.sorted { $0.1 < $1.1 }
    var chunks: [ProbedChunk] = []
    var lastEnd: Int64 = -1
    for (stream, position, size, dts, duration) in packets {
        if let last = chunks.last, last.stream == stream, position == lastEnd {
            chunks[chunks.count - 1].end = dts + duration
        } else {
            chunks.append(ProbedChunk(stream: stream, position: position, start: dts, end: dts + duration))
        }
        lastEnd = position + size
    }
    return chunks
}

/// `source` repeated `times` times back to back (timestamps shifted), for longer inputs from a short clip.
func looped(_ source: TrackSource, times: Int) -> TrackSource {
    var result = source
    result.samples = []
    let span = source.duration
    for loop in 0..<times {
        for sample in source.samples {
            var copy = sample
            copy.decodeTime += Int64(loop) * span
            copy.presentationTime += Int64(loop) * span
            result.samples.append(copy)
        }
    }
    return result
}

@Suite("Writer: interleaving, chunk sizes, alignment, bounded memory")
struct WriterInterleavingTests {
    @Test("chunks of about half a second, in the file in order of their start times")
    func chunksInTimeOrder() throws {
        let video = looped(try ElementarySources.annexBVideo(MuxerTestMedia.url("h264-bframes-annexb.ts"), hevc: false), times: 4)
        let audio = looped(try ElementarySources.adts(MuxerTestMedia.url("aac-lc-44100-stereo.adts")), times: 4)
        let directory = try TestFiles.makeTemporaryDirectory("interleave")
        let output = directory.file("interleaved.mov")
        try MuxerHarness.write([video, audio], to: output, fileType: .quickTimeMovie)
        let chunks = try probedChunks(output)
        #expect(chunks.count >= 14, "about 8 chunks per track for 4 s, found \(chunks.count)")
        // File order is start-time order (a tick of rounding allowed between timescales).
        for (previous, next) in zip(chunks, chunks.dropFirst()) {
            #expect(next.start >= previous.start - 0.001, "chunk at \(next.position) starts \(next.start), before \(previous.start)")
        }
        // Each chunk spans half a second; only a track's last may be shorter; none is longer than 0.5 s + a sample.
        // Checked while both tracks run: after one ends, the other's chunks follow each other in the file and
        // packet positions no longer show where one chunk ends.
        let common = (0..<2).map { stream in chunks.filter { $0.stream == stream }.map(\.end).max() ?? 0 }.min() ?? 0
        for stream in 0..<2 {
            let own = chunks.filter { $0.stream == stream && $0.end <= common - 0.5 }
            for chunk in own {
                #expect(chunk.end - chunk.start >= 0.5 - 0.001 && chunk.end - chunk.start <= 0.5 + 0.041,
                        "stream \(stream) chunk \(chunk.start)…\(chunk.end)")
            }
        }
        try MuxerHarness.expectPackets(output, stream: 0, match: video)
        try MuxerHarness.expectPackets(output, stream: 1, match: audio)
    }

    @Test("preferred chunk duration and alignment are honoured per track")
    func chunkDurationAndAlignment() throws {
        let video = looped(try ElementarySources.annexBVideo(MuxerTestMedia.url("h264-bframes-annexb.ts"), hevc: false), times: 2)
        let audio = looped(try ElementarySources.adts(MuxerTestMedia.url("aac-lc-44100-stereo.adts")), times: 2)
        let directory = try TestFiles.makeTemporaryDirectory("alignment")
        let output = directory.file("aligned.mp4")
        try MuxerHarness.write([video, audio], to: output, fileType: .mpeg4) { configuration, index in
            if index == 0 {
                configuration.preferredChunkAlignment = 4096
                configuration.preferredChunkDuration = CMTime(value: 1, timescale: 4)
            }
        }
        let chunks = try probedChunks(output)
        let videoChunks = chunks.filter { $0.stream == 0 }
        #expect(videoChunks.count >= 7, "quarter-second video chunks over 2 s, found \(videoChunks.count)")
        for chunk in videoChunks {
            #expect(chunk.position % 4096 == 0, "video chunk at \(chunk.position) is 4096-aligned")
            #expect(chunk.end - chunk.start <= 0.25 + 0.041)
        }
        try MuxerHarness.expectPackets(output, stream: 0, match: video)
        #expect(try ExternalTool.ffmpegDecodeErrors(output).isEmpty)
    }

    @Test("ten minutes of tiny samples: memory held stays within a chunk per track, finished tracks hold nothing back")
    func boundedMemory() throws {
        let directory = try TestFiles.makeTemporaryDirectory("bounded")
        let output = directory.file("long.mov")
        let writer = try MovieWriter(url: output, fileType: .quickTimeMovie)
        let audio = try ElementarySources.adts(MuxerTestMedia.url("aac-lc-48000-mono.adts"))
        let video = try ElementarySources.prores(MuxerTestMedia.url("prores-422-frames.prores"))
        let audioTrack = try writer.addTrack(audio.configuration)
        let videoTrack = try writer.addTrack(video.configuration)
        let audioPacket = Data(audio.samples[3].data), videoFrame = Data(video.samples[0].data)
        // 10 min of 48 kHz AAC packets and 25 fps frames, fed in time order; audio stops at 2 min.
        let audioCount = 48_000 * 120 / 1024, videoCount = 25 * 600
        var a = 0, v = 0
        var peak = 0
        while a < audioCount || v < videoCount {
            let audioTime = Double(a) * 1024 / 48_000, videoTime = Double(v) / 25
            if a < audioCount && (v >= videoCount || audioTime <= videoTime) {
                try writer.append(OutputSample(payload: .data(audioPacket), decodeTime: Int64(a) * 1024, duration: 1024),
                                  to: audioTrack)
                a += 1
                if a == audioCount { try writer.markFinished(audioTrack) }
            } else {
                try writer.append(OutputSample(payload: .data(videoFrame), decodeTime: Int64(v) * 24, duration: 24),
                                  to: videoTrack)
                v += 1
            }
            peak = max(peak, writer.bufferedBytes)
        }
        try writer.markFinished(videoTrack)
        try writer.finish()
        // At most a pending and a waiting chunk per track (0.5 s each) plus one sample.
        let bound = 2 * (12 * audioPacket.count + 24 * audioPacket.count) + 2 * 13 * videoFrame.count
        #expect(peak <= bound, "peak \(peak) bytes buffered, bound \(bound)")
        let counts = try #require(ffprobePacketCounts(output))
        #expect(counts == [audioCount, videoCount])
    }

    @Test("a track that runs ahead reports itself not ready until the others catch up")
    func readiness() throws {
        let directory = try TestFiles.makeTemporaryDirectory("ready")
        let writer = try MovieWriter(url: directory.file("ready.mov"), fileType: .quickTimeMovie)
        let audio = try ElementarySources.adts(MuxerTestMedia.url("aac-lc-48000-mono.adts"))
        let video = try ElementarySources.prores(MuxerTestMedia.url("prores-422-frames.prores"))
        let audioTrack = try writer.addTrack(audio.configuration)
        let videoTrack = try writer.addTrack(video.configuration)
        try writer.append(OutputSample(payload: .data(Data(audio.samples[0].data)), decodeTime: 0, duration: 1024),
                          to: audioTrack)
        // Video runs two seconds ahead: its chunks close and wait for audio.
        for frame in 0..<50 {
            try writer.append(OutputSample(payload: .data(Data(video.samples[frame % video.samples.count].data)),
                                          decodeTime: Int64(frame) * 24, duration: 24), to: videoTrack)
        }
        #expect(!writer.isReadyForMoreMediaData(videoTrack))
        #expect(writer.isReadyForMoreMediaData(audioTrack))
        // Audio catching up past the video chunk's start releases it.
        for packet in 1..<100 {
            try writer.append(OutputSample(payload: .data(Data(audio.samples[packet % audio.samples.count].data)),
                                          decodeTime: Int64(packet) * 1024, duration: 1024), to: audioTrack)
        }
        #expect(writer.isReadyForMoreMediaData(videoTrack))
        writer.cancel()
    }
}
