/// The children of a box (or the top-level boxes of a buffer), in file order, with typed lookups:
/// `moov.children.first(MovieHeaderBox.self)`, `moov.children.all(TrackBox.self)`.
///
/// Order and unknown boxes are kept, so a parsed list writes back byte for byte.
package struct BoxList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    ExpressibleByArrayLiteral, Equatable, Sendable {
    /// The nodes in file order.
    package var nodes: [BoxNode]

    /// An empty list.
    package init() { nodes = [] }
    /// A list of the given nodes.
    package init(nodes: [BoxNode]) { self.nodes = nodes }
    /// A list of the given boxes, each with a compact header.
    package init(_ boxes: [any Box]) { nodes = boxes.map { BoxNode($0) } }
    /// A list of the given boxes, each with a compact header.
    package init(arrayLiteral boxes: any Box...) { self.init(boxes) }

    package var startIndex: Int { nodes.startIndex }
    package var endIndex: Int { nodes.endIndex }
    package subscript(position: Int) -> BoxNode {
        get { nodes[position] }
        set { nodes[position] = newValue }
    }
    package mutating func replaceSubrange<C: Collection<BoxNode>>(_ subrange: Range<Int>, with newElements: C) {
        nodes.replaceSubrange(subrange, with: newElements)
    }

    /// Appends `box` with a compact header.
    package mutating func append(_ box: any Box) { nodes.append(BoxNode(box)) }

    /// The first box of type `B`.
    package func first<B: Box>(_ type: B.Type) -> B? {
        for node in nodes { if let box = node.box as? B { return box } }
        return nil
    }

    /// Every box of type `B`, in order.
    package func all<B: Box>(_ type: B.Type) -> [B] { nodes.compactMap { $0.box as? B } }

    /// The first node whose type code is `type`.
    package func first(ofType type: FourCC) -> BoxNode? { nodes.first { $0.type == type } }

    /// Every node whose type code is `type`.
    package func all(ofType type: FourCC) -> [BoxNode] { nodes.filter { $0.type == type } }

    /// Replaces the first box of type `B` with `box` (keeping its position and header form), appends `box` when
    /// there is none, or removes every box of type `B` when `box` is `nil`.
    package mutating func set<B: Box>(_ box: B?, as type: B.Type = B.self) {
        guard let box else {
            nodes.removeAll { $0.box is B }
            return
        }
        if let index = nodes.firstIndex(where: { $0.box is B }) {
            nodes[index].box = box
            nodes[index].trailingBytes = []
        } else {
            nodes.append(BoxNode(box))
        }
    }
}

extension BoxList {
    /// Parses children from `reader` until fewer than 8 bytes remain (those stay unread for the parent to keep).
    /// A child the context's `takeChild` takes is left out of the list.
    package static func parse(_ reader: inout BoxReader, scope: BoxScope) throws(BoxParseError) -> BoxList {
        var list = BoxList()
        var counts: [FourCC: Int] = [:]
        while let (header, payload) = try reader.readChild(counts: &counts) {
            let node = try BoxNode.parse(header: header, payload: payload, scope: scope)
            if let take = reader.context.takeChild, take(node, reader.path) { continue }
            list.nodes.append(node)
        }
        // Parsed trees can be kept a long time (a movie's sample tables until they are built). Grown by doubling, a
        // list of five boxes had room for eight, 240 bytes unused in every track's `stbl`: such lists are copied
        // to their size.
        if list.nodes.capacity - list.nodes.count >= 2 {
            list.nodes = list.nodes.withUnsafeBufferPointer { Array($0) }
        }
        return list
    }

    /// Parses exactly `count` children, as `stsd` and `dref` declare them; bytes after them stay unread.
    package static func parse(_ reader: inout BoxReader, scope: BoxScope, count: UInt32) throws(BoxParseError) -> BoxList {
        // Every child needs at least an 8-byte header: refuse counts the data cannot hold before reserving.
        let n = try reader.checkCount(count, elementSize: 8, "child box")
        var list = BoxList()
        list.nodes.reserveCapacity(n)
        var counts: [FourCC: Int] = [:]
        for _ in 0..<n {
            guard let (header, payload) = try reader.readChild(counts: &counts) else {
                throw reader.error(.unexpectedEnd, "declares \(n) entries but only \(list.count) fit")
            }
            list.nodes.append(try BoxNode.parse(header: header, payload: payload, scope: scope))
        }
        return list
    }

    /// Appends every node to `writer`.
    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        try writer.writeNodes(self)
    }
}
