import AudioFile
import CoreMedia
import Foundation
import MediaContainer
import TestSupport
import Testing
@testable import AVFoundation

/// One sniffing case: the first bytes of a file and the format they announce.
struct SniffCase: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let format: ContainerFormat?
    var testDescription: String { name }
}

private func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

let sniffCases: [SniffCase] = [
    SniffCase(name: "MP4 ftyp", bytes: [0, 0, 0, 24] + ascii("ftypisom") + [UInt8](repeating: 0, count: 16),
              format: .isoBaseMedia),
    SniffCase(name: "QuickTime ftyp", bytes: [0, 0, 0, 20] + ascii("ftypqt  ") + [0, 0, 2, 0] + ascii("qt  "),
              format: .quickTime),
    SniffCase(name: "QuickTime without ftyp (moov first)", bytes: [0, 0, 0, 8] + ascii("moov"), format: .quickTime),
    SniffCase(name: "QuickTime with a wide atom", bytes: [0, 0, 0, 8] + ascii("wide") + [0, 0, 0, 8] + ascii("mdat"),
              format: .quickTime),
    SniffCase(name: "fragmented MP4 segment", bytes: [0, 0, 0, 16] + ascii("stypmsdh") + [0, 0, 0, 0], format: .isoBaseMedia),
    SniffCase(name: "box size larger than the file", bytes: [0x7F, 0, 0, 0] + ascii("ftypisom"), format: nil),
    SniffCase(name: "WAVE", bytes: ascii("RIFF") + [36, 0, 0, 0] + ascii("WAVEfmt "), format: .wave),
    SniffCase(name: "RF64", bytes: ascii("RF64") + [0xFF, 0xFF, 0xFF, 0xFF] + ascii("WAVEds64"), format: .wave),
    SniffCase(name: "RIFF that is not WAVE (AVI)", bytes: ascii("RIFF") + [36, 0, 0, 0] + ascii("AVI LIST"), format: nil),
    SniffCase(name: "AIFF", bytes: ascii("FORM") + [0, 0, 0, 46] + ascii("AIFFCOMM"), format: .aiff),
    SniffCase(name: "AIFC", bytes: ascii("FORM") + [0, 0, 0, 46] + ascii("AIFCFVER"), format: .aifc),
    SniffCase(name: "CAF", bytes: ascii("caff") + [0, 1, 0, 0], format: .caf),
    SniffCase(name: "AMR", bytes: ascii("#!AMR\n") + [0x3C], format: .amr),
    SniffCase(name: "AMR-WB", bytes: ascii("#!AMR-WB\n") + [0x04], format: .amr),
    SniffCase(name: "MPEG-1 layer 3 frame", bytes: [0xFF, 0xFB, 0x90, 0x64], format: .mp3),
    SniffCase(name: "ADTS frame", bytes: [0xFF, 0xF1, 0x50, 0x80, 0x02, 0x1F, 0xFC], format: .adts),
    SniffCase(name: "ID3v2 then an MPEG frame", bytes: ascii("ID3") + [4, 0, 0, 0, 0, 0, 2] + [0, 0] + [0xFF, 0xFB, 0x90, 0x64],
              format: .mp3),
    SniffCase(name: "ID3v2 then ADTS", bytes: ascii("ID3") + [4, 0, 0, 0, 0, 0, 1] + [0] + [0xFF, 0xF1, 0x50, 0x80],
              format: .adts),
    SniffCase(name: "frame sync with a reserved bitrate", bytes: [0xFF, 0xFB, 0xF0, 0x64], format: nil),
    SniffCase(name: "text", bytes: ascii("hello, world\n"), format: nil),
    SniffCase(name: "empty", bytes: [], format: nil),
]

@Suite("Opening files: recognising formats and reporting failures as Apple does")
struct OpenerTests {
    @Test("formats are recognised from their signatures", arguments: sniffCases)
    func sniffing(_ testCase: SniffCase) {
        #expect(ContainerOpener.recognize(AudioFileData(copying: testCase.bytes), pathExtension: nil) == testCase.format)
    }

    @Test("a missing file fails with NSURLErrorFileDoesNotExist over the POSIX error, as Apple reports it")
    func missingFile() async throws {
        let url = URL(fileURLWithPath: "/nonexistent/lavf-\(UUID().uuidString).mov")
        let asset = AVURLAsset(url: url)
        do {
            _ = try await asset.load(.tracks)
            Issue.record("loading a missing file should fail")
        } catch let error as NSError {
            #expect(error.domain == NSURLErrorDomain)
            #expect(error.code == -1100)
            let underlying = try #require(error.userInfo[NSUnderlyingErrorKey] as? NSError)
            #expect(underlying.domain == NSPOSIXErrorDomain && underlying.code == Int(ENOENT))
        }
        var error: NSError?
        #expect(asset.statusOfValue(forKey: "tracks", error: &error) == .failed)
        #expect(error?.code == -1100)
        #expect(!asset.isPlayable && !asset.isReadable)
    }

