import CoreMedia
import ISOBMFF
import MediaContainer

/// Builds one track's `SampleTable` from its movie-box sample table (`stbl`, ISO/IEC 14496-12 §8.5–§8.7) followed
/// by its fragment runs (§8.8), in decode order. Runs lazily, the first time the asset layer asks for the table,
/// unless the table is small (`isSmall`).
struct SampleTableBuilder: Sendable {
    /// Most samples of a table built as the file opens. Built, a table of one sample takes about 500 bytes, while
    /// its parsed boxes, kept until it is built, take about 1,300: a file of 20,000 one-sample tracks opened to be
    /// listed held them all. A table this small costs microseconds to build; longer ones wait for first use, since
    /// building walks every sample.
    static let smallSampleCount = 256

    /// The track.
    var trackID: CMPersistentTrackID
    /// `moov/trak[n]/mdia/minf/stbl`.
    var path: BoxPath
    /// Its `stbl`.
    var sampleTable: SampleTableBox
    /// Number of sample descriptions (`stsd` entries): every description index must be within 1…this.
    var descriptionCount: Int
    /// The track's fragments in file order.
    var fragments: [TrackFragmentPlan]
    /// Samples that may need per-sample arrays (see `MovieFileLimits.perSampleAllowance`).
    var perSampleBudget: Int
    /// The file's size in bytes.
    var fileSize: Int64

    /// Whether the table is built as the file opens: no fragments, and at most `smallSampleCount` samples.
    var isSmall: Bool {
        guard fragments.isEmpty else { return false }
        let count = sampleTable.sampleSizes?.sampleCount ?? sampleTable.compactSampleSizes?.sizes.count ?? 0
        return count <= Self.smallSampleCount
    }

    /// The table.
    func build() throws(MovieFileError) -> SampleTable {
        var accumulator = SampleTableAccumulator(context: .init(trackID: trackID, perSampleBudget: perSampleBudget,
                                                                           fileSize: fileSize))
        try appendMovieSamples(to: &accumulator)
        for fragment in fragments { try append(fragment, to: &accumulator) }
        return try accumulator.makeTable(path: Location(path: path, offset: nil))
    }

    // MARK: The movie box's samples

    private func location(_ type: FourCC) -> Location {
        let node = sampleTable.children.first(ofType: type)
        return Location(path: path.appending(type), offset: node?.header?.offset)
    }

    private func failure(_ message: String, _ type: FourCC) -> MovieFileError {
        let where_ = location(type)
        return MovieFileError(.malformed, message, path: where_.path, offset: where_.offset, trackID: trackID)
    }

