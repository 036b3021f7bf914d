/// The movie's metadata (`moov`, ISO/IEC 14496-12 §8.2.1): header, tracks, extends, user data.
package struct MovieBox: ContainerBox {
    package static let type: FourCC = "moov"
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// The movie header.
    package var header: MovieHeaderBox? {
        get { children.first(MovieHeaderBox.self) }
        set { children.set(newValue) }
    }
    /// The tracks in file order.
    package var tracks: [TrackBox] { children.all(TrackBox.self) }
    /// Fragment defaults, present when the movie is fragmented.
    package var movieExtends: MovieExtendsBox? { children.first(MovieExtendsBox.self) }
    /// Movie-level user data.
    package var userData: UserDataBox? { children.first(UserDataBox.self) }
    /// Movie-level metadata (QuickTime `mdta` or iTunes `mdir` at movie level).
    package var metadata: MetaBox? { children.first(MetaBox.self) }
}
