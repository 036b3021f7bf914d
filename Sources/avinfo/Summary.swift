import AVFoundation
import Foundation

/// What `avinfo FILE` and `avinfo --json FILE` print: the asset's duration and metadata, and per track its
/// identity, codec, geometry, timing, edit list and sample counts.
struct Summary {
    let url: URL

    /// One track's description, printed as text or JSON. What the track answers at once (its loaded properties,
    /// computed again from what it keeps) is read from it when printed, not copied here: a file may have 20,000
    /// tracks, and copies of every property took more memory than the tracks' boxes in the file.
    struct TrackInfo {
        /// The track, whose segments are walked one by one when printed (an edit list can have millions).
        let track: AVAssetTrack
        let codec: String
        let sampleCount: Int
        let syncSampleCount: Int
        let audio: AudioStreamBasicDescription?

        var trackID: CMPersistentTrackID { track.trackID }
        var mediaType: AVMediaType { track.mediaType }
        var naturalSize: CGSize { track.naturalSize }
        var transform: CGAffineTransform { track.preferredTransform }
        var naturalTimeScale: CMTimeScale { track.naturalTimeScale }
        var timeRange: CMTimeRange { track.timeRange }
        var nominalFrameRate: Float { track.nominalFrameRate }
        var estimatedDataRate: Float { track.estimatedDataRate }
        var languageCode: String? { track.languageCode }
        var isEnabled: Bool { track.isEnabled }
        /// False for a track whose samples cannot be read (a damaged sample table) or decoded.
        var isPlayable: Bool { track.isPlayable }
    }

    func gather() async throws -> (duration: CMTime, metadata: [AVMetadataItem], tracks: [TrackInfo]) {
        let asset = AVURLAsset(url: url)
        let (duration, metadata, tracks) = try await asset.load(.duration, .metadata, .tracks)
        var infos = [TrackInfo]()
        infos.reserveCapacity(tracks.count)
        for track in tracks {
            // Loaded here, so that a property that cannot load fails the listing; read again when printed.
            _ = try await track.load(.naturalSize, .preferredTransform, .naturalTimeScale, .timeRange)
            _ = try await track.load(.nominalFrameRate, .estimatedDataRate, .languageCode, .isEnabled, .isPlayable)
            // Only the first description is reported: `formatDescriptions` would make every one (a track may
            // declare 100,000), so it is asked for alone.
            let first = track.firstFormatDescription
            let counts = countSamples(track)
            infos.append(TrackInfo(
                track: track, codec: first.map { fourCharacterString(CMFormatDescriptionGetMediaSubType($0)) } ?? "",
                sampleCount: counts.samples, syncSampleCount: counts.sync,
                audio: first.flatMap { CMAudioFormatDescriptionGetStreamBasicDescription($0)?.pointee }))
        }
        return (duration, metadata, infos)
    }

    /// The counts a walk of the raw sample table with a sample cursor gives: read from the table when the track has
    /// one (a walk of 2³¹ − 1 samples took over 20 s), walked otherwise (the container readers bound a table's
    /// length by the file's bytes, so the walk is bounded by what the file holds).
    private func countSamples(_ track: AVAssetTrack) -> (samples: Int, sync: Int) {
        if let counts = track.sampleCounts { return counts }
        guard let cursor = track.makeSampleCursorAtFirstSampleInDecodeOrder() else { return (0, 0) }
        var samples = 0, sync = 0
        repeat {
            samples += 1
            if cursor.currentSampleSyncInfo.sampleIsFullSync.boolValue { sync += 1 }
        } while cursor.stepInDecodeOrder(byCount: 1) == 1
        return (samples, sync)
    }

    // MARK: JSON

    /// Prints the JSON object on standard output.
    func printJSON() async throws {
        let (duration, metadata, tracks) = try await gather()
        // An identifier can repeat (two cover images, a title per language): keep every value, in file order. The
        // values are gathered per identifier first: appending to an array held in the `[String: Any]` object copied
        // it each time, quadratic in the items sharing an identifier (40,000 took 17 s).
        var valuesByIdentifier = [String: [Any]]()
        for item in metadata {
            guard let identifier = item.identifier?.rawValue else { continue }
            valuesByIdentifier[identifier, default: []].append(try await jsonValue(of: item))
        }
        let metadataObject = valuesByIdentifier.mapValues { values -> Any in values.count == 1 ? values[0] : values }
        let object: [String: Any] = [
            "duration": seconds(duration),
            "metadata": metadataObject,
            // Each track's object is made when its turn comes: made all at once, 20,000 tracks' dictionaries took
            // more memory than the tracks themselves.
            "tracks": JSONText.Deferred { writer, indent in
                writer.writeArray(tracks.count, indent: indent) { writer, index in
                    writer.write(trackObject(tracks[index]), indent: indent + 1)
                }
            },
        ]
        var writer = JSONText(output: OutputBuffer())
        writer.write(object)
        writer.output.append("\n")
        writer.flush()
    }

