import CoreMedia
import Foundation

extension AVAssetWriterInput {
    /// Ask for multi-pass encoding (x264/x265 analyse the whole source, then encode it using the statistics, which
    /// go in the writer's `directoryForTemporaryFiles`). Set before `startWriting()`.
    public var performsMultiPassEncodingIfSupported: Bool {
        get { lock.withLock { configuration.performsMultiPassEncodingIfSupported } }
        set {
            let started = lock.withLock { () -> Bool in
                guard engine == nil else { return true }
                configuration.performsMultiPassEncodingIfSupported = newValue
                return false
            }
            if started { WriterLog.ignored("AVAssetWriterInput.performsMultiPassEncodingIfSupported cannot be changed after startWriting()") }
        }
    }

    /// Whether the input encodes in several passes: it asked to, and its encoder can (H.264 and HEVC). Known once
    /// writing has started.
    public var canPerformMultiplePasses: Bool {
        guard let (engine, index) = running else { return false }
        return engine.tracks[index].spec.multiPass
    }

    /// What the current pass needs (`sourceTimeRanges`: all of the source, [0, +∞), for both passes here); nil
    /// before writing starts, between passes, and once there are no more passes (then call `markAsFinished()`).
    public var currentPassDescription: AVAssetWriterInputPassDescription? {
        guard let (engine, index) = running else { return nil }
        let state = lock.withLock { passState }
        let multiPass = engine.tracks[index].spec.multiPass
        switch state {
        case .done: return nil
        case .pass where engine.inputIsBetweenPasses(index): return nil
        case .notStarted where multiPass: return nil
        default:
            return AVAssetWriterInputPassDescription(sourceTimeRanges: [NSValue(timeRange: CMTimeRange(start: .zero, duration: .positiveInfinity))])
        }
    }

    /// Ends the current pass: appended media so far is the whole pass. The input then prepares the next pass (or
    /// ends) and calls the `respondToEachPassDescription` block. The `requestMediaDataWhenReady` block stops.
    public func markCurrentPassAsFinished() {
        let pump: MediaRequestPump? = lock.withLock { self.pump }
        pump?.stop()
        guard let (engine, index) = running else { return }
        guard engine.tracks[index].spec.multiPass else {
            // A single-pass input has no further pass: it is done.
            lock.withLock { passState = .done }
            notifyPass()
            return
        }
        if submit(.endOfPass, bytes: 0, engine: engine, index: index) == false { notifyPass() }
    }

    /// Calls `block` on `queue` when each pass begins (and once more, with `currentPassDescription` nil, when
    /// there are no more passes). The first call happens at once when writing has started.
    public func respondToEachPassDescription(on queue: DispatchQueue, using block: @escaping @Sendable () -> Void) {
        let started: Bool = lock.withLock {
            passPump = (queue, block)
            return engine != nil
        }
        if started { queue.async(execute: block) }
    }

    /// The worker finished a pass: move to the next, or end.
    func passEnded() {
        guard let (engine, index) = running else { return }
        let next = engine.hasNextPass(index)
        lock.withLock {
            if case .pass(let number) = passState { passState = next && number < 2 ? .pass(number + 1) : .done }
        }
        notifyPass()
    }

    private func notifyPass() {
        let pass: (queue: DispatchQueue, block: @Sendable () -> Void)? = lock.withLock {
            let pass = passPump
            // The call that says there are no more passes is the last: the block is let go (it usually holds what
            // holds this input).
            if case .done = passState { passPump = nil }
            return pass
        }
        if let pass { pass.queue.async(execute: pass.block) }
        changes.signal()
    }
}