    private func appendMovieSamples(to accumulator: inout SampleTableAccumulator) throws(MovieFileError) {
        // Sizes: stsz or stz2 (§8.7.3). Neither means no samples (a fragmented file's empty movie box).
        let sizes: [UInt32]?
        let constantSize: UInt32
        let sampleCount: Int
        let sizeType: FourCC
        if let stsz = sampleTable.sampleSizes {
            sizeType = "stsz"
            switch stsz.sizes {
            case .constant(let size, let count):
                (sizes, constantSize, sampleCount) = (nil, size, Int(count))
            case .perSample(let values):
                (sizes, constantSize, sampleCount) = (values, 0, values.count)
            }
        } else if let stz2 = sampleTable.compactSampleSizes {
            sizeType = "stz2"
            (sizes, constantSize, sampleCount) = (stz2.sizes.map(UInt32.init), 0, stz2.sizes.count)
        } else {
            sizeType = "stsz"
            (sizes, constantSize, sampleCount) = (nil, 0, 0)
        }
        guard sampleCount > 0 else {
            if sampleTable.timeToSample.map({ $0.entries.contains { $0.sampleCount > 0 } }) == true {
                throw failure("stts times samples but the track has no sample sizes (stsz/stz2)", "stts")
            }
            return
        }
        try accumulator.reserve(sampleCount, path: location(sizeType))

        // Durations (stts, §8.6.1.2): their counts must add up to the sample count.
        guard let stts = sampleTable.timeToSample else { throw failure("the sample table has no stts", sizeType) }
        var timedSamples = 0
        for entry in stts.entries {
            timedSamples += Int(entry.sampleCount)
            guard timedSamples <= sampleCount else { break }
        }
        guard timedSamples == sampleCount else {
            throw failure("stts times \(timedSamples > sampleCount ? "more than \(sampleCount)" : "\(timedSamples)") "
                          + "samples but \(sizeType) declares \(sampleCount)", "stts")
        }

        // Composition offsets (ctts, §8.6.1.3). A table shorter than the sample count is padded with 0 and a longer
        // one cut: QuickTime and FFmpeg both accept such files, and the timing of every sample stays defined.
        var compositionCursor: RunCursor?
        if let ctts = sampleTable.compositionOffsets {
            accumulator.noteCompositionOffsetsPresent()
            compositionCursor = RunCursor(ctts.entries.map { (Int64($0.sampleOffset), Int($0.sampleCount)) })
        }
        var durationCursor = RunCursor(stts.entries.map { (Int64($0.sampleDelta), Int($0.sampleCount)) })

        // Chunks (stsc, §8.7.4, over stco/co64, §8.7.5).
        let chunkOffsets: ChunkOffsets
        let offsetType: FourCC
        if let stco = sampleTable.chunkOffsets {
            // Read in place: a widened copy of ten million 32-bit offsets was 80 MB more at the peak.
            chunkOffsets = .narrow(stco.offsets)
            offsetType = "stco"
        } else if let co64 = sampleTable.chunkLargeOffsets {
            chunkOffsets = .wide(co64.offsets)
            offsetType = "co64"
        } else {
            throw failure("the sample table has samples but no chunk offsets (stco/co64)", sizeType)
        }
        guard let stsc = sampleTable.sampleToChunk, !stsc.entries.isEmpty else {
            throw failure("the sample table has samples but no sample-to-chunk entries (stsc)", "stsc")
        }
        // At most one run per chunk, and no more than there are samples; the chunk table's bytes bound both.
        accumulator.reserveRuns(min(chunkOffsets.count, sampleCount))
        // Found once, not per chunk: a run's location is only read when it is refused, and finding it (a search of
        // the stbl's children and a new box path) cost about 1,400 instructions a chunk, 3 % of a 600 s remux.
        let offsetLocation = location(offsetType)
        var sample = 0
        for (entryIndex, entry) in stsc.entries.enumerated() {
            guard entry.firstChunk >= 1 else { throw failure("stsc entry \(entryIndex + 1) starts at chunk 0", "stsc") }
            if entryIndex > 0, entry.firstChunk <= stsc.entries[entryIndex - 1].firstChunk {
                throw failure("stsc entry \(entryIndex + 1) starts at chunk \(entry.firstChunk), not after the "
                              + "previous entry's \(stsc.entries[entryIndex - 1].firstChunk)", "stsc")
            }
            let description = Int(entry.sampleDescriptionIndex)
            guard description >= 1, description <= descriptionCount else {
                throw failure("stsc entry \(entryIndex + 1) uses sample description \(description); stsd has "
                              + "\(descriptionCount)", "stsc")
            }
            let firstChunk = Int(entry.firstChunk) - 1
            let endChunk = entryIndex + 1 < stsc.entries.count
                ? min(Int(stsc.entries[entryIndex + 1].firstChunk) - 1, chunkOffsets.count) : chunkOffsets.count
            let perChunk = Int(entry.samplesPerChunk)
            guard firstChunk < endChunk, perChunk > 0 else { continue }
            for chunk in firstChunk..<endChunk where sample < sampleCount {
                // The last chunk may declare more samples than remain (a common muxer rounding); stop at the count.
                let length = min(perChunk, sampleCount - sample)
                let range = sample..<(sample + length)
                try accumulator.appendRun(
                    length: length, offset: chunkOffsets[chunk], sizes: sizes.map { $0[range] },
                    constantSize: constantSize, durations: durationCursor.take(length),
                    compositionOffsets: compositionCursor?.take(length), descriptionIndex: Int64(description),
                    syncFlags: nil, dependencyByte: nil, path: offsetLocation)
                sample += length
            }
        }
        guard sample == sampleCount else {
            throw failure("stsc places \(sample) samples in \(chunkOffsets.count) chunks but \(sizeType) declares "
                          + "\(sampleCount)", "stsc")
        }

        // Sync samples (stss, §8.6.2): absent means all; 1-based numbers within the sample count.
        if let stss = sampleTable.syncSamples {
            accumulator.setSyncSamples(try Self.indices(stss.sampleNumbers, count: sampleCount) { message throws(MovieFileError) in
                throw failure("stss \(message)", "stss")
            })
        }
        if let stps = sampleTable.partialSyncSamples {
            accumulator.setPartialSyncSamples(try Self.indices(stps.sampleNumbers, count: sampleCount) { message throws(MovieFileError) in
                throw failure("stps \(message)", "stps")
            })
        }
        // sdtp (§8.6.4) has one byte per sample and no count of its own; a short table is not usable, a long one is cut.
        if let sdtp = sampleTable.sampleDependencies, sdtp.samples.count >= sampleCount {
            accumulator.setDependencyBytes(sdtp.samples.prefix(sampleCount).map(\.rawValue))
        }
    }

    // MARK: Fragment runs

