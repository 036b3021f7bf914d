import Foundation

/// Runs a `requestMediaDataWhenReady(on:using:)` block as Apple documents: on the caller's queue, again each time
/// the input becomes ready after the block returned, until the input is marked finished (or the pass ends).
///
/// The block runs at most once at a time. After it returns: if the input is still ready it runs again (after
/// `WriterLimits.idleRequestDelayMilliseconds` when it appended nothing, so a block with nothing to give does
/// not spin); otherwise it waits for `readinessMayHaveChanged()`. Once writing is over (completed, failed,
/// cancelled) the block runs one last time so that a "while ready, append" loop sees `append` fail, then never.
///
/// A stopped pump lets go of the block. The block usually holds what feeds the input, and that holds the input,
/// which holds this pump: kept, the cycle would keep a finished export's reader, decoders and encoders for ever.
///
/// Thread safety: `lock` guards the state below.
// Safe because `lock` guards every `var`; the block runs on the caller's queue, never under the lock.
final class MediaRequestPump: @unchecked Sendable {
    private let queue: DispatchQueue
    /// `nil` once stopped.
    private var block: (@Sendable () -> Void)?
    private weak var input: AVAssetWriterInput?
    private let lock = NSLock()
    private var running = false
    private var waiting = false
    private var stopped = false
    private var finalRunDone = false

    init(queue: DispatchQueue, block: @escaping @Sendable () -> Void, input: AVAssetWriterInput) {
        self.queue = queue
        self.block = block
        self.input = input
    }

    /// Starts running the block.
    func start() { schedule(after: 0) }

    /// Stops for good (the input was marked finished, or its pass ended).
    func stop() { lock.withLock { stopLocked() } }

    private func stopLocked() {
        stopped = true
        block = nil
    }

    /// Called when the input's readiness may have changed: runs the block if it was waiting and the input is ready.
    func readinessMayHaveChanged() {
        let wasWaiting: Bool = lock.withLock {
            guard waiting, !stopped else { return false }
            return true
        }
        guard wasWaiting, let input else { return }
        // Writing ended while the block waited: its last run lets it see the failure (and the pump stop after it).
        let ended = !input.writerIsWriting
        guard ended || input.shouldRunRequestBlock else { return }
        let go: Bool = lock.withLock {
            guard waiting else { return false }
            waiting = false
            if ended { finalRunDone = true }
            return true
        }
        if go { schedule(after: 0) }
    }

    private func schedule(after milliseconds: Int) {
        let taken: (@Sendable () -> Void)? = lock.withLock {
            guard !stopped, !running, let block = self.block else { return nil }
            running = true
            return block
        }
        guard let block = taken else { return }
        let work: @Sendable () -> Void = { [self] in
            let before = input?.appendAttempts ?? 0
            block()
            afterBlock(appended: (input?.appendAttempts ?? 0) != before)
        }
        if milliseconds > 0 {
            queue.asyncAfter(deadline: .now() + .milliseconds(milliseconds), execute: work)
        } else {
            queue.async(execute: work)
        }
    }

    private func afterBlock(appended: Bool) {
        lock.withLock { running = false }
        guard let input else { return }
        if input.isFinishedForRequests {
            stop()
            return
        }
        if !input.writerIsWriting {
            // One last run lets the block see the failure; after that, nothing more can happen.
            let last: Bool = lock.withLock {
                if finalRunDone {
                    stopLocked()
                    return false
                }
                finalRunDone = true
                return true
            }
            if last { schedule(after: 0) }
            return
        }
        if input.shouldRunRequestBlock {
            schedule(after: appended ? 0 : WriterLimits.idleRequestDelayMilliseconds)
            return
        }
        lock.withLock { waiting = true }
        // Readiness may have changed between the check and the flag: check again.
        readinessMayHaveChanged()
    }
}
