import CoreMedia
import Foundation
import Testing
@testable import AVFoundation

@Suite("Passthrough engine")
struct PassthroughEngineTests {
    @Test("video samples match ffprobe's packets (timing, sizes, sync flags) and ffmpeg's bytes",
          arguments: ["h264-bframes-aac-no-pns.mp4", "hevc-bframes.mp4", "mpeg4-part2.mp4", "prores-422.mov"])
    func videoPackets(_ name: String) throws {
        let url = try ReaderMedia.file(name)
        let source = try EngineHarness.source(url, kCMMediaType_Video)
        let buffers = try EngineHarness.drain(source.passthrough(ranges: EngineHarness.everything, copiesData: false))
        let packets = try Oracles.packets(url, stream: "v:0")
        let md5s = try Oracles.packetMD5s(url, stream: "v:0")
        let scale = try Oracles.timescale(url, stream: "v:0")
        #expect(buffers.count == packets.count)
        #expect(buffers.count == md5s.count)
        for (index, (buffer, packet)) in zip(buffers, packets).enumerated() {
            #expect(CMSampleBufferGetNumSamples(buffer) == 1)
            #expect(BufferBytes.ticks(CMSampleBufferGetPresentationTimeStamp(buffer), scale) == packet.pts)
            #expect(BufferBytes.ticks(CMSampleBufferGetDecodeTimeStamp(buffer), scale) == packet.dts)
            #expect(BufferBytes.ticks(CMSampleBufferGetDuration(buffer), scale) == packet.duration)
            #expect(CMSampleBufferGetTotalSampleSize(buffer) == packet.size)
            let notSync = buffer.sampleAttachments[0][.notSync] as? Bool ?? false
            #expect(notSync == !packet.isKey, "sample \(index)")
            if index < md5s.count { #expect(MD5.hex(BufferBytes.data(buffer)) == md5s[index], "sample \(index)") }
        }
    }

    @Test("audio packets match ffprobe's packets and ffmpeg's bytes; priming is trimmed at the start",
          arguments: ["aac-stereo.m4a", "mp3-stereo.mp4", "opus-stereo.mp4", "flac-stereo.mp4", "alac-stereo.m4a"])
    func audioPackets(_ name: String) throws {
        let url = try ReaderMedia.file(name)
        let source = try EngineHarness.source(url, kCMMediaType_Audio)
        let buffers = try EngineHarness.drain(source.passthrough(ranges: EngineHarness.everything, copiesData: true))
        let packets = try Oracles.packets(url, stream: "a:0")
        let md5s = try Oracles.packetMD5s(url, stream: "a:0")
        let scale = try Oracles.timescale(url, stream: "a:0")
        var ours: [(pts: Int64, bytes: [UInt8])] = []
        for buffer in buffers {
            for (index, bytes) in BufferBytes.samples(buffer).enumerated() {
                var timing = CMSampleTimingInfo()
                CMSampleBufferGetSampleTimingInfo(buffer, at: index, timingInfoOut: &timing)
                ours.append((BufferBytes.ticks(timing.presentationTimeStamp, scale), bytes))
            }
        }
        #expect(ours.count == packets.count)
        for (index, (packet, expected)) in zip(ours, zip(packets, md5s)).enumerated() {
            #expect(packet.pts == expected.0.pts, "packet \(index)")
            #expect(packet.bytes.count == expected.0.size, "packet \(index)")
            #expect(MD5.hex(packet.bytes) == expected.1, "packet \(index)")
        }
        // The first buffer starts at ffprobe's first timestamp (negative when the encoder primed) and trims the
        // priming so that its output starts at zero.
        if let first = buffers.first, let firstPTS = packets.first?.pts, firstPTS < 0 {
            let trim = CMTimeMakeFromDictionary(CMGetAttachment(first, key: kCMSampleBufferAttachmentKey_TrimDurationAtStart,
                                                                attachmentModeOut: nil) as? CFDictionary)
            #expect(BufferBytes.ticks(trim, scale) == -firstPTS)
            #expect(CMSampleBufferGetOutputPresentationTimeStamp(first) == .zero)
        }
    }

    @Test("sample dependency attachments follow the file's sdtp box (read here byte by byte, not by our demuxer)")
    func dependencyAttachments() throws {
        let url = try ReaderMedia.file("hevc-bframes-sdtp.mov")
        let bytes = [UInt8](try Data(contentsOf: url))
        // The sdtp payload: version and flags (4 bytes), then one byte per sample (ISO/IEC 14496-12 §8.6.4).
        let tag = Array("sdtp".utf8)
        let at = try #require((4..<(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == tag })
        let size = Int(bytes[at - 4]) << 24 | Int(bytes[at - 3]) << 16 | Int(bytes[at - 2]) << 8 | Int(bytes[at - 1])
        let flags = Array(bytes[(at + 8)..<(at - 4 + size)])
        let source = try EngineHarness.source(url, kCMMediaType_Video)
        let buffers = try EngineHarness.drain(source.passthrough(ranges: EngineHarness.everything, copiesData: false))
        #expect(buffers.count == flags.count)
        #expect(flags.contains { ($0 >> 2) & 3 == 2 }, "the file has disposable samples")
        for (index, (buffer, byte)) in zip(buffers, flags).enumerated() {
            let attachments = buffer.sampleAttachments[0]
            let dependsOn = (byte >> 4) & 3, dependedOn = (byte >> 2) & 3
            if dependsOn == 1 || dependsOn == 2 {
                #expect(attachments[.dependsOnOthers] as? Bool == (dependsOn == 1), "sample \(index)")
            }
            if dependedOn == 1 || dependedOn == 2 {
                #expect(attachments[.isDependedOnByOthers] as? Bool == (dependedOn == 1), "sample \(index)")
            }
        }
    }
}
