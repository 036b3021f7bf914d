import CoreMedia
import Foundation
import MediaCodecs

/// The command-line contract of a segmented export (the `avsplit` tool): plan, encode one segment, stitch. Every
/// step after the first needs only the plan file, so any engine that can run a command per index (a shell loop,
/// Ray, a Kubernetes Indexed Job) can drive it; the pieces and their receipts are written beside the plan.
///
/// Not Apple API: package access, for the project's tools.
package enum SegmentedExportSteps {
    /// What the export is: as `avconvert` takes it.
    package struct Settings: Codable, Equatable, Sendable {
        package var sourcePath: String
        package var presetName: String
        package var outputPath: String
        package var fileType: String
        /// The part of the source exported, in seconds (`nil`: from its start, to its end).
        package var start: Double?
        package var duration: Double?
        package var optimizesForNetworkUse: Bool
        /// `AVMetadataItemFilter.forSharing()` on the source's metadata.
        package var filtersMetadata: Bool
        package var multiPass: Bool

        package init(sourcePath: String, presetName: String, outputPath: String, fileType: AVFileType,
                     start: Double? = nil, duration: Double? = nil, optimizesForNetworkUse: Bool = true,
                     filtersMetadata: Bool = true, multiPass: Bool = false) {
            self.sourcePath = sourcePath
            self.presetName = presetName
            self.outputPath = outputPath
            self.fileType = fileType.rawValue
            self.start = start
            self.duration = duration
            self.optimizesForNetworkUse = optimizesForNetworkUse
            self.filtersMetadata = filtersMetadata
            self.multiPass = multiPass
        }
    }

    /// What the plan file holds: the settings, and the plan made of them.
    private struct PlanFile: Codable {
        var settings: Settings
        var plan: SegmentedExportPlan
    }

    /// Plans the export in segments of about `segmentDuration` seconds for encoders of `threadCount` threads and
    /// writes the plan to `planURL` (which must not exist). Returns the number of segments and how they were chosen.
    /// `instructionSet` names the instructions the encoders may use (`sse2`, `sse42`, `avx2`; `nil`: the most this
    /// machine has): every machine that encodes a segment must have them. `preRoll` is how many seconds before its
    /// cut each segment after the first starts its encoder (`nil`: the planner's default).
    package static func plan(_ settings: Settings, segmentDuration: Double, threadCount: Int,
                             instructionSet: String? = nil, preRoll: Double? = nil,
                             to planURL: URL) throws -> (segments: Int, reasoning: String) {
        guard !FileManager.default.fileExists(atPath: planURL.path) else {
            throw AVError(.fileAlreadyExists, "a file already exists at \(planURL.path); a plan is never overwritten")
        }
        guard segmentDuration.isFinite, segmentDuration > 0 else {
            throw AVError(.operationNotAllowed, "the segment duration must be a positive number of seconds")
        }
        if let preRoll, !(preRoll.isFinite && preRoll >= 0) {
            throw AVError(.operationNotAllowed, "the pre-roll must be zero or a positive number of seconds")
        }
        var instructions = EncoderInstructionSet.highestAvailable
        if let instructionSet {
            guard let named = EncoderInstructionSet(rawValue: instructionSet) else {
                throw AVError(.operationNotAllowed, "'\(instructionSet)' is not an instruction set; the sets are "
                              + EncoderInstructionSet.allCases.map(\.rawValue).joined(separator: ", "))
            }
            instructions = named
        }
        let request = try makeRequest(settings)
        let roll = preRoll.map { CMTime(seconds: $0, preferredTimescale: 1000) }
        let plan = try SegmentedExportPlanner.plan(request, segmentDuration: CMTime(seconds: segmentDuration,
                                                                                   preferredTimescale: 1000),
                                                   threadCount: threadCount, instructionSet: instructions,
                                                   preRoll: roll, creationDate: Date())
        let data = try SegmentedExportPlan.jsonEncoder().encode(PlanFile(settings: settings, plan: plan))
        try store(planURL, plan: plan).writeAtomically(data, to: planURL)
        return (plan.segments.count, plan.reasoning)
    }

    /// The number of segments in the plan at `planURL`.
    package static func segmentCount(planURL: URL) throws -> Int {
        try read(planURL).plan.segments.count
    }

    /// Encodes segment `index` of the plan at `planURL` into its piece beside the plan. Returns false when the piece
    /// was already finished and sound (nothing was done).
    @discardableResult
    package static func encode(segment index: Int, planURL: URL,
                               cancellation: SegmentedExportCancellation = .init()) throws -> Bool {
        let file = try read(planURL)
        let request = try makeRequest(file.settings)
        try SegmentedExportRunner.checkSource(request, against: file.plan)
        return try SegmentedExportRunner.encode(index, of: file.plan, request: request,
                                                store: store(planURL, plan: file.plan), started: cancellation.register)
    }

    /// Stitches the plan's pieces into its output, checking each against its receipt first.
    package static func stitch(planURL: URL, cancellation: SegmentedExportCancellation = .init()) throws {
        let file = try read(planURL)
        let request = try makeRequest(file.settings)
        try SegmentedExportRunner.checkSource(request, against: file.plan)
        try SegmentedExportRunner.stitch(file.plan, request: request, store: store(planURL, plan: file.plan),
                                         started: cancellation.register)
    }

    /// Encodes every unfinished segment, `parallel` at a time, and stitches: all three steps in this process.
    package static func run(planURL: URL, parallel: Int, cancellation: SegmentedExportCancellation = .init()) throws {
        let file = try read(planURL)
        let request = try makeRequest(file.settings)
        try SegmentedExportRunner.checkSource(request, against: file.plan)
        try SegmentedExportRunner.runAll(file.plan, request: request, store: store(planURL, plan: file.plan),
                                         parallel: parallel, started: cancellation.register)
    }

    /// Removes the plan's pieces and receipts (after a stitch, or to start afresh).
    package static func removePieces(planURL: URL) throws {
        let file = try read(planURL)
        try store(planURL, plan: file.plan).removeAll(count: file.plan.segments.count)
    }

    private static func read(_ planURL: URL) throws -> PlanFile {
        let data: Data
        do {
            data = try Data(contentsOf: planURL)
        } catch {
            throw AVError(.operationNotAllowed, "cannot read the plan \(planURL.path)", underlying: error)
        }
        let file: PlanFile
        do {
            file = try SegmentedExportPlan.jsonDecoder().decode(PlanFile.self, from: data)
        } catch {
            throw AVError(.operationNotAllowed, "\(planURL.path) is not a segmented export plan", underlying: error)
        }
        _ = try file.plan.validated(path: planURL.path)
        return file
    }

    private static func store(_ planURL: URL, plan: SegmentedExportPlan) throws -> SegmentPieceStore {
        SegmentPieceStore(directory: planURL.deletingLastPathComponent(),
                          name: planURL.deletingPathExtension().lastPathComponent, planChecksum: try plan.checksum())
    }

    /// The export request the settings describe, as an `AVAssetExportSession` would make it.
    private static func makeRequest(_ settings: Settings) throws -> ExportRequest {
        let asset = AVURLAsset(url: URL(fileURLWithPath: settings.sourcePath))
        guard let session = AVAssetExportSession(asset: asset, presetName: settings.presetName) else {
            if let refusal = asset.readingRefusal { throw refusal }
            throw AVError(.operationNotAllowed,
                          "the preset \(settings.presetName) cannot export \(settings.sourcePath)")
        }
        session.outputURL = URL(fileURLWithPath: settings.outputPath)
        session.outputFileType = AVFileType(rawValue: settings.fileType)
        let start = CMTime(seconds: settings.start ?? 0, preferredTimescale: 600)
        session.timeRange = CMTimeRange(start: start, duration: settings.duration.map {
            CMTime(seconds: $0, preferredTimescale: 600)
        } ?? .positiveInfinity)
        session.shouldOptimizeForNetworkUse = settings.optimizesForNetworkUse
        session.metadataItemFilter = settings.filtersMetadata ? .forSharing() : nil
        session.canPerformMultiplePassesOverSourceMediaData = settings.multiPass
        return try session.makeRequest()
    }
}
