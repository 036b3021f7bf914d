/// The metadata items (`ilst`, Apple's iTunes metadata and QuickTime "Metadata item list atom").
package struct MetadataItemListBox: ContainerBox {
    package static let type: FourCC = "ilst"
    package static var childScope: BoxScope { .itemList }
    package static func prepareChildContext(_ reader: inout BoxReader) { reader.context.isInsideMetadata = true }
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// The items in file order.
    package var items: [MetadataItemBox] { children.all(MetadataItemBox.self) }
}
