import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer
import Testing
@testable import MovieFile
import TestSupport

/// Sources for the non-audiovisual track kinds.
enum OtherSources {
    /// A text track (QuickTime `text` or 3GPP `tx3g`) with one sample per title, `span` ticks each at 1000/s.
    static func text(_ titles: [String], subtype: CMTextFormatType, mediaType: CMMediaType = kCMMediaType_Text,
                     span: Int64 = 500) -> TrackSource {
        var description: CMFormatDescription?
        CMFormatDescriptionCreate(allocator: nil, mediaType: mediaType, mediaSubType: subtype, extensions: nil,
                                  formatDescriptionOut: &description)
        let samples = titles.enumerated().map { index, title -> TrackSource.Sample in
            let bytes = Array(title.utf8)
            return .init(data: [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes,
                         decodeTime: Int64(index) * span, presentationTime: Int64(index) * span, duration: span,
                         isSync: true)
        }
        return TrackSource(name: "text", mediaType: mediaType, timescale: 1000, description: description!, samples: samples)
    }

    /// A timecode track: one sample, the frame number of `hours:minutes:seconds:frames` at 25 fps, lasting `frames`.
    static func timecode(startFrame: UInt32, frames: Int64) throws -> TrackSource {
        var description: CMFormatDescription?
        CMTimeCodeFormatDescriptionCreate(
            allocator: nil, timeCodeFormatType: kCMTimeCodeFormatType_TimeCode32, frameDuration: CMTime(value: 1, timescale: 25),
            frameQuanta: 25, flags: kCMTimeCodeFlag_24HourMax,
            extensions: [kCMTimeCodeFormatDescriptionExtension_SourceReferenceName:
                            [kCMTimeCodeFormatDescriptionKey_Value: "Tape 1", kCMTimeCodeFormatDescriptionKey_LangCode: 0]],
            formatDescriptionOut: &description)
        let number = [UInt8(startFrame >> 24), UInt8((startFrame >> 16) & 0xFF), UInt8((startFrame >> 8) & 0xFF),
                      UInt8(startFrame & 0xFF)]
        return TrackSource(name: "timecode", mediaType: kCMMediaType_TimeCode, timescale: 25,
                           description: try #require(description),
                           samples: [.init(data: number, decodeTime: 0, presentationTime: 0, duration: frames, isSync: true)])
    }

    /// A boxed timed-metadata track with one UTF-8 key and two samples.
    static func timedMetadata() throws -> TrackSource {
        var description: CMFormatDescription?
        CMMetadataFormatDescriptionCreateWithMetadataSpecifications(
            allocator: nil, metadataType: kCMMetadataFormatType_Boxed,
            metadataSpecifications: [[kCMMetadataFormatDescriptionMetadataSpecificationKey_Identifier: "mdta/com.example.label",
                                      kCMMetadataFormatDescriptionMetadataSpecificationKey_DataType:
                                        "com.apple.metadata.datatype.UTF-8"]],
            formatDescriptionOut: &description)
        func sample(_ text: String, at time: Int64) -> TrackSource.Sample {
            let value = Array(text.utf8)
            let size = UInt32(8 + value.count)
            // One item: a box typed with local key ID 1 holding the value.
            let item = [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF),
                        0, 0, 0, 1] + value
            return .init(data: item, decodeTime: time, presentationTime: time, duration: 500, isSync: true)
        }
        return TrackSource(name: "metadata", mediaType: kCMMediaType_Metadata, timescale: 1000,
                           description: try #require(description), samples: [sample("first", at: 0), sample("second", at: 500)])
    }

    /// CEA-608 captions: two `cdat` samples.
    static func captions() -> TrackSource {
        var description: CMFormatDescription?
        CMFormatDescriptionCreate(allocator: nil, mediaType: kCMMediaType_ClosedCaption,
                                  mediaSubType: kCMClosedCaptionFormatType_CEA608, extensions: nil,
                                  formatDescriptionOut: &description)
        let cdat: [UInt8] = [0, 0, 0, 10] + Array("cdat".utf8) + [0x94, 0x2C]
        return TrackSource(name: "captions", mediaType: kCMMediaType_ClosedCaption, timescale: 1000,
                           description: description!,
                           samples: [.init(data: cdat, decodeTime: 0, presentationTime: 0, duration: 500, isSync: true),
                                     .init(data: cdat, decodeTime: 500, presentationTime: 500, duration: 500, isSync: true)])
    }
}

@Suite("Writer: track kinds and track properties")
struct WriterTrackKindsTests {
    @Test("QuickTime movie with timecode, chapters, timed metadata and captions; track references, language, rotation")
    func quickTimeTrackKinds() throws {
        let video = try ElementarySources.annexBVideo(MuxerTestMedia.url("h264-bframes-annexb.ts"), hevc: false)
        let audio = try ElementarySources.adts(MuxerTestMedia.url("aac-lc-44100-stereo.adts"))
        let timecode = try OtherSources.timecode(startFrame: 250, frames: 25)
        let chapters = OtherSources.text(["One", "Two"], subtype: kCMTextFormatType_QTText)
        let metadata = try OtherSources.timedMetadata()
        let captions = OtherSources.captions()
        let directory = try TestFiles.makeTemporaryDirectory("track-kinds")
        let output = directory.file("kinds.mov")
        try MuxerHarness.write([video, audio, timecode, chapters, metadata, captions], to: output,
                               fileType: .quickTimeMovie) { configuration, index in
            switch index {
            case 0: configuration.transform = TransformMatrix(a: 0, b: 1, c: -1, d: 0, x: 48, y: 0)
            case 1:
                configuration.languageCode = "fra"
                configuration.extendedLanguageTag = "fr-CA"
                configuration.volume = 0.5
                configuration.alternateGroup = 1
            case 3: configuration.isEnabled = false
            default: break
            }
        } beforeFinish: { writer, tracks in
            try writer.addTrackReference(type: fourCC("tmcd"), from: tracks[0], to: tracks[2])
            try writer.addTrackReference(type: fourCC("chap"), from: tracks[0], to: tracks[3])
            try writer.addTrackReference(type: fourCC("cdsc"), from: tracks[4], to: tracks[0])
        }
        let streams = try PacketProbe.streams(output)
        try #require(streams.count == 6)
        #expect(streams.map { $0["codec_tag_string"] as? String } == ["avc1", "mp4a", "tmcd", "text", "mebx", "c608"])
        let tags = streams.map { $0["tags"] as? [String: Any] ?? [:] }
        #expect(tags[0]["handler_name"] as? String == "Core Media Video")
        #expect(tags[1]["handler_name"] as? String == "Core Media Audio")
        #expect(tags[1]["language"] as? String == "fra")
        #expect(tags[2]["timecode"] as? String == "00:00:10:00", "frame 250 at 25 fps")
        #expect(tags[0]["timecode"] as? String == "00:00:10:00", "the video's tmcd reference")
        let rotation = (streams[0]["side_data_list"] as? [[String: Any]])?.first { $0["side_data_type"] as? String == "Display Matrix" }
        #expect(PacketProbe.int64(rotation?["rotation"]) == -90)
        let disposition = streams[3]["disposition"] as? [String: Any]
        #expect(disposition?["default"] as? Int == 0, "the chapter track is disabled")
        #expect(streams[5]["codec_name"] as? String == "eia_608")
        // Chapters from the 'chap' reference.
        let chapterList = try ExternalTool.ffprobeJSON(["-show_chapters", output.path])["chapters"] as? [[String: Any]] ?? []
        #expect(chapterList.compactMap { ($0["tags"] as? [String: Any])?["title"] as? String } == ["One", "Two"])

        let boxes = try WrittenBoxes(output)
        #expect(boxes.mediaHeader(1)?.language == PackedLanguageCode(macintoshCode: 1), "French as QuickTime's Macintosh code")
        #expect(boxes.first(ExtendedLanguageBox.self, inTrack: 1)?.languageTag.text == "fr-CA")
        #expect(boxes.tracks[1].header?.volume == Fixed8x8(0.5))
        #expect(boxes.tracks[1].header?.alternateGroup == 1)
        #expect(boxes.tracks[0].references?.trackIDs("tmcd") == [3])
        #expect(boxes.tracks[4].references?.trackIDs("cdsc") == [1])
        #expect(boxes.first(TimecodeSampleEntry.self, inTrack: 2)?.sourceName == "Tape 1")
        let keys = boxes.first(MetadataKeyTableBox.self, inTrack: 4)?.keys.first
        #expect(keys?.declaration?.text == "com.example.label")
        #expect(keys?.dataType?.wellKnownType == 1)
        #expect(try ExternalTool.ffmpegDecodeErrors(output, extraArguments: []).isEmpty)
    }

