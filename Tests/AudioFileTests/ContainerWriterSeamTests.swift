import CoreAudioTypes
import CoreMedia
import Foundation
import MediaContainer
import Testing
@testable import AudioFile
import TestSupport

/// The audio-file formats behind the writing seam (`ContainerWriter`), as the asset layer drives them: a track made
/// from a format description, samples as `OutputSample`s, the encoder delay, the size projection and the refusals of
/// what an audio file cannot hold. ffprobe judges the files.
@Suite("Writers: audio files through the ContainerWriter seam")
struct ContainerWriterSeamTests {
    /// 8 kHz mono 8-bit PCM: one byte per frame, so an odd frame count gives an odd data chunk and a pad byte.
    private static func format(bits: UInt32 = 8) throws -> CMFormatDescription {
        var asbd = LinearPCM(sampleRate: 8_000, channels: 1, validBits: Int(bits), bytesPerSample: Int(bits / 8),
                             isFloat: false, isBigEndian: false, isSigned: bits > 8).streamDescription
        var description: CMAudioFormatDescription?
        let status = CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil,
                                                    magicCookieSize: 0, magicCookie: nil, extensions: nil,
                                                    formatDescriptionOut: &description)
        return try #require(status == noErr ? description : nil)
    }

    /// A run of `frames` PCM frames of `bytesPerFrame` bytes.
    private static func run(_ frames: Int, at time: Int64, bytesPerFrame: Int = 1) -> OutputSample {
        OutputSample(payload: .data(Data(testSamples(count: frames * bytesPerFrame))), decodeTime: time, duration: 1,
                     sampleCount: frames)
    }

    @Test("a WAVE file written through the seam: ffprobe reads every frame; the projection was the final size")
    func wave() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("seam.wav")
        let writer: any ContainerWriter = try AudioFileContainerWriter(url: url, fileType: .wave, metadata: [])
        #expect(writer.capabilities.maximumTrackCount == 1)
        #expect(!writer.capabilities.editLists)
        let format = try Self.format()
        let track = try writer.addTrack(OutputTrackConfiguration(mediaType: kCMMediaType_Audio, mediaTimescale: 8_000,
                                                                 formatDescriptions: [format]))
        // Odd: the data chunk gets a pad byte at the end, which the projection must count.
        try writer.append(Self.run(4_001, at: 0), to: track)
        try writer.append(Self.run(3_000, at: 4_001), to: track)
        #expect(writer.trackSampleCounts == [7_001])
        let projection = try writer.sizeProjection()
        #expect(projection.tracks == [.init(sampleCount: 7_001, byteCount: 7_001)])
        try writer.markFinished(track)
        try writer.finish()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)
        #expect(projection.fileSize == size.uint64Value)
        let stream = try Probe.stream(url)
        #expect(stream.codecName == "pcm_u8")
        #expect(stream.durationTicks == 7_001)
    }

    @Test("what an audio file cannot hold is refused, not dropped: a second track, an edit list, a new format")
    func refusals() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("refusals.wav")
        let writer = try AudioFileContainerWriter(url: url, fileType: .wave, metadata: [])
        let format = try Self.format(bits: 16)
        let configuration = OutputTrackConfiguration(mediaType: kCMMediaType_Audio, mediaTimescale: 8_000,
                                                     formatDescriptions: [format])
        let track = try writer.addTrack(configuration)
        #expect(throws: ContainerWriterError.self) { try writer.addTrack(configuration) }
        #expect(throws: ContainerWriterError.self) {
            try writer.setTimeline(TrackTimeline(edits: [EditListEntry(segmentDuration: 10, mediaTime: 5)],
                                                 movieTimescale: 8_000, mediaTimescale: 8_000, mediaEnd: 100), for: track)
        }
        #expect(throws: ContainerWriterError.self) { try writer.addSampleDescription(try Self.format(), to: track) }
        #expect(try writer.addSampleDescription(format, to: track) == 1)
        #expect(throws: ContainerWriterError.self) {
            try writer.addTrackReference(type: 0x6368_6170, from: track, to: track)
        }
        writer.cancel()
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("a video track, a track without its format, and an existing file are refused with the cause")
    func wrongUse() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let exists = directory.file("exists.caf")
        try Data("precious".utf8).write(to: exists)
        let error = #expect(throws: ContainerWriterError.self) {
            _ = try AudioFileContainerWriter(url: exists, fileType: .caf, metadata: [])
        }
        #expect(error?.code == .outputExists)
        #expect(try Data(contentsOf: exists) == Data("precious".utf8))

        let writer = try AudioFileContainerWriter(url: directory.file("wrong.caf"), fileType: .caf, metadata: [])
        #expect(throws: ContainerWriterError.self) {
            try writer.addTrack(OutputTrackConfiguration(mediaType: kCMMediaType_Video, mediaTimescale: 600))
        }
        #expect(throws: ContainerWriterError.self) {
            try writer.addTrack(OutputTrackConfiguration(mediaType: kCMMediaType_Audio, mediaTimescale: 8_000))
        }
        let finish = #expect(throws: ContainerWriterError.self) { try writer.finish() }
        #expect(finish?.description.contains("no audio was appended") == true)
    }

    @Test("CAF records the encoder delay and padding given through the seam in its packet table")
    func cafPriming() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("primed.caf")
        let writer = try AudioFileContainerWriter(url: url, fileType: .caf, metadata: [])
        let track = try writer.addTrack(OutputTrackConfiguration(mediaType: kCMMediaType_Audio, mediaTimescale: 8_000,
                                                                 formatDescriptions: [try Self.format(bits: 16)]))
        try writer.append(Self.run(8_000, at: 0, bytesPerFrame: 2), to: track)
        try writer.setEncoderDelay(100, padding: 50, for: track)
        try writer.finish()
        // The packet table's fields read straight from the bytes (CAF spec: chunk type and 64-bit size, then
        // mNumberPackets and mNumberValidFrames as 64-bit, mPrimingFrames and mRemainderFrames as 32-bit, big-endian).
        let bytes = [UInt8](try Data(contentsOf: url))
        let pakt = try #require(bytes.indices.dropLast(4).first { bytes[$0..<$0 + 4].elementsEqual("pakt".utf8) })
        func integer(at offset: Int, count: Int) -> Int64 {
            bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int64($1) }
        }
        #expect(integer(at: pakt + 12 + 8, count: 8) == 8_000 - 150)
        #expect(integer(at: pakt + 12 + 16, count: 4) == 100)
        #expect(integer(at: pakt + 12 + 20, count: 4) == 50)
    }
}
