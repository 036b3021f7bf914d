/// How a protected sample entry is protected (`sinf`, ISO/IEC 14496-12 §8.12.1): original format, scheme type and
/// scheme information.
package struct ProtectionSchemeInfoBox: ContainerBox {
    package static let type: FourCC = "sinf"
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// The coding name before protection.
    package var originalFormat: OriginalFormatBox? { children.first(OriginalFormatBox.self) }
}
