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
    package static func parse(header: BoxHeader, payload: BoxReader, scope: BoxScope) throws(BoxParseError) -> BoxNode {
        var start = payload
        start.context.scope = scope
        let types = BoxRegistry.boxTypes(for: header.type, in: scope, context: start.context)
        let log = start.context.log
        var firstError: BoxParseError?
        var firstPartial: (box: any Box, reader: BoxReader, warnings: [BoxParseWarning])?
        for type in types {
            var reader = start
            let mark = log.mark()
            do {
                let box = try type.init(parsing: &reader)
                if reader.isAtEnd || types.count == 1 { return finish(box, reader: &reader, header: header) }
                // An alternative that leaves bytes unread: remember it, but let a later one parse the whole payload.
                if firstPartial == nil { firstPartial = (box, reader, log.warnings(since: mark)) }
            } catch {
                if firstError == nil { firstError = error }
            }
            log.rollback(to: mark)
        }
        if var partial = firstPartial {
            partial.warnings.forEach(log.record)
            return finish(partial.box, reader: &partial.reader, header: header)
        }
        guard let error = firstError else { preconditionFailure("the registry returned no type for '\(header.type)'") }
        guard start.context.isInsideMetadata, start.context.options.recovery == .keepMalformedMetadata,
              error.code != .limitExceeded else { throw error }
        start.warn("kept as raw bytes: \(error)", at: header.offset)
        return BoxNode(UnknownBox(type: header.type, payload: start.readRemainingBytes()),
                       sizeEncoding: header.sizeEncoding, header: header)
    }

    /// Wraps a parsed box, keeping (and recording) the bytes its parser left.
    private static func finish(_ box: any Box, reader: inout BoxReader, header: BoxHeader) -> BoxNode {
        let trailingOffset = reader.offset
        let trailing = reader.readRemainingBytes()
        if !trailing.isEmpty {
            reader.warn("\(trailing.count) bytes after the '\(header.type)' payload were not parsed; kept as they are",
                        at: trailingOffset)
        }
        return BoxNode(box, sizeEncoding: header.sizeEncoding, trailingBytes: trailing, header: header)
    }
}
