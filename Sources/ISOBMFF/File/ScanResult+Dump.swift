/// A readable listing of a scanned file's box tree, for logs and debugging.
extension ScanResult {
    /// One line per box: absolute offset, size, indented type, and the Swift type that parsed it (`raw` for boxes
    /// kept as bytes, `not loaded` for media data and padding).
    package func treeDescription() -> String {
        var lines: [String] = []
        func line(_ header: BoxHeader?, depth: Int, type: FourCC, note: String) {
            let offset = header.map { String($0.offset) } ?? "?"
            let size = header.map { String($0.size) } ?? "?"
            lines.append("\(offset.padding(10))\(size.padding(10))\(String(repeating: "  ", count: depth))\(type)  \(note)")
        }
        for top in boxes {
            guard let node = top.node else {
                line(top.header, depth: 0, type: top.header.type, note: "not loaded")
                continue
            }
            line(top.header, depth: 0, type: node.type, note: Self.typeName(of: node.box))
            if let container = node.box as? any BoxContainer {
                for (depth, child) in container.descendants() {
                    line(child.header, depth: depth, type: child.type, note: Self.typeName(of: child.box))
                }
            }
        }
        if let cut = truncatedBox {
            lines.append("truncated: '\(cut.type?.description ?? "?")' at \(cut.offset) declares "
                         + "\(cut.declaredSize.map(String.init) ?? "?") bytes, \(cut.availableSize) available")
        }
        return lines.joined(separator: "\n")
    }

    private static func typeName(of box: any Box) -> String {
        box is UnknownBox || box is UnknownSampleEntry ? "raw" : String(describing: type(of: box))
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
