/// Scheme-specific data of a protection scheme (`schi`, ISO/IEC 14496-12 §8.12.6): a container.
package struct SchemeInformationBox: ContainerBox {
    package static let type: FourCC = "schi"
    package var children: BoxList
    package init(children: BoxList) { self.children = children }
}
