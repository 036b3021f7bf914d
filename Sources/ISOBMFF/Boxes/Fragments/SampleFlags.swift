/// The 32-bit sample flags of `trex`, `tfhd` and `trun` (ISO/IEC 14496-12 §8.8.3.1), with named fields.
package struct SampleFlags: Hashable, Sendable, CustomStringConvertible {
    /// The 32 bits as stored.
    package var rawValue: UInt32

    /// Flags from their stored bits.
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Flags from their fields.
    package init(isLeading: UInt8 = 0, dependsOn: UInt8 = 0, isDependedOn: UInt8 = 0, hasRedundancy: UInt8 = 0,
                 paddingValue: UInt8 = 0, isNonSyncSample: Bool, degradationPriority: UInt16 = 0) {
        rawValue = UInt32(isLeading & 3) << 26 | UInt32(dependsOn & 3) << 24 | UInt32(isDependedOn & 3) << 22
            | UInt32(hasRedundancy & 3) << 20 | UInt32(paddingValue & 7) << 17 | (isNonSyncSample ? 1 << 16 : 0)
            | UInt32(degradationPriority)
    }

    /// Flags of a sync sample that depends on nothing (an IDR frame).
    package static let syncSample = SampleFlags(dependsOn: 2, isNonSyncSample: false)
    /// Flags of a non-sync sample that depends on others.
    package static let nonSyncSample = SampleFlags(dependsOn: 1, isNonSyncSample: true)

    /// As `sdtp`'s is_leading.
    package var isLeading: UInt8 { UInt8((rawValue >> 26) & 3) }
    /// 1: depends on others; 2: does not (an I picture).
    package var dependsOn: UInt8 { UInt8((rawValue >> 24) & 3) }
    /// 1: others depend on it; 2: disposable.
    package var isDependedOn: UInt8 { UInt8((rawValue >> 22) & 3) }
    /// As `sdtp`'s has_redundancy.
    package var hasRedundancy: UInt8 { UInt8((rawValue >> 20) & 3) }
    /// Padding bits at the end of the sample (as `padb`).
    package var paddingValue: UInt8 { UInt8((rawValue >> 17) & 7) }
    /// True when the sample is not a sync sample.
    package var isNonSyncSample: Bool { rawValue & 0x1_0000 != 0 }
    /// Degradation priority.
    package var degradationPriority: UInt16 { UInt16(rawValue & 0xFFFF) }

    package var description: String {
        "SampleFlags(\(isNonSyncSample ? "non-sync" : "sync"), dependsOn: \(dependsOn), 0x\(hexDigits(UInt64(rawValue), width: 8)))"
    }
}
