import CoreMedia
import Foundation
import MediaContainer
import Testing
@testable import MovieFile
import TestSupport

/// Measurements for the report (run with LAVF_BENCH=1; no timing assertions). Prints remux throughput against
/// `ffmpeg -c copy` on the same 1080p H.264 + AAC file, and peak resident memory.
@Suite("Writer: measurements", .enabled(if: ProcessInfo.processInfo.environment["LAVF_BENCH"] == "1"))
struct WriterBenchmarks {
    /// 60 s of 1080p25 H.264 (about 20 Mb/s) + 48 kHz AAC, made once.
    static func input() throws -> URL {
        try TestFiles.ffmpegMedia("bench-1080p-h264-aac-60s.mp4", folder: "muxer", recipe: [
            "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=25:duration=60",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=60",
            "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "20M", "-bf", "2",
            "-g", "50", "-c:a", "aac", "-b:a", "128k",
        ])
    }

    /// Peak resident set size (VmHWM) in MiB, after resetting it with /proc/self/clear_refs when `reset`.
    static func peakResidentMiB(reset: Bool = false) -> Double {
        if reset { try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .ascii) }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        return kilobytes / 1024
    }

    @Test("remux a 1080p H.264 + AAC file: throughput and peak memory against ffmpeg -c copy")
    func remuxThroughput() throws {
        let input = try Self.input()
        let size = Double(try FileManager.default.attributesOfItem(atPath: input.path)[.size] as? Int ?? 0)
        // Descriptions from the input's sample entries; the samples' times from ffprobe (no payload loaded here).
        let video = try ContainerSources.video(input, configuration: "avcC", loadingData: false)
        let audio = try ContainerSources.audio(input, formatID: kAudioFormatMPEG4AAC, framesPerPacket: 1024,
                                               track: 1, loadingData: false)
        print(String(format: "BENCH input: %.1f MB, %d video + %d audio packets", size / 1e6, video.samples.count,
                     audio.samples.count))
        // Payloads as zero-copy block buffers over the mapped input, as a passthrough reader hands them out.
        let mapped = try MappedFile(url: input)
        let all = try PacketProbe.packets(input)
        let perStream = Dictionary(grouping: all, by: \.streamIndex)
        func payloads(_ stream: Int) throws -> [CMBlockBuffer] {
            try (perStream[stream] ?? []).map { packet in
                try mapped.makeBlockBuffer(range: Int(packet.position!)..<Int(packet.position!) + packet.size)
            }
        }
        let videoPayloads = try payloads(0), audioPayloads = try payloads(1)
        let directory = try TestFiles.makeTemporaryDirectory("bench")
        for (fastStart, copying) in [(false, false), (true, false), (false, true)] {
            let output = directory.file("remux-\(fastStart)-\(copying).mp4")
            var options = MovieWriterOptions()
            options.shouldOptimizeForNetworkUse = fastStart
            _ = Self.peakResidentMiB(reset: true)
            let start = Date()
            let writer = try MovieWriter(url: output, fileType: .mpeg4, options: options)
            let v = try writer.addTrack(video.configuration), a = try writer.addTrack(audio.configuration)
            var vi = 0, ai = 0
            var peakAnonymous = 0.0
            while vi < video.samples.count || ai < audio.samples.count {
                if (vi + ai) % 50 == 0 { peakAnonymous = max(peakAnonymous, Self.anonymousResidentMiB()) }
                let takeVideo = ai >= audio.samples.count || (vi < video.samples.count
                    && Double(video.samples[vi].decodeTime) / Double(video.timescale)
                        <= Double(audio.samples[ai].decodeTime) / Double(audio.timescale))
                if takeVideo {
                    let sample = video.samples[vi]
                    try writer.append(OutputSample(payload: payload(videoPayloads[vi], copying), decodeTime: sample.decodeTime,
                                                  presentationTime: sample.presentationTime, duration: sample.duration,
                                                  isSync: sample.isSync), to: v)
                    vi += 1
                } else {
                    let sample = audio.samples[ai]
                    try writer.append(OutputSample(payload: payload(audioPayloads[ai], copying), decodeTime: sample.decodeTime,
                                                  duration: sample.duration), to: a)
                    ai += 1
                }
            }
            try writer.finish()
            let elapsed = Date().timeIntervalSince(start)
            let peak = Self.peakResidentMiB()
            print(String(format: "BENCH writer remux (fast start %@, %@): %.3f s, %.0f MB/s, peak RSS %.1f MiB "
                         + "(file pages of the mapped input count in it), anonymous RSS peak %.1f MiB (sampled), after %.1f MiB",
                         fastStart ? "on" : "off", copying ? "payloads copied into Data per sample" : "zero-copy block buffers",
                         elapsed, size / elapsed / 1e6, peak, peakAnonymous, Self.anonymousResidentMiB()))
        }
        for flags in [[], ["-movflags", "+faststart"]] {
            let output = directory.file("ffmpeg-\(flags.count).mp4")
            let start = Date()
            try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", input.path, "-map", "0", "-c", "copy"]
                                   + flags + [output.path])
            let elapsed = Date().timeIntervalSince(start)
            print(String(format: "BENCH ffmpeg -c copy %@: %.3f s, %.0f MB/s (a separate process, including its demuxing)",
                         flags.joined(separator: " "), elapsed, size / elapsed / 1e6))
        }
    }

    /// A sample's payload: the mapped block buffer, or a copy of its bytes in fresh memory (as a reader that copies
    /// would hand it over, so that resident memory shows what the writer keeps).
    func payload(_ buffer: CMBlockBuffer, _ copying: Bool) throws -> OutputSample.Payload {
        guard copying else { return .blockBuffer(buffer) }
        return .data(try buffer.dataBytes())
    }

    /// Anonymous resident memory (RssAnon) in MiB: memory the process allocated, without mapped file pages.
    static func anonymousResidentMiB() -> Double {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }

    @Test("end to end: the demuxer reads, the writer writes (the in-process equivalent of ffmpeg -c copy)")
    func demuxRemuxThroughput() throws {
        let input = try Self.input()
        let size = Double(try FileManager.default.attributesOfItem(atPath: input.path)[.size] as? Int ?? 0)
        let directory = try TestFiles.makeTemporaryDirectory("bench-e2e")
        for fastStart in [false, true] {
            let output = directory.file("e2e-\(fastStart).mp4")
            _ = Self.peakResidentMiB(reset: true)
            let start = Date()
            let reader = try MovieFileReader(url: input)
            var options = MovieWriterOptions()
            options.movieTimescale = reader.movieTimescale
            options.shouldOptimizeForNetworkUse = fastStart
            try WriterRoundTripTests.remux(reader, to: output, fileType: .mpeg4, options: options)
            let elapsed = Date().timeIntervalSince(start)
            print(String(format: "BENCH demuxer + writer (fast start %@): %.3f s, %.0f MB/s, peak RSS %.1f MiB "
                         + "(mapped input pages included), anonymous RSS after %.1f MiB",
                         fastStart ? "on" : "off", elapsed, size / elapsed / 1e6, Self.peakResidentMiB(),
                         Self.anonymousResidentMiB()))
        }
    }

    @Test("ten minutes of tiny samples: peak memory")
    func tinySamplesMemory() throws {
        let directory = try TestFiles.makeTemporaryDirectory("bench-tiny")
        let baseline = Self.peakResidentMiB(reset: true)
        let writer = try MovieWriter(url: directory.file("tiny.mov"), fileType: .quickTimeMovie)
        let audio = try ElementarySources.adts(MuxerTestMedia.url("aac-lc-48000-mono.adts"))
        let video = try ElementarySources.prores(MuxerTestMedia.url("prores-422-frames.prores"))
        let a = try writer.addTrack(audio.configuration), v = try writer.addTrack(video.configuration)
        let packet = Data(audio.samples[3].data), frame = Data(video.samples[0].data)
        let audioCount = 48_000 * 600 / 1024, videoCount = 25 * 600
        var ai = 0, vi = 0
        let start = Date()
        while ai < audioCount || vi < videoCount {
            if ai < audioCount && (vi >= videoCount || Double(ai) * 1024 / 48_000 <= Double(vi) / 25) {
                try writer.append(OutputSample(payload: .data(packet), decodeTime: Int64(ai) * 1024, duration: 1024), to: a)
                ai += 1
            } else {
                try writer.append(OutputSample(payload: .data(frame), decodeTime: Int64(vi) * 24, duration: 24), to: v)
                vi += 1
            }
        }
        try writer.finish()
        print(String(format: "BENCH 10 min of tiny samples (%d + %d): %.2f s, peak RSS %.1f MiB (baseline %.1f MiB)",
                     audioCount, videoCount, Date().timeIntervalSince(start), Self.peakResidentMiB(), baseline))
    }
}
