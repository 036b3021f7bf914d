/// Anything that holds child boxes: containers, sample entries, `stsd`, `dref`, `meta`. Tree walks (dumps, oracle
/// comparisons, searches) go through this.
package protocol BoxContainer {
    /// The child boxes in file order.
    var children: BoxList { get set }
}

/// A box whose payload is nothing but child boxes (`moov`, `trak`, `mdia`…).
package protocol ContainerBox: SingleTypeBox, BoxContainer {
    /// How the registry reads this box's children.
    static var childScope: BoxScope { get }
    /// Adjusts the context the children are parsed with (the media handler, the metadata flag…).
    static func prepareChildContext(_ reader: inout BoxReader)
    /// A box holding `children`.
    init(children: BoxList)
}

extension ContainerBox {
    package static var childScope: BoxScope { .standard }
    package static func prepareChildContext(_ reader: inout BoxReader) {}

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        Self.prepareChildContext(&reader)
        self.init(children: try BoxList.parse(&reader, scope: Self.childScope))
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        try children.write(to: &writer)
    }
}

extension BoxContainer {
    /// Every node below this one, depth first, with its depth (children are at depth 1).
    package func descendants() -> [(depth: Int, node: BoxNode)] {
        var result: [(Int, BoxNode)] = []
        func visit(_ list: BoxList, depth: Int) {
            for node in list {
                result.append((depth, node))
                if let container = node.box as? any BoxContainer { visit(container.children, depth: depth + 1) }
            }
        }
        visit(children, depth: 1)
        return result
    }
}
