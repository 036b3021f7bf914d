/// Random-access index of a fragmented file, at its end (`mfra`, ISO/IEC 14496-12 §8.8.9).
package struct MovieFragmentRandomAccessBox: ContainerBox {
    package static let type: FourCC = "mfra"
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// One table per track.
    package var trackTables: [TrackFragmentRandomAccessBox] { children.all(TrackFragmentRandomAccessBox.self) }
    /// The trailer giving this box's size.
    package var offsetBox: MovieFragmentRandomAccessOffsetBox? { children.first(MovieFragmentRandomAccessOffsetBox.self) }
}
