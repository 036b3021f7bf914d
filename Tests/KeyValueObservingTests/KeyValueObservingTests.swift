import Foundation
import Testing
@testable import _KeyValueObserving

@Suite struct KeyValueObservingTests {
    @Test func typesAreApples() {
        #expect(NSKeyValueObservingOptions.new.rawValue == 1)
        #expect(NSKeyValueObservingOptions.old.rawValue == 2)
        #expect(NSKeyValueObservingOptions.initial.rawValue == 4)
        #expect(NSKeyValueObservingOptions.prior.rawValue == 8)
        #expect(NSKeyValueChange.setting.rawValue == 1 && NSKeyValueChange.replacement.rawValue == 4)
        let options: NSKeyValueObservingOptions = [.new, .old]
        #expect(options.contains(.old) && !options.contains(.prior))
    }

    @Test func willAndDidChangeForKeyNotifyTheStoredPropertysObservers() {
        let exporter = UserExporter()
        let seen = Recorder<Seen<Float>>()
        let receivers = Recorder<ObjectIdentifier>()
        let observation = exporter.observe(\.progress, options: [.new, .old]) { object, change in
            receivers.append(ObjectIdentifier(object))
            seen.append(Seen(change))
        }
        exporter.setProgress(0.25)
        exporter.setProgress(1)
        #expect(seen.all == [Seen(old: 0, new: 0.25), Seen(old: 0.25, new: 1)])
        #expect(seen.all.allSatisfy { $0.kind == .setting })
        #expect(receivers.all == [ObjectIdentifier(exporter), ObjectIdentifier(exporter)])
        observation.invalidate()
    }

    @Test func optionsChooseWhatIsSent() {
        let exporter = UserExporter()
        exporter.progress = 0.5
        let bare = Recorder<Seen<Float>>()
        let initial = Recorder<Seen<Float>>()
        let prior = Recorder<Seen<Float>>()
        let observations = [
            exporter.observe(\.progress) { _, change in bare.append(Seen(change)) },
            exporter.observe(\.progress, options: [.initial, .new]) { _, change in initial.append(Seen(change)) },
            exporter.observe(\.progress, options: [.prior, .old, .new]) { _, change in prior.append(Seen(change)) },
        ]
        // The initial notification came before observe returned.
        #expect(initial.all == [Seen(old: nil, new: 0.5)])
        exporter.setProgress(0.75)
        #expect(bare.all == [Seen(old: nil, new: nil)])
        #expect(initial.all == [Seen(old: nil, new: 0.5), Seen(old: nil, new: 0.75)])
        #expect(prior.all == [Seen(old: 0.5, new: nil, isPrior: true), Seen(old: 0.5, new: 0.75)])
        for observation in observations { observation.invalidate() }
    }

    @Test func theObjectStillHasItsOldValueInThePriorNotification() {
        let exporter = UserExporter()
        let read = Recorder<Float>()
        let observation = exporter.observe(\.progress, options: [.prior]) { object, change in
            if change.isPrior { read.append(object.progress) }
        }
        exporter.setProgress(0.5)
        #expect(read.all == [0])
        observation.invalidate()
    }

    @Test func invalidateEndsTheObservation() {
        let exporter = UserExporter()
        let seen = Recorder<Float?>()
        let observation = exporter.observe(\.progress, options: .new) { _, change in seen.append(change.newValue) }
        exporter.setProgress(0.1)
        observation.invalidate()
        observation.invalidate()
        exporter.setProgress(0.2)
        #expect(seen.all == [0.1])
    }

    @Test func releasingTheTokenEndsTheObservation() {
        let exporter = UserExporter()
        let seen = Recorder<Float?>()
        do {
            let observation = exporter.observe(\.progress, options: .new) { _, change in seen.append(change.newValue) }
            exporter.setProgress(0.1)
            withExtendedLifetime(observation) {}
        }
        exporter.setProgress(0.2)
        #expect(seen.all == [0.1])
        #expect(ObservationRegistry.shared.observations(of: exporter).isEmpty)
    }

