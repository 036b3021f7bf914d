import CoreMedia
import ISOBMFF
import MediaContainer

extension MovieBoxBuilder {
    /// The sample table in QuickTime's order (`stsd`, `stts`, `ctts`, `cslg`, `stss`, `stps`, `sdtp`, `stsc`,
    /// `stsz`, `stco`/`co64`, `sgpd`, `sbgp`).
    func sampleTable(_ track: WriterTrack, resolve: (SampleTableRecorder.ChunkLocation) -> UInt64)
        throws(ContainerWriterError) -> SampleTableBox {
        let table = track.table
        let quickTime = fileType.isQuickTime
        var entries = BoxList()
        // btrt is an ISO box (ISO/IEC 14496-12 §8.5.2.2); QuickTime image descriptions do not carry it, and a
        // fragmented movie's rates are unknown when its sample entries are written.
        let bitRate = (fragmented || quickTime || track.kind != .video) ? nil
            : Self.bitRate(table, timescale: track.timescale)
        let dataReferenceIndex: UInt16 = 1
        for description in track.descriptions {
            let context = SampleEntryContext(fileType: fileType, kind: track.kind, dataReferenceIndex: dataReferenceIndex,
                                             mediaTimescale: track.timescale, bitRate: bitRate)
            entries.append(try SampleEntryFactory.makeEntry(for: description, context: context))
        }
        var children = BoxList([SampleDescriptionBox(entries: entries)])

        // stts: the decode deltas, then the last sample's own duration.
        var timeToSample = table.decodeDeltas.map { TimeToSampleBox.Entry(sampleCount: $0.count, sampleDelta: $0.value) }
        if table.sampleCount > 0 {
            if let last = timeToSample.last, last.sampleDelta == table.lastDuration {
                timeToSample[timeToSample.count - 1].sampleCount += 1
            } else {
                timeToSample.append(TimeToSampleBox.Entry(sampleCount: 1, sampleDelta: table.lastDuration))
            }
        }
        children.append(TimeToSampleBox(entries: timeToSample))

        // ctts: version 0 when every offset is ≥ 0. Negative offsets: QuickTime movies keep version 0, whose
        // offsets QuickTime reads as signed, plus `cslg` (QuickTime File Format, "Composition offset atom" and
        // "Using composition offset and composition shift least greatest atoms"); ISO files use version 1 (ISO/IEC
        // 14496-12 §8.6.1.3) with `cslg`. `cslg` stays version 0 when its values fit 32 bits, because QuickTime
        // fails to read files whose `cslg` is version 1 (as mediabunny's muxer notes).
        if table.hasCompositionOffsets {
            let offsets = table.compositionOffsets.map {
                CompositionOffsetBox.Entry(sampleCount: $0.count, sampleOffset: $0.value)
            }
            let negative = table.minimumCompositionOffset < 0
            children.append(CompositionOffsetBox(version: negative && !quickTime ? 1 : 0, entries: offsets))
            if negative {
                let range = table.compositionRange()
                children.append(CompositionToDecodeBox(
                    compositionToDTSShift: Int64(-table.minimumCompositionOffset),
                    leastDecodeToDisplayDelta: Int64(table.minimumCompositionOffset),
                    greatestDecodeToDisplayDelta: Int64(table.maximumCompositionOffset),
                    compositionStartTime: range.start, compositionEndTime: range.end))
            }
        }
        if let sync = table.syncSamples { children.append(SyncSampleBox(sampleNumbers: sync)) }
        // stps is QuickTime's; ISO files get it too rather than lose which samples are partial sync points (ISO
        // readers skip a box they do not know, FFmpeg reads it in any file).
        if !table.partialSyncSamples.isEmpty {
            children.append(PartialSyncSampleBox(sampleNumbers: table.partialSyncSamples))
        }
        if let dependencies = table.dependencyBytes {
            children.append(SampleDependencyTypeBox(samples: dependencies.map(SampleDependencyTypeBox.Flags.init(rawValue:))))
        }

        // stsc: runs of chunks with the same sample count and description.
        var sampleToChunk: [SampleToChunkBox.Entry] = []
        for (index, chunk) in table.chunks.enumerated() {
            if let last = sampleToChunk.last, last.samplesPerChunk == chunk.sampleCount,
               last.sampleDescriptionIndex == chunk.descriptionIndex { continue }
            sampleToChunk.append(SampleToChunkBox.Entry(firstChunk: UInt32(index + 1), samplesPerChunk: chunk.sampleCount,
                                                        sampleDescriptionIndex: chunk.descriptionIndex))
        }
        children.append(SampleToChunkBox(entries: sampleToChunk))

        // stsz: one size for all when they are equal (and not zero), else per sample.
        if let sizes = table.sizes {
            children.append(SampleSizeBox(sizes: .perSample(sizes)))
        } else if table.sampleCount > 0, table.constantSize > 0 {
            children.append(SampleSizeBox(sizes: .constant(size: table.constantSize, count: table.sampleCount)))
        } else {
            children.append(SampleSizeBox(sizes: .perSample([UInt32](repeating: 0, count: Int(table.sampleCount)))))
        }

        // stco, or co64 when any chunk starts past 4 GiB.
        let offsets = table.chunks.map { resolve($0.location) }
        if offsets.contains(where: { $0 > UInt64(UInt32.max) }) {
            children.append(ChunkLargeOffsetBox(offsets: offsets))
        } else {
            children.append(ChunkOffsetBox(offsets: offsets.map { UInt32($0) }))
        }

        // AAC: a 'roll' group of distance -1 covering every packet (QuickTime File Format, "Audio priming —
        // handling encoder delay in AAC"): with the edit list it states the encoder delay explicitly.
        if track.isAAC, table.sampleCount > 0 {
            children.append(SampleGroupDescriptionBox(groupingType: "roll", entries: [[0xFF, 0xFF]]))
            children.append(SampleToGroupBox(groupingType: "roll",
                                             entries: [.init(sampleCount: table.sampleCount, groupDescriptionIndex: 1)]))
        }
        return SampleTableBox(children: children)
    }

    /// `btrt` from the samples: the largest sample (decoding buffer size), the highest rate over any one-second
    /// window of decode time, and the average rate.
    static func bitRate(_ table: SampleTableRecorder, timescale: Int32) -> BitRateBox? {
        let duration = table.totalDuration
        guard table.sampleCount > 0, duration > 0 else { return nil }
        let average = Double(table.totalBytes) * 8 * Double(timescale) / Double(duration)
        var maximum = 0.0
        if let sizes = table.sizes {
            // Decode times from the runs; a sliding window of one second.
            var times: [Int64] = []
            times.reserveCapacity(sizes.count)
            var time: Int64 = 0
            for run in table.decodeDeltas {
                for _ in 0..<run.count { times.append(time); time += Int64(run.value) }
            }
            times.append(time)
            var windowStart = 0
            var windowBytes: UInt64 = 0
            for index in sizes.indices {
                windowBytes += UInt64(sizes[index])
                while times[index] - times[windowStart] >= Int64(timescale) {
                    windowBytes -= UInt64(sizes[windowStart])
                    windowStart += 1
                }
                maximum = max(maximum, Double(windowBytes) * 8)
            }
        } else {
            maximum = average
        }
        return BitRateBox(bufferSizeDB: table.maximumSampleSize, maxBitrate: UInt32(min(maximum, Double(UInt32.max))),
                          avgBitrate: UInt32(min(average.rounded(), Double(UInt32.max))))
    }
}
