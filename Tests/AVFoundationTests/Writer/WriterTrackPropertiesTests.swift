import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// Metadata, input groups, track associations and multi-pass encoding, judged by ffprobe, mediainfo and our AVAsset.
@Suite("AVAssetWriter metadata, groups, associations, multi-pass", .serialized)
struct WriterTrackPropertiesTests {
    static func item(_ identifier: AVMetadataIdentifier, _ value: String, language: String? = nil) -> AVMutableMetadataItem {
        let item = AVMutableMetadataItem()
        item.identifier = identifier
        item.value = NSString(string: value)
        if let language { item.extendedLanguageTag = language }
        return item
    }

    /// Writes 0.5 s of PCM or AAC audio per input into `url` (one input per entry of `languages`).
    static func writeAudio(_ url: URL, fileType: AVFileType, languages: [String?] = [nil], metadata: [AVMetadataItem] = [],
                           trackMetadata: [AVMetadataItem] = [], configure: (AVAssetWriter, [AVAssetWriterInput]) -> Void = { _, _ in })
        async throws -> AVAssetWriter {
        let writer = try AVAssetWriter(outputURL: url, fileType: fileType)
        writer.metadata = metadata
        let pcm = [AVFileType.wav, .aiff, .aifc, .caf].contains(fileType)
        let settings: [String: Any] = pcm
            ? [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2, AVLinearPCMBitDepthKey: 16,
               AVLinearPCMIsFloatKey: false, AVLinearPCMIsBigEndianKey: fileType == .aiff || fileType == .aifc,
               AVLinearPCMIsNonInterleaved: false]
            : [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2]
        let inputs = languages.map { language -> AVAssetWriterInput in
            let input = AVAssetWriterInput(mediaType: .audio, outputSettings: settings)
            input.languageCode = language
            input.metadata = trackMetadata
            return input
        }
        for input in inputs { writer.add(input) }
        configure(writer, inputs)
        #expect(writer.startWriting(), "\(String(describing: writer.error))")
        writer.startSession(atSourceTime: .zero)
        var positions = Array(repeating: 0, count: inputs.count)
        WriterMedia.feed(inputs) { index in
            guard positions[index] < 22_050 else { return nil }
            defer { positions[index] += 2205 }
            return WriterMedia.tone(frames: 2205, start: positions[index])
        }
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        return writer
    }

    @Test("asset and track metadata read back identical through our AVAsset, ffprobe and mediainfo",
          arguments: [("mov", AVFileType.mov), ("mp4", .mp4), ("m4a", .m4a), ("3gp", .mobile3GPP), ("wav", .wav), ("caf", .caf)])
    func metadataRoundTrip(_ ext: String, _ fileType: AVFileType) async throws {
        let directory = try TestFiles.makeTemporaryDirectory("metadata")
        let url = directory.file("tagged.\(ext)")
        let assetItems = [Self.item(.commonIdentifierTitle, "Writer title"), Self.item(.commonIdentifierArtist, "Writer artist")]
        let isMovie = ![.wav, .caf].contains(fileType)
        let trackItems = isMovie && fileType != .mobile3GPP ? [Self.item(.quickTimeUserDataFullName, "Track name")] : []
        _ = try await Self.writeAudio(url, fileType: fileType, metadata: assetItems, trackMetadata: trackItems)

        // Our reader: the common title and artist come back with the same values.
        let asset = AVURLAsset(url: url)
        let common = try await asset.load(.commonMetadata)
        let title = AVMetadataItem.metadataItems(from: common, filteredByIdentifier: .commonIdentifierTitle).first
        let artist = AVMetadataItem.metadataItems(from: common, filteredByIdentifier: .commonIdentifierArtist).first
        #expect(try await title?.load(.stringValue) == "Writer title")
        #expect(try await artist?.load(.stringValue) == "Writer artist")
        if !trackItems.isEmpty {
            let track = try #require(try await asset.loadTracks(withMediaType: .audio).first)
            let metadata = try await track.load(.metadata)
            #expect(metadata.contains { $0.identifier == .quickTimeUserDataFullName && $0.stringValue == "Track name" }, "\(metadata)")
        }
        // ffprobe sees the title under its name for the file type's key (QuickTime metadata keeps its reverse-DNS
        // key; ffprobe 5.1 does not read 3GPP asset information boxes, so 3GPP is judged by mediainfo alone).
        let tags = try WriterProbe(url: url).format()["tags"] as? [String: Any] ?? [:]
        if fileType != .mobile3GPP {
            let probedTitle = (fileType == .mov ? tags["com.apple.quicktime.title"] : tags["title"]) as? String
            #expect(probedTitle == "Writer title", "ffprobe tags: \(tags)")
        }
        // mediainfo 23 lists the title and artist (as "Track name"/"Performer", or by their keys).
        let report = try ExternalTool.check("mediainfo", [url.path]).output
        #expect(report.contains("Writer title") && report.contains("Writer artist"), "\(report)")
    }

