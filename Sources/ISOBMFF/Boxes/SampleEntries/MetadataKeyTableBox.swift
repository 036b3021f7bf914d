/// The key table of a `mebx` sample entry (`keys`, ISO/IEC 14496-12 §12.3.3.3): one child per local key ID.
package struct MetadataKeyTableBox: ContainerBox {
    package static let type: FourCC = "keys"
    package static var childScope: BoxScope { .metadataKeyTable }
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// The keys in file order.
    package var keys: [MetadataKeyBox] { children.all(MetadataKeyBox.self) }
}
