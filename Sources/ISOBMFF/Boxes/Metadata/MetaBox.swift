/// Metadata (`meta`): ISO/IEC 14496-12 §8.11.1 makes it a full box; QuickTime's "Metadata atom" (and iTunes files
/// written by Apple's QuickTime-era tools) omit the version and flags. Which form a file uses is detected from the
/// payload and kept.
package struct MetaBox: SingleTypeBox, BoxContainer {
    package static let type: FourCC = "meta"
    /// The ISO version and flags; `nil` for the QuickTime form.
    package var fullBoxHeader: FullBoxHeader?
    /// `hdlr` (`mdir` for iTunes tags, `mdta` for QuickTime keys), `keys`, `ilst` and others.
    package var children: BoxList

    /// A metadata box: ISO form when `fullBoxHeader` is given, QuickTime form otherwise.
    package init(fullBoxHeader: FullBoxHeader? = FullBoxHeader(), children: BoxList) {
        self.fullBoxHeader = fullBoxHeader
        self.children = children
    }

    /// True for the QuickTime form (no version and flags).
    package var isQuickTimeForm: Bool { fullBoxHeader == nil }
    /// The handler (`mdir`, `mdta`…).
    package var handler: HandlerBox? { children.first(HandlerBox.self) }
    /// QuickTime metadata keys, for `mdta` metadata.
    package var keys: MetadataKeysBox? { children.first(MetadataKeysBox.self) }
    /// The items.
    package var itemList: MetadataItemListBox? { children.first(MetadataItemListBox.self) }

    /// True when the payload starts with a child box header rather than a version and flags: a non-zero first word
    /// that is a plausible size, followed by a printable type code.
    static func looksLikeQuickTimeForm(_ reader: BoxReader) -> Bool {
        guard let size = reader.peekUInt32(), size >= 8, Int(size) <= reader.readableBytes,
              let type = reader.peekFourCC(skipping: 4) else { return false }
        return type.bytes.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0xA9 }
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = Self.looksLikeQuickTimeForm(reader) ? nil : try reader.readFullBoxHeader()
        reader.context.isInsideMetadata = true
        let handler = HandlerBox.peekHandlerType(in: reader)
        var scan = reader
        var counts: [FourCC: Int] = [:]
        var hasKeys = false
        while !hasKeys, let child = try? scan.readChild(counts: &counts) { hasKeys = child.header.type == "keys" }
        reader.context.metadataItemsUseKeys = handler == "mdta" || hasKeys
        children = try BoxList.parse(&reader, scope: .standard)
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        if let fullBoxHeader { writer.writeFullBoxHeader(fullBoxHeader) }
        try children.write(to: &writer)
    }
}
