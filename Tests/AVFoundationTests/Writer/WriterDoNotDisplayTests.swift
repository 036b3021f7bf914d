import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// `kCMSampleAttachmentKey_DoNotDisplay` set through the CoreFoundation idiom (the sample attachments array, its
/// first dictionary bit-cast to `CFMutableDictionary`, `CFDictionarySetValue` with `Unmanaged` pointers) reaches
/// the sample buffer, and AVAssetWriter writes the sample without showing it: ffmpeg (not our reader) never shows
/// the hidden picture, and hidden pre-roll frames are not counted at all. The source is Motion JPEG at 10 fps made by ffmpeg from `testsrc`,
/// whose frames all differ, read with our AVAssetReader and passed through.
@Suite("AVAssetWriter honours DoNotDisplay set with the CF functions")
struct WriterDoNotDisplayTests {
    /// Ten distinct 64×48 frames at 10 fps, Motion JPEG in a QuickTime movie.
    static func source() throws -> URL {
        try TestFiles.ffmpegMedia("mjpeg-10-frames.mov", folder: "writer", recipe: [
            "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10", "-frames:v", "10", "-c:v", "mjpeg", "-q:v", "3",
        ])
    }

    /// The source's compressed samples, in decode order.
    static func samples(of url: URL) throws -> (buffers: [CMSampleBuffer], format: CMFormatDescription) {
        let asset = AVURLAsset(url: url)
        let track = try #require(asset.tracks(withMediaType: .video).first)
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
        reader.add(output)
        #expect(reader.startReading())
        var buffers: [CMSampleBuffer] = []
        while let buffer = output.copyNextSampleBuffer() { buffers.append(buffer) }
        let format = try #require(buffers.first.flatMap(CMSampleBufferGetFormatDescription))
        return (buffers, format)
    }

    /// Marks the buffer's first sample DoNotDisplay the way iOS code does, through the CF functions.
    static func hide(_ buffer: CMSampleBuffer) {
        guard let attachments = CMSampleBufferGetSampleAttachmentsArray(buffer, createIfNecessary: true),
              CFArrayGetCount(attachments) > 0 else { return }
        let dictionary = unsafeBitCast(CFArrayGetValueAtIndex(attachments, 0), to: CFMutableDictionary.self)
        CFDictionarySetValue(dictionary, Unmanaged.passUnretained(kCMSampleAttachmentKey_DoNotDisplay).toOpaque(),
                             Unmanaged.passUnretained(kCFBooleanTrue).toOpaque())
    }

    /// Passes `buffers` through a writer, hiding those at `hidden`.
    static func write(_ buffers: [CMSampleBuffer], format: CMFormatDescription, hiding hidden: Set<Int>,
                      to url: URL) async throws {
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        let input = AVAssetWriterInput(mediaType: .video, outputSettings: nil, sourceFormatHint: format)
        writer.add(input)
        #expect(writer.startWriting())
        writer.startSession(atSourceTime: CMSampleBufferGetPresentationTimeStamp(buffers[0]))
        var next = 0
        WriterMedia.feed([input]) { _ in
            guard next < buffers.count else { return nil }
            defer { next += 1 }
            if hidden.contains(next) { hide(buffers[next]) }
            return buffers[next]
        }
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
    }

    /// Each picture ffmpeg decodes and shows (`-f framemd5`): its time in the stream's time base and its MD5.
    static func pictures(_ url: URL) throws -> [(time: Int, hash: String)] {
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-map", "0:v:0",
                                                       "-f", "framemd5", "-"])
        return String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
            .compactMap { line in
                let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                guard fields.count == 6, let time = Int(fields[1]) else { return nil }
                return (time, fields[5])
            }
    }

    /// The MD5 of each picture ffmpeg shows.
    static func pictureHashes(_ url: URL) throws -> [String] { try pictures(url).map(\.hash) }

    @Test("the change made through CFDictionarySetValue is the sample buffer's")
    func idiomReachesTheBuffer() throws {
        let (buffers, _) = try Self.samples(of: Self.source())
        let buffer = buffers[3]
        Self.hide(buffer)
        // Read back through the overlay and through a fresh array: both see the buffer's own dictionary.
        #expect(buffer.sampleAttachments[0][.doNotDisplay] as? Bool == true)
        let again = try #require(CMSampleBufferGetSampleAttachmentsArray(buffer, createIfNecessary: false))
        let dictionary = unsafeBitCast(CFArrayGetValueAtIndex(again, 0), to: CFDictionary.self)
        let value = try #require(CFDictionaryGetValue(dictionary,
                                                      Unmanaged.passUnretained(kCMSampleAttachmentKey_DoNotDisplay).toOpaque()))
        #expect(CFBooleanGetValue(Unmanaged<CFBoolean>.fromOpaque(value).takeUnretainedValue()))
        #expect((again as? [[String: Any]])?.first?[kCMSampleAttachmentKey_DoNotDisplay as String] as? Bool == true)
    }

    @Test("a hidden frame between shown ones: ffmpeg never shows its picture, and the others keep their times")
    func hiddenInTheMiddle() async throws {
        let url = try Self.source()
        let (buffers, format) = try Self.samples(of: url)
        try #require(buffers.count == 10)
        let sourceHashes = try Self.pictureHashes(url)
        try #require(sourceHashes.count == 10 && Set(sourceHashes).count == 10, "testsrc frames differ")
        let directory = try TestFiles.makeTemporaryDirectory("do-not-display")
        let output = directory.file("hidden-middle.mov")
        try await Self.write(buffers, format: format, hiding: [4], to: output)

        // ffmpeg never shows the hidden picture, and every other picture keeps its time (0.1 s each). Where the
        // hidden one was, the movie has an empty edit (ISO/IEC 14496-12 §8.6.6: no media presented); ffmpeg 5.1
        // fills an empty edit that follows media with the track's first picture, so it still reads ten frames.
        let written = try Self.pictures(output)
        #expect(!written.map(\.hash).contains(sourceHashes[4]), "\(written)")
        for (index, hash) in sourceHashes.enumerated() where index != 4 {
            #expect(written.first { $0.hash == hash }?.time == index, "frame \(index) at \(index)/10 s: \(written)")
        }
        #expect(try WriterProbe(url: output).frameCount(stream: 0) == 10)
        // The hidden frame's time stays in the movie: an empty edit, so the frames after it keep their times.
        let edits = try WriterProbe(url: output).editLists()
        #expect(edits.first?.map(\.time) == [0, -1, 300], "\(edits)")
        let asset = AVURLAsset(url: output)
        #expect(abs(asset.duration.seconds - 1.0) < 0.001, "\(asset.duration.seconds)")
        let packets = try WriterProbe(url: output).packets(stream: 0)
        #expect(packets.count == 10, "the hidden sample is still in the file, for a decoder that needs it")
    }

    @Test("hidden pre-roll frames at the start are edited out before the first shown frame")
    func hiddenPreroll() async throws {
        let url = try Self.source()
        let (buffers, format) = try Self.samples(of: url)
        let sourceHashes = try Self.pictureHashes(url)
        let directory = try TestFiles.makeTemporaryDirectory("do-not-display")
        let output = directory.file("hidden-preroll.mov")
        try await Self.write(buffers, format: format, hiding: [0, 1], to: output)

        let written = try Self.pictureHashes(output)
        #expect(written == Array(sourceHashes.dropFirst(2)), "\(written)")
        let edits = try WriterProbe(url: output).editLists()
        // The session starts at the first sample, so the hidden time is an empty edit; the media starts at 0.2 s.
        #expect(edits.first?.map(\.time) == [-1, 120], "\(edits)")
    }
}
