import CoreMedia
import CoreVideo
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

#if canImport(Glibc)
import Glibc
#endif

/// Caller mistakes and faults: each gives `false` or a failed status with an error naming the problem, and the
/// output file is removed (never left half-written and reported complete).
@Suite("AVAssetWriter: bad input and faults", .serialized)
struct WriterFaultTests {
    static var jpeg: [String: Any] { [AVVideoCodecKey: AVVideoCodecType.jpeg, AVVideoWidthKey: 64, AVVideoHeightKey: 48] }

    /// A started writer with one JPEG video input, and its file.
    static func started(session: Bool = true) throws -> (AVAssetWriter, AVAssetWriterInput, URL, TemporaryDirectory) {
        let directory = try TestFiles.makeTemporaryDirectory("faults")
        let url = directory.file("out.mov")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        let input = AVAssetWriterInput(mediaType: .video, outputSettings: jpeg)
        writer.add(input)
        #expect(writer.startWriting())
        if session { writer.startSession(atSourceTime: .zero) }
        return (writer, input, url, directory)
    }

    static func frame(_ index: Int, width: Int = 64, height: Int = 48) -> CMSampleBuffer {
        WriterMedia.imageSample(WriterMedia.pixelBuffer(width: width, height: height, frame: index),
                                at: CMTime(value: CMTimeValue(index), timescale: 30), duration: CMTime(value: 1, timescale: 30))
    }

    /// Checks that the writer failed with a message containing `text`, and that nothing is left at `url`.
    static func expectFailed(_ writer: AVAssetWriter, _ url: URL, mentioning text: String, code: AVError.Code? = nil,
                             sourceLocation: SourceLocation = #_sourceLocation) async {
        await writer.finishWriting()
        #expect(writer.status == .failed, sourceLocation: sourceLocation)
        let error = writer.error as? AVError
        #expect(error?.localizedDescription.contains(text) == true, "error: \(String(describing: error))", sourceLocation: sourceLocation)
        if let code { #expect(error?.code == code, sourceLocation: sourceLocation) }
        #expect(!FileManager.default.fileExists(atPath: url.path), "the partial file is removed", sourceLocation: sourceLocation)
    }

    @Test("init refuses an existing file and a type it cannot write")
    func refusesExistingFile() throws {
        let directory = try TestFiles.makeTemporaryDirectory("exists")
        let url = directory.file("there.mov")
        _ = FileManager.default.createFile(atPath: url.path, contents: Data([1, 2, 3]))
        #expect { try AVAssetWriter(outputURL: url, fileType: .mov) } throws: { ($0 as? AVError)?.code == .fileAlreadyExists }
        #expect(try Data(contentsOf: url) == Data([1, 2, 3]), "the existing file is untouched")
        #expect { try AVAssetWriter(url: directory.file("x.mp3"), fileType: .mp3) } throws: { ($0 as? AVError)?.code == .formatUnsupported }
    }

    @Test("appending after markAsFinished fails, naming the call")
    func appendAfterFinished() async throws {
        let (writer, input, url, directory) = try Self.started()
        _ = directory
        #expect(input.append(Self.frame(0)))
        input.markAsFinished()
        #expect(!input.isReadyForMoreMediaData)
        #expect(!input.append(Self.frame(1)))
        await Self.expectFailed(writer, url, mentioning: "after markAsFinished()", code: .operationNotAllowed)
    }

    @Test("a sample before any session fails, naming startSession")
    func noSession() async throws {
        let (writer, input, url, directory) = try Self.started(session: false)
        _ = directory
        #expect(!input.append(Self.frame(0)))
        await Self.expectFailed(writer, url, mentioning: "before startSession(atSourceTime:)")
    }

    @Test("decode timestamps out of order fail the writer, naming both times")
    func outOfOrderDecodeTimes() async throws {
        let source = try WriterMedia.sourceTracks(try AssetMedia.url("h264-bframes-aac-eng-rotated-90.mov"))
        let video = try #require(source.first { $0.mediaType == .video })
        let directory = try TestFiles.makeTemporaryDirectory("order")
        let url = directory.file("out.mov")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        let input = AVAssetWriterInput(mediaType: .video, outputSettings: nil, sourceFormatHint: video.format)
        writer.add(input)
        #expect(writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        _ = input.append(video.samples[1])
        _ = input.append(video.samples[0])
        await Self.expectFailed(writer, url, mentioning: "does not follow the previous sample")
    }

    @Test("a sample whose format does not match the input fails, naming the media types")
    func formatMismatch() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("mismatch")
        let url = directory.file("out.mov")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        let audio = AVAssetWriterInput(mediaType: .audio, outputSettings: [AVFormatIDKey: kAudioFormatMPEG4AAC,
                                                                          AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2])
        writer.add(audio)
        #expect(writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        #expect(!audio.append(Self.frame(0)))
        await Self.expectFailed(writer, url, mentioning: "does not match the soun input")
    }

