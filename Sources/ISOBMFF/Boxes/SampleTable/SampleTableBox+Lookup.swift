/// Views over the alternative tables a sample table may hold (`stsz` or `stz2`, `stco` or `co64`), so that the
/// demuxer reads one way whichever the file used.
extension SampleTableBox {
    /// Number of samples, from `stsz` or `stz2`.
    package var sampleCount: Int {
        if let sizes = sampleSizes { return sizes.sampleCount }
        return compactSampleSizes?.sizes.count ?? 0
    }

    /// Size in bytes of the sample at 0-based `index`, from `stsz` or `stz2`; `nil` past the end.
    package func sampleSize(at index: Int) -> UInt32? {
        if let sizes = sampleSizes { return sizes.size(ofSampleAt: index) }
        guard let sizes = compactSampleSizes?.sizes, sizes.indices.contains(index) else { return nil }
        return UInt32(sizes[index])
    }

    /// Number of chunks, from `stco` or `co64`.
    package var chunkCount: Int { chunkOffsets?.offsets.count ?? chunkLargeOffsets?.offsets.count ?? 0 }

    /// File offset of the chunk at 0-based `index`, from `stco` or `co64`; `nil` past the end.
    package func chunkOffset(at index: Int) -> UInt64? {
        if let offsets = chunkOffsets?.offsets { return offsets.indices.contains(index) ? UInt64(offsets[index]) : nil }
        guard let offsets = chunkLargeOffsets?.offsets, offsets.indices.contains(index) else { return nil }
        return offsets[index]
    }
}
