/// Random-access (sync) samples (`stss`, ISO/IEC 14496-12 §8.6.2). Absent: every sample is a sync sample.
package struct SyncSampleBox: SampleNumberTable {
    package static let type: FourCC = "stss"
    package var fullBoxHeader = FullBoxHeader()
    package var sampleNumbers: [UInt32]
    package init(sampleNumbers: [UInt32]) { self.sampleNumbers = sampleNumbers }
}
