/// A box this library does not interpret, kept as its type and raw payload so that a remux loses nothing.
package struct UnknownBox: Box {
    package var boxType: FourCC
    /// The payload as the file stores it.
    package var payload: [UInt8]

    /// A box of type `type` with `payload`.
    package init(type: FourCC, payload: [UInt8]) {
        boxType = type
        self.payload = payload
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        boxType = reader.path.lastType ?? FourCC(rawValue: 0)
        payload = reader.readRemainingBytes()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) { writer.writeBytes(payload) }
}
