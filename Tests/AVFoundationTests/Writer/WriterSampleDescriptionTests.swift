import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// The writer gives a track one sample description per distinct format, however many description objects its
/// samples bring: a stitch's every piece brings its own copy of the same description. (The writer compares a new
/// object with the descriptions written once, then reuses the answer while the object stays the same,
/// `EngineTrack.lastFormat`.) The count is ffprobe's: `-v trace` prints one "4CC=" line per sample entry.
@Suite("AVAssetWriter sample descriptions")
struct WriterSampleDescriptionTests {
    /// Samples per piece: the one-second 23.976 fps movie's 24 samples make four pieces.
    static let pieceLength = 6

    /// A new description object equal to `format`, or with its pixel aspect ratio set to `pixelAspectRatio`.
    static func copy(_ format: CMFormatDescription, pixelAspectRatio: (Int, Int)? = nil) throws -> CMFormatDescription {
        var extensions = CMFormatDescriptionGetExtensions(format) as? [String: Any] ?? [:]
        if let (horizontal, vertical) = pixelAspectRatio {
            extensions[kCMFormatDescriptionExtension_PixelAspectRatio as String] = [
                kCMFormatDescriptionKey_PixelAspectRatioHorizontalSpacing as String: horizontal,
                kCMFormatDescriptionKey_PixelAspectRatioVerticalSpacing as String: vertical,
            ]
        }
        let dimensions = CMVideoFormatDescriptionGetDimensions(format)
        var made: CMFormatDescription?
        CMVideoFormatDescriptionCreate(allocator: nil, codecType: CMFormatDescriptionGetMediaSubType(format),
                                       width: dimensions.width, height: dimensions.height,
                                       extensions: extensions as CFDictionary, formatDescriptionOut: &made)
        return try #require(made)
    }

    /// `sample` with `format` in place of its own (the same bytes, times and sync flag).
    static func rewrap(_ sample: CMSampleBuffer, format: CMFormatDescription) throws -> CMSampleBuffer {
        var timing = CMSampleTimingInfo()
        CMSampleBufferGetSampleTimingInfo(sample, at: 0, timingInfoOut: &timing)
        var size = CMSampleBufferGetSampleSize(sample, at: 0)
        var buffer: CMSampleBuffer?
        CMSampleBufferCreateReady(allocator: nil, dataBuffer: CMSampleBufferGetDataBuffer(sample),
                                  formatDescription: format, sampleCount: 1, sampleTimingEntryCount: 1,
                                  sampleTimingArray: &timing, sampleSizeEntryCount: 1, sampleSizeArray: &size,
                                  sampleBufferOut: &buffer)
        let made = try #require(buffer)
        if sample.sampleAttachments[0][.notSync] != nil { made.sampleAttachments[0][.notSync] = true }
        return made
    }

    /// Writes the H.264 movie's samples through a passthrough input, piece `n` with the description `formats[n]`
    /// (each piece a run of `pieceLength` samples), into `directory`; returns the file and the source's sample count.
    static func write(in directory: TemporaryDirectory,
                      formats: (CMFormatDescription) throws -> [CMFormatDescription]) async throws -> (URL, Int) {
        let source = try #require(try WriterMedia.sourceTracks(try AssetMedia.url("ntsc-23.976fps.mp4")).first)
        let pieces = try formats(source.format)
        try #require(pieces.count * pieceLength >= source.samples.count)
        let samples = try source.samples.enumerated().map { try rewrap($1, format: pieces[$0 / pieceLength]) }
        let url = directory.file("pieces.mp4")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mp4)
        let input = AVAssetWriterInput(mediaType: .video, outputSettings: nil, sourceFormatHint: source.format)
        writer.add(input)
        #expect(writer.startWriting(), "\(String(describing: writer.error))")
        writer.startSession(atSourceTime: CMSampleBufferGetPresentationTimeStamp(samples[0]))
        var next = 0
        while next < samples.count, writer.status == .writing {
            guard input.isReadyForMoreMediaData else { usleep(200); continue }
            guard input.append(samples[next]) else { break }
            next += 1
        }
        #expect(next == samples.count, "appended \(next) samples: \(String(describing: writer.error))")
        input.markAsFinished()
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        return (url, samples.count)
    }

    @Test("pieces bringing equal descriptions, each its own object, give one sample description")
    func equalDescriptions() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("descriptions")
        let (url, count) = try await Self.write(in: directory) { format in
            try (0..<4).map { _ in try Self.copy(format) }
        }
        #expect(try WriterProbe(url: url).sampleEntries() == [["avc1"]])
        #expect(try WriterProbe(url: url).frameCount(stream: 0) == count)
        #expect(try WriterProbe(url: url).decodeErrors() == "")
    }

    @Test("a piece with another description gives a second one; a later piece equal to the first reuses the first")
    func differentDescriptions() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("descriptions")
        let (url, count) = try await Self.write(in: directory) { format in
            let wide = try Self.copy(format, pixelAspectRatio: (2, 1))
            return [try Self.copy(format), wide, try Self.copy(format), try Self.copy(format)]
        }
        #expect(try WriterProbe(url: url).sampleEntries() == [["avc1", "avc1"]])
        #expect(try WriterProbe(url: url).frameCount(stream: 0) == count)
        #expect(try WriterProbe(url: url).decodeErrors() == "")
    }
}
