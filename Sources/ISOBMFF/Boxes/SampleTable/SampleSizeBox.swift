/// Sample sizes (`stsz`, ISO/IEC 14496-12 §8.7.3.2): one size for all samples, or one per sample.
package struct SampleSizeBox: SingleTypeBox {
    package static let type: FourCC = "stsz"

    /// The sizes.
    package enum Sizes: Hashable, Sendable {
        /// Every one of `count` samples has `size` bytes (`size` is not 0).
        case constant(size: UInt32, count: UInt32)
        /// One size per sample.
        case perSample([UInt32])
    }

    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// The sizes.
    package var sizes: Sizes

    /// A table of the given sizes.
    package init(sizes: Sizes) { self.sizes = sizes }

    /// Number of samples.
    package var sampleCount: Int {
        switch sizes {
        case .constant(_, let count): return Int(count)
        case .perSample(let sizes): return sizes.count
        }
    }

    /// Size of the sample at 0-based `index`, or `nil` past the end.
    package func size(ofSampleAt index: Int) -> UInt32? {
        guard index >= 0, index < sampleCount else { return nil }
        switch sizes {
        case .constant(let size, _): return size
        case .perSample(let sizes): return sizes[index]
        }
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        let constantSize = try reader.readUInt32()
        let count = try reader.readUInt32()
        if constantSize != 0 {
            sizes = .constant(size: constantSize, count: count)
        } else {
            sizes = .perSample(try reader.readUInt32Array(count: try reader.checkCount(count, elementSize: 4, "sample size")))
        }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        switch sizes {
        case .constant(let size, let count):
            guard size != 0 else { throw BoxWriteError(Self.type, "a constant sample size cannot be 0; use .perSample") }
            writer.writeUInt32(size)
            writer.writeUInt32(count)
        case .perSample(let sizes):
            writer.writeUInt32(0)
            try writer.writeCount(sizes.count, in: Self.type)
            writer.writeUInt32Array(sizes)
        }
    }
}