    @Test("an input group becomes an alternate group: the default input enabled, the others not")
    func inputGroup() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("group")
        let url = directory.file("group.mov")
        _ = try await Self.writeAudio(url, fileType: .mov, languages: ["eng", "fra", "deu"]) { writer, inputs in
            let group = AVAssetWriterInputGroup(inputs: inputs, defaultInput: inputs[1])
            #expect(writer.canAdd(group))
            writer.add(group)
            #expect(writer.inputGroups.count == 1)
        }
        let asset = AVURLAsset(url: url)
        let tracks = try await asset.load(.tracks)
        var enabled: [Bool] = []
        for track in tracks { enabled.append(try await track.load(.isEnabled)) }
        #expect(enabled == [false, true, false])
        let groups = try await asset.load(.trackGroups)
        #expect(groups.count == 1 && groups.first?.trackIDs.count == 3)
        let streams = try WriterProbe(url: url).streams()
        let defaults = streams.map { ($0["disposition"] as? [String: Any])?["default"] as? Int ?? -1 }
        #expect(defaults == [0, 1, 0], "ffprobe dispositions: \(defaults)")
        #expect(streams.map { ($0["tags"] as? [String: Any])?["language"] as? String } == ["eng", "fra", "ger"], "ffprobe 5.1 gives ISO 639-2/B codes")
    }

    @Test("a track association becomes a track reference")
    func trackAssociation() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("assoc")
        let url = directory.file("assoc.mov")
        _ = try await Self.writeAudio(url, fileType: .mov, languages: ["eng", "eng"]) { _, inputs in }
        let url2 = directory.file("assoc2.mov")
        let writer = try AVAssetWriter(outputURL: url2, fileType: .mov)
        let a = AVAssetWriterInput(mediaType: .audio, outputSettings: [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 1])
        let b = AVAssetWriterInput(mediaType: .audio, outputSettings: [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 1])
        #expect(a.canAddTrackAssociation(withTrackOf: b, type: AVAssetTrack.AssociationType.audioFallback.rawValue))
        #expect(!a.canAddTrackAssociation(withTrackOf: a, type: AVAssetTrack.AssociationType.audioFallback.rawValue))
        a.addTrackAssociation(withTrackOf: b, type: AVAssetTrack.AssociationType.audioFallback.rawValue)
        writer.add(a)
        writer.add(b)
        #expect(writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        var positions = [0, 0]
        WriterMedia.feed([a, b]) { index in
            guard positions[index] < 4410 else { return nil }
            defer { positions[index] += 2205 }
            return WriterMedia.tone(frames: 2205, start: positions[index], channels: 1)
        }
        await writer.finishWriting()
        #expect(writer.status == .completed)
        let track = try #require(try await AVURLAsset(url: url2).load(.tracks).first)
        let associated = try await track.load(.availableTrackAssociationTypes)
        #expect(associated.contains(.audioFallback), "\(associated)")
    }
}
