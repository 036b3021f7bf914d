import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// Watches a condition on a thread of its own, every half millisecond, for at most `timeout` seconds.
///
/// Why not a task: Swift Testing starts every test as a task on the concurrency pool (two threads here), so a
/// polling task that sleeps goes back in line behind the start of every test not yet run, and may next run after
/// the export it watches has ended. A thread is scheduled by the kernel, whatever the pool is doing.
final class Watcher: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    /// Calls `sample` until it returns false, `stop()` is called or `timeout` passes.
    init(timeout: TimeInterval = 120, sample: @escaping @Sendable () -> Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        let thread = Thread { [self] in
            while !lock.withLock({ stopped }), Date() < deadline, sample() { usleep(500) }
            finished.signal()
        }
        thread.start()
    }

    /// Stops watching and returns once the watching thread has ended.
    func stop() {
        lock.withLock { stopped = true }
        finished.wait()
    }

    /// Calls `action` once `condition` holds (or never, after `timeout`).
    static func when(timeout: TimeInterval = 120, _ condition: @escaping @Sendable () -> Bool,
                     do action: @escaping @Sendable () -> Void) {
        _ = Watcher(timeout: timeout) {
            guard condition() else { return true }
            action()
            return false
        }
    }
}

/// A value several threads write and read.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func update<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&value) } }
    var current: Value { lock.withLock { value } }
}

/// Exports watched while they run: cancelling mid-way, the waiting queue, progress and states.
///
/// These need the watcher to be scheduled while the export runs, which a test process running hundreds of tests
/// in parallel on two cores does not promise for tasks (see `Watcher`), so `make test` runs this suite on its own
/// after the others (`swift test --filter ExportSchedulingTests`); the state sequence is consumed by a task.
@Suite("Export scheduling")
struct ExportSchedulingTests {
    static func session(_ preset: String = AVAssetExportPreset640x480, source: URL? = nil) throws -> AVAssetExportSession {
        try ExportBehaviourTests.session(preset, source: source)
    }

    /// True once `session` is exporting and has made progress (or has ended, so that a test never waits forever).
    static func underWay(_ session: AVAssetExportSession) -> Bool {
        (session.status == .exporting && session.progress > 0) || session.status.rawValue >= 3
    }

    @Test("cancelling a running export: cancelled, the handler once, no output and no temporary files")
    func cancelRunning() async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let temporary = try TestFiles.makeTemporaryDirectory()
        let session = try Self.session(AVAssetExportPresetHEVCHighestQuality, source: try ExportBehaviourTests.longSource())
        session.outputURL = folder.file("cancelled.mp4")
        session.outputFileType = .mp4
        session.canPerformMultiplePassesOverSourceMediaData = true
        session.directoryForTemporaryFiles = temporary.url
        let counter = CallCounter()
        let done = AsyncStream<Void>.makeStream()
        Watcher.when({ Self.underWay(session) }, do: { session.cancelExport() })
        session.exportAsynchronously {
            counter.increment()
            done.continuation.yield()
        }
        var iterator = done.stream.makeAsyncIterator()
        _ = await iterator.next()
        try await Task.sleep(for: .milliseconds(200))
        #expect(session.status == .cancelled)
        #expect(counter.count == 1)
        #expect(session.progress < 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "the partial output is removed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path).isEmpty, "temporary files are removed")
    }

    @Test("cancelling the task of export(to:as:) throws CancellationError and leaves nothing")
    func cancelTask() async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let session = try Self.session(AVAssetExportPresetHEVCHighestQuality, source: try ExportBehaviourTests.longSource())
        let output = folder.file("task.mp4")
        let task = Task { try await session.export(to: output, as: .mp4) }
        Watcher.when({ Self.underWay(session) }, do: { task.cancel() })
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(session.status == .cancelled)
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test("more exports than slots: the extra ones report waiting, then run, and all complete")
    func waitingQueue() async throws {
        let capacity = ExportQueue.shared.capacity
        let count = capacity + 2
        let folder = try TestFiles.makeTemporaryDirectory()
        let sessions = try (0..<count).map { _ in try Self.session(AVAssetExportPreset640x480) }
        // Each session's statuses in the order they were seen, and the most exporting at once.
        let seen = Locked([[AVAssetExportSession.Status]](repeating: [], count: count))
        let mostAtOnce = Locked(0)
        let watcher = Watcher {
            let statuses = sessions.map(\.status)
            seen.update { seen in
                for (index, status) in statuses.enumerated() where seen[index].last != status { seen[index].append(status) }
            }
            mostAtOnce.update { $0 = max($0, statuses.filter { $0 == .exporting }.count) }
            return true
        }
        // The exports start once the watcher has seen every session before it started.
        while seen.current.contains(where: \.isEmpty) { try await Task.sleep(for: .milliseconds(1)) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, session) in sessions.enumerated() {
                group.addTask { try await session.export(to: folder.file("\(index).mp4"), as: .mp4) }
            }
            try await group.waitForAll()
        }
        watcher.stop()
        #expect(mostAtOnce.current <= capacity, "at most \(capacity) exports ran at once, saw \(mostAtOnce.current)")
        let histories = seen.current
        let waitedThenExported = histories.filter { history in
            guard let waiting = history.firstIndex(of: .waiting), let exporting = history.firstIndex(of: .exporting) else { return false }
            return waiting < exporting
        }
        #expect(histories.allSatisfy { $0.first == .unknown }, "\(histories)")
        #expect(waitedThenExported.count >= count - capacity, "the exports beyond the slots waited first: \(histories)")
        #expect(sessions.allSatisfy { $0.status == .completed })
        #expect(ExportQueue.shared.counts.running <= capacity)
    }

    @Test("progress only grows and reaches 1; states(updateInterval:) reports exporting with a Progress and ends")
    func progressAndStates() async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let session = try Self.session(AVAssetExportPresetHEVC1920x1080, source: try ExportBehaviourTests.longSource())
        let stateReader = Task { () -> [Double] in
            var fractions: [Double] = []
            for await state in session.states(updateInterval: 0.01) {
                if case .exporting(let progress) = state { fractions.append(progress.fractionCompleted) }
            }
            return fractions
        }
        let values = Locked([Float]())
        let poller = Watcher {
            let value = session.progress
            values.update { $0.append(value) }
            return true
        }
        try await session.export(to: folder.file("p.mp4"), as: .mp4)
        poller.stop()
        let fractions = await stateReader.value
        let progress = values.current
        #expect(!fractions.isEmpty, "exporting states were reported")
        #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $0 <= $1 }, "the Progress only grows")
        #expect(zip(progress, progress.dropFirst()).allSatisfy { $0 <= $1 }, "progress only grows")
        #expect(session.progress == 1)
        #expect(progress.contains { $0 > 0 && $0 < 1 }, "progress was seen between 0 and 1")
    }
}
