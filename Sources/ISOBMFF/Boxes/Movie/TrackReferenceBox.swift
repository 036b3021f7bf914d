/// References from this track to others (`tref`, ISO/IEC 14496-12 §8.3.3): one child per reference type.
package struct TrackReferenceBox: ContainerBox {
    package static let type: FourCC = "tref"
    package static var childScope: BoxScope { .trackReferences }
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// Every reference list, in file order.
    package var references: [TrackReferenceTypeBox] { children.all(TrackReferenceTypeBox.self) }

    /// The track IDs referenced with `type` (`chap`, `tmcd`, `cdsc`, `hint`, `sync`, `fall`, `forc`, `vdep`…).
    package func trackIDs(_ type: FourCC) -> [UInt32] {
        references.first { $0.boxType == type }?.trackIDs ?? []
    }
}