    private func trackObject(_ track: TrackInfo) -> [String: Any] {
        var object: [String: Any] = [
            "trackID": Int(track.trackID),
            "mediaType": track.mediaType.rawValue,
            "codec": track.codec,
            "naturalSize": ["width": Double(track.naturalSize.width), "height": Double(track.naturalSize.height)],
            "preferredTransform": [track.transform.a, track.transform.b, track.transform.c, track.transform.d,
                                   track.transform.tx, track.transform.ty].map(Double.init),
            "naturalTimeScale": Int(track.naturalTimeScale),
            "timeRange": rangeObject(track.timeRange),
            "segments": JSONText.Deferred { writer, indent in
                var segments = SegmentWalk(track.track)
                // Written field by field, without a dictionary per segment (an edit list can have millions).
                writer.writeSequence(indent: indent, next: { segments.next() }) { writer, segment, indent in
                    let mapping = segment.timeMapping
                    writer.beginObject()
                    writer.field("empty", indent: indent, first: true)
                    writer.writeBoolean(segment.isEmpty)
                    writer.field("source", indent: indent)
                    writeRange(mapping.source, &writer, indent + 1)
                    writer.field("target", indent: indent)
                    writeRange(mapping.target, &writer, indent + 1)
                    writer.endObject(indent: indent)
                }
            },
            "sampleCount": track.sampleCount,
            "syncSampleCount": track.syncSampleCount,
            "nominalFrameRate": Double(track.nominalFrameRate),
            "estimatedDataRate": Double(track.estimatedDataRate),
            "languageCode": track.languageCode ?? NSNull(),
            "enabled": track.isEnabled,
            "playable": track.isPlayable,
        ]
        if let audio = track.audio {
            object["sampleRate"] = audio.mSampleRate
            object["channels"] = Int(audio.mChannelsPerFrame)
        }
        return object
    }

    /// Writes `range` as `rangeObject(_:)` would be written (seconds, plus the exact rational start and duration),
    /// field by field without making the dictionary.
    private func writeRange(_ range: CMTimeRange, _ writer: inout JSONText, _ indent: Int) {
        writer.beginObject()
        writer.field("duration", indent: indent, first: true)
        writer.writeSeconds(range.duration)
        writer.field("durationTimescale", indent: indent)
        writer.writeInteger(Int64(range.duration.timescale))
        writer.field("durationValue", indent: indent)
        writer.writeInteger(range.duration.value)
        writer.field("start", indent: indent)
        writer.writeSeconds(range.start)
        writer.field("startTimescale", indent: indent)
        writer.writeInteger(Int64(range.start.timescale))
        writer.field("startValue", indent: indent)
        writer.writeInteger(range.start.value)
        writer.endObject(indent: indent)
    }

    private func rangeObject(_ range: CMTimeRange) -> [String: Any] {
        [
            "start": seconds(range.start), "duration": seconds(range.duration),
            "startValue": range.start.value, "startTimescale": Int(range.start.timescale),
            "durationValue": range.duration.value, "durationTimescale": Int(range.duration.timescale),
        ]
    }

    /// One formatter for every date (they are thread-safe once configured, and costly to make).
    nonisolated(unsafe) private static let dateFormatter = ISO8601DateFormatter()

    private func jsonValue(of item: AVMetadataItem) async throws -> Any {
        if let number = try await item.load(.numberValue) { return number }
        if let date = try await item.load(.dateValue) { return Self.dateFormatter.string(from: date) }
        if let string = try await item.load(.stringValue) { return string }
        if let data = try await item.load(.dataValue) { return ["bytes": data.count] }
        return NSNull()
    }

    // MARK: Text