    @Test("a pixel buffer of the wrong size fails, naming both sizes")
    func wrongPixelBufferSize() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("size")
        let url = directory.file("out.mov")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        let input = AVAssetWriterInput(mediaType: .video, outputSettings: Self.jpeg)
        let adaptor = AVAssetWriterInputPixelBufferAdaptor(assetWriterInput: input, sourcePixelBufferAttributes: [
            kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA,
            kCVPixelBufferWidthKey as String: 64, kCVPixelBufferHeightKey as String: 48,
        ])
        #expect(adaptor.pixelBufferPool == nil, "no pool before startWriting")
        writer.add(input)
        #expect(writer.startWriting())
        let pool = try #require(adaptor.pixelBufferPool)
        var pooled: CVPixelBuffer?
        CVPixelBufferPoolCreatePixelBuffer(nil, pool, &pooled)
        #expect(pooled.map(CVPixelBufferGetWidth) == 64)
        writer.startSession(atSourceTime: .zero)
        #expect(!adaptor.append(WriterMedia.pixelBuffer(width: 32, height: 32, frame: 0), withPresentationTime: .zero))
        await Self.expectFailed(writer, url, mentioning: "32x32 pixel buffer")
    }

    @Test("adding an input after startWriting fails the writer (Apple raises an exception)")
    func addAfterStart() async throws {
        let (writer, _, url, directory) = try Self.started()
        _ = directory
        let late = AVAssetWriterInput(mediaType: .audio, outputSettings: nil)
        #expect(!writer.canAdd(late))
        writer.add(late)
        await Self.expectFailed(writer, url, mentioning: "after startWriting()")
    }

    @Test("invalid output settings make an input that cannot be added, naming the key")
    func invalidSettings() throws {
        let directory = try TestFiles.makeTemporaryDirectory("settings")
        let writer = try AVAssetWriter(outputURL: directory.file("out.mov"), fileType: .mov)
        let input = AVAssetWriterInput(mediaType: .video, outputSettings: [AVVideoCodecKey: AVVideoCodecType.h264,
                                                                          AVVideoWidthKey: 641, AVVideoHeightKey: 360])
        #expect(!writer.canAdd(input))
        writer.add(input)
        #expect(writer.status == .failed)
        #expect(!writer.startWriting())
        let error = try #require(writer.error as? AVError)
        #expect(error.localizedDescription.contains(AVVideoWidthKey), "\(error.localizedDescription)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("out.mov").path))
    }

    @Test("cancelWriting removes the partial file")
    func cancelRemoves() async throws {
        let (writer, input, url, directory) = try Self.started()
        _ = directory
        for index in 0..<10 { _ = input.append(Self.frame(index)) }
        writer.cancelWriting()
        #expect(writer.status == .cancelled)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(!input.append(Self.frame(10)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty, "no temporary files either")
    }

    @Test("a cancel before startWriting: start returns false, the status stays cancelled, no file is created")
    func cancelBeforeStart() throws {
        let directory = try TestFiles.makeTemporaryDirectory("faults")
        let writer = try AVAssetWriter(outputURL: directory.file("out.mov"), fileType: .mov)
        writer.add(AVAssetWriterInput(mediaType: .video, outputSettings: Self.jpeg))
        writer.cancelWriting()
        #expect(!writer.startWriting())
        #expect(writer.status == .cancelled && writer.error == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    /// The race an export whose reading fails at once used to lose (a 0-byte output left behind): the cancel is made
    /// to arrive, by a hook, exactly while `startWriting()` is about to create the file.
    @Test("a cancel that comes while startWriting creates the file waits for it, then nothing is left")
    func cancelDuringStart() throws {
        let directory = try TestFiles.makeTemporaryDirectory("faults")
        let url = directory.file("out.mov")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        writer.add(AVAssetWriterInput(mediaType: .video, outputSettings: Self.jpeg))
        let cancelReturned = DispatchSemaphore(value: 0)
        let returnedEarly = OnceFlag()
        writer.willCreateOutput = { [writer] in
            DispatchQueue.global().async {
                writer.cancelWriting()
                cancelReturned.signal()
            }
            // Go on only once the cancel is waiting for this start (a state, not a delay).
            while !writer.lock.withLock({ writer.isCancelledWhileStarting }) { usleep(100) }
            if cancelReturned.wait(timeout: .now()) == .success { returnedEarly.set() }
        }
        #expect(!writer.startWriting())
        cancelReturned.wait()
        #expect(!returnedEarly.isSet, "cancelWriting waited for the start")
        #expect(writer.status == .cancelled)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    /// The race avassetwriter-fuzz found: a failure on one thread makes the status final, and a `finishWriting` or
    /// `cancelWriting` on another finds it final while the failing thread is still removing the file. A hook holds
    /// the failure between the two; the calls must not come back until it lets go, and then the file is gone.
    @Test("finishWriting and cancelWriting that find the writer failing wait until its file is removed",
          arguments: ["finishWriting", "cancelWriting"])
    func failureRacesFinish(_ call: String) throws {
        let (writer, _, url, directory) = try Self.started()
        let engine = try #require(writer.lock.withLock { writer.engine })
        let inWindow = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        engine.willDiscardOutput = { inWindow.signal(); release.wait() }
        // Threads of their own, not dispatch workers: the hook blocks one, and the writer's completion handler
        // must not wait for a free worker (that would hide the race).
        Thread { engine.fail(AVError(.unknown, "injected failure")) }.start()
        inWindow.wait()
        #expect(writer.status == .failed)
        #expect(FileManager.default.fileExists(atPath: url.path), "the window is real: the file is still there")
        let returned = DispatchSemaphore(value: 0)
        let sawFile = OnceFlag()
        Thread {
            if call == "finishWriting" {
                writer.finishWriting {
                    if FileManager.default.fileExists(atPath: url.path) { sawFile.set() }
                    returned.signal()
                }
            } else {
                writer.cancelWriting()
                if FileManager.default.fileExists(atPath: url.path) { sawFile.set() }
                returned.signal()
            }
        }.start()
        // Before the fix the call came back at once; now it cannot come back while the failure holds the file.
        let cameBackEarly = returned.wait(timeout: .now() + 0.5) == .success
        #expect(!cameBackEarly, "\(call) came back before the file was removed")
        release.signal()
        if !cameBackEarly { returned.wait() }
        #expect(!sawFile.isSet)
        #expect(writer.status == .failed)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    /// A cancel that comes just after the start finished still finds the engine and removes the file.
    @Test("a cancel right after startWriting removes the file it created")
    func cancelAfterStart() throws {
        let (writer, _, url, directory) = try Self.started(session: false)
        writer.cancelWriting()
        #expect(writer.status == .cancelled)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    /// A 1 MiB tmpfs, or nil when mounting is not allowed here (not root).
    static func smallDisk() -> (URL, () -> Void)? {
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("lavf-full-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard let result = try? ExternalTool.run("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint.path]),
              result.status == 0 else {
            try? FileManager.default.removeItem(at: mountPoint)
            return nil
        }
        return (mountPoint, {
            _ = try? ExternalTool.run("umount", [mountPoint.path])
            try? FileManager.default.removeItem(at: mountPoint)
        })
    }

    @Test("a full disk fails with diskFull and removes the partial file", arguments: [AVFileType.mov, .wav])
    func diskFull(_ fileType: AVFileType) async throws {
        guard let (disk, unmount) = Self.smallDisk() else {
            print("diskFull: skipped, tmpfs cannot be mounted here")
            return
        }
        defer { unmount() }
        let url = disk.appendingPathComponent(fileType == .wav ? "full.wav" : "full.mov")
        let writer = try AVAssetWriter(outputURL: url, fileType: fileType)
        // 15 s of 16-bit stereo PCM (2.6 MB) into 1 MiB, in a movie and in a WAVE file.
        let input = AVAssetWriterInput(mediaType: .audio, outputSettings: [
            AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2,
            AVLinearPCMBitDepthKey: 16, AVLinearPCMIsFloatKey: false, AVLinearPCMIsBigEndianKey: false,
            AVLinearPCMIsNonInterleaved: false])
        writer.add(input)
        #expect(writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        var index = 0
        WriterMedia.feed([input]) { _ in
            guard index < 30 else { return nil }
            defer { index += 1 }
            return WriterMedia.tone(frames: 44_100 / 2, start: index * 22_050)
        }
        await writer.finishWriting()
        #expect(writer.status == .failed)
        #expect((writer.error as? AVError)?.code == .diskFull, "\(String(describing: writer.error))")
        #expect(!FileManager.default.fileExists(atPath: url.path), "the partial file is removed")
    }
}

/// A flag set once, read from any thread.
private final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
