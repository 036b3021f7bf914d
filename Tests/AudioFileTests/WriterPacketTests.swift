import CoreAudioTypes
import CoreMedia
import Foundation
import MediaContainer
import Testing
@testable import AudioFile
import TestSupport

/// Every packet of a generated file, as our reader hands it out: bytes and frames.
func readPackets(_ name: String) throws -> (contents: AudioFileContents, packets: [(bytes: [UInt8], frames: Int64)]) {
    let data = AudioFileData(copying: try GeneratedAudio.bytes(name))
    let format = try #require(AudioFileOpener.format(of: data, pathExtension: (name as NSString).pathExtension))
    let contents = try AudioFileOpener.parse(data, as: format)
    let table = try contents.packets.makeTable(format: contents.formatName)
    let packets = try (0..<table.count).map { index in
        (try #require(data.reader.getBytes(at: Int(table.offset(at: index)), count: table.size(at: index))),
         table.duration(at: index))
    }
    return (contents, packets)
}

/// Appends `packets` to `writer` in batches of a few packets with descriptions, as a sample buffer carries them.
func appendPackets(_ packets: [(bytes: [UInt8], frames: Int64)], to writer: AudioFileWriter,
                   variableFrames: Bool = false) throws {
    var index = 0
    while index < packets.count {
        let batch = packets[index..<min(packets.count, index + 5)]
        var bytes: [UInt8] = []
        var descriptions: [AudioStreamPacketDescription] = []
        for packet in batch {
            descriptions.append(AudioStreamPacketDescription(
                mStartOffset: Int64(bytes.count), mVariableFramesInPacket: variableFrames ? UInt32(packet.frames) : 0,
                mDataByteSize: UInt32(packet.bytes.count)))
            bytes += packet.bytes
        }
        try bytes.withUnsafeBytes { try writer.append($0, packetDescriptions: descriptions) }
        index += batch.count
    }
}

/// MD5 of the decoded audio, as ffmpeg computes it.
func decodedMD5(_ url: URL, format: String = "s16le") throws -> String {
    try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-map", "0:a:0", "-f", "md5", "-"]).output
}

@Suite("Writers of compressed packets, and the writers' life cycle")
struct WriterPacketTests {
    @Test("CAF AAC from ADTS packets: ffprobe sees every packet, decoding has no errors, priming is recorded")
    func cafAAC() throws {
        let (source, packets) = try readPackets("adts-aac-lc-stereo-48k-id3.aac")
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("aac.caf")
        let writer = try AudioFileWriter(url: url, fileType: .caf, streamDescription: source.streamDescription,
                                         magicCookie: source.magicCookie)
        try appendPackets(packets, to: writer)
        try writer.setPrimingAndRemainder(priming: 1024, remainder: 500)
        try writer.finish()
        let stream = try Probe.stream(url)
        #expect(stream.codecName == "aac" && stream.channels == 2 && stream.sampleRate == 48_000)
        let theirs = try Probe.packets(url, stream: stream)
        #expect(theirs.map(\.size) == packets.map(\.bytes.count))
        #expect(try ExternalTool.ffmpegDecodeErrors(url) == "")
        // The same audio as the ADTS original, decoded.
        #expect(try decodedMD5(url) == decodedMD5(try GeneratedAudio.url("adts-aac-lc-stereo-48k-id3.aac")))
        // Read back: priming, remainder and the ES_Descriptor cookie survive.
        let reader = try openReader(url)
        let track = try #require(reader.tracks.first)
        #expect(track.priming == 1024 && track.remainder == 500)
        #expect(track.formatDescriptions.first?.magicCookie.map(Array.init) == source.magicCookie)
        #expect(reader.movieDuration == Int64(packets.count * 1024 - 1524))
    }

    @Test("CAF ALAC rewritten from the frma-wrapped cookie decodes to the same samples")
    func cafALAC() throws {
        let (source, packets) = try readPackets("caf-alac-frma-atom-cookie.caf")
        #expect(source.magicCookie?.count == 24, "the QuickTime atoms are unwrapped to the 24-byte ALACSpecificConfig")
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("alac.caf")
        let writer = try AudioFileWriter(url: url, fileType: .caf, streamDescription: source.streamDescription,
                                         channelLayout: ChannelLayout(tag: kAudioChannelLayoutTag_Stereo),
                                         magicCookie: source.magicCookie)
        try appendPackets(packets, to: writer)
        try writer.finish()
        #expect(try ExternalTool.ffmpegDecodeErrors(url) == "")
        #expect(try decodedMD5(url) == decodedMD5(try GeneratedAudio.url("caf-alac-frma-atom-cookie.caf")))
        #expect(try Probe.stream(url).channelLayout == "stereo")
    }

