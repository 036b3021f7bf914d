// Two idioms of code written for macOS 14 / iOS 17 and later: an actor that runs on a dispatch queue of its own
// (so that callbacks arriving on that queue can assume its isolation), and typed constants handed to CF-style APIs
// with `as CFString`. It must compile unchanged against Apple's SDKs.
import AVFoundation
import Foundation

/// Collects an export's progress reports on the queue the writer calls back on.
actor ProgressLog {
    let queue = DispatchSerialQueue(label: "com.example.progress")
    private var entries: [String] = []

    nonisolated var unownedExecutor: UnownedSerialExecutor { queue.asUnownedSerialExecutor() }

    func add(_ entry: String) { entries.append(entry) }
    var count: Int { entries.count }

    /// Called from work already running on `queue`.
    nonisolated func addFromQueue(_ entry: String) {
        assumeIsolated { $0.add(entry) }
    }
}

/// The file types an upload form offers, as CF strings for a C-style API.
func fileTypeIdentifiers(_ types: [AVFileType]) -> [CFString] {
    types.map { $0 as CFString }
}

func checkDispatchAndBridging(_ url: URL, outputDirectory: URL) throws {
    let log = ProgressLog()
    let group = DispatchGroup()
    let semaphore = DispatchSemaphore(value: 0)
    Task {
        for step in 0..<10 { await log.add("step \(step)") }
        group.enter()
        log.queue.async {
            log.addFromQueue("from the queue")
            group.leave()
        }
        group.wait()
        semaphore.signal()
    }
    semaphore.wait()
    let counted = DispatchSemaphore(value: 0)
    var count = 0
    Task {
        count = await log.count
        counted.signal()
    }
    counted.wait()
    check(count == 11, "the actor on its own queue recorded \(count) entries, not 11")

    let identifiers = fileTypeIdentifiers([.mov, .mp4, .m4a])
    check(identifiers.map { $0 as String } == ["com.apple.quicktime-movie", "public.mpeg-4", "com.apple.m4a-audio"],
          "AVFileType as CFString: \(identifiers)")
    let settings = [AVVideoCodecKey: AVVideoCodecType.h264 as NSString] as [String: Any]
    check(settings[AVVideoCodecKey] as? String == "avc1", "AVVideoCodecType as NSString")
    let keys = [AVMetadataKey.commonKeyTitle, .commonKeyArtist] as NSArray
    check(keys.count == 2 && keys.firstObject as? String == AVMetadataKey.commonKeyTitle.rawValue, "[AVMetadataKey] as NSArray")
    let mediaType: Any = AVMediaType.video as NSString
    check(mediaType as? AVMediaType == .video, "as? AVMediaType from an NSString")
    let asset = AVURLAsset(url: url)
    check(asset.tracks(withMediaType: AVMediaType(rawValue: (AVMediaType.video as NSString) as String)).count == 1, "the clip's video track")
}
