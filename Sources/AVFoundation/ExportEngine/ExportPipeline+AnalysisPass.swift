import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs
import MediaContainer
import MovieFile

/// Multi-pass exports: the analysis pass, the statistics directories, and the progress of the pass.
extension ExportPipeline {
    /// Multi-pass encoding: reads every video track once with a first-pass encoder that writes its statistics, so
    /// that the real pass can use them. Nothing is written to the output.
    func runAnalysisPass() throws {
        let multiPass = plans.filter { statistics[$0.source.trackID] != nil }
        guard !multiPass.isEmpty else { return }
        job.progress.setAnalysisWeight(0.5)
        let reader = try AVAssetReader(asset: request.asset)
        reader.timeRange = range
        var transcoders: [VideoTranscoder] = []
        let passGroup = DispatchGroup()
        let count = Double(multiPass.count)
        let progress = job.progress
        let range = self.range
        let fractions = LockedFractions(count: multiPass.count)
        for (index, plan) in multiPass.enumerated() {
            guard case .video(let video) = plan.plan.role, let directory = statistics[plan.source.trackID] else {
                continue
            }
            let (output, converter, stage) = try makeVideoStages(plan, video: video, reader: reader,
                                                                  statisticsDirectory: directory)
            multiPassStages[plan.source.trackID] = stage
            let job = self.job
            transcoders.append(VideoTranscoder(output: output, reader: reader, converter: converter, stage: stage,
                                               rangeStart: range.start, trackID: plan.source.trackID) { time in
                fractions.set(index, ExportProgress.fraction(of: time, in: range))
                progress.setAnalysis(fractions.sum / count)
                job.progressed()
            })
        }
        job.register(reader: reader, transcoders)
        guard reader.startReading() else {
            throw reader.error.map(ExportFailure.avError)
                ?? AVError(.exportFailed, "the analysis pass could not start reading")
        }
        // The pass's stage threads count in the job's group (so a stop waits for them) and in the pass's own.
        for transcoder in transcoders { transcoder.start(in: job, alsoCountedIn: passGroup) }
        passGroup.wait()
        try job.checkStopping()
        for stage in multiPassStages.values { try stage.beginFinalPass() }
        progress.setAnalysis(1)
    }

    /// Creates the directory for multi-pass statistics (in `directoryForTemporaryFiles`, else beside the output).
    func makePassesDirectory() throws {
        let directory = TemporaryFileName.url(for: request.outputURL, purpose: "passes", in: request.temporaryDirectory)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            for plan in plans where plan.plan.passes == 2 {
                let trackDirectory = directory.appendingPathComponent("track\(plan.source.trackID)")
                try FileManager.default.createDirectory(at: trackDirectory, withIntermediateDirectories: false)
                statistics[plan.source.trackID] = trackDirectory
            }
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw AVError(.exportFailed, "cannot create the directory for multi-pass statistics at \(directory.path)",
                          underlying: error)
        }
        passesDirectory = directory
    }

    /// Removes every temporary file the export made (the writer removes its own).
    func removeTemporaryFiles() {
        if let passesDirectory { try? FileManager.default.removeItem(at: passesDirectory) }
    }
}

/// Per-track fractions of the analysis pass, summed for progress.
// Safe because `lock` guards `values`.
private final class LockedFractions: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Double]

    init(count: Int) { values = Array(repeating: 0, count: count) }

    func set(_ index: Int, _ value: Double) { lock.withLock { values[index] = max(values[index], value) } }

    var sum: Double { lock.withLock { values.reduce(0, +) } }
}
