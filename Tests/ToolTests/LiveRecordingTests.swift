import Foundation
import Testing
import TestSupport

/// A live recording (a fragment a second, real time, H.264 from a pixel buffer adaptor) killed with SIGKILL while two
/// other processes keep both cores busy keeps all but its last fragment and a few frames: in real time the writer
/// queues only a few frames and x264 runs without look-ahead (issue 15: a busy machine kept 2 s of 4).
@Suite("Live recordings killed mid-way")
struct LiveRecordingTests {
    static var avbench: URL { AVInfoTests.avinfo.deletingLastPathComponent().appendingPathComponent("avbench") }

    /// Killed once 120 frames are appended (4 s), however long the busy machine takes to append them: a count of
    /// work done, not a time (90 frames in 4 s was a speed the machine had to reach). The recording may run 60 s, so
    /// a machine that cannot append 120 frames in that long fails (a hang guard, 15 times the normal time).
    @Test("SIGKILL under load after 120 frames keeps all but the last second and a few frames, counted by ffprobe",
          .timeLimit(.minutes(10)))
    func killedUnderLoad() throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let output = folder.file("live.mov")
        // Two busy loops, one per core.
        let burners = try (0..<2).map { _ in
            let burner = Process()
            burner.executableURL = URL(fileURLWithPath: "/bin/sh")
            burner.arguments = ["-c", "while :; do :; done"]
            try burner.run()
            return burner
        }
        defer { for burner in burners { kill(burner.processIdentifier, SIGKILL); burner.waitUntilExit() } }
        let recorder = Process()
        recorder.executableURL = Self.avbench
        recorder.arguments = ["record", "60", output.path]
        let errors = Pipe()
        recorder.standardError = errors
        try recorder.run()
        // The recorder reports "recorded N s, M frames appended" each second of frames.
        func appendedFrames(_ line: Substring) -> Int? {
            guard line.hasPrefix("recorded ") else { return nil }
            return Int(line.split(separator: " ").dropFirst(3).first ?? "")
        }
        var seen = Data()
        var appended = 0
        while recorder.isRunning, appended < 120 {
            seen.append(errors.fileHandleForReading.availableData)
            // Whole lines only: the last piece may be a line still being written.
            let lines = String(decoding: seen, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            appended = lines.dropLast().compactMap(appendedFrames).last ?? 0
        }
        kill(recorder.processIdentifier, SIGKILL)
        recorder.waitUntilExit()
        let report = String(decoding: seen, as: UTF8.self)
        #expect(appended >= 120, "the recorder appended \(appended) frames in 60 s: \(report)")
        let probe = try ExternalTool.ffprobeJSON(["-count_frames", "-show_streams", output.path])
        let frames = Int(((probe["streams"] as? [[String: Any]])?.first?["nb_read_frames"] as? String) ?? "") ?? 0
        // A fragment a second (of frames, appended or dropped): everything before the last second must be there,
        // less a few frames.
        #expect(frames >= appended - 30 - 5, "\(frames) frames kept of \(appended) appended")
    }
}