    @Test("CAF Opus with priming; the dOps made for a cookie-less file describes the stream")
    func cafOpus() throws {
        let (source, packets) = try readPackets("caf-opus-no-cookie.caf")
        let dOps = try #require(source.magicCookie)
        #expect(dOps.count == 11 && dOps[1] == 2 && dOps[10] == 0, "family 0, two channels")
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("opus.caf")
        let writer = try AudioFileWriter(url: url, fileType: .caf, streamDescription: source.streamDescription,
                                         magicCookie: dOps)
        try appendPackets(packets, to: writer)
        try writer.setPrimingAndRemainder(priming: 312, remainder: 0)
        try writer.finish()
        let stream = try Probe.stream(url)
        #expect(stream.codecName == "opus" && stream.channels == 2)
        #expect(try Probe.packets(url, stream: stream).count == packets.count)
        #expect(try ExternalTool.ffmpegDecodeErrors(url) == "")
        #expect(try openReader(url).tracks.first?.priming == 312)
    }

    @Test("AMR packets rewritten give the original file back, byte for byte", arguments: [
        "amr-nb-speech-modes.amr", "amr-wb-speech-modes.awb", "amr-nb-sid-and-no-data.amr", "amr-wb-sid-and-no-data.awb",
    ])
    func amr(_ name: String) throws {
        let (source, packets) = try readPackets(name)
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("out.amr")
        let writer = try AudioFileWriter(url: url, fileType: .amr, streamDescription: source.streamDescription)
        try appendPackets(packets, to: writer)
        try writer.finish()
        #expect(Array(try Data(contentsOf: url)) == (try GeneratedAudio.bytes(name)))
        // FFmpeg decodes speech frames; it refuses SID and NO_DATA frames, which are valid AMR.
        if name.contains("speech") { #expect(try ExternalTool.ffmpegDecodeErrors(url) == "") }
        #expect(try Probe.stream(url).codecName == (name.hasSuffix("awb") ? "amr_wb" : "amr_nb"))

        // A packet whose size disagrees with its frame type is refused, and the partial file removed.
        let bad = directory.file("bad.amr")
        let refusing = try AudioFileWriter(url: bad, fileType: .amr, streamDescription: source.streamDescription)
        let packet: [UInt8] = [7 << 3 | 4] + [UInt8](repeating: 0, count: 10)
        #expect(throws: ContainerWriterError.self) {
            try packet.withUnsafeBytes {
                try refusing.append($0, packetDescriptions: [.init(mStartOffset: 0, mVariableFramesInPacket: 0,
                                                                   mDataByteSize: UInt32(packet.count))])
            }
        }
        #expect(!FileManager.default.fileExists(atPath: bad.path))
    }

    @Test("AIFC IMA4 packets: ffprobe counts them and decodes them to the original's samples")
    func aifcIMA4() throws {
        let (source, packets) = try readPackets("aifc-ima4-packets.aifc")
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("ima4.aifc")
        let writer = try AudioFileWriter(url: url, fileType: .aifc, streamDescription: source.streamDescription)
        for packet in packets { try packet.bytes.withUnsafeBytes { try writer.append($0) } }
        try writer.finish()
        let stream = try Probe.stream(url)
        #expect(stream.codecName == "adpcm_ima_qt")
        #expect(try Probe.packets(url, stream: stream).count == packets.count)
        #expect(try decodedMD5(url) == decodedMD5(try GeneratedAudio.url("aifc-ima4-packets.aifc")))
    }

    // MARK: Life cycle

    private static let pcm = LinearPCM(sampleRate: 8_000, channels: 1, validBits: 16, bytesPerSample: 2,
                                       isFloat: false, isBigEndian: false, isSigned: true).streamDescription