    @Test func theObservedObjectsDeathEndsTheObservation() {
        var exporter: UserExporter? = UserExporter()
        weak let weakExporter = exporter
        let observation = exporter!.observe(\.progress) { _, _ in }
        exporter = nil
        #expect(weakExporter == nil)
        // A new object at the same address gets none of the dead one's observations.
        let next = UserExporter()
        #expect(ObservationRegistry.shared.observations(of: next).isEmpty)
        observation.invalidate()
    }

    /// Two stored properties of one type that hold the same value: the key still reaches only its own property's
    /// observers, because after the change only that property holds the new value.
    @Test func aKeyReachesOnlyItsOwnPropertyAmongPropertiesOfTheSameType() {
        let exporter = UserExporter()
        let progress = Recorder<Float?>()
        let volume = Recorder<Float?>()
        let observations = [
            exporter.observe(\.progress, options: .new) { _, change in progress.append(change.newValue) },
            exporter.observe(\.volume, options: .new) { _, change in volume.append(change.newValue) },
        ]
        exporter.setProgress(0.5)
        exporter.setVolume(0.8)
        #expect(progress.all == [0.5])
        #expect(volume.all == [0.8])
        // Another key, or a key of another type, reaches neither.
        exporter.willChangeValue(forKey: "title")
        exporter.title = "done"
        exporter.didChangeValue(forKey: "title")
        exporter.willChangeValue(forKey: "nonexistent")
        exporter.didChangeValue(forKey: "nonexistent")
        #expect(progress.count == 1 && volume.count == 1)
        for observation in observations { observation.invalidate() }
    }

    @Test func aPropertyOfASuperclassResolves() {
        let exporter = RenamingExporter()
        let seen = Recorder<Double?>()
        let observation = exporter.observe(\.fractionDone, options: .new) { _, change in seen.append(change.newValue) }
        exporter.advance(to: 0.5)
        #expect(seen.all == [0.5])
        observation.invalidate()
    }

    @Test func aBackingStoreNamedWithAnUnderscoreResolves() {
        let exporter = LockedExporter()
        let seen = Recorder<Seen<Float>>()
        let observation = exporter.observe(\.progress, options: [.old, .new]) { _, change in seen.append(Seen(change)) }
        exporter.setProgress(0.5)
        #expect(seen.all == [Seen(old: 0, new: 0.5)])
        observation.invalidate()
    }

    @Test func aPropertyWrappersValueResolves() {
        let exporter = WrappedExporter()
        let seen = Recorder<Double?>()
        let observation = exporter.observe(\.level, options: .new) { _, change in seen.append(change.newValue) }
        exporter.setLevel(2)
        #expect(seen.all == [1])
        observation.invalidate()
    }

    /// A computed property with no store of its own cannot be found by name; its key path can be announced.
    @Test func aComputedPropertyResolvesOnlyByKeyPath() {
        let exporter = LockedExporter()
        let seen = Recorder<Int?>()
        let observation = exporter.observe(\.percent, options: .new) { _, change in seen.append(change.newValue) }
        exporter.willChangeValue(forKey: "percent")
        exporter.setProgress(0.5)
        exporter.didChangeValue(forKey: "percent")
        #expect(seen.all.isEmpty)
        exporter.willChangeValue(for: \.percent)
        exporter.setProgress(0.75)
        exporter.didChangeValue(for: \.percent)
        #expect(seen.all == [75])
        observation.invalidate()
    }

    @Test func optionalValuesThatCannotBeComparedResolveByType() {
        struct Failure: Error {}
        let exporter = UserExporter()
        let seen = Recorder<Bool>()
        let observation = exporter.observe(\.error, options: [.old, .new]) { _, change in
            seen.append(change.oldValue.flatMap { $0 } == nil && change.newValue.flatMap { $0 } is Failure)
        }
        exporter.willChangeValue(forKey: "error")
        exporter.error = Failure()
        exporter.didChangeValue(forKey: "error")
        #expect(seen.all == [true])
        observation.invalidate()
    }

