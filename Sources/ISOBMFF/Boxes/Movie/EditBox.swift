/// The edit container (`edts`, ISO/IEC 14496-12 §8.6.5).
package struct EditBox: ContainerBox {
    package static let type: FourCC = "edts"
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// The edit list.
    package var editList: EditListBox? { children.first(EditListBox.self) }
}
