/// One key of a `mebx` key table (ISO/IEC 14496-12 §12.3.3.3 MetadataKeyBox): its box type is the local key ID
/// that samples use; its children declare the key (`keyd`), data type (`dtyp`), locale (`loca`) and setup.
package struct MetadataKeyBox: Box, BoxContainer {
    /// The local key ID (the box type as a number).
    package var localKeyID: UInt32
    /// `keyd`, `dtyp`, `loca`, `setu`…
    package var children: BoxList

    /// A key with the given ID and declarations.
    package init(localKeyID: UInt32, children: BoxList) {
        self.localKeyID = localKeyID
        self.children = children
    }

    package var boxType: FourCC { FourCC(rawValue: localKeyID) }
    /// The key declaration.
    package var declaration: MetadataKeyDeclarationBox? { children.first(MetadataKeyDeclarationBox.self) }
    /// The data type declaration.
    package var dataType: MetadataDatatypeDefinitionBox? { children.first(MetadataDatatypeDefinitionBox.self) }
    /// The locale.
    package var locale: MetadataLocaleBox? { children.first(MetadataLocaleBox.self) }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        localKeyID = reader.path.lastType?.rawValue ?? 0
        children = try BoxList.parse(&reader, scope: .standard)
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) { try children.write(to: &writer) }
}