    /// Prints the summary on standard output, line by line (a track's edits are walked one at a time).
    func printText() async throws {
        let (duration, metadata, tracks) = try await gather()
        var lines = Lines()
        lines.append("\(url.lastPathComponent): \(format(duration))")
        for item in metadata {
            guard let identifier = item.identifier?.rawValue else { continue }
            var value = try await item.load(.stringValue)
            if value == nil, let data = try await item.load(.dataValue) { value = "<\(data.count) bytes>" }
            lines.append("  \(identifier): \(value ?? "?")")
        }
        for track in tracks {
            var line = "  track \(track.trackID) \(track.mediaType.rawValue) \(track.codec)"
            if track.naturalSize != .zero {
                line += " \(Int(track.naturalSize.width))x\(Int(track.naturalSize.height))"
            }
            if let audio = track.audio { line += " \(Int(audio.mSampleRate)) Hz \(audio.mChannelsPerFrame) ch" }
            if track.nominalFrameRate > 0, track.mediaType == .video {
                line += String(format: " %.3f fps", track.nominalFrameRate)
            }
            line += String(format: " %.0f kb/s", track.estimatedDataRate / 1000)
            if let language = track.languageCode { line += " [\(language)]" }
            if !track.isEnabled { line += " (disabled)" }
            if !track.isPlayable { line += " (not playable)" }
            lines.append(line)
            lines.append("    \(track.sampleCount) samples (\(track.syncSampleCount) sync), timescale \(track.naturalTimeScale), "
                + "time range \(format(track.timeRange.start))–\(format(track.timeRange.end))")
            if !track.transform.isIdentity {
                let t = track.transform
                lines.append("    transform [\(t.a) \(t.b) \(t.c) \(t.d) \(t.tx) \(t.ty)]")
            }
            var segments = SegmentWalk(track.track)
            let first = segments.next(), second = segments.next()
            if let first, second != nil || first.isEmpty {
                var pending = [first] + (second.map { [$0] } ?? [])
                while let segment = pending.isEmpty ? segments.next() : pending.removeFirst() {
                    let target = segment.timeMapping.target
                    lines.append(segment.isEmpty
                        ? "    edit: empty \(format(target.start))–\(format(target.end))"
                        : "    edit: media \(format(segment.timeMapping.source.start))… → \(format(target.start))–\(format(target.end))")
                }
            }
        }
        lines.output.flush()
    }

    /// Lines written to standard output as they come.
    private struct Lines {
        let output = OutputBuffer()
        mutating func append(_ line: String) { output.append(line + "\n") }
    }

    /// `time` in seconds to the millisecond ("12.345 s"), worked out from its value and timescale, exact and rounded
    /// half to even: `String(format:)` took 60 % of the time of printing an edit list of 300,000 entries.
    private func format(_ time: CMTime) -> String {
        guard time.isNumeric else { return "\(time)" }
        let (millis, overflow) = time.value.multipliedReportingOverflow(by: 1000)
        guard !overflow, time.timescale > 0 else { return String(format: "%.3f s", time.seconds) }
        let scale = UInt64(time.timescale)
        var (whole, remainder) = millis.magnitude.quotientAndRemainder(dividingBy: scale)
        if remainder * 2 > scale || (remainder * 2 == scale && whole % 2 == 1) { whole += 1 }
        let fraction = String(whole % 1000)
        return (millis < 0 ? "-" : "") + "\(whole / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction + " s"
    }
}

func seconds(_ time: CMTime) -> Any { time.isNumeric ? time.seconds : NSNull() }

/// A FourCC as text ('avc1'), with non-printable bytes escaped.
func fourCharacterString(_ code: FourCharCode) -> String {
    let bytes = [UInt8(code >> 24), UInt8((code >> 16) & 0xFF), UInt8((code >> 8) & 0xFF), UInt8(code & 0xFF)]
    return bytes.map { (0x20...0x7E).contains($0) ? String(UnicodeScalar($0)) : String(format: "\\x%02X", $0) }.joined()
}

/// A track's segments in track-time order, one at a time (`AVAssetTrack.segment(forTrackTime:)` finds each in
/// O(log n) without making the whole `segments` array).
struct SegmentWalk {
    private let track: AVAssetTrack
    private var time = CMTime.zero
    private var isStarted = false
    private var done = false

    init(_ track: AVAssetTrack) { self.track = track }

    mutating func next() -> AVAssetTrackSegment? {
        guard !done, let segment = track.segment(forTrackTime: time) else { return nil }
        let target = segment.timeMapping.target
        // After the first, each segment starts where the previous one ended; past the last, the closest one is an
        // earlier one and the walk is over.
        if (isStarted && target.start != time) || !target.end.isNumeric || target.end <= time {
            done = true
            return nil
        }
        isStarted = true
        time = target.end
        return segment
    }
}
