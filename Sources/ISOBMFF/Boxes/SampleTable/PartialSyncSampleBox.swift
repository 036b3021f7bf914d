/// Partial sync samples (`stps`, QuickTime "Partial sync sample atom"): open-GOP random access points.
package struct PartialSyncSampleBox: SampleNumberTable {
    package static let type: FourCC = "stps"
    package var fullBoxHeader = FullBoxHeader()
    package var sampleNumbers: [UInt32]
    package init(sampleNumbers: [UInt32]) { self.sampleNumbers = sampleNumbers }
}
