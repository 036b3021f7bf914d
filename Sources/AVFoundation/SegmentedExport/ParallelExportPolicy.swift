import CoreMedia
import Foundation

/// When an ordinary export (not a resumable one) is split into segments encoded side by side
/// (`AVAssetExportSession.allowsParallelizedExport`), and into how many.
///
/// Apple: the session "is allowed to expedite its processing by using additional resources in parallel on select Mac
/// systems. If parallelization isn't achievable, export proceeds as normal." Here a split pays only when one-thread
/// encoders side by side finish sooner than one encoder of every core, which costs what `docs/segmented-export.md`
/// measured: a pre-roll per segment, the audio encoded after the video, the stitch, and a decoding, scaling and
/// encoding pipeline's memory per segment under way. Every input is explicit (the machine's cores and free memory
/// too), so a plan follows from the export and the machine class alone, and tests can drive every verdict.
struct ParallelExportPolicy: Sendable, Equatable {
    /// The machine the export runs on.
    struct Machine: Sendable, Equatable {
        /// Processors the process may use.
        var cores: Int
        /// Bytes of memory the system can give without swapping (Linux's `MemAvailable`).
        var availableMemory: Int64

        /// This machine, now.
        static var current: Machine {
            Machine(cores: ProcessInfo.processInfo.activeProcessorCount, availableMemory: availableMemoryNow())
        }

        private static func availableMemoryNow() -> Int64 {
            let physical = Int64(clamping: ProcessInfo.processInfo.physicalMemory)
            guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
                  let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
                  let kibibytes = line.split(separator: " ").dropFirst().first.flatMap({ Int64($0) }) else {
                return physical
            }
            return kibibytes.multipliedReportingOverflow(by: 1024).overflow ? physical : kibibytes * 1024
        }
    }

    /// What the policy reads of the session's settings.
    struct Settings: Sendable, Equatable {
        /// The session's `allowsParallelizedExport`.
        var allowsParallelizedExport: Bool
        /// The preset's video codec (`nil`: the preset encodes no video).
        var videoCodec: String?
        /// Whether the settings leave the export free to be cut: no `fileLengthLimit` (the size is known only at
        /// the end) and no multiple passes.
        var allowCutting: Bool
    }

    /// What the policy reads of the planned export.
    struct Work: Sendable, Equatable {
        /// The exported time range's length.
        var duration: CMTime
        /// The encoded pictures' size.
        var width: Int
        var height: Int
    }

    /// The policy's answer for one export.
    enum Verdict: Sendable, Equatable {
        /// Encode in segments of about `segmentDuration`, `workers` side by side, one-thread encoders.
        case split(workers: Int, segmentDuration: CMTime)
        /// Export in one piece, for `reason`.
        case onePiece(reason: String)
    }

    /// The fewest processors on which segments side by side beat one encoder of every core.
    var minimumCores: Int
    /// The shortest export worth splitting.
    var minimumDuration: CMTime
    /// The shortest segment: each after the first pre-rolls (`SegmentedExportPlanner.defaultPreRoll(forSegmentsOf:)`,
    /// 0.5 s at 10 s), so a shorter one spends too large a share of its work on pictures it drops.
    var minimumSegmentDuration: CMTime
    /// The most segments side by side.
    var maximumWorkers: Int
    /// Memory one segment's pipeline takes per encoded pixel (x264 at 1080p: about 550 MB, 265 bytes a pixel).
    var bytesPerPixelPerWorker: Int64
    /// The share of the available memory the segments under way may take together.
    var memoryShare: Double

    /// The rule this library ships, from the measurements in `docs/segmented-export.md` ("When an ordinary export is
    /// split").
    static let standard = ParallelExportPolicy(minimumCores: 4, minimumDuration: CMTime(value: 60, timescale: 1),
                                               minimumSegmentDuration: CMTime(value: 10, timescale: 1),
                                               maximumWorkers: 16, bytesPerPixelPerWorker: 300, memoryShare: 0.5)

    /// Whether `codec`'s encoders run in segments: H.264 and HEVC, as for resumable export.
    static func cutsCodec(_ codec: String?) -> Bool {
        codec.map { ResumableExport.segmentableCodecs.contains($0) } ?? false
    }

    /// Why `export` on `machine` is not split whatever its source, or nil when its source decides. Needs no source:
    /// the session asks it before choosing the job.
    func refusal(for settings: Settings, on machine: Machine) -> String? {
        guard settings.allowsParallelizedExport else { return "allowsParallelizedExport is false" }
        guard Self.cutsCodec(settings.videoCodec) else {
            return "the preset encodes no H.264 or HEVC video, the encoders cut into segments"
        }
        guard settings.allowCutting else { return "a fileLengthLimit or multiple passes need one piece" }
        guard machine.cores >= minimumCores else {
            return "\(machine.cores) cores: below \(minimumCores), one encoder of every core is as fast"
        }
        return nil
    }

    /// Whether `work` with `settings` on `machine` is split, into how many segments side by side and how long; or
    /// why not.
    func verdict(for settings: Settings, _ work: Work, on machine: Machine) -> Verdict {
        if let reason = refusal(for: settings, on: machine) { return .onePiece(reason: reason) }
        guard work.duration.isNumeric, work.duration >= minimumDuration else {
            return .onePiece(reason: "shorter than \(minimumDuration.messageSeconds) s")
        }
        let pixels = Int64(max(0, work.width)) * Int64(max(0, work.height))
        let perWorker = max(1, pixels * bytesPerPixelPerWorker)
        let byMemory = Int64(Double(machine.availableMemory) * memoryShare) / perWorker
        let byLength = Int(work.duration.seconds / max(0.001, minimumSegmentDuration.seconds))
        let workers = min(machine.cores, maximumWorkers, byLength, Int(clamping: byMemory))
        guard workers >= 2 else {
            let why = byMemory < 2 ? "too little free memory for two pipelines of \(work.width)x\(work.height)"
                : "too short for two segments of \(minimumSegmentDuration.messageSeconds) s"
            return .onePiece(reason: why)
        }
        // One segment per worker: each segment after the first costs a pre-roll, so no more than run at once.
        let length = CMTimeMultiplyByRatio(work.duration, multiplier: 1, divisor: Int32(workers))
        return .split(workers: workers, segmentDuration: max(length, minimumSegmentDuration))
    }
}
