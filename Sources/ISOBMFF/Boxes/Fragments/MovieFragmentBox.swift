/// One movie fragment's metadata (`moof`, ISO/IEC 14496-12 §8.8.4).
package struct MovieFragmentBox: ContainerBox {
    package static let type: FourCC = "moof"
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// The fragment header (sequence number).
    package var header: MovieFragmentHeaderBox? { children.first(MovieFragmentHeaderBox.self) }
    /// The track fragments.
    package var trackFragments: [TrackFragmentBox] { children.all(TrackFragmentBox.self) }
}
