/// One reference list inside `tref` (ISO/IEC 14496-12 §8.3.3.2): the box type is the reference type (`chap`,
/// `tmcd`, `cdsc`, `hint`, `sync`, `fall`, `forc`…), the payload the referenced track IDs.
package struct TrackReferenceTypeBox: Box {
    /// The reference type.
    package var boxType: FourCC
    /// The referenced track IDs (for `chap`, QuickTime's chapter tracks).
    package var trackIDs: [UInt32]

    /// A reference list of type `type`.
    package init(type: FourCC, trackIDs: [UInt32]) {
        boxType = type
        self.trackIDs = trackIDs
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        boxType = reader.path.lastType ?? FourCC(rawValue: 0)
        trackIDs = try reader.readUInt32Array(count: reader.readableBytes / 4)
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) { writer.writeUInt32Array(trackIDs) }
}
