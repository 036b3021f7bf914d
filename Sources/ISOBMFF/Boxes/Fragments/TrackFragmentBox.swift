/// One track's part of a fragment (`traf`, ISO/IEC 14496-12 §8.8.6).
package struct TrackFragmentBox: ContainerBox {
    package static let type: FourCC = "traf"
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// The header (track ID and defaults).
    package var header: TrackFragmentHeaderBox? { children.first(TrackFragmentHeaderBox.self) }
    /// The decode time of the first sample.
    package var baseMediaDecodeTime: TrackFragmentBaseMediaDecodeTimeBox? {
        children.first(TrackFragmentBaseMediaDecodeTimeBox.self)
    }
    /// The sample runs in order.
    package var runs: [TrackRunBox] { children.all(TrackRunBox.self) }
    /// Sample group descriptions local to this fragment.
    package var sampleGroupDescriptions: [SampleGroupDescriptionBox] { children.all(SampleGroupDescriptionBox.self) }
    /// Sample-to-group maps.
    package var sampleToGroups: [SampleToGroupBox] { children.all(SampleToGroupBox.self) }
    /// Per-sample dependency flags.
    package var sampleDependencies: SampleDependencyTypeBox? { children.first(SampleDependencyTypeBox.self) }
}
