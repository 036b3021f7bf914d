import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer
import Testing
@testable import MovieFile
import TestSupport

@Suite("Writer: metadata in each file type's form")
struct WriterMetadataTests {
    static func audio() throws -> TrackSource { try ElementarySources.adts(MuxerTestMedia.url("aac-lc-44100-stereo.adts")) }

    /// Writes one audio track with `metadata` at movie level (and `trackMetadata` on the track).
    func write(_ fileType: MovieFileType, _ metadata: [MetadataEntry], trackMetadata: [MetadataEntry] = [],
               name: String = #function) throws -> URL {
        let directory = try TestFiles.makeTemporaryDirectory(name)
        let output = directory.file("tags" + fileType.description)
        // Keep the directory alive for the caller by moving the file to a stable place.
        try MuxerHarness.write([try Self.audio()], to: output, fileType: fileType) { configuration, _ in
            configuration.metadata = trackMetadata
        } beforeFinish: { writer, _ in
            try writer.setMetadata(metadata)
        }
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("lavf-meta-\(UUID().uuidString)\(fileType.description)")
        try FileManager.default.moveItem(at: output, to: kept)
        MuxerHarness.keepForInspection(kept)
        return kept
    }

    func formatTags(_ url: URL) throws -> [String: String] {
        (try PacketProbe.format(url)["tags"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
    }

    func mediainfoGeneral(_ url: URL) throws -> [String: Any] {
        let result = try ExternalTool.check("mediainfo", ["--Output=JSON", url.path])
        let json = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
        return ((json?["media"] as? [String: Any])?["track"] as? [[String: Any]])?.first ?? [:]
    }

    @Test("QuickTime: mdta keys in moov/meta, ©-items in udta, track-level items")
    func quickTime() throws {
        let url = try write(.quickTimeMovie, [
            MetadataEntry(keySpace: .quickTimeMetadata, key: .string("com.apple.quicktime.title"), value: .string("Héllo")),
            MetadataEntry(keySpace: .quickTimeMetadata, key: .string("com.apple.quicktime.make"), value: .string("Apple")),
            MetadataEntry(keySpace: .quickTimeMetadata, key: .string("com.apple.quicktime.location.ISO6709"),
                          value: .string("+48.8577+002.2950/")),
            MetadataEntry(keySpace: .quickTimeMetadata, key: .string("com.example.count"), value: .signedInteger(-42)),
            MetadataEntry(keySpace: .quickTimeUserData, key: .fourCC(fourCC("©cmt")), value: .string("A comment")),
        ], trackMetadata: [
            MetadataEntry(keySpace: .quickTimeUserData, key: .fourCC(fourCC("©nam")), value: .string("Track name")),
        ])
        defer { try? FileManager.default.removeItem(at: url) }
        let tags = try formatTags(url)
        #expect(tags["com.apple.quicktime.title"] == "Héllo")
        #expect(tags["com.apple.quicktime.make"] == "Apple")
        #expect(tags["com.apple.quicktime.location.ISO6709"] == "+48.8577+002.2950/")
        #expect(tags["com.example.count"] == "-42")
        #expect(tags["comment"] == "A comment")
        // FFmpeg 5.1 files a track's user data items under the format's tags.
        #expect(tags["title"] == "Track name")
        let boxes = try WrittenBoxes(url)
        #expect(boxes.tracks[0].userData?.textItems.first?.text == "Track name", "the item is in the track's udta")
        let meta = try #require(boxes.movie?.metadata)
        #expect(meta.isQuickTimeForm, "QuickTime's meta has no version and flags")
        #expect(meta.handler?.handlerType == "mdta")
        let extra = try mediainfoGeneral(url)["extra"] as? [String: Any]
        #expect(extra?["com_apple_quicktime_title"] as? String == "Héllo")
        #expect(extra?["com_apple_quicktime_location_ISO6709"] as? String == "+48.8577+002.2950/")
    }

    @Test("iTunes items: text, track number, flags, tempo, cover art, freeform", arguments: [
        MovieFileType.appleM4A, .mpeg4, .appleM4V,
    ])
    func iTunes(_ fileType: MovieFileType) throws {
        let firstJPEG = try ElementarySources.mjpeg(MuxerTestMedia.url("mjpeg-frames.mjpeg")).samples[0].data
        let url = try write(fileType, [
            MetadataEntry(keySpace: .iTunes, key: .fourCC(fourCC("©nam")), value: .string("Song")),
            MetadataEntry(keySpace: .iTunes, key: .fourCC(fourCC("©ART")), value: .string("Artist")),
            MetadataEntry(keySpace: .iTunes, key: .fourCC(fourCC("©alb")), value: .string("Album")),
            MetadataEntry(keySpace: .iTunes, key: .fourCC(fourCC("trkn")), value: .string("3/12")),
            MetadataEntry(keySpace: .iTunes, key: .fourCC(fourCC("cpil")), value: .boolean(true)),
            MetadataEntry(keySpace: .iTunes, key: .fourCC(fourCC("tmpo")), value: .signedInteger(120)),
            MetadataEntry(keySpace: .iTunes, key: .fourCC(fourCC("covr")), value: .image(Data(firstJPEG), format: 13)),
            MetadataEntry(keySpace: .iTunes, key: .string("----:com.apple.iTunes:MOOD"), value: .string("Calm")),
        ])
        defer { try? FileManager.default.removeItem(at: url) }
        let tags = try formatTags(url)
        #expect(tags["title"] == "Song")
        #expect(tags["artist"] == "Artist")
        #expect(tags["album"] == "Album")
        #expect(tags["track"] == "3/12")
        #expect(tags["compilation"] == "1")
        #expect(tags["MOOD"] == "Calm")
        // Cover art shows up as an attached picture stream.
        let streams = try PacketProbe.streams(url)
        #expect(streams.contains { $0["codec_name"] as? String == "mjpeg" && ($0["disposition"] as? [String: Any])?["attached_pic"] as? Int == 1 })
        let mediainfo = try mediainfoGeneral(url)
        #expect(mediainfo["Track"] as? String == "Song")
        #expect(mediainfo["Performer"] as? String == "Artist")
        #expect(mediainfo["Track_Position"] as? String == "3")
        #expect(mediainfo["Track_Position_Total"] as? String == "12")
        #expect(mediainfo["Compilation"] as? String == "Yes")
        #expect(mediainfo["BPM"] as? String == "120", "tmpo, which FFmpeg 5.1 does not print")
        #expect(mediainfo["Cover"] as? String == "Yes")
    }

    @Test("3GPP asset boxes, including common keys mapped to them")
    func threeGPP() throws {
        let url = try write(.threeGPP, [
            MetadataEntry(keySpace: .isoUserData, key: .fourCC(fourCC("titl")), value: .string("Clip"), languageCode: "eng"),
            MetadataEntry(keySpace: .iTunes, key: .fourCC(fourCC("©ART")), value: .string("Performer")),
            MetadataEntry(keySpace: .quickTimeMetadata, key: .string("com.apple.quicktime.description"), value: .string("About")),
            MetadataEntry(keySpace: .isoUserData, key: .fourCC(fourCC("yrrc")), value: .unsignedInteger(2024)),
        ])
        defer { try? FileManager.default.removeItem(at: url) }
        // FFmpeg 5.1 does not read 3GPP asset boxes (not even from its own 3GP output); mediainfo does.
        let mediainfo = try mediainfoGeneral(url)
        #expect(mediainfo["Title"] as? String == "Clip")
        #expect(mediainfo["Performer"] as? String == "Performer")
        #expect(mediainfo["Title_More"] as? String == "About", "dscp")
        #expect(mediainfo["Released_Date"] as? String == "2024", "yrrc")
        let udta = try #require(WrittenBoxes(url).movie?.userData)
        #expect(udta.children.map(\.type) == ["titl", "perf", "dscp", "yrrc"])
    }

    @Test("items a file type cannot hold are refused, naming them")
    func refusals() throws {
        let directory = try TestFiles.makeTemporaryDirectory("meta-refusals")
        let mp4 = try MovieWriter(url: directory.file("a.mp4"), fileType: .mpeg4)
        defer { mp4.cancel() }
        let id3 = MetadataEntry(keySpace: .id3, key: .string("TIT2"), value: .string("x"))
        let error = #expect(throws: ContainerWriterError.self) { try mp4.setMetadata([id3]) }
        #expect(error?.code == .metadataNotRepresentable)
        #expect(error?.message.contains("TIT2") == true)
        let threeGPP = try MovieWriter(url: directory.file("a.3gp"), fileType: .threeGPP)
        defer { threeGPP.cancel() }
        let unmapped = MetadataEntry(keySpace: .quickTimeMetadata, key: .string("com.example.private"), value: .string("x"))
        #expect(throws: ContainerWriterError.self) { try threeGPP.setMetadata([unmapped]) }
        let number = MetadataEntry(keySpace: .quickTimeUserData, key: .fourCC(fourCC("©nam")), value: .float(1.5))
        let mov = try MovieWriter(url: directory.file("a.mov"), fileType: .quickTimeMovie)
        defer { mov.cancel() }
        #expect(throws: ContainerWriterError.self) { try mov.setMetadata([number]) }
    }
}
