import CoreGraphics
import CoreMedia
import Foundation

/// Told of each problem `AVVideoComposition.isValid(for:assetDuration:timeRange:validationDelegate:)` finds; each
/// answer says whether to go on looking for more (AVVideoComposition.h). Every member is optional, as in Apple's
/// protocol: one not implemented answers true.
public protocol AVVideoCompositionValidationHandling: NSObjectProtocol {
    /// A property has an invalid value (`key` is the property's name, such as "frameDuration").
    func videoComposition(_ videoComposition: AVVideoComposition,
                          shouldContinueValidatingAfterFindingInvalidValueForKey key: String) -> Bool
    /// No instruction covers `timeRange` (a gap between instructions, or before the first or after the last).
    func videoComposition(_ videoComposition: AVVideoComposition,
                          shouldContinueValidatingAfterFindingEmptyTimeRange timeRange: CMTimeRange) -> Bool
    /// An instruction's time range is invalid, overlaps a prior instruction's or starts before it ends.
    func videoComposition(_ videoComposition: AVVideoComposition,
                          shouldContinueValidatingAfterFindingInvalidTimeRangeIn videoCompositionInstruction: any AVVideoCompositionInstructionProtocol) -> Bool
    /// A layer instruction names a track that is neither one of the asset's nor the animation tool's.
    func videoComposition(_ videoComposition: AVVideoComposition,
                          shouldContinueValidatingAfterFindingInvalidTrackIDIn videoCompositionInstruction: any AVVideoCompositionInstructionProtocol,
                          layerInstruction: AVVideoCompositionLayerInstruction, asset: AVAsset) -> Bool
}

extension AVVideoCompositionValidationHandling {
    public func videoComposition(_ videoComposition: AVVideoComposition,
                                 shouldContinueValidatingAfterFindingInvalidValueForKey key: String) -> Bool { true }
    public func videoComposition(_ videoComposition: AVVideoComposition,
                                 shouldContinueValidatingAfterFindingEmptyTimeRange timeRange: CMTimeRange) -> Bool { true }
    public func videoComposition(_ videoComposition: AVVideoComposition,
                                 shouldContinueValidatingAfterFindingInvalidTimeRangeIn videoCompositionInstruction: any AVVideoCompositionInstructionProtocol) -> Bool { true }
    public func videoComposition(_ videoComposition: AVVideoComposition,
                                 shouldContinueValidatingAfterFindingInvalidTrackIDIn videoCompositionInstruction: any AVVideoCompositionInstructionProtocol,
                                 layerInstruction: AVVideoCompositionLayerInstruction, asset: AVAsset) -> Bool { true }
}

extension AVVideoComposition {
    /// Whether the composition can be used with `tracks` of an asset lasting `duration`: its values are usable
    /// (frame duration, render size and scale, custom compositor class), its instructions that overlap `timeRange`
    /// have valid time ranges, in order, without gaps or overlaps, covering the asset's duration, and their layer
    /// instructions name tracks among `tracks` (or the animation tool's). Each problem is reported to
    /// `validationDelegate`, which may stop the validation by answering false.
    ///
    /// Pass no tracks to skip the track check and an invalid duration to skip the check against the duration; pass
    /// `CMTimeRange(start: .zero, duration: .positiveInfinity)` to check every instruction.
    public func isValid(for tracks: [AVAssetTrack], assetDuration duration: CMTime, timeRange: CMTimeRange,
                        validationDelegate: (any AVVideoCompositionValidationHandling)?) -> Bool {
        var isValid = true
        var validator = CompositionValidator(composition: self) { problem in
            isValid = false
            guard let validationDelegate else { return true }
            return problem.ask(validationDelegate, about: self)
        }
        validator.run(tracks: tracks, duration: duration, timeRange: timeRange)
        return isValid
    }

    /// Whether the composition can be used with `asset` (its tracks and duration; `nil` skips both checks). Blocks
    /// while they load; `isValid(for:assetDuration:timeRange:validationDelegate:)` is the current form.
    public func isValid(for asset: AVAsset?, timeRange: CMTimeRange,
                        validationDelegate: (any AVVideoCompositionValidationHandling)?) -> Bool {
        isValid(for: asset?.tracks ?? [], assetDuration: asset?.duration ?? .invalid, timeRange: timeRange,
                validationDelegate: validationDelegate)
    }

