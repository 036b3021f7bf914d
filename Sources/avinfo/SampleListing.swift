import AVFoundation
import Foundation

/// The raw sample table of one track, walked with `AVSampleCursor` in decode order, one JSON line per sample.
struct SampleListing {
    let url: URL
    let trackID: CMPersistentTrackID

    func printLines() async throws {
        let asset = AVURLAsset(url: url)
        guard let track = try await asset.loadTrack(withTrackID: trackID) else {
            throw ListingError(message: "no track with ID \(trackID)")
        }
        let timescale = try await track.load(.naturalTimeScale)
        guard let cursor = track.makeSampleCursorAtFirstSampleInDecodeOrder() else {
            // No samples, or a damaged sample table: reading the track tells which (and where the damage is).
            try readingFailure(of: track, in: asset)
            return
        }
        let output = OutputBuffer()
        repeat {
            let dts = ticks(cursor.decodeTimeStamp, timescale)
            let pts = ticks(cursor.presentationTimeStamp, timescale)
            let duration = ticks(cursor.currentSampleDuration, timescale)
            let size = cursor.currentSampleStorageRange.length
            let sync = cursor.currentSampleSyncInfo.sampleIsFullSync.boolValue
            output.append("{\"dts\":\(dts),\"pts\":\(pts),\"duration\":\(duration),\"size\":\(size),\"sync\":\(sync)}\n")
        } while cursor.stepInDecodeOrder(byCount: 1) == 1
        output.flush()
    }

    /// Throws the error reading `track` fails with, if it fails; returns when the track simply has no samples.
    private func readingFailure(of track: AVAssetTrack, in asset: AVAsset) throws {
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
        reader.add(output)
        if reader.startReading(), output.copyNextSampleBuffer() == nil, reader.status != .failed { return }
        reader.cancelReading()
        if let error = reader.error { throw error }
        throw ListingError(message: "track \(trackID) cannot provide sample cursors")
    }

    /// A time in the track's media timescale (the cursor reports times in it already; convert defensively).
    private func ticks(_ time: CMTime, _ timescale: CMTimeScale) -> Int64 {
        time.timescale == timescale ? time.value : CMTimeConvertScale(time, timescale: timescale, method: .roundHalfAwayFromZero).value
    }
}

/// A listing that cannot be made, said in avinfo's own words.
struct ListingError: LocalizedError, CustomStringConvertible {
    let message: String
    var description: String { message }
    var errorDescription: String? { message }
}

/// Batches standard-output writes: a million samples must not mean a million write calls. Text is copied into one
/// fixed buffer, since it comes a few bytes at a time (three million edits are 1.7 GB of JSON).
final class OutputBuffer {
    private static let capacity = 1 << 16
    private let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
    private var count = 0

    deinit { buffer.deallocate() }

    func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            if count + bytes.count > Self.capacity { flush() }
            guard bytes.count <= Self.capacity else {
                FileHandle.standardOutput.write(Data(bytes))
                return
            }
            _ = UnsafeMutableBufferPointer(rebasing: buffer[count...]).initialize(fromContentsOf: bytes)
            count += bytes.count
        }
    }

    func appendSpaces(_ spaces: Int) {
        var remaining = spaces
        while remaining > 0 {
            if count == Self.capacity { flush() }
            let run = min(remaining, Self.capacity - count)
            UnsafeMutableBufferPointer(rebasing: buffer[count..<count + run]).initialize(repeating: UInt8(ascii: " "))
            count += run
            remaining -= run
        }
    }

    func flush() {
        guard count > 0 else { return }
        FileHandle.standardOutput.write(Data(buffer: UnsafeBufferPointer(rebasing: buffer[..<count])))
        count = 0
    }
}
