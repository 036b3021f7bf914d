/// The layout shared by `stss` and `stps`: a full box with a count and 1-based sample numbers.
package protocol SampleNumberTable: SingleTypeBox {
    /// Version and flags (zero).
    var fullBoxHeader: FullBoxHeader { get set }
    /// 1-based sample numbers in increasing order.
    var sampleNumbers: [UInt32] { get set }
    /// A table of the given sample numbers.
    init(sampleNumbers: [UInt32])
}

extension SampleNumberTable {
    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let header = try reader.readFullBoxHeader()
        let count = try reader.readUInt32()
        self.init(sampleNumbers: try reader.readUInt32Array(count: try reader.checkCount(count, elementSize: 4, "sample number")))
        fullBoxHeader = header
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        try writer.writeCount(sampleNumbers.count, in: Self.type)
        writer.writeUInt32Array(sampleNumbers)
    }
}
