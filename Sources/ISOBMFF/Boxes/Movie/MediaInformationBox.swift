/// Media information (`minf`, ISO/IEC 14496-12 §8.4.4): the media header, data references and sample table.
package struct MediaInformationBox: ContainerBox {
    package static let type: FourCC = "minf"
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// The sample table.
    package var sampleTable: SampleTableBox? { children.first(SampleTableBox.self) }
    /// Where the samples are.
    package var dataInformation: DataInformationBox? { children.first(DataInformationBox.self) }
}
