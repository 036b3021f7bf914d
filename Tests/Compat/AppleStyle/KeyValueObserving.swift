// Key-value observing as AVFoundation code for iOS and macOS writes it (issue 14): an app's exporter, an NSObject
// subclass, republishes an AVAssetExportSession's progress as its own, announcing it with willChangeValue/
// didChangeValue, and its caller observes `\.progress`; the exporter itself observes the session's `progress` and
// `status` with `observe(_:options:changeHandler:)` and keeps the tokens. The one change from Apple code: on
// Apple platforms an observed property of one's own class is declared `@objc` (`observe` needs its Objective-C
// name), which Linux cannot compile (README, "Key-value observing").
import AVFoundation
import Foundation

/// Exports a clip and reports progress by key-value observing, as apps wrap AVAssetExportSession.
final class ClipExporter: NSObject {
    private let lock = NSLock()
    private var _progress: Float = 0
    private var observations: [NSKeyValueObservation] = []
    private(set) var statuses: [AVAssetExportSession.Status] = []

    #if os(Linux)
    var progress: Float {
        lock.lock()
        defer { lock.unlock() }
        return _progress
    }
    #else
    @objc var progress: Float {
        lock.lock()
        defer { lock.unlock() }
        return _progress
    }
    #endif

    private func setProgress(_ value: Float) {
        willChangeValue(forKey: "progress")
        lock.lock()
        _progress = value
        lock.unlock()
        didChangeValue(forKey: "progress")
    }

    func export(_ asset: AVAsset, to url: URL, completion: @escaping (Bool, Error?) -> Void) {
        guard let session = AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetLowQuality) else {
            completion(false, nil)
            return
        }
        session.outputURL = url
        session.outputFileType = .mp4
        session.shouldOptimizeForNetworkUse = true
        observations.append(session.observe(\.progress, options: [.new]) { [weak self] _, change in
            self?.setProgress(change.newValue ?? 0)
        })
        observations.append(session.observe(\.status, options: [.initial, .new]) { [weak self] session, _ in
            guard let self = self else { return }
            self.lock.lock()
            self.statuses.append(session.status)
            self.lock.unlock()
        })
        session.exportAsynchronously { [weak self] in
            self?.observations.forEach { $0.invalidate() }
            completion(session.status == .completed, session.error)
        }
    }
}

/// The other common form: a stored property, announced around each assignment.
final class TrimModel: NSObject {
    #if os(Linux)
    private(set) var fractionTrimmed: Double = 0
    #else
    @objc private(set) var fractionTrimmed: Double = 0
    #endif

    func trim(to fraction: Double) {
        willChangeValue(forKey: "fractionTrimmed")
        fractionTrimmed = fraction
        didChangeValue(forKey: "fractionTrimmed")
    }
}

/// Exports `url` through a ClipExporter, watching its progress by key-value observing.
func checkKeyValueObserving(_ url: URL, outputDirectory: URL) {
    let exporter = ClipExporter()
    let lock = NSLock()
    var seen: [Float] = []
    var observation: NSKeyValueObservation? = exporter.observe(\.progress, options: [.old, .new]) { exporter, change in
        lock.lock()
        seen.append(change.newValue ?? -1)
        lock.unlock()
        if let old = change.oldValue, let new = change.newValue, new < old { fail("kvo: progress went back from \(old) to \(new)") }
        _ = exporter.progress
    }
    let done = DispatchSemaphore(value: 0)
    var succeeded = false
    exporter.export(AVURLAsset(url: url), to: outputDirectory.appendingPathComponent("kvo-low.mp4")) { ok, error in
        succeeded = ok
        if !ok { print("apple-style: kvo export failed: \(String(describing: error))") }
        done.signal()
    }
    done.wait()
    check(succeeded, "kvo: the export failed")
    lock.lock()
    let values = seen
    lock.unlock()
    check(values.last == 1, "kvo: progress ended at \(String(describing: values.last)), not 1")
    check(values.count > 2, "kvo: progress was announced \(values.count) times; it must be announced as it advances")
    check(exporter.statuses.first == .unknown && exporter.statuses.contains(.exporting) && exporter.statuses.last == .completed,
          "kvo: statuses \(exporter.statuses.map(\.rawValue))")
    // Releasing the token ends the observation.
    observation = nil
    let before = values.count
    exporter.willChangeValue(forKey: "progress")
    exporter.didChangeValue(forKey: "progress")
    lock.lock()
    let after = seen.count
    lock.unlock()
    check(after == before, "kvo: a released observation was still notified")
    _ = observation

    let model = TrimModel()
    var trims: [Double] = []
    let trimObservation = model.observe(\.fractionTrimmed, options: [.initial, .new]) { _, change in
        trims.append(change.newValue ?? -1)
    }
    model.trim(to: 0.25)
    model.trim(to: 0.5)
    trimObservation.invalidate()
    model.trim(to: 1)
    check(trims == [0, 0.25, 0.5], "kvo: trims \(trims)")
}
