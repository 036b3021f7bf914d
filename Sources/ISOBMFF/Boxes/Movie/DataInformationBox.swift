/// Where a track's media data lives (`dinf`, ISO/IEC 14496-12 §8.7.1).
package struct DataInformationBox: ContainerBox {
    package static let type: FourCC = "dinf"
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// The data references.
    package var dataReference: DataReferenceBox? { children.first(DataReferenceBox.self) }
}
