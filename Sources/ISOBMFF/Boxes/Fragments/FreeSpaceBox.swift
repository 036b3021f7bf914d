/// Free space (`free`, `skip`, ISO/IEC 14496-12 §8.1.2; QuickTime `wide`, reserved room for a following `mdat`
/// header to grow to 64 bits). Inside a loaded box the payload is kept (some writers leave old data in it); at
/// file level the scanner records only where it is.
package struct FreeSpaceBox: Box {
    /// `free`, `skip` or `wide`.
    package var boxType: FourCC
    /// The payload as stored.
    package var payload: [UInt8]

    /// Free space of `type` holding `payload` (zeros by default).
    package init(type: FourCC = "free", payload: [UInt8] = []) {
        boxType = type
        self.payload = payload
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        boxType = reader.path.lastType ?? "free"
        payload = reader.readRemainingBytes()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) { writer.writeBytes(payload) }
}
