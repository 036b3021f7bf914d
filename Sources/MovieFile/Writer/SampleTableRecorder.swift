import ISOBMFF

/// A track's sample table as samples arrive, kept compact: run-length decode deltas and composition offsets, sizes
/// as one value while they are all equal (LPCM frames cost nothing per sample), sync sample numbers only while some
/// sample is not sync. Chunks are recorded as they are placed. `finish` turns it into `stbl` boxes.
struct SampleTableRecorder {
    /// Where a chunk's bytes are, resolved to a file offset when the movie box is built.
    enum ChunkLocation: Equatable {
        /// In the main media data, at this file offset as first written (before any relocation).
        case main(UInt64)
        /// In the spool of data placed before the main media data, at this offset within the spool.
        case spool(UInt64)
        /// In the referenced file, at this offset.
        case external(UInt64)
    }

    /// One chunk.
    struct Chunk {
        var location: ChunkLocation
        var sampleCount: UInt32
        var descriptionIndex: UInt32
    }

    /// A run of equal values.
    struct Run<Value: Equatable> {
        var count: UInt32
        var value: Value
    }

    private(set) var sampleCount: UInt32 = 0
    /// Decode deltas of every sample but the last (whose duration is `lastDuration`).
    private(set) var decodeDeltas: [Run<UInt32>] = []
    /// The last sample's own duration.
    private(set) var lastDuration: UInt32 = 0
    private(set) var compositionOffsets: [Run<Int32>] = []
    private(set) var minimumCompositionOffset: Int32 = 0
    private(set) var maximumCompositionOffset: Int32 = 0
    /// Sizes once they differ; `nil` while all equal `constantSize`.
    private(set) var sizes: [UInt32]?
    private(set) var constantSize: UInt32 = 0
    private(set) var totalBytes: UInt64 = 0
    private(set) var maximumSampleSize: UInt32 = 0
    /// 1-based numbers of the sync samples, `nil` while every sample is sync.
    private(set) var syncSamples: [UInt32]?
    private(set) var partialSyncSamples: [UInt32] = []
    /// One `sdtp` byte per sample, once any sample has dependency information.
    private(set) var dependencyBytes: [UInt8]?
    private(set) var chunks: [Chunk] = []
    /// Sum of all durations (the media duration).
    private(set) var mediaDuration: UInt64 = 0

    /// Records `count` samples of `size` bytes: the first `count - 1` last `duration` each; the previous sample
    /// lasted `previousDelta`.
    mutating func append(count: UInt32, size: UInt32, previousDelta: UInt32?, duration: UInt32,
                         compositionOffset: Int32, isSync: Bool, isPartialSync: Bool,
                         dependency: UInt8?) {
        if let previousDelta { push(&decodeDeltas, previousDelta, count: 1); mediaDuration += UInt64(previousDelta) }
        if count > 1 {
            push(&decodeDeltas, duration, count: count - 1)
            mediaDuration += UInt64(duration) * UInt64(count - 1)
        }
        lastDuration = duration
        if sampleCount == 0 {
            minimumCompositionOffset = compositionOffset
            maximumCompositionOffset = compositionOffset
        } else {
            minimumCompositionOffset = min(minimumCompositionOffset, compositionOffset)
            maximumCompositionOffset = max(maximumCompositionOffset, compositionOffset)
        }
        push(&compositionOffsets, compositionOffset, count: count)

        if sampleCount == 0 { constantSize = size }
        if sizes == nil, size != constantSize {
            sizes = [UInt32](repeating: constantSize, count: Int(sampleCount))
        }
        if sizes != nil { sizes!.append(contentsOf: repeatElement(size, count: Int(count))) }
        totalBytes += UInt64(size) * UInt64(count)
        maximumSampleSize = max(maximumSampleSize, size)

        let first = sampleCount + 1
        if !isSync, syncSamples == nil { syncSamples = Array(1..<first) }
        if isSync, syncSamples != nil { syncSamples!.append(contentsOf: first..<first + count) }
        if isPartialSync { partialSyncSamples.append(first) }
        if let dependency {
            if dependencyBytes == nil { dependencyBytes = [UInt8](repeating: 0, count: Int(sampleCount)) }
            dependencyBytes!.append(contentsOf: repeatElement(dependency, count: Int(count)))
        } else if dependencyBytes != nil {
            dependencyBytes!.append(contentsOf: repeatElement(0, count: Int(count)))
        }
        sampleCount += count
    }

    /// Records a chunk of `sampleCount` samples at `location`.
    mutating func appendChunk(_ location: ChunkLocation, sampleCount: UInt32, descriptionIndex: UInt32) {
        chunks.append(Chunk(location: location, sampleCount: sampleCount, descriptionIndex: descriptionIndex))
    }

    /// Grows the last chunk by `sampleCount` samples (sample references that continue the previous chunk).
    mutating func extendLastChunk(by sampleCount: UInt32) {
        chunks[chunks.count - 1].sampleCount += sampleCount
    }

    /// The media duration including the last sample's.
    var totalDuration: UInt64 { sampleCount == 0 ? 0 : mediaDuration + UInt64(lastDuration) }

    /// True when some composition offset is not zero.
    var hasCompositionOffsets: Bool { minimumCompositionOffset != 0 || maximumCompositionOffset != 0 }

    /// The smallest and largest composition time (decode time + offset), and the end of the last presented sample,
    /// in media ticks from the first decode time.
    func compositionRange() -> (start: Int64, end: Int64) {
        if !hasCompositionOffsets { return (0, Int64(totalDuration)) }
        var decode: Int64 = 0
        var start = Int64.max, end = Int64.min
        var deltaIndex = 0, deltaUsed: UInt32 = 0
        var sampleIndex: UInt32 = 0
        for run in compositionOffsets {
            for _ in 0..<run.count {
                let duration: Int64
                if sampleIndex == sampleCount - 1 {
                    duration = Int64(lastDuration)
                } else {
                    duration = Int64(decodeDeltas[deltaIndex].value)
                    deltaUsed += 1
                    if deltaUsed == decodeDeltas[deltaIndex].count { deltaIndex += 1; deltaUsed = 0 }
                }
                let composition = decode + Int64(run.value)
                start = min(start, composition)
                end = max(end, composition + duration)
                decode += duration
                sampleIndex += 1
            }
        }
        return sampleCount == 0 ? (0, 0) : (start, end)
    }

    private func push<Value: Equatable>(_ runs: inout [Run<Value>], _ value: Value, count: UInt32) {
        guard count > 0 else { return }
        if let last = runs.last, last.value == value, UInt64(last.count) + UInt64(count) <= UInt64(UInt32.max) {
            runs[runs.count - 1].count += count
        } else {
            runs.append(Run(count: count, value: value))
        }
    }
}
