// Platform idioms that AVFoundation code for iOS and macOS leans on (issue 14), written as that code writes them:
// objc_sync around a critical section, an os_unfair_lock stored in a class, a reader loop with an autorelease pool
// per sample, Logger with privacy arguments, os_log with %@ and %d. It must compile unchanged against Apple's SDKs.
import AVFoundation
import Foundation
import os

private let logger = Logger(subsystem: "com.example.apple-style", category: "idioms")
private let legacyLog = OSLog(subsystem: "com.example.apple-style", category: "legacy")

/// A progress reporter guarded with @synchronized, as Objective-C-era Swift code does.
final class ProgressReporter: NSObject {
    private var _progress: Float = 0

    var progress: Float {
        get {
            objc_sync_enter(self)
            defer { objc_sync_exit(self) }
            return _progress
        }
        set {
            objc_sync_enter(self)
            _progress = newValue
            objc_sync_exit(self)
        }
    }
}

/// Counts samples with an os_unfair_lock stored in the class and passed by `&`.
final class SampleCounter {
    private var lock = os_unfair_lock()
    private var counts: [AVMediaType: Int] = [:]

    func add(_ type: AVMediaType) {
        os_unfair_lock_lock(&lock)
        counts[type, default: 0] += 1
        os_unfair_lock_unlock(&lock)
    }

    func count(of type: AVMediaType) -> Int {
        os_unfair_lock_lock(&lock)
        defer { os_unfair_lock_unlock(&lock) }
        return counts[type] ?? 0
    }
}

/// Reads every video sample of `url` in autorelease pools, counting them under locks, and logs as apps do.
func checkPlatformIdioms(_ url: URL) throws {
    let asset = AVURLAsset(url: url)
    guard let track = asset.tracks(withMediaType: .video).first else { fail("idioms: no video track") }
    let reader = try AVAssetReader(asset: asset)
    let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
    reader.add(output)
    guard reader.startReading() else { fail("idioms: reader did not start: \(String(describing: reader.error))") }

    let counter = SampleCounter()
    let reporter = ProgressReporter()
    let duration = asset.duration.seconds
    logger.info("reading \(url.lastPathComponent, privacy: .public) from \(url.path, privacy: .private)")
    os_log("reader started for %@", log: legacyLog, type: .info, url.lastPathComponent)

    var reading = true
    while reading {
        autoreleasepool {
            guard let sample = output.copyNextSampleBuffer() else {
                reading = false
                return
            }
            counter.add(.video)
            let time = CMSampleBufferGetPresentationTimeStamp(sample)
            reporter.progress = Float(time.seconds / duration)
        }
    }
    // Two more threads bump the counter at once, as a callback queue and a main queue would.
    let group = DispatchGroup()
    for _ in 0..<2 {
        DispatchQueue.global().async(group: group) {
            for _ in 0..<1_000 { counter.add(.audio) }
        }
    }
    group.wait()

    let frames = counter.count(of: .video)
    check(frames == 30, "idioms: read \(frames) video samples, expected 30")
    check(counter.count(of: .audio) == 2_000, "idioms: the unfair lock lost updates")
    check(reporter.progress > 0.9, "idioms: progress \(reporter.progress)")
    check(objc_sync_enter(reporter) == OBJC_SYNC_SUCCESS, "idioms: objc_sync_enter failed")
    check(objc_sync_exit(reporter) == OBJC_SYNC_SUCCESS, "idioms: objc_sync_exit failed")
    check(objc_sync_exit(reporter) == OBJC_SYNC_NOT_OWNING_THREAD_ERROR, "idioms: unbalanced objc_sync_exit succeeded")

    logger.notice("read \(frames) frames, progress \(reporter.progress, privacy: .public)")
    logger.debug("user \("someone@example.com", privacy: .private(mask: .hash))")
    os_log("read %d frames of %@", log: legacyLog, type: .default, frames, url.lastPathComponent as NSString)
    os_log("done", log: .default, type: .debug)

    let lock = OSAllocatedUnfairLock(initialState: 0)
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
        for _ in 0..<250 { lock.withLock { $0 += 1 } }
    }
    check(lock.withLock { $0 } == 1_000, "idioms: OSAllocatedUnfairLock lost updates")
}
