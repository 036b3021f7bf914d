/// Per-sample dependency flags (`sdtp`, ISO/IEC 14496-12 §8.6.4): one byte per sample, its count implied by the
/// box size.
package struct SampleDependencyTypeBox: SingleTypeBox {
    package static let type: FourCC = "sdtp"

    /// One sample's flags, 2 bits each (0: unknown).
    package struct Flags: Hashable, Sendable {
        /// The byte as stored.
        package var rawValue: UInt8
        /// A sample from its stored byte.
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        /// A sample from its four 2-bit fields.
        package init(isLeading: UInt8, dependsOn: UInt8, isDependedOn: UInt8, hasRedundancy: UInt8) {
            rawValue = (isLeading & 3) << 6 | (dependsOn & 3) << 4 | (isDependedOn & 3) << 2 | (hasRedundancy & 3)
        }
        /// 1: leading with dependency before the I picture; 2: not leading; 3: leading without.
        package var isLeading: UInt8 { rawValue >> 6 }
        /// 1: depends on others (not an I picture); 2: does not.
        package var dependsOn: UInt8 { (rawValue >> 4) & 3 }
        /// 1: others depend on it; 2: disposable.
        package var isDependedOn: UInt8 { (rawValue >> 2) & 3 }
        /// 1: has redundant coding; 2: has none.
        package var hasRedundancy: UInt8 { rawValue & 3 }
    }

    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// One entry per sample, in decode order.
    package var samples: [Flags]

    /// A table of the given flags.
    package init(samples: [Flags]) { self.samples = samples }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        samples = reader.readRemainingBytes().map(Flags.init(rawValue:))
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        writer.writeBytes(samples.map(\.rawValue))
    }
}