    @Test("a directory and a network URL fail with their URL loading codes")
    func directoryAndNetwork() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        await #expect { try await AVURLAsset(url: directory.url).load(.duration) } throws: { error in
            (error as NSError).domain == NSURLErrorDomain && (error as NSError).code == -1101
        }
        await #expect { try await AVURLAsset(url: URL(string: "https://example.com/a.mp4")!).load(.duration) } throws: {
            ($0 as NSError).domain == NSURLErrorDomain && ($0 as NSError).code == -1002
        }
    }

    @Test("a file that is not media fails with AVError.fileFormatNotRecognized")
    func notMedia() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        for name in ["notes.txt", "empty.bin"] {
            let url = directory.file(name)
            try Data(name == "empty.bin" ? [] : Array("just some text\n".utf8)).write(to: url)
            do {
                _ = try await AVAsset(url: url).load(.duration)
                Issue.record("\(name) should not load")
            } catch let error as AVError {
                #expect(error.code == .fileFormatNotRecognized)
                #expect(error.underlyingError is UnrecognizedFormat)
            }
        }
    }

    @Test("a file its reader rejects fails with AVError.fileFailedToParse carrying the reader's error")
    func malformed() async throws {
        let failure = ReaderFailure(boxPath: "moov", offset: 8)
        let controlled = ControlledOpener { throw failure }
        let asset = AVURLAsset(url: try ControlledOpener.scratchMovie(), opener: controlled.opener)
        await #expect { try await asset.load(.duration) } throws: { error in
            guard let error = error as? AVError else { return false }
            return error.code == .fileFailedToParse && error.underlyingError as? ReaderFailure == failure
                && error.localizedDescription.contains("moov at byte 8")
        }
    }

    @Test("a reader that says the bytes are not its format gives fileFormatNotRecognized with its reason")
    func readerSaysNotRecognized() async throws {
        let failure = ReaderFailure(boxPath: "", offset: 0)
        let opener = ContainerOpener(readers: [.isoBaseMedia: ContainerOpener.Reader(
            open: { _, _ in throw failure }, meansNotRecognized: { $0 is ReaderFailure })])
        let asset = AVURLAsset(url: try ControlledOpener.scratchMovie(), opener: opener)
        await #expect { try await asset.load(.tracks) } throws: { error in
            (error as? AVError)?.code == .fileFormatNotRecognized
                && (error as? AVError)?.underlyingError as? ReaderFailure == failure
        }
    }

    @Test("AVURLAsset options are read leniently and reported back")
    func options() throws {
        let asset = AVURLAsset(url: URL(fileURLWithPath: "/x.mp3"), options: [
            AVURLAssetPreferPreciseDurationAndTimingKey: NSNumber(value: true),
            AVURLAssetReferenceRestrictionsKey: AVAssetReferenceRestrictions.forbidAll.rawValue,
            AVURLAssetAllowableAudioCodecTypesKey: [NSNumber(value: kAudioFormatMPEG4AAC)],
            AVURLAssetHTTPCookiesKey: [Any](),
        ])
        #expect(asset.options.prefersPreciseDurationAndTiming)
        #expect(asset.referenceRestrictions == .forbidAll)
        #expect(asset.options.allows(mediaType: kCMMediaType_Audio, subType: kAudioFormatMPEG4AAC))
        #expect(!asset.options.allows(mediaType: kCMMediaType_Audio, subType: kAudioFormatLinearPCM))
        #expect(AVURLAsset(url: URL(fileURLWithPath: "/y.mov")).referenceRestrictions == .defaultPolicy)
        #expect(AVURLAsset.isPlayableExtendedMIMEType("video/mp4; codecs=\"avc1.64001f, mp4a.40.2\""))
        #expect(!AVURLAsset.isPlayableExtendedMIMEType("video/mp4; codecs=\"xyz9\""))
        #expect(!AVURLAsset.isPlayableExtendedMIMEType("application/pdf"))
        #expect(AVURLAsset.audiovisualTypes.contains(.mov))
    }

    @Test("codec restrictions make tracks of other codecs neither decodable nor playable")
    func allowableCodecs() throws {
        let reader = try Build.compatReader()
        let asset = AVURLAsset(url: URL(fileURLWithPath: "/c.mov"), reader: reader,
                               options: [AVURLAssetAllowableVideoCodecTypesKey: [NSNumber(value: Build.code("hvc1"))]])
        #expect(!asset.tracks[0].isDecodable && !asset.tracks[0].isPlayable)
        #expect(asset.tracks[1].isDecodable && asset.tracks[1].isPlayable)
        #expect(asset.isPlayable)
    }
}
