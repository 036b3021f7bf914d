import AVFoundation
import Foundation

/// Runs one `WriterProgram` against a fresh `AVAssetWriter` in a scratch directory, and checks what it left:
/// a completed file that ffprobe reads without error, or no file at all.
enum WriterFuzzHarness {
    /// What one run ended with, for the replay tool.
    struct Outcome: CustomStringConvertible {
        var status: AVAssetWriter.Status
        var steps: Int
        var problem: String?
        var description: String { "status \(status.rawValue) after \(steps) steps" + (problem.map { ": \($0)" } ?? "") }
    }

    /// Most steps one program runs (each append encodes at most a small picture or a few thousand frames).
    static let maximumSteps = 64

    static func run(_ bytes: [UInt8], checkWithFFprobe: Bool = true) -> Outcome {
        var program = WriterProgram(bytes)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("writer-fuzz-\(getpid())-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (fileType, fileExtension) = WriterProgram.fileTypes[Int(program.byte()) % WriterProgram.fileTypes.count]
        let url = directory.appendingPathComponent("out.\(fileExtension)")
        guard let writer = try? AVAssetWriter(outputURL: url, fileType: fileType) else {
            return Outcome(status: .unknown, steps: 0, problem: "init failed")
        }
        var inputs: [(AVAssetWriterInput, AVMediaType, [String: Any]?)] = []
        var clock = 0
        var steps = 0
        while !program.isAtEnd, steps < maximumSteps {
            steps += 1
            switch program.byte() % 16 {
            case 0:
                let settings = program.videoSettings()
                let input = AVAssetWriterInput(mediaType: .video, outputSettings: settings,
                                               sourceFormatHint: settings == nil ? FuzzMedia.jpegFormat : nil)
                input.expectsMediaDataInRealTime = program.byte() % 2 == 0
                if writer.canAdd(input) { writer.add(input); inputs.append((input, .video, settings)) }
            case 1:
                let settings = program.audioSettings()
                let input = AVAssetWriterInput(mediaType: .audio, outputSettings: settings,
                                               sourceFormatHint: settings == nil ? FuzzMedia.pcmFormat(rate: 44_100, channels: 2) : nil)
                if writer.canAdd(input) { writer.add(input); inputs.append((input, .audio, settings)) }
            case 2:
                writer.movieFragmentInterval = program.time()
            case 3:
                writer.shouldOptimizeForNetworkUse = program.byte() % 2 == 0
            case 4:
                let item = AVMutableMetadataItem()
                item.identifier = [.commonIdentifierTitle, .iTunesMetadataSongName, .quickTimeMetadataLocationISO6709,
                                   .commonIdentifierCreationDate][Int(program.byte()) % 4]
                item.value = String(repeating: "x", count: Int(program.byte() % 40)) as NSString
                writer.metadata += [item]
            case 5, 6:
                writer.startWriting()
            case 7:
                writer.startSession(atSourceTime: program.time())
            case 8:
                writer.endSession(atSourceTime: program.time())
            case 9, 10, 11, 12:
                guard !inputs.isEmpty else { continue }
                let (input, mediaType, _) = inputs[Int(program.byte()) % inputs.count]
                let jump = Int(program.byte() % 8)
                clock += jump == 7 ? -3 : jump
                let buffer = mediaType == .video
                    ? FuzzMedia.videoSample(frame: clock, size: Int(program.byte() % 4), duration: program.byte() % 3)
                    : FuzzMedia.audioSample(start: clock * 1024, frames: Int(program.byte()) * 16 + 1)
                if let buffer, input.isReadyForMoreMediaData { _ = input.append(buffer) }
            case 13:
                guard !inputs.isEmpty else { continue }
                inputs[Int(program.byte()) % inputs.count].0.markAsFinished()
            case 14:
                if program.byte() % 8 == 0 { writer.cancelWriting() }
            default:
                if let (input, _, _) = inputs.first { input.mediaTimeScale = CMTimeScale(program.byte()) * 100 }
            }
        }
        let done = DispatchSemaphore(value: 0)
        writer.finishWriting { done.signal() }
        done.wait()
        var problem: String?
        let exists = FileManager.default.fileExists(atPath: url.path)
        switch writer.status {
        case .completed:
            if !exists { problem = "completed without a file" }
            else if checkWithFFprobe { problem = FuzzMedia.ffprobeProblem(url) }
        case .failed, .cancelled:
            if exists { problem = "a \(writer.status == .failed ? "failed" : "cancelled") writer left its file" }
        default:
            problem = "finishWriting ended with status \(writer.status.rawValue)"
        }
        return Outcome(status: writer.status, steps: steps, problem: problem)
    }
}
