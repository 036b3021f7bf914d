/// The sample table (`stbl`, ISO/IEC 14496-12 §8.5.1): every table that locates and times a track's samples.
package struct SampleTableBox: ContainerBox {
    package static let type: FourCC = "stbl"
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// Sample descriptions (codec configurations).
    package var sampleDescriptions: SampleDescriptionBox? { children.first(SampleDescriptionBox.self) }
    /// Decode durations.
    package var timeToSample: TimeToSampleBox? { children.first(TimeToSampleBox.self) }
    /// Composition offsets.
    package var compositionOffsets: CompositionOffsetBox? { children.first(CompositionOffsetBox.self) }
    /// Composition-to-decode shift and bounds.
    package var compositionToDecode: CompositionToDecodeBox? { children.first(CompositionToDecodeBox.self) }
    /// Sync samples; absent means every sample is a sync sample.
    package var syncSamples: SyncSampleBox? { children.first(SyncSampleBox.self) }
    /// QuickTime partial sync samples.
    package var partialSyncSamples: PartialSyncSampleBox? { children.first(PartialSyncSampleBox.self) }
    /// Per-sample dependency flags.
    package var sampleDependencies: SampleDependencyTypeBox? { children.first(SampleDependencyTypeBox.self) }
    /// Samples per chunk.
    package var sampleToChunk: SampleToChunkBox? { children.first(SampleToChunkBox.self) }
    /// Sample sizes (`stsz`).
    package var sampleSizes: SampleSizeBox? { children.first(SampleSizeBox.self) }
    /// Compact sample sizes (`stz2`), used instead of `stsz`.
    package var compactSampleSizes: CompactSampleSizeBox? { children.first(CompactSampleSizeBox.self) }
    /// 32-bit chunk offsets (`stco`).
    package var chunkOffsets: ChunkOffsetBox? { children.first(ChunkOffsetBox.self) }
    /// 64-bit chunk offsets (`co64`), used instead of `stco`.
    package var chunkLargeOffsets: ChunkLargeOffsetBox? { children.first(ChunkLargeOffsetBox.self) }
    /// Sample group descriptions.
    package var sampleGroupDescriptions: [SampleGroupDescriptionBox] { children.all(SampleGroupDescriptionBox.self) }
    /// Sample-to-group maps.
    package var sampleToGroups: [SampleToGroupBox] { children.all(SampleToGroupBox.self) }
}