    @Test("a writer never overwrites: an existing file is left untouched and the error says why")
    func neverOverwrites() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("exists.wav")
        try Data("precious".utf8).write(to: url)
        let error = #expect(throws: ContainerWriterError.self, "creating over an existing file must fail") {
            _ = try AudioFileWriter(url: url, fileType: .wave, streamDescription: Self.pcm)
        }
        #expect(error?.code == .outputExists)
        #expect(error?.posixErrorCode == EEXIST)
        #expect(error?.description.contains("already exists") == true)
        #expect(try Data(contentsOf: url) == Data("precious".utf8))
    }

    @Test("cancel removes the file; so does dropping an unfinished writer; finish keeps it")
    func cancelRemoves() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let cancelled = directory.file("cancelled.caf")
        let writer = try AudioFileWriter(url: cancelled, fileType: .caf, streamDescription: Self.pcm)
        try testSamples(count: 3_000_000).withUnsafeBytes { try writer.append($0) }
        #expect(FileManager.default.fileExists(atPath: cancelled.path))
        // Written as it goes: past the buffer, bytes are on disk before finish().
        let size = try FileManager.default.attributesOfItem(atPath: cancelled.path)[.size] as? Int ?? 0
        #expect(size >= 2_000_000)
        writer.cancel()
        #expect(!FileManager.default.fileExists(atPath: cancelled.path))
        #expect(throws: ContainerWriterError.self) { try [0, 0].withUnsafeBytes { try writer.append($0) } }

        let dropped = directory.file("dropped.aiff")
        do {
            let bigEndian = LinearPCM(sampleRate: 8_000, channels: 1, validBits: 16, bytesPerSample: 2, isFloat: false,
                                      isBigEndian: true, isSigned: true).streamDescription
            let abandoned = try AudioFileWriter(url: dropped, fileType: .aiff, streamDescription: bigEndian)
            try [0, 0].withUnsafeBytes { try abandoned.append($0) }
        }
        #expect(!FileManager.default.fileExists(atPath: dropped.path))

        let kept = directory.file("kept.wav")
        let finished = try AudioFileWriter(url: kept, fileType: .wave, streamDescription: Self.pcm)
        try finished.finish()
        finished.cancel()
        #expect(FileManager.default.fileExists(atPath: kept.path))
        #expect(try Probe.stream(kept).codecName == "pcm_s16le")
        #expect(try openReader(kept).tracks.first?.mediaDuration == 0)
        #expect(throws: ContainerWriterError.self) { try finished.finish() }
    }

    @Test("a full disk fails the append with the system's text and removes the partial file")
    func diskFull() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("full.wav")
        var options = AudioFileWriter.Options()
        options.simulatedWriteFailure = .init(limit: 1_500_000, errno: ENOSPC)
        let writer = try AudioFileWriter(url: url, fileType: .wave, streamDescription: Self.pcm, options: options)
        let error = #expect(throws: ContainerWriterError.self, "writing past the simulated disk's end must fail") {
            for _ in 0..<4 { try testSamples(count: 1_000_000).withUnsafeBytes { try writer.append($0) } }
            try writer.finish()
        }
        #expect(error?.code == .diskFull)
        #expect(error?.posixErrorCode == ENOSPC)
        #expect(error?.description.contains("No space left on device") == true)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("settings a format cannot hold are refused by name, before anything is created", arguments: [
        ("WAVE big-endian", AudioFileWriter.FileType.wave, true, false),
        ("AIFF little-endian", .aiff, false, false),
        ("AIFF float", .aiff, true, true),
        ("AMR with PCM", .amr, false, false),
    ])
    func refusedSettings(_ name: String, _ type: AudioFileWriter.FileType, _ bigEndian: Bool, _ float: Bool) throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("refused")
        let description = LinearPCM(sampleRate: 8_000, channels: 1, validBits: float ? 32 : 16,
                                    bytesPerSample: float ? 4 : 2, isFloat: float, isBigEndian: bigEndian,
                                    isSigned: true).streamDescription
        #expect(throws: ContainerWriterError.self, "\(name)") {
            try AudioFileWriter(url: url, fileType: type, streamDescription: description)
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        // A cookie outside CAF, and a layout WAVE cannot order, are refused too.
        #expect(throws: ContainerWriterError.self) {
            try AudioFileWriter(url: url, fileType: .wave, streamDescription: Self.pcm, magicCookie: [1, 2, 3])
        }
        let sixChannels = LinearPCM(sampleRate: 48_000, channels: 8, validBits: 16, bytesPerSample: 2, isFloat: false,
                                    isBigEndian: false, isSigned: true).streamDescription
        #expect(throws: ContainerWriterError.self) {
            try AudioFileWriter(url: url, fileType: .wave, streamDescription: sixChannels,
                                channelLayout: ChannelLayout(tag: kAudioChannelLayoutTag_MPEG_7_1_C))
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("appending from a block buffer over a mapped file writes its bytes without a detour")
    func blockBufferAppend() throws {
        let source = try GeneratedAudio.url("wav-s16le-mono-list-info.wav")
        let reader = try openReader(source)
        let table = try #require(try reader.tracks.first?.samples.table())
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("copy.wav")
        let description = try #require(reader.tracks.first?.formatDescriptions.first?.audioStreamBasicDescription)
        let writer = try AudioFileWriter(url: url, fileType: .wave, streamDescription: description)
        for index in 0..<table.count {
            let start = Int(table.offset(at: index))
            try writer.append(try reader.file.makeBlockBuffer(range: start..<start + table.size(at: index)))
        }
        try writer.finish()
        #expect(try Probe.rawSamples(url, format: "s16le") == Probe.rawSamples(source, format: "s16le"))
    }

    @Test("appends from many threads are serialised: every frame arrives, the file is whole")
    func concurrentAppends() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("threads.caf")
        let writer = try AudioFileWriter(url: url, fileType: .caf, streamDescription: Self.pcm)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let samples = testSamples(count: 2_000, seed: UInt32(task + 1))
                    for start in stride(from: 0, to: samples.count, by: 200) {
                        try samples[start..<start + 200].withUnsafeBytes { try writer.append($0) }
                    }
                }
            }
            try await group.waitForAll()
        }
        try writer.finish()
        #expect(writer.frameCount == 8_000)
        #expect(try Probe.stream(url).durationTicks == 8_000)
        #expect(try ExternalTool.ffmpegDecodeErrors(url) == "")
    }
}
