// The compat sample's required subset (see scripts/compat.sh): its own checks, run against this project until
// writing and export land and the unchanged sample becomes required.
//   COMPAT_STAGE=buffers  checkTime and checkBuffers
//   COMPAT_STAGE=read     also readMovie, on a movie made by ffmpeg to the sample's expectations (640x360 H.264 30 fps
//                         + AAC 44.1 kHz stereo, 3 s, title "Compat sample", audio language eng, rotated 90°)
//   COMPAT_STAGE=write    also writeMovie, then readMovie on what it wrote
import Foundation

let stage = ProcessInfo.processInfo.environment["COMPAT_STAGE"] ?? "buffers"
let scratch = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : NSTemporaryDirectory())

/// Runs a tool and throws unless it exits with status 0.
func run(_ tool: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw CompatFailure(description: "\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
    }
}

/// The movie readMovie expects, made by ffmpeg; ffmpeg 5.1 cannot set a rotation, so the track matrix is patched.
func makeFFmpegMovie() throws -> URL {
    let movie = scratch.appendingPathComponent("ffmpeg-sample.mov")
    try? FileManager.default.removeItem(at: movie)
    try run("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30",
                       "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100", "-t", "3", "-ac", "2",
                       "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k",
                       "-metadata", "title=Compat sample", "-metadata:s:a:0", "language=eng", movie.path])
    guard let tools = ProcessInfo.processInfo.environment["COMPAT_TOOLS"] else {
        throw CompatFailure(description: "COMPAT_TOOLS (the shared tools folder) is not set")
    }
    try run("python3", [tools + "/set-rotation.py", movie.path])
    return movie
}

do {
    try checkTime()
    try checkBuffers()
    var passed = ["checkTime", "checkBuffers"]
    if stage == "read" || stage == "write" {
        try await readMovie(at: try makeFFmpegMovie(), seconds: 3)
        passed.append("readMovie on an ffmpeg-made movie")
    }
    if stage == "write" {
        let ours = scratch.appendingPathComponent("written-by-writeMovie.mov")
        try? FileManager.default.removeItem(at: ours)
        try await writeMovie(to: ours, seconds: 3)
        try await readMovie(at: ours, seconds: 3)
        passed.append("writeMovie, then readMovie on its output")
    }
    print("compat sample (required subset, stage \(stage)): \(passed.joined(separator: ", ")) passed")
} catch {
    print("compat sample (required subset, stage \(stage)): \(error)")
    exit(1)
}
