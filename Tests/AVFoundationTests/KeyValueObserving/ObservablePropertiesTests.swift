import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// Collects what observation handlers are called with, from any thread.
private final class Notes<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var elements: [Element] = []

    func append(_ element: Element) { lock.withLock { elements.append(element) } }
    var all: [Element] { lock.withLock { elements } }
}

/// An app's exporter class, as apps subclass Apple's: key paths rooted at it are other values than the base's.
private final class AppExporter: AVAssetExportSession, @unchecked Sendable {}

/// Key-value observing of the properties AVFoundation's classes announce (issue 14): real exports, readers and
/// writers, observed with `observe(_:options:changeHandler:)`.
@Suite("Key-value observable properties")
struct ObservablePropertiesTests {
    @Test("a real export's progress is announced as it advances and reaches 1; its status goes waiting, exporting, completed")
    func exportProgressAndStatus() async throws {
        let source = AVURLAsset(url: try ExportMedia.url("h264-bframes-aac-320x240-25fps.mov"))
        let directory = try TestFiles.makeTemporaryDirectory("kvo-export")
        let exporter = try #require(AppExporter(asset: source, presetName: AVAssetExportPreset640x480))
        exporter.outputURL = directory.file("out.mp4")
        exporter.outputFileType = .mp4
        let progress = Notes<Float>()
        let statuses = Notes<AVAssetExportSession.Status>()
        let oldStatuses = Notes<AVAssetExportSession.Status?>()
        let timeline = Notes<String>()
        let progressObservation = exporter.observe(\.progress, options: [.new]) { session, change in
            progress.append(change.newValue!)
            timeline.append("progress \(change.newValue!)")
            #expect(session.progress >= change.newValue!)
        }
        // Through the base class's type too: another root, the same property.
        let base: AVAssetExportSession = exporter
        let statusObservation = base.observe(\.status, options: [.initial, .old, .new]) { _, change in
            statuses.append(change.newValue!)
            oldStatuses.append(change.oldValue)
            timeline.append("status \(change.newValue!.rawValue)")
        }
        let statusesAtCompletion = Notes<[AVAssetExportSession.Status]>()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            exporter.exportAsynchronously {
                statusesAtCompletion.append(statuses.all)
                done.resume()
            }
        }
        #expect(exporter.status == .completed, "\(String(describing: exporter.error))")
        let values = progress.all
        #expect(values.last == 1)
        #expect(values.count > 10, "announced as the export advances, not only at the end: \(values.count) values")
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 }, "increasing, each value once")
        #expect(statuses.all == [.unknown, .waiting, .exporting, .completed])
        #expect(oldStatuses.all == [nil, .unknown, .waiting, .exporting])
        // Progress reached 1 before the status became completed.
        #expect(timeline.all.suffix(2) == ["progress 1.0", "status 3"])
        // Observers heard of the end before the completion handler ran.
        #expect(statusesAtCompletion.all.first?.last == .completed)
        progressObservation.invalidate()
        statusObservation.invalidate()
    }

    @Test("a cancelled export's status is announced, and the output settings Apple documents as observable are")
    func cancelledExportAndSettings() async throws {
        let source = AVURLAsset(url: try ExportMedia.url("h264-bframes-aac-320x240-25fps.mov"))
        let directory = try TestFiles.makeTemporaryDirectory("kvo-cancel")
        let exporter = try #require(AVAssetExportSession(asset: source, presetName: AVAssetExportPresetPassthrough))
        let urls = Notes<URL?>()
        let types = Notes<AVFileType?>()
        let statuses = Notes<AVAssetExportSession.Status>()
        let observations = [
            exporter.observe(\.outputURL, options: [.new]) { _, change in urls.append(change.newValue!) },
            exporter.observe(\.outputFileType, options: [.new]) { _, change in types.append(change.newValue!) },
            exporter.observe(\.status, options: [.new]) { _, change in statuses.append(change.newValue!) },
        ]
        let url = directory.file("out.mov")
        exporter.outputURL = url
        exporter.outputURL = url
        exporter.outputFileType = .mov
        #expect(urls.all == [url], "one notification per change of value")
        #expect(types.all == [.mov])
        exporter.cancelExport()
        #expect(statuses.all == [.cancelled])
        for observation in observations { observation.invalidate() }
    }

    @Test("a reader's status is announced: reading, then completed or cancelled")
    func readerStatus() throws {
        let asset = AVURLAsset(url: try ExportMedia.url("h264-bframes-aac-320x240-25fps.mov"))
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: asset.tracks(withMediaType: .audio)[0], outputSettings: nil)
        reader.add(output)
        let statuses = Notes<AVAssetReader.Status>()
        let observation = reader.observe(\.status, options: [.initial, .new]) { _, change in statuses.append(change.newValue!) }
        #expect(reader.startReading())
        while output.copyNextSampleBuffer() != nil {}
        #expect(reader.status == .completed)
        #expect(statuses.all == [.unknown, .reading, .completed])
        observation.invalidate()

        let cancelled = try AVAssetReader(asset: asset)
        cancelled.add(AVAssetReaderTrackOutput(track: asset.tracks(withMediaType: .video)[0], outputSettings: nil))
        let cancelledStatuses = Notes<AVAssetReader.Status>()
        let cancelledObservation = cancelled.observe(\.status, options: [.old, .new]) { _, change in
            cancelledStatuses.append(change.newValue!)
            #expect(change.oldValue != change.newValue)
        }
        #expect(cancelled.startReading())
        cancelled.cancelReading()
        #expect(cancelledStatuses.all == [.reading, .cancelled])
        cancelledObservation.invalidate()
    }

    @Test("a writer's status and an input's readiness are announced as they change")
    func writerStatusAndReadiness() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("kvo-writer")
        let (writer, first, second) = try WriterMedia.twoAudioInputs(writingTo: directory.file("out.mov"))
        let statuses = Notes<AVAssetWriter.Status>()
        let readiness = Notes<Bool>()
        let observations = [
            writer.observe(\.status, options: [.new]) { _, change in statuses.append(change.newValue!) },
            first.observe(\.isReadyForMoreMediaData, options: [.initial, .new]) { _, change in
                readiness.append(change.newValue!)
            },
        ]
        #expect(readiness.all == [false])
        #expect(writer.startWriting())
        #expect(statuses.all == [.writing])
        #expect(readiness.all == [false, true])
        writer.startSession(atSourceTime: .zero)
        // As in WriterReadinessTests: the first input stops being ready after about a second of staged samples,
        // and is ready again once the second input has caught up.
        var appended = 0
        while first.isReadyForMoreMediaData, appended < 100 {
            #expect(first.append(WriterMedia.tone(frames: 4410, start: appended * 4410)))
            appended += 1
        }
        #expect(readiness.all.last == false)
        var secondAppended = 0
        while !first.isReadyForMoreMediaData, secondAppended < 30 {
            #expect(second.append(WriterMedia.tone(frames: 4410, start: secondAppended * 4410)))
            secondAppended += 1
        }
        #expect(readiness.all.last == true)
        first.markAsFinished()
        second.markAsFinished()
        #expect(readiness.all.last == false)
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        #expect(statuses.all == [.writing, .completed])
        let seen = readiness.all
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 != $1 }, "each change once: \(seen)")
        for observation in observations { observation.invalidate() }
    }

    @Test("the key paths each class announces, from the class and from a subclass")
    func announcedKeys() {
        #expect(AVAssetExportSession.announcedKey(for: \AVAssetExportSession.progress, rootedAt: AVAssetExportSession.self) == "progress")
        #expect(AVAssetExportSession.announcedKey(for: \AppExporter.status, rootedAt: AppExporter.self) == "status")
        #expect(AVAssetExportSession.announcedKey(for: \AVAssetExportSession.presetName, rootedAt: AVAssetExportSession.self) == nil)
        #expect(AVAssetWriterInput.announcedKey(for: \AVAssetWriterInput.isReadyForMoreMediaData,
                                                rootedAt: AVAssetWriterInput.self) == "readyForMoreMediaData")
        #expect(AVAssetReader.announcedKey(for: \AVAssetReader.status, rootedAt: AVAssetReader.self) == "status")
        #expect(AVAssetWriter.announcedKey(for: \AVAssetWriter.status, rootedAt: AVAssetWriter.self) == "status")
    }
}