    private func append(_ fragment: TrackFragmentPlan, to accumulator: inout SampleTableAccumulator)
        throws(MovieFileError) {
        let tfhdLocation = Location(path: fragment.path.appending("tfhd"), offset: nil)
        func failure(_ message: String, _ location: Location) -> MovieFileError {
            MovieFileError(.malformed, message, path: location.path, offset: location.offset, trackID: trackID)
        }
        if let tfdt = fragment.baseMediaDecodeTime {
            guard let time = Int64(exactly: tfdt) else {
                throw failure("base media decode time \(tfdt) exceeds 2⁶³", Location(path: fragment.path.appending("tfdt")))
            }
            // A tfdt that would make the previous sample's duration negative (overlapping fragments) is ignored and
            // the timeline stays continuous; a gap is absorbed by the previous sample, as a player would hold it.
            _ = accumulator.setNextDecodeTime(time)
        }
        if fragment.durationIsEmpty {
            let (end, overflow) = accumulator.decodeTimeAtEnd.addingReportingOverflow(Int64(fragment.defaultDuration))
            if !overflow { _ = accumulator.setNextDecodeTime(end) }
            return
        }
        guard fragment.sampleCount > 0 else { return }
        let description = Int(fragment.sampleDescriptionIndex)
        guard description >= 1, description <= descriptionCount else {
            throw failure("the fragment's samples use sample description \(description); stsd has \(descriptionCount)",
                          tfhdLocation)
        }
        let dependencies = fragment.dependencies.flatMap { $0.samples.count >= fragment.sampleCount ? $0.samples : nil }
        var sampleInFragment = 0
        for (runIndex, run) in fragment.runs.enumerated() {
            let trun = run.box
            let length = Int(trun.sampleCount)
            guard length > 0 else { continue }
            let defaultFlags = fragment.defaultFlags.rawValue
            let perSampleFlags = trun.sampleFlags
            let firstFlags = trun.firstSampleFlags?.rawValue
            func flags(_ index: Int) -> UInt32 {
                if let perSampleFlags { return perSampleFlags[index] }
                if index == 0, let firstFlags { return firstFlags }
                return defaultFlags
            }
            let uniformlySync = perSampleFlags == nil && firstFlags.map { $0 & 0x1_0000 == 0 } ?? true
                && defaultFlags & 0x1_0000 == 0
            let base = sampleInFragment
            let dependencyByte: ((Int) -> UInt8)?
            if let dependencies {
                dependencyByte = { dependencies[base + $0].rawValue }
            } else {
                // The sample flags carry the sdtp fields in bits 27…20, in sdtp's own layout (§8.8.3.1).
                dependencyByte = { UInt8(truncatingIfNeeded: flags($0) >> 20) }
            }
            try accumulator.appendRun(
                length: length, offset: run.dataOffset, sizes: trun.sampleSizes?[...], constantSize: fragment.defaultSize,
                durations: Self.runs(trun.sampleDurations.map { $0.map(Int64.init) }, default: Int64(fragment.defaultDuration),
                                     count: length),
                compositionOffsets: trun.sampleCompositionTimeOffsets.map {
                    Self.runs($0.map(Int64.init), default: 0, count: length)
                },
                descriptionIndex: Int64(description),
                syncFlags: uniformlySync ? nil : { flags($0) & 0x1_0000 == 0 },
                dependencyByte: dependencyByte, path: Location(path: fragment.path(ofRun: runIndex), offset: nil))
            sampleInFragment += length
        }
    }

    /// A track's chunk offsets as the box holds them (`stco` 32-bit, `co64` 64-bit).
    private enum ChunkOffsets {
        case narrow([UInt32])
        case wide([UInt64])

        var count: Int {
            switch self {
            case .narrow(let values): values.count
            case .wide(let values): values.count
            }
        }

        subscript(index: Int) -> UInt64 {
            switch self {
            case .narrow(let values): UInt64(values[index])
            case .wide(let values): values[index]
            }
        }
    }

    /// Per-sample values as runs, or `count` samples of `defaultValue` when there are none.
    private static func runs(_ values: [Int64]?, default defaultValue: Int64, count: Int) -> [SampleTableAccumulator.Run] {
        guard let values else { return [(defaultValue, count)] }
        var result: [SampleTableAccumulator.Run] = []
        for value in values { SampleTableAccumulator.append(value, length: 1, to: &result) }
        return result
    }

    /// 0-based indices from 1-based sample numbers, sorted and without duplicates; a number outside 1…`count` is an
    /// error (it names a sample that does not exist).
    private static func indices(_ numbers: [UInt32], count: Int,
                                fail: (String) throws(MovieFileError) -> Never) throws(MovieFileError) -> [Int] {
        var result = [Int]()
        result.reserveCapacity(numbers.count)
        var sorted = true
        for number in numbers {
            guard number >= 1, Int(number) <= count else {
                try fail("names sample \(number); the track has \(count)")
            }
            let index = Int(number) - 1
            if let last = result.last, index <= last { sorted = false }
            result.append(index)
        }
        if !sorted { result = Array(Set(result)).sorted() }
        return result
    }
}
