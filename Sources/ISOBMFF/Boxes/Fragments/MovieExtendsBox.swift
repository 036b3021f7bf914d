/// Marks a fragmented movie and holds per-track fragment defaults (`mvex`, ISO/IEC 14496-12 §8.8.1).
package struct MovieExtendsBox: ContainerBox {
    package static let type: FourCC = "mvex"
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// The whole movie's duration including fragments, if stated.
    package var header: MovieExtendsHeaderBox? { children.first(MovieExtendsHeaderBox.self) }
    /// The per-track defaults.
    package var trackExtends: [TrackExtendsBox] { children.all(TrackExtendsBox.self) }
}
