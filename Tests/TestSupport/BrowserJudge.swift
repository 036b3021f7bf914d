import Foundation

/// A real browser as a judge: headless Chromium plays media and says whether it played
/// (`Tests/BrowserJudge/judge.py` and its page; docs/browser-judge.md).
public enum BrowserJudge {
    /// The runner script, beside its page.
    public static let runner = TestFiles.repositoryRoot.appendingPathComponent("Tests/BrowserJudge/judge.py")

    /// One SourceBuffer: its MIME type with the codecs string, its initialization segment and its media segments
    /// in the order they are appended (paths relative to the served directory).
    public struct Track: Sendable {
        public var mime: String
        public var initialization: String
        public var segments: [String]

        public init(mime: String, initialization: String, segments: [String]) {
            self.mime = mime
            self.initialization = initialization
            self.segments = segments
        }
    }

    /// What the page reported.
    public struct Verdict: Sendable, CustomStringConvertible {
        /// The runner's exit status: 0 played, 1 the page says it did not, 3 no verdict, 4 types unsupported.
        public let status: Int32
        /// The page's verdict as JSON (with what the element saw), or the runner's error output.
        public let report: String
        public let failure: String?
        public let duration: Double?
        public let currentTime: Double?

        public var played: Bool { status == 0 }
        public var description: String { "status \(status): \(report)" }

        init(_ result: ExternalTool.Result) {
            status = result.status
            let object = try? JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
            report = object == nil ? result.output + result.standardError : result.output
            failure = object?["failure"] as? String
            duration = object?["duration"] as? Double
            currentTime = object?["currentTime"] as? Double
        }
    }

    /// Plays `file` (in `directory`) in a `<video>` element at `rate`: it must load with a duration within 0.1 s of
    /// `duration`, play to the end without an error, and decode each kind of track in `expect`.
    public static func progressive(_ file: String, in directory: URL, duration: Double,
                                   expect: [String] = ["video", "audio"], rate: Double = 4) async throws -> Verdict {
        try await run(["progressive", directory.path, file, "--duration", "\(duration)",
                       "--expect", expect.joined(separator: ","), "--rate", "\(rate)"])
    }

    /// Appends each track's segments to a SourceBuffer of its own (Media Source Extensions), then plays: every
    /// track's `buffered` must be one range over 0…`duration` within a frame, and playback must reach the end.
    public static func mediaSource(_ tracks: [Track], in directory: URL, duration: Double,
                                   rate: Double = 4) async throws -> Verdict {
        var arguments = ["mse", directory.path, "--duration", "\(duration)", "--rate", "\(rate)"]
        for track in tracks { arguments += ["--track", track.mime, track.initialization] + track.segments }
        return try await run(arguments)
    }

    /// The runner blocks for seconds (a browser plays the media in real time over `rate`): off the cooperative pool.
    private static func run(_ arguments: [String]) async throws -> Verdict {
        let runner = runner.path
        return Verdict(try await blockingWork { try ExternalTool.run("python3", [runner] + arguments) })
    }

    /// The RFC 6381 name of the H.264 stream an initialization segment describes (`avc1.PPCCLL`: profile,
    /// constraint flags and level, from its avcC), or nil when there is no avcC.
    public static func avcCodec(initializationSegment data: Data) -> String? {
        let bytes = [UInt8](data)
        let tag = Array("avcC".utf8)
        guard bytes.count > 8 else { return nil }
        for index in 0..<(bytes.count - 8) where Array(bytes[index..<index + 4]) == tag {
            // The box's payload: configurationVersion, then the three bytes the codecs string spells.
            let payload = index + 4
            guard bytes[payload] == 1 else { continue }
            return "avc1." + bytes[payload + 1...payload + 3].map { String(format: "%02X", $0) }.joined()
        }
        return nil
    }
}