    /// Whether the composition can be used with `asset`, loading its tracks and duration first (their loading's
    /// error is thrown).
    public func isValid(for asset: AVAsset?, timeRange: CMTimeRange,
                        validationDelegate: (any AVVideoCompositionValidationHandling)?) async throws -> Bool {
        guard let asset else {
            return isValid(for: [], assetDuration: .invalid, timeRange: timeRange, validationDelegate: validationDelegate)
        }
        let (tracks, duration) = try await asset.load(.tracks, .duration)
        return isValid(for: tracks, assetDuration: duration, timeRange: timeRange, validationDelegate: validationDelegate)
    }

    /// Calls `completionHandler` with what `isValid(for:timeRange:validationDelegate:)` answers, or the loading's
    /// error. The delegate is called on the loading's thread.
    public func determineValidity(for asset: AVAsset?, timeRange: CMTimeRange,
                                  validationDelegate: (any AVVideoCompositionValidationHandling)?,
                                  completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        // Apple calls the delegate from its own queue too; the delegate is the caller's to make safe.
        let delegate = UncheckedDelegate(value: validationDelegate)
        Task {
            do {
                completionHandler(try await self.isValid(for: asset, timeRange: timeRange,
                                                         validationDelegate: delegate.value), nil)
            } catch {
                completionHandler(false, error)
            }
        }
    }
}

/// A validation delegate carried to the task that validates (Apple's protocol is not `Sendable`).
// Safe because the delegate is called only from the one validating task, one call at a time, as Apple calls it from one
// queue.
private struct UncheckedDelegate: @unchecked Sendable {
    let value: (any AVVideoCompositionValidationHandling)?
}

/// A problem validation finds: what `AVVideoCompositionValidationHandling` is told of, and what the reading
/// engine refuses a composition for.
enum VideoCompositionProblem {
    /// A property has an invalid value (`key` is its name).
    case invalidValue(key: String)
    /// No instruction covers the range.
    case emptyTimeRange(CMTimeRange)
    /// The instruction's time range is invalid, or starts before the previous instruction's ends.
    case invalidTimeRange(any AVVideoCompositionInstructionProtocol)
    /// The layer instruction names a track that is not among the tracks (of `asset`).
    case invalidTrackID(any AVVideoCompositionInstructionProtocol, AVVideoCompositionLayerInstruction, asset: AVAsset?)

    /// The delegate's answer: whether to go on validating.
    func ask(_ delegate: any AVVideoCompositionValidationHandling, about composition: AVVideoComposition) -> Bool {
        switch self {
        case .invalidValue(let key):
            return delegate.videoComposition(composition, shouldContinueValidatingAfterFindingInvalidValueForKey: key)
        case .emptyTimeRange(let range):
            return delegate.videoComposition(composition, shouldContinueValidatingAfterFindingEmptyTimeRange: range)
        case .invalidTimeRange(let instruction):
            return delegate.videoComposition(composition,
                                             shouldContinueValidatingAfterFindingInvalidTimeRangeIn: instruction)
        case .invalidTrackID(let instruction, let layer, let asset):
            // Apple's callback names the asset; tracks of none have nothing to name.
            guard let asset else { return true }
            return delegate.videoComposition(composition, shouldContinueValidatingAfterFindingInvalidTrackIDIn: instruction,
                                             layerInstruction: layer, asset: asset)
        }
    }

    /// The problem in words, for an error.
    var message: String {
        func describe(_ range: CMTimeRange) -> String {
            range.isValid && range.start.isNumeric
                ? String(format: "%.6f–%.6f s", range.start.seconds, range.end.seconds) : "\(range.descriptionText)"
        }
        switch self {
        case .invalidValue(let key):
            return "the video composition's \(key) is not usable"
        case .emptyTimeRange(let range):
            return "no instruction of the video composition covers " + describe(range)
        case .invalidTimeRange(let instruction):
            return "the instruction at \(describe(instruction.timeRange)) has an invalid time range or overlaps the "
                + "instruction before it (instructions must be in time order, without overlaps)"
        case .invalidTrackID(let instruction, let layer, _):
            return "a layer instruction of the instruction at \(describe(instruction.timeRange)) names track "
                + "\(layer.trackID), which is not among the composed tracks"
        }
    }
}

/// One validation: reports each problem to `report`, which answers whether to go on.
struct CompositionValidator {
    let composition: AVVideoComposition
    private let report: (VideoCompositionProblem) -> Bool
    private var stopped = false

    init(composition: AVVideoComposition, report: @escaping (VideoCompositionProblem) -> Bool) {
        self.composition = composition
        self.report = report
    }

