/// One track (`trak`, ISO/IEC 14496-12 §8.3.1): header, references, edits, media.
package struct TrackBox: ContainerBox {
    package static let type: FourCC = "trak"
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// The track header.
    package var header: TrackHeaderBox? {
        get { children.first(TrackHeaderBox.self) }
        set { children.set(newValue) }
    }
    /// The media.
    package var media: MediaBox? { children.first(MediaBox.self) }
    /// The edit list, if the track has one.
    package var editList: EditListBox? { children.first(EditBox.self)?.editList }
    /// References to other tracks (chapters, timecode, descriptions…).
    package var references: TrackReferenceBox? { children.first(TrackReferenceBox.self) }
    /// Track-level user data.
    package var userData: UserDataBox? { children.first(UserDataBox.self) }
    /// Track-level metadata.
    package var metadata: MetaBox? { children.first(MetaBox.self) }
}
