/// User data (`udta`, ISO/IEC 14496-12 §8.10.1; QuickTime "User data atom"): copyright, QuickTime `©xyz` text
/// items, iTunes `meta`, chapters and vendor data.
package struct UserDataBox: ContainerBox {
    package static let type: FourCC = "udta"
    package static var childScope: BoxScope { .userData }
    package static func prepareChildContext(_ reader: inout BoxReader) { reader.context.isInsideMetadata = true }
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// The QuickTime text items (`©nam`, `©xyz`…).
    package var textItems: [UserDataTextBox] { children.all(UserDataTextBox.self) }
    /// iTunes-style metadata.
    package var metadata: MetaBox? { children.first(MetaBox.self) }
}
