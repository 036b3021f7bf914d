import Foundation
import Testing
@testable import AVFoundation

/// The awaitable "may have changed" under the receivers' back-pressure: no lost wake-up, no thread parked, and
/// cancellation never waits for a signal.
@Suite("ChangeSignal")
struct ChangeSignalTests {
    @Test("a signal between reading the generation and waiting is not lost")
    func signalBeforeWait() async {
        let signal = ChangeSignal()
        let generation = signal.generation
        signal.signal()
        await signal.wait(after: generation)
        #expect(signal.generation == generation + 1)
    }

    @Test("a waiter is resumed by the next signal, and every waiter is")
    func resumesWaiters() async {
        let signal = ChangeSignal()
        let generation = signal.generation
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { await signal.wait(after: generation) } }
            // Keep signalling until all eight are through: a signal that came before a waiter registered lets it
            // through at once, one after resumes it.
            group.addTask {
                while signal.generation < generation + 1_000 {
                    signal.signal()
                    try? await Task.sleep(for: .milliseconds(1))
                    if Task.isCancelled { return }
                }
            }
            for _ in 0..<8 { await group.next() }
            group.cancelAll()
        }
        #expect(signal.generation > generation)
    }

    @Test("a cancelled waiter is resumed without a signal")
    func cancellation() async {
        let signal = ChangeSignal()
        let generation = signal.generation
        let task = Task { await signal.wait(after: generation) }
        try? await Task.sleep(for: .milliseconds(20))
        task.cancel()
        await task.value
        #expect(signal.generation == generation, "no signal was needed")
        // Already cancelled before waiting: returns at once.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await signal.wait(after: generation)
        }
        await early.value
    }
}
