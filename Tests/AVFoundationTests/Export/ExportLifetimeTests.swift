import CoreMedia
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import AVFoundation

/// Nothing of an export may outlive it: a server runs exports one after another for months, and a segmented export
/// in one process runs a job per piece. Each piece's job was once kept by the segmented export's cancellation lists
/// until the whole export ended, and with it the piece's decoder, encoder, picture pools and their threads: 40 MB
/// and two threads a 720p piece, for every piece (`avsplit run` of 60 s in six pieces peaked at 464 MB against one
/// piece's 264 MB).
@Suite("Export lifetime: nothing of an export outlives it", .serialized)
struct ExportLifetimeTests {
    @Test("a finished export's job, still held, holds none of its reader, writer or stages")
    func finishedJobHoldsNoPipeline() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let request = try SegmentedExportTests.request(try SegmentedExportTests.source(),
                                                       output: directory.file("out.mp4"))
        let held = Mutex<ExportJob?>(nil)
        try await blockingWork { try ExportJob.run(request, plan: nil, started: { job in held.withLock { $0 = job } }) }
        let job = try #require(held.withLock { $0 })
        // The job's own thread lets go of it just after reporting the outcome.
        let fields = Dictionary(uniqueKeysWithValues: Mirror(reflecting: job).children.compactMap { child in
            child.label.map { ($0, child.value) }
        })
        #expect("\(fields["reader"] ?? "missing")" == "nil")
        #expect("\(fields["writer"] ?? "missing")" == "nil")
        #expect((fields["cancellables"] as? [any ExportCancellable])?.isEmpty == true)
    }

    /// An export's writer input kept its request block, which holds the export's track, which holds the input and
    /// the reader: every export, ended, kept its reader, decoders and encoders (30 MB in heaptrack's count of an
    /// `avconvert` run of 10 s 1080p to 720p).
    @Test("once an export has ended, its reader is gone")
    func readerIsFreed() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let request = try SegmentedExportTests.request(try SegmentedExportTests.source(),
                                                       output: directory.file("out.mp4"))
        final class Probe: @unchecked Sendable {
            // Safe because `lock` guards both.
            let lock = NSLock()
            var job: ExportJob?
            weak var reader: AVAssetReader?
            var captured = false
        }
        let probe = Probe()
        try await blockingWork {
            try ExportJob.run(request, plan: nil, progress: { _ in
                // While the export runs, its job holds the reader.
                probe.lock.withLock {
                    guard !probe.captured, let job = probe.job,
                          let reader = Mirror(reflecting: job).children.first(where: { $0.label == "reader" })?.value
                            as? AVAssetReader else { return }
                    probe.reader = reader
                    probe.captured = true
                }
            }, started: { job in probe.lock.withLock { probe.job = job } })
        }
        probe.lock.withLock { probe.job = nil }
        #expect(probe.lock.withLock { probe.captured }, "the probe saw the running export's reader")
        for _ in 0..<100 where probe.lock.withLock({ probe.reader }) != nil {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(probe.lock.withLock { probe.reader } == nil, "the export's reader outlived it")
    }

    @Test("a segmented export in one process lets go of each piece's job once the piece is done")
    func piecesAreFreedAsTheyFinish() async throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let source = try SegmentedExportTests.source()
        let request = try SegmentedExportTests.request(source, output: directory.file("out.mp4"))
        let plan = try SegmentedExportTests.plan(request)
        #expect(plan.segments.count == 3)
        let store = try SegmentedExportTests.store(directory.url, plan)
        final class Started: @unchecked Sendable {
            // Safe because `lock` guards both arrays.
            let lock = NSLock()
            var jobs: [WeakJob] = []
            var stillHeld: [Int] = []
            struct WeakJob { weak var job: ExportJob? }
        }
        let started = Started()
        let cancellation = SegmentedExportCancellation()
        try await blockingWork {
            try SegmentedExportRunner.runAll(plan, request: request, store: store, parallel: 1, started: { job in
                cancellation.register(job)
                started.lock.withLock {
                    // Every job but the one just before has long ended (pieces run one at a time here).
                    for (index, earlier) in started.jobs.enumerated().dropLast() where earlier.job != nil {
                        started.stillHeld.append(index)
                    }
                    started.jobs.append(Started.WeakJob(job: job))
                }
            })
        }
        started.lock.withLock {
            #expect(started.jobs.count == 4, "three pieces and the stitch")
            #expect(started.stillHeld.isEmpty, "jobs still held when a later one started: \(started.stillHeld)")
        }
    }
}