    private mutating func found(_ problem: VideoCompositionProblem) {
        if !report(problem) { stopped = true }
    }

    mutating func run(tracks: [AVAssetTrack], duration: CMTime, timeRange: CMTimeRange) {
        let state = composition.snapshot
        checkValues(state, tracks: tracks)
        guard !stopped else { return }
        checkTimeRanges(state.instructions, duration: duration, timeRange: timeRange)
        guard !stopped else { return }
        checkTrackIDs(state, tracks: tracks, timeRange: timeRange)
    }

    private mutating func invalidValue(_ key: String) {
        found(.invalidValue(key: key))
    }

    private mutating func checkValues(_ state: AVVideoComposition.State, tracks: [AVAssetTrack]) {
        let checks: [(key: String, ok: Bool)] = [
            ("frameDuration", state.frameDuration.isNumeric && state.frameDuration > .zero),
            ("renderSize", state.renderSize.width > 0 && state.renderSize.height > 0
                && state.renderSize.width.isFinite && state.renderSize.height.isFinite),
            ("renderScale", state.renderScale > 0 && state.renderScale.isFinite),
            // AV Foundation makes compositors with NSObject's alloc/init (see CompositorInstantiation).
            ("customVideoCompositorClass", state.customVideoCompositorClass.map { $0 is NSObject.Type } ?? true),
            ("sourceTrackIDForFrameTiming", state.sourceTrackIDForFrameTiming == kCMPersistentTrackID_Invalid
                || tracks.isEmpty || tracks.contains { $0.trackID == state.sourceTrackIDForFrameTiming }),
        ]
        for check in checks where !check.ok {
            invalidValue(check.key)
            if stopped { return }
        }
    }

    /// Instructions in order, each valid, each starting where the previous ended, covering what is to be played:
    /// from the validated range's start (at least zero) to its end or the asset's duration, whichever is first.
    private mutating func checkTimeRanges(_ instructions: [any AVVideoCompositionInstructionProtocol], duration: CMTime,
                                          timeRange: CMTimeRange) {
        let coverStart = timeRange.start.isNumeric ? max(timeRange.start, .zero) : .zero
        var coverEnd: CMTime? = timeRange.isValid && timeRange.end.isNumeric ? timeRange.end : nil
        if duration.isNumeric { coverEnd = min(coverEnd ?? duration, duration) }

        func emptyRange(_ range: CMTimeRange, _ validator: inout CompositionValidator) {
            validator.found(.emptyTimeRange(range))
        }

        var previousEnd: CMTime?
        for instruction in instructions {
            let range = instruction.timeRange
            let rangeIsValid = range.isValid && range.start.isNumeric && range.duration.isNumeric
                && range.duration > .zero
            if rangeIsValid, timeRange.isValid, timeRange.intersection(range).duration <= .zero { continue }
            guard rangeIsValid, previousEnd.map({ range.start >= $0 }) ?? true else {
                found(.invalidTimeRange(instruction))
                if stopped { return }
                continue
            }
            let expectedStart = previousEnd ?? coverStart
            if range.start > expectedStart {
                emptyRange(CMTimeRange(start: expectedStart, end: range.start), &self)
                if stopped { return }
            }
            previousEnd = range.end
        }
        let coveredTo = previousEnd ?? coverStart
        if let coverEnd, coveredTo < coverEnd {
            emptyRange(CMTimeRange(start: coveredTo, end: coverEnd), &self)
        } else if coverEnd == nil, previousEnd == nil {
            emptyRange(CMTimeRange(start: coverStart, duration: .positiveInfinity), &self)
        }
    }

    /// Layer instructions of the built-in compositor's instructions name tracks of the asset or the animation
    /// tool's additional layer.
    private mutating func checkTrackIDs(_ state: AVVideoComposition.State, tracks: [AVAssetTrack],
                                        timeRange: CMTimeRange) {
        guard !tracks.isEmpty else { return }
        var known = Set(tracks.map(\.trackID))
        if let animated = state.animationTool?.additionalTrackID { known.insert(animated) }
        for case let instruction as AVVideoCompositionInstruction in state.instructions {
            let range = instruction.timeRange
            if range.isValid, timeRange.isValid, range.duration > .zero,
               timeRange.intersection(range).duration <= .zero { continue }
            for layer in instruction.layerInstructions where !known.contains(layer.trackID) {
                found(.invalidTrackID(instruction, layer, asset: tracks.first?.asset))
                if stopped { return }
            }
        }
    }
}