    @Test func nestedAnnouncementsPairUp() {
        let exporter = UserExporter()
        let seen = Recorder<String>()
        let observations = [
            exporter.observe(\.progress, options: [.old, .new]) { _, change in
                seen.append("progress \(change.oldValue!) → \(change.newValue!)")
            },
            exporter.observe(\.volume, options: [.old, .new]) { _, change in
                seen.append("volume \(change.oldValue!) → \(change.newValue!)")
            },
        ]
        exporter.willChangeValue(forKey: "progress")
        exporter.willChangeValue(forKey: "volume")
        exporter.progress = 1
        exporter.volume = 0.5
        exporter.didChangeValue(forKey: "volume")
        exporter.didChangeValue(forKey: "progress")
        #expect(seen.all == ["volume 0.0 → 0.5", "progress 0.0 → 1.0"])
        for observation in observations { observation.invalidate() }
    }

    /// Handlers are called with no lock held: they may observe, invalidate and announce again.
    @Test func handlersMayReenter() {
        let exporter = UserExporter()
        let seen = Recorder<String>()
        let inner = Recorder<NSKeyValueObservation>()
        let holder = Recorder<NSKeyValueObservation>()
        let outer = exporter.observe(\.progress, options: .new) { object, change in
            seen.append("progress \(change.newValue!)")
            if inner.count == 0 {
                inner.append(object.observe(\.volume, options: .new) { _, change in seen.append("volume \(change.newValue!)") })
                object.setVolume(0.5)
            }
            holder.all.first?.invalidate()
        }
        holder.append(outer)
        exporter.setProgress(0.25)
        exporter.setProgress(0.5)
        #expect(seen.all == ["progress 0.25", "volume 0.5"])
        for observation in inner.all { observation.invalidate() }
    }

    /// AVFoundation's classes announce values themselves: in the order of their changes, once per value.
    @Test func announcementsComeInOrderAndOncePerValue() async {
        let announcer = Announcer()
        let seen = Recorder<Seen<Int>>()
        let observation = announcer.observe(\.count, options: [.initial, .old, .new]) { _, change in seen.append(Seen(change)) }
        #expect(seen.all == [Seen(old: nil, new: 0)])
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { for _ in 0..<250 { announcer.increment() } }
            }
        }
        let changes = Array(seen.all.dropFirst())
        #expect(changes.count == 1_000)
        #expect(changes.map(\.new) == (1...1_000).map { $0 })
        #expect(changes.map(\.old) == (0..<1_000).map { $0 })
        observation.invalidate()
        announcer.increment()
        #expect(seen.count == 1_001)
    }

    /// Observations added and removed from many threads while others announce: nothing is lost for a live
    /// observation, nothing arrives after invalidation, nothing deadlocks.
    @Test func concurrentObservingAndAnnouncing() async {
        let shared = UserExporter()
        let steady = Recorder<Float?>()
        let steadyObservation = shared.observe(\.volume, options: .new) { _, change in steady.append(change.newValue) }
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    // Each worker's own exporter, observed and announced on this thread.
                    let own = UserExporter()
                    let seen = Recorder<Float?>()
                    let observation = own.observe(\.progress, options: .new) { _, change in seen.append(change.newValue) }
                    for step in 1...200 { own.setProgress(Float(step)) }
                    observation.invalidate()
                    own.setProgress(-1)
                    #expect(seen.count == 200)
                    #expect(seen.all.last == 200)
                    // Churn on the shared object.
                    for step in 0..<200 {
                        let transient = shared.observe(\.progress) { _, _ in }
                        if step % 2 == 0 { transient.invalidate() }
                        if worker == 0 { shared.setVolume(Float(step)) }
                    }
                }
            }
        }
        #expect(steady.count == 200)
        steadyObservation.invalidate()
        #expect(ObservationRegistry.shared.observations(of: shared).isEmpty)
    }

    /// Foundation's `Operation` declares its own willChangeValue(forKey:); ours on NSObject must not make calls on
    /// operations ambiguous.
    @Test func operationsKeepTheirOwnAnnouncements() {
        final class Work: Operation, @unchecked Sendable {}
        let work = Work()
        work.willChangeValue(forKey: "name")
        work.didChangeValue(forKey: "name")
        work.willChangeValue(for: \.name)
        work.didChangeValue(for: \.name)
        let observation = work.observe(\.name) { _, _ in }
        observation.invalidate()
    }
}
