/// Bounds of the composition offsets and the shift that makes them non-negative (`cslg`, ISO/IEC 14496-12
/// §8.6.1.4). QuickTime refuses files whose `cslg` is version 1, so writers should keep version 0 when values fit.
package struct CompositionToDecodeBox: SingleTypeBox {
    package static let type: FourCC = "cslg"
    /// 0: 32-bit fields; 1: 64-bit fields.
    package var version: UInt8
    /// Flags (zero).
    package var flags: UInt32 = 0
    /// Added to composition times to make every decode time ≤ its composition time.
    package var compositionToDTSShift: Int64
    /// Smallest composition offset in the track.
    package var leastDecodeToDisplayDelta: Int64
    /// Largest composition offset in the track.
    package var greatestDecodeToDisplayDelta: Int64
    /// Smallest composition time.
    package var compositionStartTime: Int64
    /// Composition time plus duration of the last sample.
    package var compositionEndTime: Int64

    /// A box; `version` defaults to the smallest that holds the values.
    package init(version: UInt8? = nil, compositionToDTSShift: Int64, leastDecodeToDisplayDelta: Int64,
                 greatestDecodeToDisplayDelta: Int64, compositionStartTime: Int64, compositionEndTime: Int64) {
        let values = [compositionToDTSShift, leastDecodeToDisplayDelta, greatestDecodeToDisplayDelta,
                      compositionStartTime, compositionEndTime]
        self.version = version ?? (values.allSatisfy { Int32(exactly: $0) != nil } ? 0 : 1)
        self.compositionToDTSShift = compositionToDTSShift
        self.leastDecodeToDisplayDelta = leastDecodeToDisplayDelta
        self.greatestDecodeToDisplayDelta = greatestDecodeToDisplayDelta
        self.compositionStartTime = compositionStartTime
        self.compositionEndTime = compositionEndTime
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let full = try reader.readFullBoxHeader(maximumVersion: 1)
        version = full.version
        flags = full.flags
        var values: [Int64] = []
        for _ in 0..<5 { values.append(version == 1 ? try reader.readInt64() : Int64(try reader.readInt32())) }
        (compositionToDTSShift, leastDecodeToDisplayDelta, greatestDecodeToDisplayDelta, compositionStartTime,
         compositionEndTime) = (values[0], values[1], values[2], values[3], values[4])
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(version: version, flags: flags)
        for value in [compositionToDTSShift, leastDecodeToDisplayDelta, greatestDecodeToDisplayDelta,
                      compositionStartTime, compositionEndTime] {
            if version == 1 {
                writer.writeInt64(value)
            } else {
                guard let value32 = Int32(exactly: value) else {
                    throw BoxWriteError(Self.type, "\(value) needs version 1 (64-bit fields)")
                }
                writer.writeInt32(value32)
            }
        }
    }
}
