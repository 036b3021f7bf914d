import CoreMedia
import Foundation
import MediaContainer
import TestSupport
import Testing
@testable import AVFoundation

/// One audio file case: a generated file and the format the opener should pick.
struct AudioFileCase: CustomTestStringConvertible, Sendable {
    let name: String
    let format: ContainerFormat
    /// Whether ffprobe's packets are the reader's samples (compressed formats; PCM readers use one sample per frame).
    let packetsAreSamples: Bool
    /// Whether Apple reports precise timing without being asked (formats with complete headers).
    let preciseByDefault: Bool
    var testDescription: String { name }
}

let audioFileCases: [AudioFileCase] = [
    AudioFileCase(name: "pcm-s16le.wav", format: .wave, packetsAreSamples: false, preciseByDefault: true),
    AudioFileCase(name: "pcm-s16be.aiff", format: .aiff, packetsAreSamples: false, preciseByDefault: true),
    AudioFileCase(name: "alac.caf", format: .caf, packetsAreSamples: true, preciseByDefault: true),
    AudioFileCase(name: "adts.aac", format: .adts, packetsAreSamples: true, preciseByDefault: false),
    AudioFileCase(name: "mpeg-layer3.mp3", format: .mp3, packetsAreSamples: true, preciseByDefault: false),
]

/// Audio files opened through the AudioFile readers, judged by ffprobe. These run once the readers are registered.
@Suite("Real audio files: assets from WAVE, AIFF, CAF, ADTS and MP3 against ffprobe",
       .enabled(if: AssetMedia.audioReaderAvailable(.wave)))
struct RealAudioFileTests {
    @Test("one audio track, ffprobe's duration, packets and sizes", arguments: audioFileCases)
    func audioFile(_ testCase: AudioFileCase) async throws {
        let url = try AssetMedia.url(testCase.name)
        let asset = AVURLAsset(url: url)
        let (duration, tracks, precise, playable) = try await asset.load(.duration, .tracks,
                                                                          .providesPreciseDurationAndTiming, .isPlayable)
        #expect(tracks.count == 1 && tracks.first?.mediaType == .audio)
        #expect(precise == testCase.preciseByDefault)
        #expect(playable)
        let probed = try AssetMedia.probe(url)
        #expect(abs(CMTimeGetSeconds(duration) - probed.duration) < 0.06, "\(duration.seconds) vs \(probed.duration)")
        let track = try #require(tracks.first)
        let packets = try AssetMedia.packets(url, stream: 0)
        if testCase.packetsAreSamples {
            let headers: Int64 = testCase.format == .adts ? 7 * Int64(packets.count) : 0
            #expect(try await track.load(.totalSampleDataLength) == packets.reduce(0) { $0 + $1.size } - headers)
            let cursor = try #require(track.makeSampleCursorAtFirstSampleInDecodeOrder())
            var index = 0
            repeat {
                guard index < packets.count else { break }
                // ffprobe's ADTS packets include the 7-byte frame header (ISO/IEC 13818-7 §6.2, no CRC); the
                // reader's samples are the raw access units after it, as Apple's 'aac ' samples are.
                let header: Int64 = testCase.format == .adts ? 7 : 0
                let range = cursor.currentSampleStorageRange
                #expect(range.offset == packets[index].position + header, "packet \(index)")
                #expect(range.length == packets[index].size - header, "packet \(index)")
                index += 1
            } while cursor.stepInDecodeOrder(byCount: 1) == 1
            #expect(index == packets.count)
        } else {
            #expect(try await track.load(.totalSampleDataLength) == packets.reduce(0) { $0 + $1.size })
        }
        let preciseAsset = AVURLAsset(url: url, options: [AVURLAssetPreferPreciseDurationAndTimingKey: true])
        #expect(try await preciseAsset.load(.providesPreciseDurationAndTiming))
    }

    @Test("RIFF INFO tags arrive in the audio-file key space and carry common keys")
    func waveTags() async throws {
        let url = try AssetMedia.url("pcm-info-tags.wav")
        let asset = AVURLAsset(url: url)
        let (metadata, common) = try await asset.load(.metadata, .commonMetadata)
        #expect(metadata.allSatisfy { $0.keySpace == .audioFile })
        #expect(AVMetadataItem.metadataItems(from: common, filteredByIdentifier: .commonIdentifierTitle)
            .first?.stringValue == "Tone")
        #expect(AVMetadataItem.metadataItems(from: common, filteredByIdentifier: .commonIdentifierArtist)
            .first?.stringValue == "Generator")
        #expect(asset.availableMetadataFormats == [.unknown])
    }

    @Test("a WAVE file cut inside its format chunk fails with fileFailedToParse and the reader's location")
    func brokenWave() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("cut.wav")
        try Data(Array("RIFF".utf8) + [200, 0, 0, 0] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0, 1, 0]).write(to: url)
        await #expect { try await AVURLAsset(url: url).load(.tracks) } throws: { error in
            guard let error = error as? AVError else { return false }
            return error.code == .fileFailedToParse && error.underlyingError != nil
        }
    }
}
