import AVFoundation
import Foundation

/// Runs one passthrough export of the fuzzer's bytes (taken as a movie file) in a scratch directory, and checks what
/// it left: a completed file that ffprobe opens, or nothing but the input (no output, no temporary file).
enum ExportFuzzHarness {
    /// What one run ended with, for the replay tool.
    struct Outcome: CustomStringConvertible {
        var status: AVAssetExportSession.Status
        var fileType: AVFileType
        var fastStart: Bool
        var problem: String?
        /// Why a failed export failed (its error's description).
        var failure: String?
        var description: String {
            "status \(status.rawValue) (\(fileType.rawValue)\(fastStart ? ", fast start" : ""))"
                + (failure.map { " [\($0)]" } ?? "") + (problem.map { ": \($0)" } ?? "")
        }
    }

    /// Longest an export of a fuzzed file may take before it counts as a hang (the inputs are a few kilobytes; a
    /// declared duration or sample count may be huge, and the export must answer from what the file holds).
    static let hangLimit: DispatchTimeInterval = .seconds(60)

    static func run(_ bytes: [UInt8], checkWithFFprobe: Bool = true) -> Outcome {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("export-fuzz-\(getpid())-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.mov")
        guard FileManager.default.createFile(atPath: input.path, contents: Data(bytes)) else {
            return Outcome(status: .unknown, fileType: .mov, fastStart: false, problem: "cannot write the input to \(directory.path)")
        }
        // The whole input is the movie, so that seeds stay valid files; the output's type and layout come from its
        // length, so both writers' paths (QuickTime and MPEG-4, in place and fast start) are reached.
        let fileType: AVFileType = bytes.count % 2 == 0 ? .mov : .mp4
        let fastStart = bytes.count % 3 == 0
        let output = directory.appendingPathComponent(fileType == .mov ? "out.mov" : "out.mp4")
        var outcome = Outcome(status: .unknown, fileType: fileType, fastStart: fastStart)
        guard let session = AVAssetExportSession(asset: AVURLAsset(url: input), presetName: AVAssetExportPresetPassthrough) else {
            // No session is the answer for a file that opens with no tracks (no preset applies to it); nothing may
            // have been written.
            outcome.failure = "no session: no preset applies to the asset"
            let left = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0 != "in.mov" }
            if !left.isEmpty { outcome.problem = "no session, yet \(left.sorted()) were written" }
            return outcome
        }
        session.outputURL = output
        session.outputFileType = fileType
        session.shouldOptimizeForNetworkUse = fastStart
        let done = DispatchSemaphore(value: 0)
        session.exportAsynchronously { done.signal() }
        if done.wait(timeout: .now() + hangLimit) == .timedOut {
            session.cancelExport()
            _ = done.wait(timeout: .now() + .seconds(10))
            outcome.status = session.status
            outcome.problem = "the export did not end within \(hangLimit)"
            return outcome
        }
        outcome.status = session.status
        outcome.failure = session.error.map { ($0 as NSError).localizedFailureReason ?? $0.localizedDescription }
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0 != "in.mov" }
        switch session.status {
        case .completed:
            if !left.contains(output.lastPathComponent) { outcome.problem = "completed without a file" }
            else if left.count > 1 { outcome.problem = "completed and left other files: \(left.sorted())" }
            else if checkWithFFprobe { outcome.problem = ffprobeProblem(output) }
        case .failed, .cancelled:
            if !left.isEmpty { outcome.problem = "a \(session.status == .failed ? "failed" : "cancelled") export left \(left.sorted())" }
            else if session.status == .failed, session.error == nil { outcome.problem = "failed without an error" }
        default:
            outcome.problem = "the completion handler ran with status \(session.status.rawValue)"
        }
        return outcome
    }

    /// Whether ffprobe can open the exported file. Only the exit status counts: a passthrough export copies the
    /// source's sample descriptions and payloads as they are, and ffprobe's messages about fuzzed payloads are
    /// the source's, not the writer's.
    static func ffprobeProblem(_ url: URL) -> String? {
        // ffprobe's errors go to a file, not a pipe: Foundation traps when a pipe read is interrupted by a signal
        // (EINTR), and libFuzzer's timers send them.
        let report = url.deletingLastPathComponent().appendingPathComponent("ffprobe-errors.txt")
        guard FileManager.default.createFile(atPath: report.path, contents: nil),
              let errors = FileHandle(forWritingAtPath: report.path) else { return nil }
        defer { try? FileManager.default.removeItem(at: report) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        process.arguments = ["-v", "error", "-show_format", url.path]
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }  // No ffprobe here: nothing to judge with.
        process.waitUntilExit()
        try? errors.close()
        guard process.terminationStatus != 0 else { return nil }
        let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        return "ffprobe exited with \(process.terminationStatus): \(text)"
    }
}
