/// QuickTime's sound decompression parameters (`wave`, QuickTime "siDecompressionParam atom"): the original format
/// (`frma`), the codec's configuration (`esds`, `alac`…), a 4-byte `mp4a` atom, and a zero terminator atom.
package struct DecompressionParametersBox: ContainerBox {
    package static let type: FourCC = "wave"
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// The format the parameters are for.
    package var originalFormat: OriginalFormatBox? { children.first(OriginalFormatBox.self) }
}