    @Test("MP4 with 3GPP timed text subtitles and a chapter track", arguments: [MovieFileType.mpeg4, .appleM4V])
    func mp4Text(_ fileType: MovieFileType) throws {
        let video = try ElementarySources.annexBVideo(MuxerTestMedia.url("h264-bframes-annexb.ts"), hevc: false)
        let subtitles = OtherSources.text(["Hello", "World"], subtype: kCMTextFormatType_3GText, mediaType: kCMMediaType_Subtitle)
        let chapters = OtherSources.text(["Start", "End"], subtype: kCMTextFormatType_3GText)
        let directory = try TestFiles.makeTemporaryDirectory("mp4-text")
        let output = directory.file("text" + fileType.description)
        try MuxerHarness.write([video, subtitles, chapters], to: output, fileType: fileType) { configuration, index in
            if index == 1 { configuration.languageCode = "eng" }
            if index == 2 { configuration.isEnabled = false }
        } beforeFinish: { writer, tracks in
            try writer.addTrackReference(type: fourCC("chap"), from: tracks[0], to: tracks[2])
        }
        let streams = try PacketProbe.streams(output)
        // FFmpeg turns a track that a 'chap' reference points at into a data stream (as it does with its own
        // chapter tracks) and reads its samples as chapters.
        #expect(streams.map { $0["codec_name"] as? String } == ["h264", "mov_text", "bin_data"])
        #expect((streams[1]["tags"] as? [String: Any])?["language"] as? String == "eng")
        let chapterList = try ExternalTool.ffprobeJSON(["-show_chapters", output.path])["chapters"] as? [[String: Any]] ?? []
        #expect(chapterList.compactMap { ($0["tags"] as? [String: Any])?["title"] as? String } == ["Start", "End"])
        // The subtitles decode to their text.
        let srt = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", output.path, "-map", "0:s:0",
                                                    "-f", "srt", "-"]).output
        #expect(srt.contains("Hello") && srt.contains("World"))
        #expect(try WrittenBoxes(output).mediaHeader(1)?.language == PackedLanguageCode(iso639: "eng"))
    }
}

/// A four-character code's value.
func fourCC(_ text: String) -> FourCharCode { text.utf8.reduce(0) { $0 << 8 | FourCharCode($1) } }
