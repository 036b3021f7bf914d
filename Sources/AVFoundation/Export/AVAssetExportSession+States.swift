import Foundation
import _KeyValueObserving

extension AVAssetExportSession {
    /// The state of an export, as `states(updateInterval:)` reports it.
    // Safe because an immutable value; the `Progress` it carries is thread-safe.
    public enum State: @unchecked Sendable {
        /// The export has not started.
        case pending
        /// The export is queued behind others.
        case waiting
        /// The export is running; `progress.fractionCompleted` says how far it is.
        case exporting(progress: Progress)
    }

    /// The export's states as they change: the current state at once, then each change, and while exporting the
    /// progress every `updateInterval` seconds (never, for the default `.infinity`). The sequence ends when the
    /// export completes, fails or is cancelled, or when the task iterating it is cancelled.
    public func states(updateInterval: TimeInterval = .infinity) -> some Sendable & AsyncSequence<State, Never> {
        ExportStateSequence(session: self, updateInterval: updateInterval > 0 ? updateInterval : .infinity)
    }

    /// The status and its change counter, read together.
    func stateSnapshot() -> (version: Int, status: Status) {
        lock.withLock { (run.version, run.status) }
    }

    /// The public state for a status (`nil` once the export has ended).
    func state(for status: Status) -> State? {
        switch status {
        case .unknown: .pending
        case .waiting: .waiting
        case .exporting: .exporting(progress: progressObject)
        case .completed, .failed, .cancelled: nil
        }
    }

    /// Records a status change, wakes every waiting state sequence and records `status` and `progress` for their
    /// observers (key-value observing; delivered by `announceChanges()` once `lock` is released). Called with `lock`
    /// held.
    func changedLocked() {
        // Progress first: observers see it reach 1 before the status becomes `.completed`.
        KeyValueAnnouncements.record(self, key: "progress", value: run.progress)
        KeyValueAnnouncements.record(self, key: "status", value: run.status)
        run.version += 1
        let waiters = run.waiters
        run.waiters = [:]
        for waiter in waiters.values { waiter.resume() }
    }

    /// Waits until the status changes after `version`, `timeout` seconds pass, or the task is cancelled.
    func waitForChange(after version: Int, timeout: TimeInterval) async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now: Bool = lock.withLock {
                    if run.version != version || run.cancelledWaiters.remove(id) != nil { return true }
                    run.waiters[id] = continuation
                    return false
                }
                if now {
                    continuation.resume()
                } else if timeout.isFinite {
                    DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in self?.wake(id) }
                }
            }
        } onCancel: {
            wake(id, cancelled: true)
        }
    }

    /// Resumes one waiter (a timeout, or its task was cancelled); a cancelled waiter not yet registered is
    /// remembered so that it does not wait at all.
    private func wake(_ id: UUID, cancelled: Bool = false) {
        let waiter: CheckedContinuation<Void, Never>? = lock.withLock {
            if let waiter = run.waiters.removeValue(forKey: id) { return waiter }
            if cancelled { run.cancelledWaiters.insert(id) }
            return nil
        }
        waiter?.resume()
    }
}

/// The sequence `states(updateInterval:)` returns.
struct ExportStateSequence: AsyncSequence, Sendable {
    typealias Element = AVAssetExportSession.State
    typealias Failure = Never

    let session: AVAssetExportSession
    let updateInterval: TimeInterval

    func makeAsyncIterator() -> Iterator { Iterator(session: session, updateInterval: updateInterval) }

    /// Yields on every status change and, while exporting, every `updateInterval`.
    struct Iterator: AsyncIteratorProtocol {
        typealias Element = AVAssetExportSession.State
        typealias Failure = Never

        let session: AVAssetExportSession
        let updateInterval: TimeInterval
        private var lastVersion = -1
        private var lastYield = ContinuousClock.now

        init(session: AVAssetExportSession, updateInterval: TimeInterval) {
            self.session = session
            self.updateInterval = updateInterval
        }

        mutating func next() async -> AVAssetExportSession.State? {
            while !Task.isCancelled {
                let (version, status) = session.stateSnapshot()
                guard let state = session.state(for: status) else { return nil }
                let elapsed = ContinuousClock.now - lastYield
                let interval = Duration.seconds(updateInterval.isFinite ? updateInterval : 0)
                if version != lastVersion || (status == .exporting && updateInterval.isFinite && elapsed >= interval) {
                    lastVersion = version
                    lastYield = .now
                    return state
                }
                let remaining: TimeInterval
                if status == .exporting, updateInterval.isFinite {
                    let left = interval - elapsed
                    remaining = Swift.max(0.001, Double(left.components.seconds) + Double(left.components.attoseconds) * 1e-18)
                } else {
                    remaining = .infinity
                }
                await session.waitForChange(after: version, timeout: remaining)
            }
            return nil
        }
    }
}
