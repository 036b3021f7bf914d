/// A box as it sits among its siblings: the box, how its header stated the size, and any bytes its parser did not
/// consume (real files pad some boxes). Writing a node reproduces all three, so a parsed file re-serialises byte for
/// byte.
package struct BoxNode: Sendable, Equatable {
    /// The box.
    package var box: any Box
    /// How the header stated the size.
    package var sizeEncoding: BoxSizeEncoding
    /// Payload bytes after what the box's parser read, written back after the box's own payload.
    package var trailingBytes: [UInt8]
    /// Where the box was read from, if it was parsed; not part of equality.
    package var header: BoxHeader?

    /// A node for `box` with a compact header and no trailing bytes.
    package init(_ box: any Box, sizeEncoding: BoxSizeEncoding = .compact, trailingBytes: [UInt8] = [],
                 header: BoxHeader? = nil) {
        self.box = box
        self.sizeEncoding = sizeEncoding
        self.trailingBytes = trailingBytes
        self.header = header
    }

    /// The box's type code.
    package var type: FourCC { box.boxType }

    package static func == (lhs: BoxNode, rhs: BoxNode) -> Bool {
        lhs.sizeEncoding == rhs.sizeEncoding && lhs.trailingBytes == rhs.trailingBytes && lhs.box.isEqual(to: rhs.box)
    }
}

extension BoxNode {
    /// Parses the box whose header is `header` and whose payload `payload` holds, choosing its type from the
    /// registry for `scope`. Unread payload bytes become trailing bytes (recorded as a warning). Inside user data
    /// and metadata, a malformed box is kept as raw bytes (with a warning) unless the options are strict.
    package static func parse(header: BoxHeader, payload: ByteReader, scope: BoxScope) throws(BoxParseError) -> BoxNode {
        var reader = payload
        reader.context.scope = scope
        let type = BoxRegistry.boxType(for: header.type, in: scope, context: reader.context)
        do {
            let box = try type.init(parsing: &reader)
            let trailingOffset = reader.offset
            let trailing = reader.readRemainingBytes()
            if !trailing.isEmpty {
                reader.warn("\(trailing.count) bytes after the '\(header.type)' payload were not parsed; kept as they are",
                            at: trailingOffset)
            }
            return BoxNode(box, sizeEncoding: header.sizeEncoding, trailingBytes: trailing, header: header)
        } catch {
            guard payload.context.isInsideMetadata, payload.context.options.recovery == .keepMalformedMetadata,
                  error.code != .limitExceeded else { throw error }
            payload.warn("kept as raw bytes: \(error)", at: header.offset)
            var raw = payload
            return BoxNode(UnknownBox(type: header.type, payload: raw.readRemainingBytes()),
                           sizeEncoding: header.sizeEncoding, header: header)
        }
    }
}
