import Foundation

/// Runs the outside judges the tests rely on (ffmpeg, ffprobe, mediainfo): tools that are not ours.
public enum ExternalTool {
    /// What a finished tool run produced.
    public struct Result: Sendable {
        public let status: Int32
        public let standardOutput: Data
        public let standardError: String

        /// Standard output as UTF-8 text.
        public var output: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    /// A tool run that exited with a non-zero status.
    public struct Failure: Error, CustomStringConvertible {
        public let command: String
        public let result: Result
        public var description: String {
            "\(command) exited with \(result.status): \(result.standardError.suffix(2_000))"
        }
    }

    /// Runs `tool` (looked up on PATH) with `arguments` and returns its output, whatever its exit status.
    /// Standard output and error are drained concurrently, so large outputs cannot deadlock the pipe.
    public static func run(_ tool: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errorData = LockedData()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData.set(errPipe.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, standardOutput: out,
                      standardError: String(decoding: errorData.get(), as: UTF8.self))
    }

    /// Runs `tool` and throws `Failure` unless it exits with status 0.
    @discardableResult
    public static func check(_ tool: String, _ arguments: [String]) throws -> Result {
        let result = try run(tool, arguments)
        guard result.status == 0 else {
            throw Failure(command: ([tool] + arguments).joined(separator: " "), result: result)
        }
        return result
    }

    /// `ffprobe -v error -of json` with the given arguments, parsed.
    public static func ffprobeJSON(_ arguments: [String]) throws -> [String: Any] {
        let result = try check("ffprobe", ["-v", "error", "-of", "json"] + arguments)
        guard let object = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any] else {
            throw Failure(command: "ffprobe " + arguments.joined(separator: " "), result: result)
        }
        return object
    }

    /// Decodes `url` fully with `ffmpeg -v error` and returns what ffmpeg reported (empty means a clean decode).
    public static func ffmpegDecodeErrors(_ url: URL, extraArguments: [String] = []) throws -> String {
        let result = try run("ffmpeg", ["-nostdin", "-v", "error"] + extraArguments + ["-i", url.path, "-f", "null", "-"])
        return result.status == 0 ? result.standardError : "exit \(result.status): " + result.standardError
    }
}

/// A lock-protected byte buffer, so a reader thread can hand its result back.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
